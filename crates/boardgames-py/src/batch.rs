//! Many games stepped at once inside Rust, with the GIL released: `Batch` for learning loops
//! and `random_games` for whole random games on several threads.

use boardgames_core::GameResult;
use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::dynamic::{returns_of, DynState, Failure, TERMINAL};
use crate::errors::{int_arg, to_py, value_error};
use crate::state::State;

/// Totals of whole games: games, moves played, wins per team and draws.
#[derive(Default)]
struct Tally {
    games: u64,
    plies: u64,
    wins: Vec<u64>,
    draws: u64,
}

impl Tally {
    fn new(teams: usize) -> Tally {
        Tally {
            wins: vec![0; teams],
            ..Tally::default()
        }
    }

    fn add(&mut self, state: &dyn DynState, plies: u64) {
        self.games += 1;
        self.plies += plies;
        match state.outcome().map(|o| o.result) {
            Some(GameResult::Win { winner, .. }) => {
                if let Some(w) = self.wins.get_mut(usize::from(winner.0)) {
                    *w += 1;
                }
            }
            _ => self.draws += 1,
        }
    }

    fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.plies += other.plies;
        self.draws += other.draws;
        for (a, b) in self.wins.iter_mut().zip(other.wins) {
            *a += b;
        }
    }

    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("games", self.games)?;
        d.set_item("plies", self.plies)?;
        d.set_item("wins", self.wins.clone())?;
        d.set_item("draws", self.draws)?;
        Ok(d)
    }
}

/// Resolves chance nodes with `rng` until a seat is to move or the game is over.
fn settle(state: &mut dyn DynState, rng: &mut dyn RngCore) {
    while state.sample_chance(rng) {}
}

/// The most games a batch holds.
const MAX_GAMES: i128 = 1 << 24;

/// One game of a batch with its own generator, so that results do not depend on threads.
struct Slot {
    game: Box<dyn DynState>,
    rng: ChaCha8Rng,
    /// The last action `random_actions` drew.
    pick: i64,
    /// The last step's result: the returns when the game ended.
    result: Result<Option<Vec<f64>>, Failure>,
}

/// `n` games stepped together, each restarting from the prototype when it ends; chance is
/// resolved inside with seeded generators (one a game), so every observation is at a
/// decision and the games are the same whatever the number of threads.
///
/// `Batch(prototype, n, seed, threads=1)`. Masks, observations and step results come as
/// bytes for `numpy.frombuffer` (`boardgames.batch_masks`, `batch_observations` and
/// `batch_step` shape them).
#[pyclass(module = "boardgames._core")]
pub struct Batch {
    prototype: Box<dyn DynState>,
    slots: Vec<Slot>,
    pool: Option<rayon::ThreadPool>,
    /// The generator of `random_games`.
    rng: ChaCha8Rng,
}

impl Batch {
    /// The `(done, returns)` bytes of the last step, from each slot's result; the first
    /// failure (in game order) raises.
    fn results<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let n = self.slots.len();
        let seats = self.prototype.seats();
        let mut done = vec![0u8; n];
        let mut returns = vec![0f32; n * seats];
        for (i, s) in self.slots.iter_mut().enumerate() {
            match std::mem::replace(&mut s.result, Ok(None)) {
                Ok(Some(r)) => {
                    done[i] = 1;
                    for (slot, v) in returns[i * seats..(i + 1) * seats].iter_mut().zip(r) {
                        *slot = v as f32;
                    }
                }
                Ok(None) => {}
                Err(e) => return Err(to_py(e)),
            }
        }
        let bytes: Vec<u8> = returns.iter().flat_map(|v| v.to_ne_bytes()).collect();
        Ok((PyBytes::new(py, &done), PyBytes::new(py, &bytes)))
    }

    /// Runs `f` on every slot with its index, on the batch's threads.
    fn each<F: Fn(usize, &mut Slot) + Sync + Send>(&mut self, f: F) {
        match &self.pool {
            Some(pool) => {
                let slots = &mut self.slots;
                pool.install(|| slots.par_iter_mut().enumerate().for_each(|(i, s)| f(i, s)));
            }
            None => self.slots.iter_mut().enumerate().for_each(|(i, s)| f(i, s)),
        }
    }
}

#[pymethods]
impl Batch {
    #[new]
    #[pyo3(signature = (prototype, n, seed, threads = 1))]
    fn new(prototype: PyRef<'_, State>, n: i128, seed: i128, threads: i128) -> PyResult<Batch> {
        let n: usize = int_arg("n", n, 1, MAX_GAMES)?;
        let seed: u64 = int_arg("seed", seed, 0, i128::from(u64::MAX))?;
        let threads: usize = int_arg("threads", threads, 1, 256)?;
        let slots: Vec<Slot> = (0..n as u64)
            .map(|i| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                rng.set_stream(i + 1);
                let mut game = prototype.inner.clone_box();
                settle(&mut *game, &mut rng);
                Slot {
                    game,
                    rng,
                    pick: -1,
                    result: Ok(None),
                }
            })
            .collect();
        if slots[0].game.current_player() == TERMINAL {
            return Err(value_error("the prototype game is over"));
        }
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| value_error(format!("threads: {e}")))?,
            )
        } else {
            None
        };
        Ok(Batch {
            prototype: prototype.inner.clone_box(),
            slots,
            pool,
            rng: ChaCha8Rng::seed_from_u64(seed),
        })
    }

    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// The size of the action space.
    fn num_distinct_actions(&self) -> usize {
        self.prototype.action_count()
    }

    /// The observation shape of one game.
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.prototype.observation_shape())
    }

    /// The seat to move in each game.
    fn current_players(&self) -> Vec<i64> {
        self.slots.iter().map(|s| s.game.current_player()).collect()
    }

    /// The legal-action masks, `n * num_distinct_actions()` bytes of 0/1.
    fn legal_masks<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let a = self.prototype.action_count();
        let mut buf = zeroed::<u8>(a, self.slots.len())?;
        let slots = &mut self.slots;
        py.detach(|| {
            for (s, row) in slots.iter_mut().zip(buf.chunks_mut(a)) {
                for &x in s.game.legal_actions() {
                    row[x as usize] = 1;
                }
            }
        });
        Ok(PyBytes::new(py, &buf))
    }

    /// Each game's observation from its seat to move, float32 bytes, `n * prod(shape)`.
    fn observations<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let len: usize = self.prototype.observation_shape().iter().product();
        let mut out = zeroed::<f32>(len, self.slots.len())?;
        let slots = &self.slots;
        py.detach(|| {
            let mut scratch = Vec::new();
            for (s, row) in slots.iter().zip(out.chunks_mut(len)) {
                if let Ok(seat) = usize::try_from(s.game.current_player()) {
                    s.game.observe(seat, &mut scratch);
                    row.copy_from_slice(&scratch);
                }
            }
        });
        let bytes: Vec<u8> = out.iter().flat_map(|v| v.to_ne_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// A uniformly random legal action of each game (-1 where none).
    fn random_actions(&mut self, py: Python<'_>) -> Vec<i64> {
        py.detach(|| {
            self.each(|_, s| s.pick = s.game.random_action(&mut s.rng).map_or(-1, i64::from));
        });
        self.slots.iter().map(|s| s.pick).collect()
    }

    /// Plays a uniformly random legal action in every game (as `step(random_actions())`,
    /// in one pass): the random baseline and self-play data at full speed.
    ///
    /// Returns `(done, returns)` as `step` does.
    fn random_step<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let prototype = self.prototype.clone_box();
        py.detach(|| {
            self.each(|i, s| {
                s.pick = s.game.random_action(&mut s.rng).map_or(-1, i64::from);
                s.result = step_one(&*prototype, s, i, s.pick);
            });
        });
        self.results(py)
    }

    /// Applies each game's action; resolves chance; restarts finished games.
    ///
    /// Returns `(done, returns)` as bytes for `numpy.frombuffer`: `done` is one 0/1 byte a
    /// game (1 when this action ended it), `returns` the float32 per-seat returns of each
    /// game, `n * seats` values (zeros when not done); `boardgames.batch_step` shapes them.
    /// Raises `IllegalMoveError` naming the first game whose action is not legal; then no
    /// game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: Vec<i64>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let n = self.slots.len();
        if actions.len() != n {
            return Err(value_error(format!(
                "{} actions for {n} games",
                actions.len()
            )));
        }
        // Every action is checked before any game moves: a refused step changes nothing.
        for (i, (s, &a)) in self.slots.iter_mut().zip(&actions).enumerate() {
            let checked = u32::try_from(a)
                .map_err(|_| Failure::Value(format!("action {a} is out of range")))
                .and_then(|a| s.game.validate(a));
            if let Err(e) = checked {
                return Err(to_py(match e {
                    Failure::Illegal(m) => Failure::Illegal(format!("game {i}: {m}")),
                    Failure::Value(m) => Failure::Value(format!("game {i}: {m}")),
                    other => other,
                }));
            }
        }
        let prototype = self.prototype.clone_box();
        py.detach(|| {
            self.each(|i, s| s.result = step_one(&*prototype, s, i, actions[i]));
        });
        self.results(py)
    }
    /// Plays `count` whole uniformly random games from the prototype with the batch's
    /// generator; returns `{"games", "plies", "wins" (per team), "draws"}`.
    fn random_games<'py>(&mut self, py: Python<'py>, count: i128) -> PyResult<Bound<'py, PyDict>> {
        let count: u64 = int_arg("count", count, 0, i128::from(u64::MAX))?;
        let (prototype, rng) = (&self.prototype, &mut self.rng);
        let tally = py.detach(|| play_many(&**prototype, count, rng));
        tally.to_dict(py)
    }
}

/// Applies `action` to game `i`, resolves chance, and restarts it from `prototype` when it
/// ended: `Some(returns)` then.
/// `rows * len` zeros, or `MemoryError` when they cannot be allocated (a large batch's
/// masks or observations), instead of ending the interpreter.
fn zeroed<T: Clone + Default>(len: usize, rows: usize) -> PyResult<Vec<T>> {
    let total = len
        .checked_mul(rows)
        .ok_or_else(|| PyMemoryError::new_err(format!("{rows} rows of {len} values")))?;
    let mut v = Vec::new();
    v.try_reserve_exact(total).map_err(|_| {
        PyMemoryError::new_err(format!(
            "cannot allocate {rows} rows of {len} values of {} bytes",
            std::mem::size_of::<T>()
        ))
    })?;
    v.resize(total, T::default());
    Ok(v)
}

fn step_one(
    prototype: &dyn DynState,
    s: &mut Slot,
    i: usize,
    action: i64,
) -> Result<Option<Vec<f64>>, Failure> {
    let a = u32::try_from(action)
        .map_err(|_| Failure::Value(format!("game {i}: action {action} is out of range")))?;
    s.game.apply_action(a).map_err(|e| match e {
        Failure::Illegal(m) => Failure::Illegal(format!("game {i}: {m}")),
        other => other,
    })?;
    settle(&mut *s.game, &mut s.rng);
    if s.game.current_player() != TERMINAL {
        return Ok(None);
    }
    let outcome = s.game.outcome();
    let r = returns_of(&*s.game, outcome.as_ref());
    s.game = prototype.clone_box();
    settle(&mut *s.game, &mut s.rng);
    Ok(Some(r))
}

fn play_many(prototype: &dyn DynState, count: u64, rng: &mut dyn RngCore) -> Tally {
    let mut tally = Tally::new(prototype.teams());
    for _ in 0..count {
        let mut g = prototype.clone_box();
        let plies = g.random_playout(rng, u64::MAX);
        tally.add(&*g, plies);
    }
    tally
}

/// Plays `count` whole uniformly random games from `prototype` on `threads` threads (seeded
/// `seed`, `seed + 1`, ... per thread); returns `{"games", "plies", "wins", "draws"}`.
///
/// Runs without the GIL in rounds of at most 256 games a thread, and can be interrupted
/// (Ctrl-C) between rounds.
#[pyfunction]
#[pyo3(signature = (prototype, count, seed, threads = 1))]
pub fn random_games<'py>(
    py: Python<'py>,
    prototype: PyRef<'_, State>,
    count: i128,
    seed: i128,
    threads: i128,
) -> PyResult<Bound<'py, PyDict>> {
    const ROUND: u64 = 256;
    let count: u64 = int_arg("count", count, 0, i128::from(u64::MAX))?;
    let seed: u64 = int_arg("seed", seed, 0, i128::from(u64::MAX))?;
    let threads: usize = int_arg("threads", threads, 1, 256)?;
    let proto = prototype.inner.clone_box();
    if proto.current_player() == TERMINAL {
        return Err(value_error("the prototype game is over"));
    }
    let mut rngs: Vec<ChaCha8Rng> = (0..threads as u64)
        .map(|t| ChaCha8Rng::seed_from_u64(seed.wrapping_add(t)))
        .collect();
    let per = count / threads as u64;
    let extra = count % threads as u64;
    let mut left: Vec<u64> = (0..threads as u64)
        .map(|t| per + u64::from(t < extra))
        .collect();
    let mut total = Tally::new(proto.teams());
    while left.iter().any(|&c| c > 0) {
        let round: Vec<u64> = left.iter().map(|&c| c.min(ROUND)).collect();
        let tallies = py.detach(|| {
            std::thread::scope(|scope| {
                let handles: Vec<_> = rngs
                    .iter_mut()
                    .zip(&round)
                    .map(|(rng, &n)| {
                        let proto = proto.clone_box();
                        scope.spawn(move || play_many(&*proto, n, rng))
                    })
                    .collect();
                handles
                    .into_iter()
                    .filter_map(|h| h.join().ok())
                    .collect::<Vec<Tally>>()
            })
        });
        for t in tallies {
            total.merge(t);
        }
        for (l, r) in left.iter_mut().zip(&round) {
            *l -= r;
        }
        py.check_signals()?;
    }
    total.to_dict(py)
}
