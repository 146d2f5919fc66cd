//! One replay for every game: a record's steps applied to its start, with every position
//! reached and the first step the rules refuse.

use core::fmt;
use core::str::FromStr;

use super::{Record, Step};
use crate::game::{Game, Turn};

/// Why a step was refused.
#[derive(Debug)]
pub enum StepError<G: Game> {
    /// The text is not move notation (a seat was to move).
    Notation(G::NotationError),
    /// The text is not a chance outcome's notation (chance was to act).
    ChanceNotation(<G::ChanceNotation as FromStr>::Err),
    /// The move is not legal here: the game's own reason (game over included).
    Illegal(G::IllegalMove),
    /// The chance outcome is not one of this position's: the game's own reason.
    IllegalChance(G::IllegalMove),
}

impl<G: Game> fmt::Display for StepError<G> {
    /// `bad notation: ...`, `illegal move: ...`, or the chance outcome's reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Notation(e) => write!(f, "bad notation: {e}"),
            StepError::Illegal(e) => write!(f, "illegal move: {e}"),
            StepError::ChanceNotation(e) => write!(f, "{e}"),
            StepError::IllegalChance(e) => write!(f, "{e}"),
        }
    }
}

impl<G: Game> std::error::Error for StepError<G> {}

impl<G: Game> StepError<G> {
    /// The game's reason alone, without the `bad notation:` / `illegal move:` prefix.
    pub fn reason(&self) -> String {
        match self {
            StepError::Notation(e) => e.to_string(),
            StepError::ChanceNotation(e) => e.to_string(),
            StepError::Illegal(e) | StepError::IllegalChance(e) => e.to_string(),
        }
    }

    /// Whether the text is no step at all (neither move nor chance notation), rather than a
    /// step the rules refuse here.
    #[must_use]
    pub fn is_notation(&self) -> bool {
        matches!(self, StepError::Notation(_) | StepError::ChanceNotation(_))
    }

    /// Whether chance was to act (the step was read as a chance outcome).
    pub fn at_chance(&self) -> bool {
        matches!(
            self,
            StepError::ChanceNotation(_) | StepError::IllegalChance(_)
        )
    }
}

/// The first step the rules refused, where and why.
#[derive(Debug)]
pub struct IllegalStep<G: Game> {
    /// The step's index in the record, from 0.
    pub index: usize,
    /// The ply it would have been, from 1: moves applied before it, plus one.
    pub ply: usize,
    /// The step as written (its notation when the record was typed).
    pub written: String,
    /// Why it was refused.
    pub error: StepError<G>,
}

/// A step as applied: the move or the chance outcome the notation resolved to.
#[derive(Debug, PartialEq, Eq)]
pub enum Applied<G: Game> {
    /// A seat's move.
    Move(G::Move),
    /// A chance outcome.
    Chance(G::Chance),
}

impl<G: Game> Clone for Applied<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Applied<G> {}

impl<G: Game> fmt::Display for Applied<G> {
    /// The move in the game's notation, or the chance outcome as the game prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Applied::Move(m) => fmt::Display::fmt(m, f),
            Applied::Chance(c) => fmt::Display::fmt(c, f),
        }
    }
}

impl<G: Game> Applied<G> {
    /// Applies the step to `pos`.
    ///
    /// # Errors
    /// The game's reason; `pos` is then unchanged.
    pub fn apply(self, pos: &mut G) -> Result<(), G::IllegalMove> {
        match self {
            Applied::Move(m) => pos.play(m),
            Applied::Chance(c) => pos.apply_chance(c),
        }
    }
}

/// What replaying a record did: the positions reached, the steps applied, and the first
/// step refused.
///
/// `positions[0]` is the start and `positions[i + 1]` the position after `applied[i]`; the
/// replay stops at the first refused step.
#[derive(Debug)]
pub struct Trace<G: Game> {
    /// The start, then the position after each applied step.
    pub positions: Vec<G>,
    /// The steps applied, resolved.
    pub applied: Vec<Applied<G>>,
    /// The first refused step, if any.
    pub illegal: Option<IllegalStep<G>>,
}

impl<G: Game> Trace<G> {
    /// The last position reached.
    pub fn last(&self) -> &G {
        // The start is always there.
        &self.positions[self.positions.len() - 1]
    }

    /// The moves applied (chance outcomes not counted).
    pub fn plies(&self) -> usize {
        self.applied
            .iter()
            .filter(|a| matches!(a, Applied::Move(_)))
            .count()
    }

    /// Each applied step with the positions before and after it.
    pub fn steps(&self) -> impl Iterator<Item = (&G, Applied<G>, &G)> + '_ {
        self.applied
            .iter()
            .enumerate()
            .map(|(i, &a)| (&self.positions[i], a, &self.positions[i + 1]))
    }

    fn start(start: G, capacity: usize) -> Trace<G> {
        let mut positions = Vec::with_capacity(capacity + 1);
        positions.push(start);
        Trace {
            positions,
            applied: Vec::with_capacity(capacity),
            illegal: None,
        }
    }

    /// Applies one step (resolved against the last position); `false` once refused.
    fn push(
        &mut self,
        index: usize,
        written: String,
        resolved: Result<Applied<G>, StepError<G>>,
    ) -> bool {
        let ply = self.plies() + 1;
        let mut pos = self.last().clone();
        let applied = resolved.and_then(|a| match a.apply(&mut pos) {
            Ok(()) => Ok(a),
            Err(e) => Err(match a {
                Applied::Move(_) => StepError::Illegal(e),
                Applied::Chance(_) => StepError::IllegalChance(e),
            }),
        });
        match applied {
            Ok(a) => {
                self.applied.push(a);
                self.positions.push(pos);
                true
            }
            Err(error) => {
                self.illegal = Some(IllegalStep {
                    index,
                    ply,
                    written,
                    error,
                });
                false
            }
        }
    }
}

/// Resolves a step written as text against `pos`: a chance outcome when chance is to act,
/// a move otherwise.
///
/// # Errors
/// Why the text is no legal step here.
pub fn resolve_text<G: Game>(pos: &G, text: &str) -> Result<Applied<G>, StepError<G>> {
    let text = text.trim();
    match pos.turn() {
        Turn::Chance => {
            let n: G::ChanceNotation = text.parse().map_err(StepError::ChanceNotation)?;
            pos.resolve_chance(&n)
                .map(Applied::Chance)
                .map_err(StepError::IllegalChance)
        }
        Turn::Seat(_) | Turn::Over => {
            let n: G::Notation = text.parse().map_err(StepError::Notation)?;
            pos.resolve(&n)
                .map(Applied::Move)
                .map_err(StepError::Illegal)
        }
    }
}

/// Resolves a step against `pos`. A step of the other kind than the position expects (a
/// roll where a play is due) is read again from its text as the expected kind, so that its
/// error says what was expected.
///
/// # Errors
/// Why the step is no legal step here.
pub fn resolve_step<G: Game>(pos: &G, step: &Step<G>) -> Result<Applied<G>, StepError<G>> {
    match (pos.turn(), step) {
        (Turn::Chance, Step::Chance(n)) => pos
            .resolve_chance(n)
            .map(Applied::Chance)
            .map_err(StepError::IllegalChance),
        (Turn::Seat(_) | Turn::Over, Step::Move(n)) => pos
            .resolve(n)
            .map(Applied::Move)
            .map_err(StepError::Illegal),
        (_, Step::Written(text)) => resolve_text(pos, text),
        _ => resolve_text(pos, &step.to_string()),
    }
}

/// Replays a record from its start (see [`Trace`]); stops at the first refused step.
pub fn replay<G: Game>(record: &Record<G>) -> Trace<G> {
    let mut trace = Trace::start(record.start.clone(), record.steps.len());
    for (i, step) in record.steps.iter().enumerate() {
        let resolved = resolve_step(trace.last(), step);
        if !trace.push(i, step.to_string(), resolved) {
            break;
        }
    }
    trace
}

/// Replays steps written as text from `start` (each read as the position expects: a chance
/// outcome or a move); stops at the first text that is no legal step.
pub fn replay_written<G: Game, S: AsRef<str>>(start: &G, texts: &[S]) -> Trace<G> {
    let mut trace = Trace::start(start.clone(), texts.len());
    for (i, text) in texts.iter().enumerate() {
        let text = text.as_ref();
        let resolved = resolve_text(trace.last(), text);
        if !trace.push(i, text.to_owned(), resolved) {
            break;
        }
    }
    trace
}
