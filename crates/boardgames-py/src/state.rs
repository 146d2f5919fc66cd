//! The Python classes: `State`, the base every game shares, and one subclass per game with
//! its constructor and its own methods.

use boardgames_core::abalone::{Layout, LayoutError, Position};
use boardgames_core::backgammon::{Backgammon as Checkers, Match, MatchRules, MAX_SCORE};
use boardgames_core::pente::{OpeningRule, Pente as PenteGame, Variant};
use boardgames_core::{Game, GameResult};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList, PyString, PyTuple};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::dynamic::{returns_of, DynState, Failure, Typed};
use crate::encode::{RuleValue, MAX_ACTIONS};
use crate::errors::{index_arg, int_arg, to_py, value_error};
use crate::players::Limit;

/// The state of a game: the position and whose turn it is, with OpenSpiel's vocabulary
/// (actions, chance outcomes, returns) and the library's (moves in notation, setups).
///
/// Not constructed directly: use a game class (`Pente`, `KeryoPente`, `Abalone`,
/// `Backgammon`, `BackgammonMatch`). Every method that takes outside input raises a
/// `BoardgamesError` subclass (a `ValueError`) and leaves the state unchanged on error.
#[pyclass(subclass, module = "boardgames._core")]
pub struct State {
    pub(crate) inner: Box<dyn DynState>,
    /// The last chance outcomes handed out, as Rust values and as the Python tuple: a game
    /// of dice meets the same 21 outcomes at every roll.
    chance_cache: Option<(Outcomes, Py<PyTuple>)>,
}

/// Chance outcomes as `(action, probability)`.
type Outcomes = Vec<(u32, f64)>;

impl State {
    /// A state holding `inner`.
    pub(crate) fn of(inner: Box<dyn DynState>) -> State {
        State {
            inner,
            chance_cache: None,
        }
    }
}

/// Wraps a game state in the Python class of its game.
pub(crate) fn wrap(py: Python<'_>, inner: Box<dyn DynState>) -> PyResult<Py<PyAny>> {
    let name = inner.game_name();
    let base = PyClassInitializer::from(State::of(inner));
    Ok(match name {
        "pente" => Py::new(py, base.add_subclass(Pente))?.into_any(),
        "keryo_pente" => Py::new(py, base.add_subclass(KeryoPente))?.into_any(),
        "abalone" => Py::new(py, base.add_subclass(Abalone))?.into_any(),
        "backgammon" => Py::new(py, base.add_subclass(Backgammon))?.into_any(),
        _ => Py::new(py, base.add_subclass(BackgammonMatch))?.into_any(),
    })
}

/// The key `restore` rebuilds a state from: the game name, with the seats for Abalone.
fn restore_key(inner: &dyn DynState) -> String {
    match inner.game_name() {
        "abalone" => format!("abalone{}", inner.seats()),
        name => name.to_owned(),
    }
}

/// A position of game `key` (as `restore_key` gives it) from its setup text.
pub(crate) fn from_setup(key: &str, text: &str) -> Result<Box<dyn DynState>, Failure> {
    fn parse<G: Game>(text: &str) -> Result<G, Failure> {
        G::from_text(text).map_err(|e| Failure::Setup(e.to_string()))
    }
    Ok(match key {
        "pente" | "keryo_pente" => pente(parse::<PenteGame>(text)?),
        "abalone" | "abalone2" => Box::new(Typed::new(parse::<Position<2>>(text)?, "abalone")),
        "abalone3" => Box::new(Typed::new(parse::<Position<3>>(text)?, "abalone")),
        "abalone4" => Box::new(Typed::new(parse::<Position<4>>(text)?, "abalone")),
        "abalone6" => Box::new(Typed::new(parse::<Position<6>>(text)?, "abalone")),
        "backgammon" => Box::new(Typed::new(parse::<Checkers>(text)?, "backgammon")),
        "backgammon_match" => Box::new(Typed::new(parse::<Match>(text)?, "backgammon_match")),
        other => return Err(Failure::Value(format!("unknown game {other:?}"))),
    })
}

/// A Pente position under the name of its variant.
fn pente(pos: PenteGame) -> Box<dyn DynState> {
    let name = match pos.variant() {
        Variant::KeryoPente => "keryo_pente",
        _ => "pente",
    };
    Box::new(Typed::new(pos, name))
}

/// A Pente or Keryo-Pente position (`name`) from setup text; the other variant's setup is
/// refused.
fn pente_setup(name: &str, text: &str) -> PyResult<Box<dyn DynState>> {
    let state = from_setup(name, text).map_err(to_py)?;
    if state.game_name() != name {
        let class = if name == "pente" {
            "KeryoPente"
        } else {
            "Pente"
        };
        return Err(to_py(Failure::Setup(format!(
            "a {} position: read it with {class}.from_setup",
            state.game_name()
        ))));
    }
    Ok(state)
}

/// Rebuilds a state from `restore_key` and setup text (what pickling stores).
#[pyfunction]
pub fn _restore(py: Python<'_>, key: &str, setup: &str) -> PyResult<Py<PyAny>> {
    wrap(py, from_setup(key, setup).map_err(to_py)?)
}

/// The Python integers of every action index, made once: a list of legal actions is then
/// built without allocating an integer per action (Python keeps only -5..=256).
fn action_ints(py: Python<'_>) -> PyResult<&Vec<Py<PyInt>>> {
    static INTS: PyOnceLock<Vec<Py<PyInt>>> = PyOnceLock::new();
    INTS.get_or_try_init(py, || {
        (0..MAX_ACTIONS)
            .map(|i| Ok(i.into_pyobject(py)?.unbind()))
            .collect()
    })
}

fn seat_arg(state: &dyn DynState, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
    index_arg("seat", seat, state.seats())
}

fn action_arg(state: &dyn DynState, action: &Bound<'_, PyAny>) -> PyResult<u32> {
    index_arg(
        "action",
        action,
        state.action_count().max(state.chance_count()),
    )
}

#[pymethods]
impl State {
    /// The game's name: `pente`, `keryo_pente`, `abalone`, `backgammon` or `backgammon_match`.
    #[getter]
    fn game_name(&self) -> &'static str {
        self.inner.game_name()
    }

    /// The number of seats (players).
    fn num_players(&self) -> usize {
        self.inner.seats()
    }

    /// The number of teams (equal to the seats but in four- and six-player Abalone).
    fn num_teams(&self) -> usize {
        self.inner.teams()
    }

    /// The team of `seat`, `0..num_teams()`.
    fn team_of(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        Ok(self.inner.team_of(seat_arg(&*self.inner, seat)?))
    }

    /// The seat to move, `CHANCE` (-1) at a chance node, `TERMINAL` (-4) when over.
    fn current_player(&self) -> i64 {
        self.inner.current_player()
    }

    /// Whether chance acts next (a roll of the dice).
    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == crate::dynamic::CHANCE
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.current_player() == crate::dynamic::TERMINAL
    }

    /// The size of the game's fixed action space (`docs/python.md` lists every index).
    fn num_distinct_actions(&self) -> usize {
        self.inner.action_count()
    }

    /// The size of the chance-outcome index space (0 for games without chance).
    fn max_chance_outcomes(&self) -> usize {
        self.inner.chance_count()
    }

    /// The legal actions, ascending; empty at chance and terminal nodes.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let ints = action_ints(py)?;
        PyList::new(
            py,
            self.inner
                .legal_actions()
                .iter()
                .map(|&a| ints[a as usize].bind(py)),
        )
    }

    /// The legal actions as a 0/1 byte per action (`num_distinct_actions()` bytes).
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let n = self.inner.action_count();
        PyBytes::new_with(py, n, |buf| {
            for &a in self.inner.legal_actions() {
                buf[a as usize] = 1;
            }
            Ok(())
        })
    }

    /// The chance outcomes as a list of `(action, probability)`, ascending; empty
    /// elsewhere.
    fn chance_outcomes<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let outcomes = self.inner.chance_outcomes();
        if let Some((cached, tuple)) = &self.chance_cache {
            if *cached == outcomes {
                return PyList::new(py, tuple.bind(py).iter());
            }
        }
        let tuple = PyTuple::new(py, outcomes.iter().copied())?;
        let list = PyList::new(py, tuple.iter());
        self.chance_cache = Some((outcomes, tuple.unbind()));
        list
    }

    /// Applies a legal action, or a chance outcome at a chance node.
    ///
    /// Raises `IllegalMoveError` (state unchanged) when it is not legal here.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner
            .apply_action(action_arg(&*self.inner, action)?)
            .map_err(to_py)
    }

    /// The notation of `action` here (a move, or dice such as `31`); a description for an
    /// action that is not legal here.
    fn action_to_string(&mut self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        self.inner
            .action_to_string(action_arg(&*self.inner, action)?)
            .map_err(to_py)
    }

    /// The action of a move or chance outcome written in notation.
    fn string_to_action(&mut self, text: &str) -> PyResult<u32> {
        self.inner.string_to_action(text).map_err(to_py)
    }

    /// The legal moves in notation, in the order of `legal_actions()`.
    fn legal_moves(&mut self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays a move: written in notation (at a chance node an outcome such as `31`), or as
    /// its action index (as `apply_action`).
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        match mv.cast::<PyString>() {
            Ok(text) => self.inner.play_text(&text.to_cow()?).map_err(to_py),
            Err(_) => {
                let action = action_arg(&*self.inner, mv)?;
                self.inner.apply_action(action).map_err(to_py)
            }
        }
    }

    /// The returns per seat: the winning team's seats get the points won, the others share
    /// the loss, so they sum to zero; all zeros until the end and for a draw.
    fn returns(&self) -> Vec<f64> {
        let outcome = self.inner.outcome();
        returns_of(&*self.inner, outcome.as_ref())
    }

    /// `None` until the end; then `{"winner_team": int | None, "points": int, "scores": list}`.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(outcome) = self.inner.outcome() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        match outcome.result {
            GameResult::Win { winner, points } => {
                d.set_item("winner_team", winner.0)?;
                d.set_item("points", points)?;
            }
            GameResult::Draw => {
                d.set_item("winner_team", py.None())?;
                d.set_item("points", 0)?;
            }
        }
        d.set_item("scores", outcome.scores.to_vec())?;
        Ok(Some(d))
    }

    /// The shape of the observation tensor.
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.observation_shape())
    }

    /// The observation of `seat` as a flat list of floats (row-major).
    fn observation_tensor(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<f32>> {
        let seat = seat_arg(&*self.inner, seat)?;
        let mut out = Vec::new();
        self.inner.observe(seat, &mut out);
        Ok(out)
    }

    /// The observation of `seat` as float32 bytes in native order, for `numpy.frombuffer`.
    fn observation_bytes<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let seat = seat_arg(&*self.inner, seat)?;
        let mut out = Vec::new();
        self.inner.observe(seat, &mut out);
        let bytes: Vec<u8> = out.iter().flat_map(|v| v.to_ne_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// A copy of the state (the same class).
    fn copy(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        wrap(py, self.inner.clone_box())
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.copy(py)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let restore = py.import("boardgames._core")?.getattr("_restore")?;
        Ok((restore, (restore_key(&*self.inner), self.inner.setup())))
    }

    /// The position as the game's setup text, which `from_setup` reads back.
    fn setup(&self) -> String {
        self.inner.setup()
    }

    /// The options of the rules this state plays by, as a dict named as the constructors and
    /// the OpenSpiel parameters name them: `tournament_rule` (Pente, Keryo-Pente);
    /// `players` and `move_limit` (Abalone, 0 for none); `length` (0 for money play),
    /// `jacoby`, `beavers`, `raccoons`, `auto_doubles`, `holland` (the match); empty for
    /// backgammon without the cube.
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in self.inner.rules() {
            match value {
                RuleValue::Flag(on) => dict.set_item(name, on)?,
                RuleValue::Count(n) => dict.set_item(name, n)?,
            }
        }
        Ok(dict)
    }

    /// The position key (board, side to move and what the rules depend on).
    fn key(&self) -> u64 {
        self.inner.key()
    }

    /// The number of leaves `depth` plies ahead (chance outcomes expand without a ply).
    ///
    /// Runs without the GIL and cannot be interrupted: choose the depth with care.
    fn perft(&self, py: Python<'_>, depth: i128) -> PyResult<u64> {
        let depth: u32 = int_arg("depth", depth, 0, 64)?;
        let state = self.inner.clone_box();
        Ok(py.detach(move || state.perft(depth)))
    }

    /// Plays uniformly random moves and chance outcomes to the end (or `max_plies` moves),
    /// in place; returns the moves played.
    #[pyo3(signature = (seed, max_plies = None))]
    fn random_playout(
        &mut self,
        py: Python<'_>,
        seed: i128,
        max_plies: Option<i128>,
    ) -> PyResult<u64> {
        let seed: u64 = int_arg("seed", seed, 0, i128::from(u64::MAX))?;
        let max_plies = match max_plies {
            Some(n) => int_arg("max_plies", n, 0, i128::from(u64::MAX))?,
            None => u64::MAX,
        };
        let inner = &mut self.inner;
        Ok(py.detach(|| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            inner.random_playout(&mut rng, max_plies)
        }))
    }

    /// The move the game's engine chooses, in notation: at `level` (1-5; the engine's
    /// default when `None`), or within a budget of `millis` milliseconds and/or `nodes`
    /// (positions searched, or tree iterations of the Monte Carlo search) instead of the
    /// level's own, as the engine registry of `boardgames-ai` plays the game. What an
    /// engine cannot honour raises `BoardgamesError` saying why: backgammon's checker game
    /// has one level (its network at 0 plies) and no budget; the match player takes levels
    /// 1 to 5 but neither time nor nodes.
    #[pyo3(signature = (level = None, millis = None, nodes = None))]
    fn bestmove(
        &self,
        py: Python<'_>,
        level: Option<i128>,
        millis: Option<i128>,
        nodes: Option<i128>,
    ) -> PyResult<String> {
        let limit = Limit {
            level: level.map(|l| int_arg("level", l, 1, 5)).transpose()?,
            millis: millis
                .map(|m| int_arg("millis", m, 1, 3_600_000))
                .transpose()?,
            nodes: nodes
                .map(|n| int_arg("nodes", n, 1, 1_000_000_000_000))
                .transpose()?,
        };
        let inner = &self.inner;
        py.detach(|| inner.bestmove(limit)).map_err(to_py)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<State>()
            .is_ok_and(|o| o.borrow().inner.equals(&*self.inner))
    }

    fn __hash__(&self) -> u64 {
        self.inner.key()
    }

    fn __str__(&self) -> String {
        self.inner.diagram()
    }

    fn __repr__(&self) -> String {
        format!("<{} {:?}>", self.inner.game_name(), self.inner.setup())
    }
}

/// Pente: five in a row or five captured pairs wins (`docs/rules/pente.md`).
///
/// `Pente(tournament_rule=True)`; with the tournament rule (pente.org's default) the first player's second stone
/// must be at least three points from the centre.
#[pyclass(extends = State, module = "boardgames._core")]
pub struct Pente;

#[pymethods]
impl Pente {
    #[new]
    #[pyo3(signature = (tournament_rule = true))]
    fn new(tournament_rule: bool) -> PyClassInitializer<Self> {
        let pos = PenteGame::new(
            Variant::Pente,
            OpeningRule::from_tournament_rule(tournament_rule),
        );
        PyClassInitializer::from(State::of(pente(pos))).add_subclass(Pente)
    }

    /// The position of a setup string (`state.setup()`) of a Pente game.
    #[staticmethod]
    fn from_setup(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
        wrap(py, pente_setup("pente", text)?)
    }
}

/// Keryo-Pente: captures of two or three stones, fifteen captured stones win.
///
/// `KeryoPente(tournament_rule=True)`.
#[pyclass(extends = State, module = "boardgames._core")]
pub struct KeryoPente;

#[pymethods]
impl KeryoPente {
    #[new]
    #[pyo3(signature = (tournament_rule = true))]
    fn new(tournament_rule: bool) -> PyClassInitializer<Self> {
        let pos = PenteGame::new(
            Variant::KeryoPente,
            OpeningRule::from_tournament_rule(tournament_rule),
        );
        PyClassInitializer::from(State::of(pente(pos))).add_subclass(KeryoPente)
    }

    /// The position of a setup string (`state.setup()`) of a Keryo-Pente game.
    #[staticmethod]
    fn from_setup(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
        wrap(py, pente_setup("keryo_pente", text)?)
    }
}

/// A player count of Abalone: 2, 3, 4 or 6.
fn players_arg(players: i128) -> PyResult<usize> {
    match players {
        2 | 3 | 4 | 6 => Ok(players as usize),
        _ => Err(value_error(format!(
            "Abalone is for 2, 3, 4 or 6 players, not {players}"
        ))),
    }
}

/// The player count of an Abalone setup string by the colours of marbles on its board (its
/// first field): 3, 4 or 6 when it has that many, else 2.
fn colours_of(text: &str) -> usize {
    let board = text.split_whitespace().next().unwrap_or("");
    // Colour letters are read in either case.
    let mut seen: Vec<char> = board
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    seen.sort_unstable();
    seen.dedup();
    match seen.len() {
        n @ (3 | 4 | 6) => n,
        _ => 2,
    }
}

/// The layouts of `players` players.
fn layout_names(players: usize) -> Vec<&'static str> {
    Layout::of_players(players)
        .iter()
        .map(|l| l.name())
        .collect()
}

/// The error for layout `name` that `players` players do not have: the player count it is
/// for when it is another count's layout, else the layouts there are.
fn layout_error(name: &str, players: usize, e: &LayoutError) -> PyErr {
    match e {
        LayoutError::Players { layout, .. } => value_error(format!(
            "layout {name} is for {} players, not {players}",
            layout.players()
        )),
        _ => value_error(format!(
            "layout {name:?}: {e}; the layouts of {players} players: {}",
            layout_names(players).join(", ")
        )),
    }
}

/// Abalone for 2, 3, 4 or 6 players: push six opposing marbles off the board.
///
/// `Abalone(players=2, layout=None)`: `layout` is a name from `Abalone.layouts(players)`
/// (the standard layout, or the player count's own, when `None`).
#[pyclass(extends = State, module = "boardgames._core")]
pub struct Abalone;

#[pymethods]
impl Abalone {
    #[new]
    #[pyo3(signature = (players = 2, layout = None))]
    fn new(players: i128, layout: Option<&str>) -> PyResult<PyClassInitializer<Self>> {
        let players = players_arg(players)?;
        let layout = match layout {
            Some(name) => {
                Layout::parse_for(name, players).map_err(|e| layout_error(name, players, &e))?
            }
            None => Layout::default_for(players).ok_or_else(|| value_error("no layout"))?,
        };
        let start_error = |e: LayoutError| layout_error(layout.name(), players, &e);
        let inner: Box<dyn DynState> = match players {
            2 => Box::new(Typed::new(
                Position::<2>::new(layout).map_err(start_error)?,
                "abalone",
            )),
            3 => Box::new(Typed::new(
                Position::<3>::new(layout).map_err(start_error)?,
                "abalone",
            )),
            4 => Box::new(Typed::new(
                Position::<4>::new(layout).map_err(start_error)?,
                "abalone",
            )),
            _ => Box::new(Typed::new(
                Position::<6>::new(layout).map_err(start_error)?,
                "abalone",
            )),
        };
        Ok(PyClassInitializer::from(State::of(inner)).add_subclass(Abalone))
    }

    /// The layout names for `players` players (2, 3, 4 or 6).
    #[staticmethod]
    #[pyo3(signature = (players = 2))]
    fn layouts(players: i128) -> PyResult<Vec<&'static str>> {
        let players = players_arg(players)?;
        Ok(layout_names(players))
    }

    /// The position of a setup string (`state.setup()`) for `players` players; when
    /// `players` is `None`, for the first of 2, 3, 4 and 6 that reads it.
    #[staticmethod]
    #[pyo3(signature = (text, players = None))]
    fn from_setup(py: Python<'_>, text: &str, players: Option<i128>) -> PyResult<Py<PyAny>> {
        let inner = match players.map(players_arg).transpose()? {
            Some(n) => from_setup(&format!("abalone{n}"), text),
            None => [2, 3, 4, 6]
                .iter()
                .find_map(|n| from_setup(&format!("abalone{n}"), text).ok())
                .map_or_else(
                    // None reads it: the problems for as many players as the board has
                    // colours of marbles.
                    || from_setup(&format!("abalone{}", colours_of(text)), text),
                    Ok,
                ),
        };
        wrap(py, inner.map_err(to_py)?)
    }
}

/// Backgammon, the checker game of one game without the cube: chance rolls the dice, then
/// the side on roll chooses one of the distinct full plays. Returns are 1, 2 or 3 points
/// (single game, gammon, backgammon).
#[pyclass(extends = State, module = "boardgames._core")]
pub struct Backgammon;

#[pymethods]
impl Backgammon {
    #[new]
    fn new() -> PyClassInitializer<Self> {
        PyClassInitializer::from(State::of(Box::new(Typed::new(
            Checkers::new(),
            "backgammon",
        ))))
        .add_subclass(Backgammon)
    }

    /// The position of a setup string (`state.setup()`).
    #[staticmethod]
    fn from_setup(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
        wrap(py, from_setup("backgammon", text).map_err(to_py)?)
    }

    /// The position from GNU Backgammon's Position ID and Match ID.
    #[staticmethod]
    fn from_ids(py: Python<'_>, position_id: &str, match_id: &str) -> PyResult<Py<PyAny>> {
        let pos = Checkers::from_ids(position_id, match_id)
            .map_err(|e| to_py(Failure::Setup(e.to_string())))?;
        wrap(py, Box::new(Typed::new(pos, "backgammon")))
    }

    /// GNU Backgammon's Position ID of the board.
    fn position_id(slf: PyRef<'_, Self>) -> String {
        checkers(&slf)
            .map(Checkers::position_id)
            .unwrap_or_default()
    }

    /// GNU Backgammon's Match ID of a money game at this position.
    fn match_id(slf: PyRef<'_, Self>) -> String {
        checkers(&slf)
            .map(Checkers::money_match_id)
            .unwrap_or_default()
    }
}

fn checkers<'a>(slf: &'a PyRef<'_, Backgammon>) -> Option<&'a Checkers> {
    slf.as_super()
        .inner
        .as_any()
        .downcast_ref::<Typed<Checkers>>()
        .map(|t| &t.pos)
}

/// Backgammon with the cube: a money game (`length=0`) or a match to `length` points.
///
/// `BackgammonMatch(length=0, jacoby=False, beavers=0, raccoons=False, auto_doubles=0,
/// holland=False)`. Cube actions and resignations are actions; the opening throw and every
/// roll are chance nodes; the Crawford rule applies in matches.
#[pyclass(extends = State, module = "boardgames._core")]
pub struct BackgammonMatch;

#[pymethods]
impl BackgammonMatch {
    #[new]
    #[pyo3(signature = (length = 0, jacoby = false, beavers = 0, raccoons = false, auto_doubles = 0, holland = false))]
    fn new(
        length: i128,
        jacoby: bool,
        beavers: i128,
        raccoons: bool,
        auto_doubles: i128,
        holland: bool,
    ) -> PyResult<PyClassInitializer<Self>> {
        let length: u16 = int_arg("length", length, 0, i128::from(MAX_SCORE))?;
        let beavers: u8 = int_arg("beavers", beavers, 0, 15)?;
        let auto_doubles: u8 = int_arg("auto_doubles", auto_doubles, 0, 15)?;
        let rules = if length == 0 {
            if holland {
                return Err(value_error("holland is a rule of match play (length > 0)"));
            }
            if raccoons && beavers < 2 {
                return Err(value_error(
                    "raccoons need beavers=2 or more (a raccoon is the second redouble of an exchange)",
                ));
            }
            MatchRules::money(jacoby)
                .with_beavers(beavers, raccoons)
                .with_auto_doubles(auto_doubles)
        } else {
            if jacoby || beavers > 0 || raccoons || auto_doubles > 0 {
                return Err(value_error(
                    "jacoby, beavers, raccoons and auto_doubles are rules of money play (length 0)",
                ));
            }
            let rules = MatchRules::to_points(length);
            if holland {
                rules.with_holland()
            } else {
                rules
            }
        };
        Ok(PyClassInitializer::from(State::of(Box::new(Typed::new(
            Match::new(rules),
            "backgammon_match",
        ))))
        .add_subclass(BackgammonMatch))
    }

    /// The state of a setup string (`state.setup()`).
    #[staticmethod]
    fn from_setup(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
        wrap(py, from_setup("backgammon_match", text).map_err(to_py)?)
    }

    /// The state from GNU Backgammon's Position ID and Match ID.
    #[staticmethod]
    fn from_ids(py: Python<'_>, position_id: &str, match_id: &str) -> PyResult<Py<PyAny>> {
        let m = Match::from_ids(position_id, match_id)
            .map_err(|e| to_py(Failure::Setup(e.to_string())))?;
        wrap(py, Box::new(Typed::new(m, "backgammon_match")))
    }

    /// The state from an XGID.
    #[staticmethod]
    fn from_xgid(py: Python<'_>, xgid: &str) -> PyResult<Py<PyAny>> {
        let m = Match::from_xgid(xgid).map_err(|e| to_py(Failure::Setup(e.to_string())))?;
        wrap(py, Box::new(Typed::new(m, "backgammon_match")))
    }

    /// GNU Backgammon's Position ID.
    fn position_id(slf: PyRef<'_, Self>) -> String {
        the_match(&slf).map(Match::position_id).unwrap_or_default()
    }

    /// GNU Backgammon's Match ID.
    fn match_id(slf: PyRef<'_, Self>) -> String {
        the_match(&slf)
            .map(|m| m.match_id().encode())
            .unwrap_or_default()
    }

    /// The XGID, or `None` where XGID cannot say the state (the opening throw, dice being
    /// rolled, a resignation offered, a session over, a beaver made: XGID keeps neither
    /// the count of redoubles nor who answers; or a match under the Holland rule, which
    /// XGID has no field for).
    fn xgid(slf: PyRef<'_, Self>) -> Option<String> {
        the_match(&slf).and_then(Match::xgid).map(|x| x.to_string())
    }

    /// The score `[X, O]`.
    fn score(slf: PyRef<'_, Self>) -> Vec<u16> {
        the_match(&slf)
            .map(|m| m.score().to_vec())
            .unwrap_or_default()
    }

    /// The cube's value.
    fn cube_value(slf: PyRef<'_, Self>) -> u16 {
        the_match(&slf).map_or(1, Match::cube_value)
    }
}

fn the_match<'a>(slf: &'a PyRef<'_, BackgammonMatch>) -> Option<&'a Match> {
    slf.as_super()
        .inner
        .as_any()
        .downcast_ref::<Typed<Match>>()
        .map(|t| &t.pos)
}
