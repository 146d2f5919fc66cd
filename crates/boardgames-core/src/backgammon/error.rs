//! The errors of the backgammon module: each says what was wrong and where.

use core::fmt;

use super::board::Side;
use super::dice::Dice;
use super::notation::PlayNotation;
use super::play::Play;

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

/// Why the Match ID fields of a [`MatchSetup`](super::MatchSetup), or the match fields of an
/// [`Xgid`](super::Xgid), are not a state of a money game or match (the rules in
/// `docs/rules/backgammon.md`; `docs/backgammon.md`, "What the IDs may not say", lists them
/// with their sources).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchProblem {
    /// An XGID with a beaver (`B`) or a resignation (`R`) pending: the match game has no
    /// such state to start from.
    #[error(
        "an XGID with {0} pending starts no session (beavers and XGID resignations are not played)"
    )]
    XgidPending(&'static str),
    /// A match longer than gnubg's limit.
    #[error("match length {length} above {max}")]
    Length {
        /// The length given.
        length: u16,
        /// The longest match, 32767.
        max: u16,
    },
    /// A score above gnubg's limit.
    #[error("score {}-{} above {max}", .score[0], .score[1])]
    Score {
        /// The scores given, `[X, O]`.
        score: [u16; 2],
        /// The highest score, 32767.
        max: u16,
    },
    /// A cube above gnubg's limit.
    #[error("cube value 2^{log2} above {max}")]
    Cube {
        /// The cube's power of two.
        log2: u8,
        /// The highest cube, 32768.
        max: u16,
    },
    /// A resignation value outside 0 to 3.
    #[error("resignation {0} (0 to 3)")]
    Resignation(u8),
    /// The Crawford game flagged in a money game.
    #[error("the Crawford game in a money game")]
    CrawfordInMoney,
    /// A score that ended the match, yet the match goes on.
    #[error("a score reaches the match length while the match goes on")]
    MatchWon,
    /// The Crawford game flagged where not exactly one side needs one point.
    #[error("the Crawford game, but not one side needs one point")]
    CrawfordScore,
    /// A turned cube in the Crawford game.
    #[error("the cube was turned in the Crawford game")]
    CrawfordCube,
    /// A double and a resignation offered at once.
    #[error("a double and a resignation offered at once")]
    DoubleAndResignation,
    /// A double offered before the game began.
    #[error("a double offered before the opening throw")]
    DoubleAtOpening,
    /// A game in progress in which a side has borne off every checker.
    #[error("a side has borne off all its checkers, yet the game goes on")]
    BorneOffInPlay,
    /// A double offered once the dice are rolled.
    #[error("a double offered after the roll")]
    DoubleAfterRoll,
    /// A double whose answer is the doubler's: only after a beaver, which a Match ID cannot
    /// say (a session's setup, `Match::to_setup`, can).
    #[error(
        "a double offered, but the doubler is to answer it (only after a beaver, which a Match \
         ID cannot say)"
    )]
    DoublerAnswers,
    /// A double the rules do not allow here (the cube is the other side's, the Crawford game).
    #[error("{0} may not double here")]
    MayNotDouble(super::Side),
    /// The side to decide is not the side on roll, and nothing is offered.
    #[error("{turn} to decide, but {on_roll} is on roll and nothing is offered")]
    Turn {
        /// The side the Match ID gives the decision to.
        turn: super::Side,
        /// The side on roll.
        on_roll: super::Side,
    },
    /// A double offered once the game is over.
    #[error("a double offered after the game")]
    DoubleAfterGame,
    /// A game over by bearing off, but nobody has.
    #[error("the game is over, but nobody has borne off")]
    NotBorneOff,
    /// A game ended by a drop or a resignation, but a side has borne off every checker.
    #[error("a game ended by a drop or a resignation, but a side has borne off all its checkers")]
    BorneOffAtDrop,
    /// A resigned game without the value resigned.
    #[error("a game resigned, but no value resigned (1 to 3)")]
    NoResignedValue,
    /// The decision to roll (`:rolling`) where the side was not about to roll.
    #[error("the side on roll chose to roll, but it was not before its roll")]
    RollingNotAtRoll,
    /// An optional rule of money play (beavers, raccoons, automatic doubles) in a match.
    #[error("{0} in a match: money play only")]
    OnlyInMoney(&'static str),
    /// An optional rule of match play (the Holland rule) in money play.
    #[error("{0} in money play: match play only")]
    OnlyInMatch(&'static str),
    /// More redoubles (beavers, raccoons) in the exchange than the rules allow, or some
    /// where no double is offered.
    #[error("{redoubles} redoubles (beavers and raccoons) in the exchange; the rules allow {limit} here")]
    Redoubles {
        /// The redoubles the setup says.
        redoubles: u8,
        /// The most allowed here (0 when no double is offered).
        limit: u8,
    },
    /// More automatic doubles this game than the rules allow, or a cube before the opening
    /// throw that is not their value.
    #[error("{made} automatic doubles with the cube at {cube} (at most {limit}, the cube 2^{made} before the opening throw)")]
    AutoDoubles {
        /// The automatic doubles the setup says were made this game.
        made: u8,
        /// The most the rules allow.
        limit: u8,
        /// The cube value of the IDs.
        cube: u16,
    },
    /// Rolls played this game (for the Holland rule) above 2, or given without the rule.
    #[error("rolls played {}-{}: at most 2 each are counted, and only under the Holland rule", .0[0], .0[1])]
    Rolls([u8; 2]),
    /// The decision to roll without doubling where doubling was not allowed.
    #[error("{0} chose to roll without doubling, but may not double")]
    RollingWithoutChoice(super::Side),
    /// A money game over whose winner's score is less than the game gave.
    #[error("{winner} won {points} points, more than its score {score}")]
    MoneyScore {
        /// The winner.
        winner: super::Side,
        /// The points the game gave.
        points: u32,
        /// The winner's score.
        score: u16,
    },
    /// A cube owned at 1: only a take turns the cube, to 2 or more.
    #[error("the cube is {owner}'s at 1; only a take turns the cube, to 2 or more")]
    CubeOwnedAtOne {
        /// The owner given.
        owner: super::Side,
    },
    /// A centred cube above 1 in a match: only a take turns the cube, and it gives it an
    /// owner (automatic doubles are money play's).
    #[error("a centred cube of {value} in a match; only a take turns the cube")]
    CentredCubeInMatch {
        /// The cube value.
        value: u16,
    },
    /// A resignation value at a game ended by bearing off or by a drop.
    #[error("resignation {resignation} at a game ended by bearing off or a drop")]
    ResignationAfterGame {
        /// The resignation field, 1 to 3.
        resignation: u8,
    },
    /// A game that ended the match, but the winner's score less the points of the game had
    /// already reached the match length.
    #[error("{winner} has {score} after winning {points}: the match to {length} was over before")]
    MatchOverBefore {
        /// The winner.
        winner: super::Side,
        /// Its score.
        score: u16,
        /// The points of the game.
        points: u32,
        /// The match length.
        length: u16,
    },
    /// A match game over whose winner's score is less than the game gave (scores are not
    /// capped at the match length).
    #[error("{winner} won {points} points, more than its score {score}")]
    ScoreBelowPoints {
        /// The winner.
        winner: super::Side,
        /// The points the game gave.
        points: u32,
        /// The winner's score.
        score: u16,
    },
    /// An XGID rules field (field 8) of 2 or 3 in a match: the beaver flag (2) is money
    /// play's, and in a match the field is the Crawford flag, 0 or 1.
    #[error("XGID rules {rules} in a match: the Jacoby and beaver flags are money play's; a match has 0 or 1 (the Crawford game)")]
    MoneyRuleInMatch {
        /// The field given.
        rules: u8,
    },
    /// A cube above the XGID's highest cube (field 10).
    #[error("cube 2^{log2} above the highest cube 2^{max_log2}")]
    CubeAboveLimit {
        /// The cube's power of two.
        log2: u8,
        /// The highest cube's power of two.
        max_log2: u8,
    },
    /// A beaver (XGID `B`) where beavers are not allowed: a match, or money play without the
    /// beaver flag.
    #[error("a beaver, but beavers are not allowed (money play with the beaver flag only)")]
    BeaverNotAllowed,
    /// A match game over that did not end the match.
    #[error("the game is over but {winner} has not won the match to {length}")]
    MatchNotWon {
        /// The winner of the game.
        winner: super::Side,
        /// The match length.
        length: u16,
    },
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
#[non_exhaustive]
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
    /// The Holland rule: after the Crawford game the trailer doubles only once both sides
    /// have played two rolls of the game.
    #[error("the Holland rule: after the Crawford game the trailer doubles only once both sides have played two rolls")]
    Holland,
    /// A beaver (or raccoon) where the rules allow none, or no more.
    #[error("no beaver here: {0}")]
    NoBeaver(&'static str),
}
