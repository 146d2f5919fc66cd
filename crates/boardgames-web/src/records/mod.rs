//! Records opened in the browser: a file's games read by the core's formats, replayed by the
//! core's replay, each position reached kept so that the page can step through them, and a
//! new game made from any of them. [`Replayed`] does this for any game implementing
//! [`WebGame`]; the store keeps it as a [`Replay`]. [`read`] turns a text into one,
//! [`analysis`] judges a backgammon match file's decisions.

pub mod analysis;
pub mod read;
pub mod turns;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use boardgames_core::record::Applied;
use boardgames_core::{Game, Turn};
use serde::Serialize;

use crate::engine::LEVELS;
use crate::error::{ApiError, ErrorKind};
use crate::session::{state_view, Played, SeatPlayer, Session, StateView, WebGame};

pub use analysis::{Analyser, Analysis};

/// The most positions a record file may hold in all (its games' steps, plus one start
/// each), so that a file within the upload limit stays small in memory.
pub const MAX_POSITIONS: usize = 100_000;

/// One game of a record file, replayed.
pub struct Traced<G: Game> {
    /// What the record calls it (its players, event, or number).
    pub label: String,
    /// The start, then the position after each step.
    pub positions: Vec<G>,
    /// The steps applied: moves and chance outcomes.
    pub steps: Vec<Applied<G>>,
}

/// A game of a record file as the page lists it.
#[derive(Clone, Debug, Serialize)]
pub struct RecordView {
    /// What the record calls it.
    pub label: String,
    /// The step of its start (steps are counted through the whole file, from 0).
    pub first: usize,
    /// The step of its last position.
    pub last: usize,
}

/// One step of the move list: the move or chance outcome that leads to a step's position.
#[derive(Clone, Debug, Serialize)]
pub struct MoveEntry {
    /// The step it leads to (its position's number).
    pub step: usize,
    /// The game of the file it belongs to, from 0.
    pub record: usize,
    /// The seat that played it; `None` for a chance outcome.
    pub seat: Option<u8>,
    /// `move` or `chance`.
    pub kind: &'static str,
    /// As the game writes it (`K10`, `a1b2`, `24/18 13/11`, `31`).
    pub text: String,
}

/// What `POST /api/records` answers: the replay's id, its steps and move list.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The replay's id.
    pub id: String,
    /// The game: `pente`, `keryo-pente`, `abalone` or `backgammon`.
    pub game: &'static str,
    /// The number of positions (steps 0 to `steps - 1`).
    pub steps: usize,
    /// The file's games, in order.
    pub records: Vec<RecordView>,
    /// Every move and chance outcome, in order.
    pub moves: Vec<MoveEntry>,
    /// Whether an analysis of the decisions can be asked for (backgammon).
    pub can_analyse: bool,
}

/// A record file opened, whatever its game.
pub trait Replay: Send {
    /// The game's name in the API.
    fn game(&self) -> &'static str;

    /// The replay's summary under the id `id`.
    fn summary(&self, id: &str) -> Summary;

    /// The state of step `k`, in the shape of a game's state (its `id` the replay's, its
    /// `version` the step).
    ///
    /// # Errors
    /// [`ErrorKind::BadStep`] past the last step.
    fn step(&self, id: &str, k: usize) -> Result<StateView, ApiError>;

    /// A new game going on from step `k`, its seats played by `seats`, its dice from
    /// `seed`, the engine thinking at most `think_time` a move.
    ///
    /// # Errors
    /// [`ErrorKind::BadStep`] past the last step, [`ErrorKind::GameOver`] at a position
    /// where the game is over.
    fn resume(
        &self,
        k: usize,
        seats: &[SeatPlayer],
        seed: u64,
        think_time: Duration,
    ) -> Result<Box<dyn Session>, ApiError>;

    /// The analysis of the file's decisions at `level` (`None`: the analysis's default,
    /// [`analysis::DEFAULT_LEVEL`]), to run on a blocking thread.
    ///
    /// # Errors
    /// [`ErrorKind::BadOption`] for a game without an analysis (all but backgammon), or a
    /// level outside 1 to 5.
    fn analyser(&self, level: Option<u8>) -> Result<Analyser, ApiError>;
}

/// The analysis of a file's decisions at an engine level ([`Replayed::with_analysis`]).
pub type AnalyseAt = Arc<dyn Fn(u8, &AtomicBool) -> Analysis + Send + Sync>;

/// A record file of the game `G`: its games, replayed.
pub struct Replayed<G: WebGame> {
    /// The game's name in the API.
    name: &'static str,
    /// The file's games.
    games: Vec<Traced<G>>,
    /// The analysis of its decisions, for the games that have one.
    analysis: Option<AnalyseAt>,
}

/// A step past the last one.
fn bad_step(k: usize, count: usize) -> ApiError {
    ApiError::new(
        ErrorKind::BadStep,
        format!(
            "no step {k}: the record has steps 0 to {}",
            count.saturating_sub(1)
        ),
    )
}

impl<G: WebGame> Replayed<G> {
    /// The games of a file of the game named `name`.
    #[must_use]
    pub fn new(name: &'static str, games: Vec<Traced<G>>) -> Replayed<G> {
        Replayed {
            name,
            games,
            analysis: None,
        }
    }

    /// These games, their decisions analysed by `analyse` at a level.
    #[must_use]
    pub fn with_analysis(self, analyse: AnalyseAt) -> Replayed<G> {
        Replayed {
            analysis: Some(analyse),
            ..self
        }
    }

    /// The number of positions of every game.
    #[must_use]
    pub fn count(&self) -> usize {
        self.games.iter().map(|g| g.positions.len()).sum()
    }

    /// The game of step `k` and the index of its position there.
    fn locate(&self, k: usize) -> Result<(&Traced<G>, usize), ApiError> {
        let mut first = 0;
        for game in &self.games {
            if k < first + game.positions.len() {
                return Ok((game, k - first));
            }
            first += game.positions.len();
        }
        Err(bad_step(k, self.count()))
    }
}

impl<G: WebGame> Replay for Replayed<G> {
    fn game(&self) -> &'static str {
        self.name
    }

    fn summary(&self, id: &str) -> Summary {
        let mut records = Vec::with_capacity(self.games.len());
        let mut moves = Vec::new();
        let mut first = 0;
        for (r, game) in self.games.iter().enumerate() {
            records.push(RecordView {
                label: game.label.clone(),
                first,
                last: first + game.positions.len().saturating_sub(1),
            });
            for (i, (step, before)) in game.steps.iter().zip(&game.positions).enumerate() {
                let (kind, seat, text) = match step {
                    Applied::Move(m) => (
                        "move",
                        match before.turn() {
                            Turn::Seat(s) => Some(s.0),
                            _ => None,
                        },
                        m.to_string(),
                    ),
                    Applied::Chance(c) => ("chance", None, c.to_string()),
                };
                moves.push(MoveEntry {
                    step: first + i + 1,
                    record: r,
                    seat,
                    kind,
                    text,
                });
            }
            first += game.positions.len();
        }
        Summary {
            id: id.to_owned(),
            game: self.name,
            steps: first,
            records,
            moves,
            can_analyse: self.analysis.is_some(),
        }
    }

    fn step(&self, id: &str, k: usize) -> Result<StateView, ApiError> {
        let (game, i) = self.locate(k)?;
        let version = u64::try_from(k).unwrap_or(u64::MAX);
        Ok(state_view(
            id,
            self.name,
            version,
            &[],
            &game.positions[..=i],
            &game.steps[..i],
        ))
    }

    fn resume(
        &self,
        k: usize,
        seats: &[SeatPlayer],
        seed: u64,
        think_time: Duration,
    ) -> Result<Box<dyn Session>, ApiError> {
        let (game, i) = self.locate(k)?;
        let pos = &game.positions[i];
        if pos.turn() == Turn::Over {
            return Err(ApiError::new(
                ErrorKind::GameOver,
                format!("the game is over at step {k}: {}", G::status(pos)),
            ));
        }
        Ok(Box::new(Played::resume(
            self.name,
            game.positions[0].clone(),
            game.positions[1..=i].to_vec(),
            game.steps[..i].to_vec(),
            seats,
            seed,
            think_time,
        )))
    }

    fn analyser(&self, level: Option<u8>) -> Result<Analyser, ApiError> {
        let Some(analyse) = self.analysis.as_ref().map(Arc::clone) else {
            return Err(ApiError::new(
                ErrorKind::BadOption,
                format!("no analysis of {} records: backgammon only", self.name),
            ));
        };
        let level = match level {
            None => analysis::DEFAULT_LEVEL,
            Some(n) if LEVELS.contains(&n) => n,
            Some(n) => {
                return Err(ApiError::new(
                    ErrorKind::BadOption,
                    format!("no level {n} (levels 1 to 5)"),
                ))
            }
        };
        Ok(Box::new(move |stop: Arc<AtomicBool>| analyse(level, &stop)))
    }
}
