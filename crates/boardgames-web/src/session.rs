//! One game played in the browser: its start, the steps played, who plays each seat, and
//! what the page is sent ([`StateView`]). [`Played`] does this for any game implementing
//! [`WebGame`]; the store holds it as a [`Session`], so that every game lives behind one
//! interface.

use std::time::Duration;

use boardgames_core::record::Applied;
use boardgames_core::{Game, GameResult, Seat, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

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
}

/// The engine's work on a copy of the game, to be run off the request threads.
pub type Thinker = Box<dyn FnOnce() -> Result<Thought, ApiError> + Send>;

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
    /// in time.
    ///
    /// # Errors
    /// [`ErrorKind::Engine`] when the engine cannot play at that level or finds no move.
    fn think(
        positions: &[Self],
        steps: &[Applied<Self>],
        level: Option<u8>,
        time: Duration,
    ) -> Result<Thought, ApiError>;
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
    /// How the game ended, once it has.
    pub result: Option<ResultView>,
    /// Whether there is a move to take back.
    pub can_undo: bool,
    /// The board as plain data (per game).
    pub board: serde_json::Value,
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
    /// The dice.
    rng: ChaCha8Rng,
    /// Counts the changes.
    version: u64,
    /// The engine's time for a move, at most.
    think_time: Duration,
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
        let count = start.seat_count();
        let seats = (0..count)
            .map(|s| seats.get(s).copied().unwrap_or(SeatPlayer::Human))
            .collect();
        let mut played = Played {
            name,
            seats,
            steps: Vec::new(),
            positions: vec![start],
            rng: ChaCha8Rng::seed_from_u64(seed),
            version: 0,
            think_time,
        };
        played.throw_dice();
        played
    }

    /// The position now.
    fn current(&self) -> &G {
        // `positions` always holds the start.
        &self.positions[self.positions.len() - 1]
    }

    /// Applies chance outcomes while chance is to act, each drawn with its probability.
    fn throw_dice(&mut self) {
        while self.current().turn() == Turn::Chance {
            let outcomes = self.current().chance_outcomes();
            let Some(&(last, _)) = outcomes.last() else {
                return;
            };
            let mut r: f64 = self.rng.random();
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

    /// The seat that played the move of step `i`.
    fn mover_of(&self, i: usize) -> Option<Seat> {
        match self.positions.get(i)?.turn() {
            Turn::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// The last move (not chance) with the position before it and its seat.
    fn last_move(&self) -> Option<(usize, G::Move)> {
        self.steps
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, step)| match step {
                Applied::Move(m) => Some((i, *m)),
                Applied::Chance(_) => None,
            })
    }

    /// Removes the last step and its position.
    fn pop_step(&mut self) -> Option<Applied<G>> {
        let step = self.steps.pop()?;
        self.positions.pop();
        Some(step)
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
        let pos = self.current();
        let turn = pos.turn();
        let (kind, seat) = match turn {
            Turn::Seat(s) => ("seat", Some(s.0)),
            Turn::Chance => ("chance", None),
            Turn::Over => ("over", None),
        };
        let computer_to_move = match turn {
            Turn::Seat(s) => matches!(self.player_of(s), SeatPlayer::Computer(_)),
            _ => false,
        };
        let seats = self
            .seats
            .iter()
            .zip(0u8..)
            .map(|(player, s)| SeatView {
                seat: s,
                name: G::seat_name(pos, Seat(s)),
                player: match player {
                    SeatPlayer::Human => "human",
                    SeatPlayer::Computer(_) => "computer",
                },
                level: match player {
                    SeatPlayer::Computer(level) => *level,
                    SeatPlayer::Human => None,
                },
            })
            .collect();
        let last = self.last_move();
        let last_move = last.and_then(|(i, m)| {
            Some(LastMove {
                seat: self.mover_of(i)?.0,
                text: m.to_string(),
            })
        });
        let board = G::board(pos, last.map(|(i, m)| (&self.positions[i], m)));
        StateView {
            id: id.to_owned(),
            game: self.name,
            version: self.version,
            seats,
            turn: TurnView { kind, seat },
            computer_to_move,
            status: G::status(pos),
            legal_moves: pos.moves().iter().map(ToString::to_string).collect(),
            last_move,
            history: self
                .steps
                .iter()
                .map(|step| match step {
                    Applied::Move(m) => m.to_string(),
                    Applied::Chance(c) => c.to_string(),
                })
                .collect(),
            result: result_of(pos),
            can_undo: last.is_some(),
            board,
        }
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
        Ok(())
    }

    fn undo(&mut self, to_human: bool) -> Result<(), ApiError> {
        if self.last_move().is_none() {
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
            if !to_human || !has_human || human_to_move || self.last_move().is_none() {
                break;
            }
        }
        self.version += 1;
        Ok(())
    }

    fn record(&self) -> String {
        let mut text = G::record(&self.positions[0], &self.steps, self.current());
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
        let time = self.think_time;
        Ok(Box::new(move || G::think(&positions, &steps, level, time)))
    }
}
