//! One typed record pipeline for every game: [`Record`] (start position, tags, steps,
//! recorded result), a [`Format`] per file format in each game's folder, and one
//! [`replay()`] whose [`Trace`] every report is a fold over.
//!
//! ```
//! use boardgames_core::pente::record::PenteOrg;
//! use boardgames_core::pente::{OpeningRule, Pente, Variant};
//! use boardgames_core::record::{replay, Format, RecordedResult};
//!
//! // A pente.org file: its Game tag names the rules, else the format's default applies.
//! let format = PenteOrg::new(Pente::new(Variant::Pente, OpeningRule::Tournament));
//! let records = format.read("[Game \"Keryo-Pente\"]\n1. K10 L9 2. N10 M10 1-0\n")?;
//! assert_eq!(records[0].result, Some(RecordedResult::FirstPlayerWins));
//! let trace = replay(&records[0]);
//! assert!(trace.illegal.is_none());
//! assert_eq!(trace.plies(), 4);
//! assert_eq!(trace.last().variant(), Variant::KeryoPente);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! * [`tags`]: the `[Name "value"]` reader and writer of every format.
//! * [`movetext`]: the numbered move text writer (`1. K10 L9 2. ...`, wrapped).
//! * [`Format`]: detect, read many, write.
//! * [`mod@replay`]: [`replay()`] of a typed record, [`replay_written`] of steps as text,
//!   [`Trace`] with the first [`IllegalStep`] and its typed [`StepError`].

pub mod format;
#[cfg(feature = "serde")]
pub mod json_lines;
pub mod movetext;
pub mod replay;
mod result;
#[cfg(feature = "serde")]
mod serde_impl;
mod split;
pub mod tags;

use core::fmt;

pub use format::Format;
pub use movetext::MoveText;
pub use replay::{
    replay, replay_written, resolve_step, resolve_text, Applied, IllegalStep, StepError, Trace,
};
pub use result::{RecordedResult, ResultError};
pub use split::split_games;
pub use tags::{label, tag, TagSyntax, Tags};

use crate::game::Game;

/// One step of a record in notation: a seat's move, or a chance outcome (a roll).
#[derive(Clone, Debug, PartialEq)]
pub enum Step<G: Game> {
    /// A move as written.
    Move(G::Notation),
    /// A chance outcome as written.
    Chance(G::ChanceNotation),
    /// A step whose text the format could not read as notation (formats that report such a
    /// step by its ply on replay rather than refusing the file): replay reads it against the
    /// position and refuses it with the reason.
    Written(String),
}

impl<G: Game> fmt::Display for Step<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Move(n) => fmt::Display::fmt(n, f),
            Step::Chance(c) => fmt::Display::fmt(c, f),
            Step::Written(t) => f.write_str(t),
        }
    }
}

impl<G: Game> Step<G> {
    /// The step of an applied move or chance outcome, in the notation of `pos` (the position
    /// before it).
    pub fn of(pos: &G, applied: Applied<G>) -> Step<G> {
        match applied {
            Applied::Move(m) => Step::Move(pos.notation(m)),
            Applied::Chance(c) => Step::Chance(pos.chance_notation(c)),
        }
    }
}

/// One game as a record holds it, independent of the file format.
///
/// `tags` are every header tag as read, in file order, including those that set the start
/// or the result (a format's writer takes those from `start` and `result` and lays its
/// header out its own way). Writing a record and reading it back gives the same start,
/// steps and result.
///
/// With the `serde` feature a record of a game whose positions serialise is
/// `{"start", "tags", "steps": [{"move": "K10"}, {"chance": "31"}, ...], "result"}`.
#[derive(Clone, Debug, PartialEq)]
pub struct Record<G: Game> {
    /// The position the game starts from (variant, layout, setup).
    pub start: G,
    /// Header tags, `(name, value)`, in file order.
    pub tags: Tags,
    /// The steps, in order.
    pub steps: Vec<Step<G>>,
    /// The result the record states, if any (not necessarily an end by the rules).
    pub result: Option<RecordedResult>,
    /// What the text says between or about its steps that is neither a step nor a header tag,
    /// for formats that have such things (a match file's game headers with the players and
    /// the score, its result lines, a play spelled otherwise than the game writes it): kept
    /// so that the text writes back as it was read, and checked against the positions by the
    /// format's own reports. Empty for most formats; replay ignores them.
    pub notes: Vec<Note>,
}

/// A note of a [`Record`]: a named value the text gives at one step (see [`Record::notes`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Note {
    /// The index of the step the note goes with (it comes before that step); the number of
    /// steps for a note after the last one.
    pub at: usize,
    /// What it is, a name the format defines (`game`, `score`, `wins`, ...).
    pub name: String,
    /// Its value as the text gives it.
    pub value: String,
}

impl Note {
    /// A note at step `at`.
    pub fn new(at: usize, name: impl Into<String>, value: impl Into<String>) -> Note {
        Note {
            at,
            name: name.into(),
            value: value.into(),
        }
    }
}

impl<G: Game> Record<G> {
    /// A record of no steps from `start`.
    pub fn new(start: G) -> Record<G> {
        Record {
            start,
            tags: Tags::new(),
            steps: Vec::new(),
            result: None,
            notes: Vec::new(),
        }
    }

    /// The record of a played game: `applied` from `start`, each step in the notation of the
    /// position it was played in.
    ///
    /// # Errors
    /// The game's reason for the first step that does not apply.
    pub fn of_game(start: &G, applied: &[Applied<G>]) -> Result<Record<G>, G::IllegalMove> {
        let mut record = Record::new(start.clone());
        let mut pos = start.clone();
        for &a in applied {
            record.steps.push(Step::of(&pos, a));
            a.apply(&mut pos)?;
        }
        Ok(record)
    }

    /// The notes at step `at`, in order.
    pub fn notes_at(&self, at: usize) -> impl Iterator<Item = &Note> + '_ {
        self.notes.iter().filter(move |n| n.at == at)
    }

    /// The value of the first tag called `name`, if any.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tags::tag(&self.tags, name)
    }

    /// Sets a tag: the first of that name gets the value, or the tag is added at the end.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }

    /// The text of the first step kept as written ([`Step::Written`]), if any: formats whose
    /// reader never keeps a step so refuse to write one, as it would not read back.
    #[must_use]
    pub fn first_written(&self) -> Option<&str> {
        self.steps.iter().find_map(|s| match s {
            Step::Written(text) => Some(text.as_str()),
            _ => None,
        })
    }

    /// The text of every step that is not a chance outcome, in order: the moves as
    /// formats write them.
    pub fn move_texts(&self) -> Vec<String> {
        self.steps
            .iter()
            .filter(|s| !matches!(s, Step::Chance(_)))
            .map(ToString::to_string)
            .collect()
    }
}
