//! The errors of the backgammon module: each says what was wrong and where.

use core::fmt;

use super::board::Side;
use super::dice::Dice;
use super::notation::PlayNotation;
use super::play::Play;
use super::session::MatchProblem;

/// Why a text, or two numbers given to [`Dice::new`](super::Dice::new), are not a roll of
/// two dice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad dice: {text:?}: {problem}")]
pub struct DiceError {
    /// The text given (for [`Dice::new`](super::Dice::new): the two numbers as `a-b`).
    pub text: String,
    /// What is wrong with it.
    pub problem: DiceProblem,
}

/// What is wrong with a text that should be a roll of two dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DiceProblem {
    /// Not two dice (once separators `-`, `,` and spaces are left out).
    #[error("expected two dice like 31 or 3-1")]
    NotTwo,
    /// A character that is not a die `1..=6`.
    #[error("{0:?} is not a die (1-6)")]
    NotADie(char),
    /// The two numbers are no roll.
    #[error("not a roll")]
    NotARoll,
    /// A die given to [`Dice::new`](super::Dice::new) is not `1..=6`.
    #[error("die {die} is {value}, each die is 1 to 6")]
    OutOfRange {
        /// Which die: 1 for the first argument, 2 for the second.
        die: u8,
        /// Its value.
        value: u8,
    },
}

/// Why a text is not play notation (`24/18 13/11`, `bar/22*/16`, `6/off(2)`, `pass`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad play notation {text:?} at byte {at}: {problem}")]
pub struct NotationError {
    /// The text given (cut to 80 characters).
    pub text: String,
    /// Byte offset in `text` where the problem was found.
    pub at: usize,
    /// What is wrong.
    pub problem: NotationProblem,
}

/// What is wrong in play notation, at the place a [`NotationError`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationProblem {
    /// Nothing is written.
    #[error("empty; write a play like 24/18 13/11, or pass")]
    Empty,
    /// Separators but no move.
    #[error("no move written")]
    NoMove,
    /// A move ends with `/` instead of a point.
    #[error("a move ends with '/'")]
    EndsWithSlash,
    /// A `/` with no point before it.
    #[error("'/' without a point before it")]
    SlashWithoutPoint,
    /// A `*` that follows no point.
    #[error("'*' must follow a point")]
    StarWithoutPoint,
    /// A `(` that follows no move.
    #[error("'(' must follow a move")]
    CountWithoutMove,
    /// A `(` after a single point or a `/`.
    #[error("'(' must follow a whole move like 13/7")]
    CountWithinMove,
    /// A `(` never closed.
    #[error("missing ')'")]
    MissingParenthesis,
    /// The text between `(` and `)` is not a number.
    #[error("expected a count 1-4 in (n)")]
    CountNotANumber,
    /// The count in `(n)` is not 1 to 4.
    #[error("a move repeats 1 to 4 times")]
    CountOutOfRange {
        /// The count written.
        count: u8,
    },
    /// A point number above 25.
    #[error("points are 0 (off) to 25 (bar)")]
    PointOutOfRange {
        /// The number written (`u32::MAX` when it does not fit).
        point: u32,
    },
    /// A character that has no place in play notation.
    #[error("unexpected character")]
    UnexpectedCharacter(char),
    /// A point right after another, without `/` between them.
    #[error("a point must follow '/' or start a move")]
    PointWithoutSlash,
    /// Something after the `(n)` of a move.
    #[error("nothing may follow (n) in a move")]
    AfterCount,
    /// A move from `off`.
    #[error("a move cannot start from off")]
    FromOff,
    /// Something after `off`.
    #[error("nothing may follow off")]
    AfterOff,
    /// A move to the bar.
    #[error("a move cannot go to the bar")]
    ToBar,
    /// A move from a point to a higher one (or the same).
    #[error("a move goes from a higher point to a lower one")]
    Backwards,
    /// More than five points in one move.
    #[error("too many points in one move")]
    TooManyPoints,
    /// A move of a single point.
    #[error("a move needs a source and a destination, like 13/7")]
    NoDestination,
    /// More than sixteen steps in all (four moves of four steps).
    #[error("too many moves")]
    TooManySteps,
    /// More than four moves.
    #[error("more than four moves")]
    TooManyMoves,
}

/// Plays separated by `, `: at most ten, then `...` if there are more.
struct PlayList<'a>(&'a [Play]);

impl fmt::Display for PlayList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 10;
        for (i, play) in self.0.iter().take(SHOWN).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{play}")?;
        }
        if self.0.len() > SHOWN {
            f.write_str(", ...")?;
        }
        Ok(())
    }
}

/// Why a play (or a chance outcome, or a cube action) is not legal in this position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalPlay {
    /// The game is over; nothing more can be played.
    #[error("the game is over")]
    GameOver,
    /// The dice have not been rolled yet: roll first.
    #[error("the dice have not been rolled yet")]
    NotRolled,
    /// The dice have already been rolled: a roll is not expected now.
    #[error("the dice have already been rolled ({0})")]
    AlreadyRolled(Dice),
    /// The play is not one of the legal plays for this roll. `Display` lists the first ten
    /// legal plays, then `...` if there are more.
    #[error("{play} is not a legal play with {dice} here; legal: {}", PlayList(.legal))]
    NotLegal {
        /// The play as given.
        play: PlayNotation,
        /// The roll.
        dice: Dice,
        /// The legal plays of the roll here.
        legal: Vec<Play>,
    },
    /// The notation fits several legal plays (e.g. `24/14` when both ways hit different blots).
    #[error("{play} is ambiguous with {dice}: it could be {}", PlayList(.candidates))]
    Ambiguous {
        /// The play as given.
        play: PlayNotation,
        /// The roll.
        dice: Dice,
        /// The legal plays it could mean.
        candidates: Vec<Play>,
    },
    /// A cube or resignation action not allowed now, with the reason.
    #[error("{0}")]
    Action(String),
}

/// Why a position, setup, or its text is not a valid backgammon position: every problem
/// found, in the order the checks found them.
///
/// `Display` prints `invalid backgammon position: ` and the problems separated by `; `.
///
/// ```
/// use boardgames_core::backgammon::{Setup, SetupProblem, Side};
///
/// let mut setup: Setup = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10".parse()?;
/// setup.bar = [1, 0];
/// let err = setup.into_position().unwrap_err();
/// assert!(err.contains(&SetupProblem::CheckerCount { side: Side::X, total: 16 }));
/// assert_eq!(
///     err.to_string(),
///     "invalid backgammon position: X has 16 checkers (board + bar + off), expected 15"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type SetupError = crate::problems::SetupError<SetupProblem>;

impl crate::problems::Problem for SetupProblem {
    const GAME: &'static str = "backgammon";
}

impl From<SyntaxProblem> for SetupError {
    /// The error of this one problem of the text.
    fn from(problem: SyntaxProblem) -> SetupError {
        SetupProblem::Syntax(problem).into()
    }
}

/// One reason a backgammon setup (or board) is not a valid position. Points are numbered
/// `1..=24` in X's numbering.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupProblem {
    /// The text does not parse.
    #[error("{0}")]
    Syntax(SyntaxProblem),
    /// The match around the board is not a state of the rules (a
    /// [`MatchSetup`](super::MatchSetup)).
    #[error("{0}")]
    Match(MatchProblem),
    /// More than 15 checkers on a point of a [`Setup`](super::Setup).
    #[error("point {point}: {count} checkers")]
    PointCount {
        /// The point.
        point: u8,
        /// Its count as given: `> 0` X's checkers, `< 0` O's.
        count: i8,
    },
    /// More than 15 checkers of a side on the bar.
    #[error("{side} has {count} on the bar")]
    BarCount {
        /// The side.
        side: Side,
        /// Its checkers on the bar.
        count: u8,
    },
    /// More than 15 checkers of a side borne off.
    #[error("{side} has {count} borne off")]
    OffCount {
        /// The side.
        side: Side,
        /// Its checkers borne off.
        count: u8,
    },
    /// A side's packed counts ([`Board::from_packed`](super::Board::from_packed)) have bits
    /// set past slot 25, which no count is.
    #[error("{side}'s packed counts have bits set past slot 25 (the bar)")]
    PackedPastBar {
        /// The side.
        side: Side,
    },
    /// A side does not have 15 checkers on the board, bar and off together.
    #[error("{side} has {total} checkers (board + bar + off), expected 15")]
    CheckerCount {
        /// The side.
        side: Side,
        /// Its checkers in all.
        total: u32,
    },
    /// A point holds checkers of both sides.
    #[error("point {point} (X's numbering) holds checkers of both sides")]
    SharedPoint {
        /// The point.
        point: u8,
    },
    /// Both sides have borne off all their checkers.
    #[error("both sides have borne off all checkers")]
    BothBorneOff,
    /// A die is not `1..=6`.
    #[error("dice {}-{}: each die is 1 to 6", .dice[0], .dice[1])]
    Dice {
        /// The dice as given.
        dice: [u8; 2],
    },
    /// The cube value is not a power of two.
    #[error("cube value {value} is not a power of two")]
    Cube {
        /// The value given.
        value: u16,
    },
}

impl From<MatchProblem> for SetupProblem {
    fn from(problem: MatchProblem) -> SetupProblem {
        SetupProblem::Match(problem)
    }
}

impl From<SyntaxProblem> for SetupProblem {
    fn from(problem: SyntaxProblem) -> SetupProblem {
        SetupProblem::Syntax(problem)
    }
}

/// Why a text is not the text form of a backgammon setup.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyntaxProblem {
    /// The text is not an XGID (or a gnubg ID, or another ID the setup is read from).
    #[error("{0}")]
    Id(IdError),
    /// The text is not the neutral JSON object.
    #[error("neutral JSON: {message}")]
    Json {
        /// The JSON reader's message, with the line and column.
        message: String,
    },
    /// The text is JSON, which this build does not read (the `serde` feature is off).
    #[error("JSON needs the serde feature")]
    JsonUnsupported,
    /// The text does not have the form expected (for text forms outside this crate, such as
    /// a program's `PositionID:MatchID`).
    #[error("{text:?}: expected {expected}")]
    Expected {
        /// The text given.
        text: String,
        /// The form expected.
        expected: &'static str,
    },
}

/// Why a text is not a gnubg Position ID, gnubg Match ID or XGID.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad {kind} {text:?}: {what}")]
pub struct IdError {
    /// `Position ID`, `Match ID` or `XGID`.
    pub kind: &'static str,
    /// The text given (cut to 80 characters).
    pub text: String,
    /// What is wrong, and where.
    pub what: String,
}

impl IdError {
    pub(crate) fn new(kind: &'static str, text: &str, what: impl Into<String>) -> IdError {
        IdError {
            kind,
            text: text.chars().take(80).collect(),
            what: what.into(),
        }
    }
}
