//! The errors of the backgammon module: each says what was wrong and where.

/// Why a text is not a roll of two dice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad dice: {0}")]
pub struct DiceError(pub String);

/// Why a text is not play notation (`24/18 13/11`, `bar/22*/16`, `6/off(2)`, `pass`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad play notation {text:?} at byte {at}: {what}")]
pub struct NotationError {
    /// The text given.
    pub text: String,
    /// Byte offset in `text` where the problem was found.
    pub at: usize,
    /// What is wrong.
    pub what: String,
}

/// Why a play (or a chance outcome, or a cube action) is not legal in this position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPlay {
    /// The game is over; nothing more can be played.
    #[error("the game is over")]
    GameOver,
    /// The dice have not been rolled yet: roll first.
    #[error("the dice have not been rolled yet")]
    NotRolled,
    /// The dice have already been rolled: a roll is not expected now.
    #[error("the dice have already been rolled ({0})")]
    AlreadyRolled(String),
    /// The play is not one of the legal plays for this roll.
    #[error("{play} is not a legal play with {dice} here; legal: {legal}")]
    NotLegal {
        /// The play as given.
        play: String,
        /// The roll.
        dice: String,
        /// Some legal plays, comma separated (at most ten, then `...`).
        legal: String,
    },
    /// The notation fits several legal plays (e.g. `24/14` when both ways hit different blots).
    #[error("{play} is ambiguous with {dice}: it could be {candidates}")]
    Ambiguous {
        /// The play as given.
        play: String,
        /// The roll.
        dice: String,
        /// The legal plays it could mean, comma separated.
        candidates: String,
    },
    /// A cube or resignation action not allowed now, with the reason.
    #[error("{0}")]
    Action(String),
}

/// Why a position, setup, or its text is not a valid backgammon position: every problem found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid backgammon position: {}", .problems.join("; "))]
pub struct SetupError {
    /// One message per problem, each saying what and where.
    pub problems: Vec<String>,
}

impl SetupError {
    pub(crate) fn single(problem: impl Into<String>) -> SetupError {
        SetupError {
            problems: vec![problem.into()],
        }
    }
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

/// Why a decision, a throw of the dice or a resignation is not allowed in a money game or
/// match ([`super::Match`]) now. The session is then unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The session is over: nothing more can be played.
    #[error("the session is over")]
    Over,
    /// The action is not one the rules expect now.
    #[error("{action} is not possible now: {now}")]
    NotNow {
        /// The action tried, as written (`take`, `resign gammon`, `8/5 6/5`).
        action: String,
        /// What the rules expect instead.
        now: &'static str,
    },
    /// The side on roll may not double now.
    #[error("no double: {0}")]
    NoDouble(NoDouble),
    /// Chance is not to act, or acts differently (the opening throw, or a roll).
    #[error("no {throw} now: {now}")]
    NoThrow {
        /// The throw tried, as written (`opening 41`, `31`).
        throw: String,
        /// What the rules expect instead.
        now: &'static str,
    },
    /// A throw with a die outside 1-6.
    #[error("dice {first}{second}: each die is 1 to 6")]
    BadDice {
        /// The first die as given.
        first: u8,
        /// The second die as given.
        second: u8,
    },
    /// An opening throw of equal dice: they are thrown again.
    #[error("equal opening dice ({0}{0}) are thrown again")]
    EqualOpeningDice(u8),
    /// The checker play is not legal (see [`IllegalPlay`]).
    #[error(transparent)]
    Play(#[from] IllegalPlay),
}

/// Why the side on roll may not double.
#[derive(Debug, Copy, Clone, PartialEq, Eq, Hash, thiserror::Error)]
pub enum NoDouble {
    /// Nobody doubles in the Crawford game.
    #[error("no doubling in the Crawford game")]
    Crawford,
    /// The opponent owns the cube.
    #[error("the cube is {0}'s: only its owner may double")]
    CubeOwned(super::Side),
    /// The cube is at its highest value.
    #[error("the cube is at its maximum, {}", super::cube::MAX_CUBE)]
    CubeAtMaximum,
    /// Doubling is a decision before the roll: not now.
    #[error("a double is offered before rolling, on one's own turn")]
    NotBeforeRoll,
}
