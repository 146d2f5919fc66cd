//! The simple record of a checker game, one turn a line, as a [`Format`]: `turns`.
//!
//! ```text
//! # a comment
//! Position ID: 4HPwATDgc/ABMA      (optional start; with Match ID: ... for the side on roll)
//! 31: 8/5 6/5
//! 64: 24/18 13/9
//! 66: pass
//! ```
//!
//! The start is the format's default (the standard position with X on roll) unless a header
//! gives another: `Position ID: ID` (X on roll), with `Match ID: ID` for the side on roll and
//! the dice, or `XGID=...`. Each turn is `dice: play` in gnubg notation (`pass`, or nothing
//! after the colon, when the roll cannot be played); a start that already has its dice begins
//! with a play alone. Line breaks are optional: `31: 8/5 6/5 64: 24/18 13/9` reads the same.
//! The cube is not recorded. Written back: the start as an XGID when it is not the standard
//! position, a line per turn, and `# X wins N` when the game is over. The format holds one
//! game, without tags or a recorded result (the result follows from the plays): writing
//! more than one record is refused.

use crate::backgammon::{
    Backgammon, Dice, DiceError, IdError, PlayNotation, Setup, SetupError, SetupProblem, Side,
    SyntaxProblem, Xgid,
};
use crate::record::{replay, Format, Record, Step};

/// Why a simple record does not read (or write).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TurnsError {
    /// The start headers do not give a position: both an ID and an XGID, a Match ID alone,
    /// an ID that does not decode, or a roll that is no roll.
    #[error(transparent)]
    Start(#[from] StartError),
    /// Writing: a step kept as written would begin a line that reads as a start header
    /// (`pid:`, `Match ID:`, `XGID=`...), so the text would not read back as the record.
    #[error("the step {0:?} would read as a start header")]
    HeaderLikeStep(String),
    /// Writing: a step kept as written holds a word that reads as a roll (`66:`), so the text
    /// would read back as a roll and another play.
    #[error("the step {0:?} would not read back: it holds a roll")]
    RollLikeStep(String),
    /// Writing: a step of several words with no roll before it, which would read back as
    /// one step a word.
    #[error("the step {0:?} would not read back: it has no roll before it and several words")]
    UnrolledStep(String),
    /// Writing: a step after a roll's play with no roll between, which would read back as
    /// part of that play (a play runs to the next roll).
    #[error("the step {0:?} would not read back: it follows a play with no roll between")]
    PlayAfterPlay(String),
    /// Writing: a step kept as written that reading would change: a `#` (a comment follows),
    /// or spaces other than one between words (reading joins the words so).
    #[error("the step {0:?} would not read back as written (a '#' or spaces reading changes)")]
    ChangedStep(String),
    /// Writing: more than one record (the format holds one game: a text reads back as one).
    #[error("{0} records: a turns record holds one game")]
    SeveralRecords(usize),
}

/// Why the start of a simple record (or a command's `--position-id`, `--match-id`,
/// `--xgid`) gives no position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// Both a Position ID and an XGID.
    #[error("give a Position ID or an XGID, not both")]
    IdAndXgid,
    /// A Match ID without a Position ID.
    #[error("a Match ID needs a Position ID")]
    MatchIdAlone,
    /// A Position ID or Match ID, or an XGID's text, that does not decode.
    #[error(transparent)]
    Id(#[from] IdError),
    /// An XGID whose fields are no position.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A roll that is no roll (`71:`).
    #[error(transparent)]
    Dice(#[from] DiceError),
}

/// Whether a line reads as a start header (see `Turns::read_one`).
fn is_header_line(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    [
        "position id:",
        "positionid:",
        "pid:",
        "match id:",
        "matchid:",
        "mid:",
        "xgid=",
    ]
    .iter()
    .any(|h| lower.starts_with(h))
}

/// The simple record as a [`Format`] (see the module docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Turns {
    /// The start of records without a start header.
    pub default: Backgammon,
}

/// The position of a gnubg Position ID (X on roll), with a Match ID for the side on roll and
/// the dice.
///
/// # Errors
/// Why an ID does not decode.
pub fn from_ids(position_id: &str, match_id: Option<&str>) -> Result<Backgammon, StartError> {
    Ok(match match_id {
        Some(mid) => Backgammon::from_ids(position_id.trim(), mid.trim())?,
        None => Backgammon::from_position_id(position_id.trim(), Side::X)?,
    })
}

/// The position of an XGID (with or without `XGID=`).
///
/// # Errors
/// Why the XGID does not read.
pub fn from_xgid(text: &str) -> Result<Backgammon, StartError> {
    let x: Xgid = text
        .trim()
        .parse()
        .map_err(|e: SetupError| match e.problems() {
            // A malformed XGID: its message as it was before the rules were checked.
            [SetupProblem::Syntax(SyntaxProblem::Id(id))] => StartError::Id(id.clone()),
            _ => StartError::Setup(e),
        })?;
    Ok(Setup::from_xgid(&x).into_position()?)
}

/// Whether `token` is a roll followed by a colon (`31:`), and the roll's text and the rest.
fn roll_prefix(token: &str) -> Option<(&str, &str)> {
    let (dice, rest) = token.split_once(':')?;
    let ok = dice.len() == 2 && dice.bytes().all(|b| (b'1'..=b'6').contains(&b));
    ok.then_some((dice, rest))
}

impl Turns {
    fn read_one(&self, text: &str) -> Result<Record<Backgammon>, TurnsError> {
        let (mut pid, mut mid, mut xgid) = (None::<String>, None::<String>, None::<String>);
        let mut tags = Vec::new();
        let mut body = String::new();
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("").trim();
            let lower = line.to_ascii_lowercase();
            let header = |names: &[&str]| {
                names.iter().find_map(|n| {
                    lower
                        .starts_with(n)
                        .then(|| line.get(n.len()..).unwrap_or("").trim().to_owned())
                })
            };
            if let Some(v) = header(&["position id:", "positionid:", "pid:"]) {
                tags.push(("Position ID".to_owned(), v.clone()));
                pid = Some(v);
            } else if let Some(v) = header(&["match id:", "matchid:", "mid:"]) {
                tags.push(("Match ID".to_owned(), v.clone()));
                mid = Some(v);
            } else if lower.starts_with("xgid=") {
                tags.push(("XGID".to_owned(), line.to_owned()));
                xgid = Some(line.to_owned());
            } else {
                body.push_str(line);
                body.push('\n');
            }
        }
        let start = match (&pid, &xgid) {
            (Some(_), Some(_)) => return Err(StartError::IdAndXgid.into()),
            (Some(p), None) => from_ids(p, mid.as_deref())?,
            (None, Some(x)) => from_xgid(x)?,
            (None, None) if mid.is_some() => return Err(StartError::MatchIdAlone.into()),
            (None, None) => self.default,
        };
        // The play being read: `Some` from a roll (or a start with dice) to the next roll.
        let mut steps: Vec<Step<Backgammon>> = Vec::new();
        let mut play: Option<Vec<&str>> = start.dice().map(|_| Vec::new());
        // A play that is no notation is kept as written: replay refuses it at its ply.
        let finish = |words: Vec<&str>| -> Result<Step<Backgammon>, TurnsError> {
            let text = if words.is_empty() {
                "pass".to_owned()
            } else {
                words.join(" ")
            };
            Ok(match text.parse::<PlayNotation>() {
                Ok(n) => Step::Move(n),
                Err(_) => Step::Written(text),
            })
        };
        for token in body.split_whitespace() {
            if let Some((dice, rest)) = roll_prefix(token) {
                if let Some(words) = play.take() {
                    steps.push(finish(words)?);
                }
                let dice: Dice = dice.parse().map_err(StartError::from)?;
                steps.push(Step::Chance(dice));
                play = Some(if rest.is_empty() {
                    Vec::new()
                } else {
                    vec![rest]
                });
            } else {
                match play.as_mut() {
                    Some(words) => words.push(token),
                    // A play with no roll before it: the replay reports it at this step.
                    None => steps.push(finish(vec![token])?),
                }
            }
        }
        // A roll at the very end with nothing after it stays to be played.
        if let Some(words) = play.filter(|w| !w.is_empty()) {
            steps.push(finish(words)?);
        }
        Ok(Record {
            start,
            tags,
            steps,
            result: None,
            notes: Vec::new(),
        })
    }
}

impl Format<Backgammon> for Turns {
    type Error = TurnsError;

    fn name(&self) -> &'static str {
        "turns"
    }

    /// Any text (the fallback).
    fn detect(&self, _text: &str) -> bool {
        true
    }

    /// One game: the whole text (none for a blank one).
    fn read(&self, text: &str) -> Result<Vec<Record<Backgammon>>, TurnsError> {
        let blank = text
            .lines()
            .all(|l| l.split('#').next().unwrap_or("").trim().is_empty());
        if blank {
            return Ok(Vec::new());
        }
        self.read_one(text).map(|r| vec![r])
    }

    fn write(&self, records: &[Record<Backgammon>]) -> Result<String, TurnsError> {
        if records.len() > 1 {
            return Err(TurnsError::SeveralRecords(records.len()));
        }
        let mut out = String::new();
        for record in records {
            let mut lines = Vec::new();
            // The start is written unless it is both the standard start and this format's
            // default (so that the text reads back with either as the reader's default), and
            // always for a record of no steps (a text of nothing reads back as no record).
            if record.start != Backgammon::new()
                || record.start != self.default
                || record.steps.is_empty()
            {
                // The setup prints as its XGID, `XGID=` included.
                lines.push(Setup::of(&record.start).to_string());
            }
            let mut line = String::new();
            // Whether the next play follows its roll (or the start's own dice), and whether a
            // rolled play was the last step (reading runs a play to the next roll).
            let mut rolled = record.start.dice().is_some();
            let mut played = false;
            for step in &record.steps {
                match step {
                    Step::Chance(d) => {
                        rolled = true;
                        played = false;
                        if !line.is_empty() {
                            lines.push(core::mem::take(&mut line));
                        }
                        line = format!("{d}:");
                    }
                    Step::Move(_) | Step::Written(_) => {
                        let written = step.to_string();
                        let words: Vec<&str> = written.split_whitespace().collect();
                        if written.contains('#') || words.join(" ") != written {
                            return Err(TurnsError::ChangedStep(written));
                        }
                        if written.split_whitespace().any(|w| roll_prefix(w).is_some()) {
                            return Err(TurnsError::RollLikeStep(written));
                        }
                        if played {
                            return Err(TurnsError::PlayAfterPlay(written));
                        }
                        if !rolled && written.split_whitespace().count() > 1 {
                            return Err(TurnsError::UnrolledStep(written));
                        }
                        played = rolled;
                        rolled = false;
                        line.push(' ');
                        line.push_str(&step.to_string());
                        let text = core::mem::take(&mut line).trim().to_owned();
                        if is_header_line(&text) {
                            return Err(TurnsError::HeaderLikeStep(step.to_string()));
                        }
                        lines.push(text);
                    }
                }
            }
            if !line.is_empty() {
                lines.push(line);
            }
            let end = replay(record);
            if let Some((w, k)) = end.last().win() {
                let points = k.points(end.last().cube_value());
                lines.push(format!("# {w} wins {points}"));
            }
            out.push_str(&lines.join("\n"));
            out.push('\n');
        }
        Ok(out)
    }
}
