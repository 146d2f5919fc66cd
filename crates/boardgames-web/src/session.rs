//! One game played in the browser: its start, the steps played, who plays each seat, and
//! what the page is sent ([`StateView`]). [`Played`] does this for any game implementing
//! [`WebGame`]; the store holds it as a [`Session`], so that every game lives behind one
//! interface.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use boardgames_core::record::Applied;
use boardgames_core::{Game, GameResult, Seat, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::clock::{ClockView, Clocks};
use crate::error::{ApiError, ErrorKind};

/// Who plays a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatPlayer {
    /// A person at the page.
    Human,
    /// The computer, at a level of the engine registry (`None`: the game's default).
    Computer(Option<u8>),
}

/// What the engine found: its move in canonical notation and its score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Thought {
    /// The move, as the game writes it.
    #[serde(rename = "move")]
    pub text: String,
    /// The engine's score of it for the side to move, in the engine's units (alpha-beta:
    /// the evaluator's; backgammon: the cubeful equity), if it gives one.
    pub score: Option<f64>,
    /// The score in the game's terms (`+1.5 marbles`, `a forced win in 3 plies`).
    pub describe: String,
    /// The level the engine played at.
    pub level: u8,
    /// The principal variation from the move on, in canonical notation (searching games;
    /// empty for backgammon).
    pub line: Vec<String>,
    /// Backgammon's checker play: every play of the roll ranked, best first, each with its
    /// cubeful equity (normalised to the cube) for the side playing; empty otherwise.
    pub ranked: Vec<RankedMove>,
    /// Backgammon's cube decision before the roll or at a double offered, with its equities
    /// for the side on roll; `None` otherwise.
    pub cube: Option<CubeDecisionView>,
}

/// A play and its equity ([`Thought::ranked`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankedMove {
    /// The play, as the game writes it.
    #[serde(rename = "move")]
    pub text: String,
    /// Its cubeful equity for the side playing, normalised to the cube.
    pub equity: f64,
    /// The plies of look-ahead the equity was found at: the plays the look-ahead's move
    /// filters kept are looked at deeper, and rank above the others whatever their
    /// equities (as GNU Backgammon ranks them).
    pub plies: u32,
}

/// A cube decision's equities for the side on roll, normalised to the cube
/// ([`Thought::cube`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CubeDecisionView {
    /// Not doubling.
    pub no_double: f64,
    /// Doubling, the other side taking.
    pub double_take: f64,
    /// Doubling, the other side dropping.
    pub double_drop: f64,
    /// The proper action: `no cube`, `no double`, `double, take`, `double, pass` or `too
    /// good`.
    pub action: &'static str,
}

/// The engine's work on a copy of the game, to be run off the request threads.
/// It is given the flag that stops it.
pub type Thinker = Box<dyn FnOnce(Arc<AtomicBool>) -> Result<Thought, ApiError> + Send>;

/// A game of this server: what the page is sent about it and how the engine plays it.
pub trait WebGame: Game {
    /// The board as plain data for the page (each game's view module documents its fields),
    /// `last` the position before the last move and that move.
    fn board(pos: &Self, last: Option<(&Self, Self::Move)>) -> serde_json::Value;

    /// The record of the game played from `start` through `steps` to `end`, the text the
    /// game's program writes for `save` (ending with a line break).
    fn record(start: &Self, steps: &[Applied<Self>], end: &Self) -> String;

    /// Who is to move or how the game ended, in words.
    fn status(pos: &Self) -> String;

    /// A seat's name (`player 1 (X)`, `Black`).
    fn seat_name(pos: &Self, seat: Seat) -> String;

    /// The engine's move at the last of `positions` (reached through `steps`), at `level`
    /// (`None`: the game's default), thinking at most `time` where the engine can be limited
    /// in time, and stopping with its best so far once `stop` is set (the searching
    /// engines as their time running out; backgammon's look-ahead at the last stage it
    /// finished).
    ///
    /// # Errors
    /// [`ErrorKind::Engine`] when the engine cannot play at that level or finds no move.
    fn think(
        positions: &[Self],
        steps: &[Applied<Self>],
        level: Option<u8>,
        time: Duration,
        stop: Arc<AtomicBool>,
    ) -> Result<Thought, ApiError>;

    /// In words, what the chance `outcome` that led from `before` to `after` meant when it
    /// left its seat nothing to decide (backgammon's roll that cannot be played: `O rolled
    /// 6-5: no legal play`), for the page to say what it would not see otherwise; `None`
    /// for every other outcome and by default.
    fn unplayable(_before: &Self, _outcome: Self::Chance, _after: &Self) -> Option<String> {
        None
    }

    /// The position after `seat`'s time ran out at `pos`, as the game's rules end it;
    /// `None` for a game without a time rule (its games are not timed).
    fn time_out(_pos: &Self, _seat: Seat) -> Option<Self> {
        None
    }
}

/// A seat as the page is told it.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// The seat, from 0.
    pub seat: u8,
    /// Its name in the game.
    pub name: String,
    /// `human` or `computer`.
    pub player: &'static str,
    /// The computer's level (`None`: the default, or a person).
    pub level: Option<u8>,
}

/// Whose turn it is.
#[derive(Clone, Debug, Serialize)]
pub struct TurnView {
    /// `seat`, `chance` or `over`.
    pub kind: &'static str,
    /// The seat to move, when a seat is.
    pub seat: Option<u8>,
}

/// The last move played.
#[derive(Clone, Debug, Serialize)]
pub struct LastMove {
    /// The seat that played it.
    pub seat: u8,
    /// The move in canonical notation.
    pub text: String,
}

/// How the game ended.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// The winning team (the winning seat in games without teams); `None` for a draw.
    pub winner: Option<u8>,
    /// The points won (backgammon: with gammons and the cube; else 1).
    pub points: u32,
    /// Each seat's tally (stones captured, marbles ejected, points won).
    pub scores: Vec<u32>,
    /// The end in words.
    pub text: String,
}

/// Everything the page draws a game from.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    /// The game's id.
    pub id: String,
    /// `pente`, `keryo-pente`, `abalone` or `backgammon`.
    pub game: &'static str,
    /// Counts every change of the game (a move, an undo), so that an answer can be matched
    /// to the state it was computed for.
    pub version: u64,
    /// The seats, in turn order.
    pub seats: Vec<SeatView>,
    /// Whose turn it is.
    pub turn: TurnView,
    /// Whether the seat to move is played by the computer (the page then asks it to move).
    pub computer_to_move: bool,
    /// Who is to move or how the game ended, in words.
    pub status: String,
    /// The legal moves in canonical notation.
    pub legal_moves: Vec<String>,
    /// The last move played, if any.
    pub last_move: Option<LastMove>,
    /// Every step so far as written: moves, and the dice thrown (backgammon).
    pub history: Vec<String>,
    /// The chance outcomes since the seat to move last moved that left their seat nothing
    /// to decide, in words ([`WebGame::unplayable`]): a roll that cannot be played passes at
    /// once, so that the board never shows it.
    pub unplayable: Vec<String>,
    /// How the game ended, once it has.
    pub result: Option<ResultView>,
    /// Whether there is a move to take back.
    pub can_undo: bool,
    /// The board as plain data (per game).
    pub board: serde_json::Value,
    /// The clocks of a timed game (null when untimed).
    pub clocks: Option<ClockView>,
}

/// A game of the store, whatever its type.
pub trait Session: Send {
    /// The state the page draws, under the id `id`.
    fn state(&self, id: &str) -> StateView;

    /// The game's name in the API (`pente`, `keryo-pente`, `abalone`, `backgammon`).
    fn game(&self) -> &'static str;

    /// The version of the game: it changes with every move and undo.
    fn version(&self) -> u64;

    /// Plays the move written `text` (canonical notation) for the seat to move, then any
    /// chance that follows (the dice).
    ///
    /// # Errors
    /// [`ErrorKind::BadNotation`], [`ErrorKind::IllegalMove`] or [`ErrorKind::GameOver`]; the
    /// game is then unchanged.
    fn play(&mut self, text: &str) -> Result<(), ApiError>;

    /// Takes back the last move (with the dice thrown after it); with `to_human`, goes on
    /// taking back moves until a person's seat is to move, when the game has one.
    ///
    /// # Errors
    /// [`ErrorKind::NothingToUndo`] at the start.
    fn undo(&mut self, to_human: bool) -> Result<(), ApiError>;

    /// The record of the game so far, as the game's program saves it.
    fn record(&self) -> String;

    /// The engine's work for the seat to move at `level` (`None`: the seat's level if the
    /// computer plays it, else the game's default), to run on a blocking thread.
    ///
    /// # Errors
    /// [`ErrorKind::GameOver`] when nobody is to move.
    fn thinker(&self, level: Option<u8>) -> Result<Thinker, ApiError>;

    /// Looks at the clocks of a timed game at `now`: when the time of the seat to move ran
    /// out, the game ends as its rules say (a change, counted in the version).
    fn tick(&mut self, now: Instant);
}

/// A game of type `G` as played here.
pub struct Played<G: WebGame> {
    /// The name of the game in the API.
    name: &'static str,
    /// Who plays each seat.
    seats: Vec<SeatPlayer>,
    /// The steps played, moves and chance.
    steps: Vec<Applied<G>>,
    /// The start, then the position after each step.
    positions: Vec<G>,
    /// The seed of the dice ([`Played::throw_dice`]).
    seed: u64,
    /// Counts the changes.
    version: u64,
    /// The engine's time for a move, at most.
    think_time: Duration,
    /// The clocks, in a timed game.
    clocks: Option<Clocks>,
    /// The start as it was given: the record starts from it even when a flag fell before
    /// the first move (the last position then holds the end on time).
    start: G,
    /// Whether a seat's time ran out: the game ended on time, with nothing to undo.
    flagged: bool,
}

impl<G: WebGame> Played<G> {
    /// A new game of `start` named `name`, its seats played by `seats` (a person for each
    /// seat not given), chance drawn from a generator seeded with `seed`, the engine
    /// thinking at most `think_time` a move.
    pub fn new(
        name: &'static str,
        start: G,
        seats: &[SeatPlayer],
        seed: u64,
        think_time: Duration,
    ) -> Played<G> {
        Played::resume(name, start, Vec::new(), Vec::new(), seats, seed, think_time)
    }

    /// A game named `name` that goes on from a history: `start`, `steps` played from it and
    /// `after`, the position after each step (both cut to the shorter), played on as
    /// [`Played::new`] says.
    pub fn resume(
        name: &'static str,
        start: G,
        after: Vec<G>,
        mut steps: Vec<Applied<G>>,
        seats: &[SeatPlayer],
        seed: u64,
        think_time: Duration,
    ) -> Played<G> {
        let count = start.seat_count();
        let mut positions = Vec::with_capacity(after.len() + 1);
        positions.push(start.clone());
        positions.extend(after);
        steps.truncate(positions.len() - 1);
        positions.truncate(steps.len() + 1);
        let seats = (0..count)
            .map(|s| seats.get(s).copied().unwrap_or(SeatPlayer::Human))
            .collect();
        let mut played = Played {
            name,
            seats,
            steps,
            positions,
            seed,
            version: 0,
            think_time,
            clocks: None,
            start,
            flagged: false,
        };
        played.throw_dice();
        played
    }

    /// Times the game: each seat has `limit` for the whole game, from now. Refused (the
    /// game stays untimed) when the game has no time rule.
    ///
    /// # Errors
    /// [`ErrorKind::BadOption`] for a game without a time rule.
    pub fn timed(mut self, limit: Duration) -> Result<Played<G>, ApiError> {
        let now = Instant::now();
        let pos = self.current();
        let seat = match pos.turn() {
            Turn::Seat(s) => Some(s),
            _ => None,
        };
        if G::time_out(pos, seat.unwrap_or(Seat(0))).is_none() {
            return Err(ApiError::new(
                ErrorKind::BadOption,
                format!("{} has no time rule: it cannot be timed", self.name),
            ));
        }
        let mut clocks = Clocks::new(pos.seat_count(), limit, now);
        clocks.switch(seat, now);
        self.clocks = Some(clocks);
        Ok(self)
    }

    /// Starts the clock of the seat to move now (none at the end).
    fn switch_clocks(&mut self) {
        let seat = match self.current().turn() {
            Turn::Seat(s) => Some(s),
            _ => None,
        };
        if let Some(clocks) = &mut self.clocks {
            clocks.switch(seat, Instant::now());
        }
    }

    /// The position now.
    fn current(&self) -> &G {
        // `positions` always holds the start.
        &self.positions[self.positions.len() - 1]
    }

    /// Applies chance outcomes while chance is to act, each drawn with its probability by
    /// a generator of the game's seed, the step's number and the position: the same
    /// position at the same step is thrown the same dice, so that taking back a roll and
    /// rolling again gives the dice again (no new throw by undo), while a different play
    /// taken back and made instead meets dice of its own (the next throw unknown before).
    fn throw_dice(&mut self) {
        while self.current().turn() == Turn::Chance {
            let outcomes = self.current().chance_outcomes();
            let Some(&(last, _)) = outcomes.last() else {
                return;
            };
            let step = self.steps.len() as u64;
            let mut rng = ChaCha8Rng::seed_from_u64(
                self.seed ^ self.current().key().rotate_left(29) ^ step.wrapping_mul(GOLDEN),
            );
            let mut r: f64 = rng.random();
            let mut chosen = last;
            for &(outcome, p) in &outcomes {
                r -= p.as_f64();
                if r < 0.0 {
                    chosen = outcome;
                    break;
                }
            }
            let mut next = self.current().clone();
            if next.apply_chance(chosen).is_err() {
                return;
            }
            self.steps.push(Applied::Chance(chosen));
            self.positions.push(next);
        }
    }

    /// Who plays `seat`.
    fn player_of(&self, seat: Seat) -> SeatPlayer {
        self.seats
            .get(seat.index())
            .copied()
            .unwrap_or(SeatPlayer::Human)
    }

    /// Removes the last step and its position.
    fn pop_step(&mut self) -> Option<Applied<G>> {
        let step = self.steps.pop()?;
        self.positions.pop();
        Some(step)
    }
}

/// The seat that played the move of step `i`, `positions[i]` the position before it.
fn mover_of<G: Game>(positions: &[G], i: usize) -> Option<Seat> {
    match positions.get(i)?.turn() {
        Turn::Seat(s) => Some(s),
        _ => None,
    }
}

/// The odd number nearest 2^64 divided by the golden ratio: spreads the steps' numbers
/// over the seeds' bits.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The last move of `steps` (not chance), with its index.
fn last_move<G: Game>(steps: &[Applied<G>]) -> Option<(usize, G::Move)> {
    steps
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, step)| match step {
            Applied::Move(m) => Some((i, *m)),
            Applied::Chance(_) => None,
        })
}

/// [`WebGame::unplayable`] of each chance step since the last move of the seat to move now
/// (of any seat when no seat is to move): what happened since that seat last acted (the
/// steps from `positions[i]` to `positions[i + 1]`).
fn unplayable_since<G: WebGame>(positions: &[G], steps: &[Applied<G>]) -> Vec<String> {
    let to_move = positions
        .len()
        .checked_sub(1)
        .and_then(|i| mover_of(positions, i));
    let from = (0..steps.len())
        .rev()
        .find(|&i| {
            matches!(steps[i], Applied::Move(_))
                && (to_move.is_none() || mover_of(positions, i) == to_move)
        })
        .map_or(0, |i| i + 1);
    (from..steps.len())
        .filter_map(|i| match &steps[i] {
            Applied::Chance(c) => G::unplayable(positions.get(i)?, *c, positions.get(i + 1)?),
            Applied::Move(_) => None,
        })
        .collect()
}

/// The state of a game named `name` at its version `version`, under the id `id`, its seats
/// played by `seats`, reached through `steps` from the first of `positions` (the start, then
/// the position after each step; never empty). Untimed: the caller adds the clocks.
pub fn state_view<G: WebGame>(
    id: &str,
    name: &'static str,
    version: u64,
    seats: &[SeatPlayer],
    positions: &[G],
    steps: &[Applied<G>],
) -> StateView {
    let Some(pos) = positions.last() else {
        return StateView {
            id: id.to_owned(),
            game: name,
            version,
            seats: Vec::new(),
            turn: TurnView {
                kind: "over",
                seat: None,
            },
            computer_to_move: false,
            status: String::new(),
            legal_moves: Vec::new(),
            last_move: None,
            history: Vec::new(),
            unplayable: Vec::new(),
            result: None,
            can_undo: false,
            board: serde_json::Value::Null,
            clocks: None,
        };
    };
    let player_of = |seat: Seat| {
        seats
            .get(seat.index())
            .copied()
            .unwrap_or(SeatPlayer::Human)
    };
    let turn = pos.turn();
    let (kind, seat) = match turn {
        Turn::Seat(s) => ("seat", Some(s.0)),
        Turn::Chance => ("chance", None),
        Turn::Over => ("over", None),
    };
    let computer_to_move = match turn {
        Turn::Seat(s) => matches!(player_of(s), SeatPlayer::Computer(_)),
        _ => false,
    };
    let seat_views = (0..pos.seat_count())
        .filter_map(|s| u8::try_from(s).ok())
        .map(|s| {
            let player = player_of(Seat(s));
            SeatView {
                seat: s,
                name: G::seat_name(pos, Seat(s)),
                player: match player {
                    SeatPlayer::Human => "human",
                    SeatPlayer::Computer(_) => "computer",
                },
                level: match player {
                    SeatPlayer::Computer(level) => level,
                    SeatPlayer::Human => None,
                },
            }
        })
        .collect();
    let last = last_move(steps);
    let last_move = last.and_then(|(i, m)| {
        Some(LastMove {
            seat: mover_of(positions, i)?.0,
            text: m.to_string(),
        })
    });
    let board = G::board(pos, last.and_then(|(i, m)| Some((positions.get(i)?, m))));
    StateView {
        id: id.to_owned(),
        game: name,
        version,
        seats: seat_views,
        turn: TurnView { kind, seat },
        computer_to_move,
        status: G::status(pos),
        legal_moves: pos.moves().iter().map(ToString::to_string).collect(),
        last_move,
        history: steps
            .iter()
            .map(|step| match step {
                Applied::Move(m) => m.to_string(),
                Applied::Chance(c) => c.to_string(),
            })
            .collect(),
        unplayable: unplayable_since(positions, steps),
        result: result_of(pos),
        can_undo: last.is_some(),
        board,
        clocks: None,
    }
}

/// How `pos` ended, if it has.
fn result_of<G: WebGame>(pos: &G) -> Option<ResultView> {
    let outcome = pos.outcome()?;
    let (winner, points) = match outcome.result {
        GameResult::Win { winner, points } => (Some(winner.0), points),
        GameResult::Draw => (None, 0),
    };
    Some(ResultView {
        winner,
        points,
        scores: outcome.scores.to_vec(),
        text: G::status(pos),
    })
}

impl<G: WebGame> Session for Played<G> {
    fn state(&self, id: &str) -> StateView {
        let mut view = state_view(
            id,
            self.name,
            self.version,
            &self.seats,
            &self.positions,
            &self.steps,
        );
        view.clocks = self.clocks.as_ref().map(|c| c.view(Instant::now()));
        view.can_undo &= !self.flagged;
        view
    }

    fn game(&self) -> &'static str {
        self.name
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn play(&mut self, text: &str) -> Result<(), ApiError> {
        let pos = self.current();
        if !matches!(pos.turn(), Turn::Seat(_)) {
            return Err(ApiError::new(
                ErrorKind::GameOver,
                format!("no move can be played: {}", G::status(pos)),
            ));
        }
        let notation: G::Notation = text
            .trim()
            .parse()
            .map_err(|e: G::NotationError| ApiError::new(ErrorKind::BadNotation, e.to_string()))?;
        let mv = pos
            .resolve(&notation)
            .map_err(|e| ApiError::new(ErrorKind::IllegalMove, e.to_string()))?;
        let mut next = pos.clone();
        next.play(mv)
            .map_err(|e| ApiError::new(ErrorKind::IllegalMove, e.to_string()))?;
        self.steps.push(Applied::Move(mv));
        self.positions.push(next);
        self.version += 1;
        self.throw_dice();
        self.switch_clocks();
        Ok(())
    }

    fn undo(&mut self, to_human: bool) -> Result<(), ApiError> {
        if self.flagged {
            return Err(ApiError::new(
                ErrorKind::GameOver,
                format!("no undo: {}", G::status(self.current())),
            ));
        }
        if last_move(&self.steps).is_none() {
            return Err(ApiError::new(
                ErrorKind::NothingToUndo,
                "no move to take back",
            ));
        }
        let has_human = self.seats.contains(&SeatPlayer::Human);
        loop {
            // The dice thrown after the last move, then the move itself.
            while let Some(Applied::Chance(_)) = self.steps.last() {
                self.pop_step();
            }
            self.pop_step();
            let human_to_move = match self.current().turn() {
                Turn::Seat(s) => self.player_of(s) == SeatPlayer::Human,
                _ => false,
            };
            if !to_human || !has_human || human_to_move || last_move(&self.steps).is_none() {
                break;
            }
        }
        self.version += 1;
        self.switch_clocks();
        Ok(())
    }

    fn record(&self) -> String {
        let mut text = G::record(&self.start, &self.steps, self.current());
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text
    }

    fn thinker(&self, level: Option<u8>) -> Result<Thinker, ApiError> {
        let Turn::Seat(seat) = self.current().turn() else {
            return Err(ApiError::new(
                ErrorKind::GameOver,
                format!("no move to find: {}", G::status(self.current())),
            ));
        };
        let level = level.or(match self.player_of(seat) {
            SeatPlayer::Computer(level) => level,
            SeatPlayer::Human => None,
        });
        let positions = self.positions.clone();
        let steps = self.steps.clone();
        // On the clock, the engine thinks at most a tenth of the time left.
        let time = match &self.clocks {
            Some(clocks) => self.think_time.min(clocks.left(seat, Instant::now()) / 10),
            None => self.think_time,
        };
        Ok(Box::new(move |stop| {
            G::think(&positions, &steps, level, time, stop)
        }))
    }

    fn tick(&mut self, now: Instant) {
        let Some(seat) = self.clocks.as_ref().and_then(|c| c.flag(now)) else {
            return;
        };
        if let Some(ended) = G::time_out(self.current(), seat) {
            if let Some(last) = self.positions.last_mut() {
                *last = ended;
            }
            self.flagged = true;
            self.version += 1;
        }
        if let Some(clocks) = &mut self.clocks {
            clocks.switch(None, now);
        }
    }
}
