//! The errors of the money game and match: a decision refused ([`MatchError`], [`NoDouble`])
//! and a state the match fields of a setup cannot be in ([`MatchProblem`]).

use crate::backgammon::error::IllegalPlay;

/// Why the Match ID fields of a [`MatchSetup`](crate::backgammon::MatchSetup), or the match fields of an
/// [`Xgid`](crate::backgammon::Xgid), are not a state of a money game or match (the rules in
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
    MayNotDouble(crate::backgammon::Side),
    /// The side to decide is not the side on roll, and nothing is offered.
    #[error("{turn} to decide, but {on_roll} is on roll and nothing is offered")]
    Turn {
        /// The side the Match ID gives the decision to.
        turn: crate::backgammon::Side,
        /// The side on roll.
        on_roll: crate::backgammon::Side,
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
    RollingWithoutChoice(crate::backgammon::Side),
    /// A money game over whose winner's score is less than the game gave.
    #[error("{winner} won {points} points, more than its score {score}")]
    MoneyScore {
        /// The winner.
        winner: crate::backgammon::Side,
        /// The points the game gave.
        points: u32,
        /// The winner's score.
        score: u16,
    },
    /// A cube owned at 1: only a take turns the cube, to 2 or more.
    #[error("the cube is {owner}'s at 1; only a take turns the cube, to 2 or more")]
    CubeOwnedAtOne {
        /// The owner given.
        owner: crate::backgammon::Side,
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
        winner: crate::backgammon::Side,
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
        winner: crate::backgammon::Side,
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
        winner: crate::backgammon::Side,
        /// The match length.
        length: u16,
    },
}

/// Why a decision, a throw of the dice or a resignation is not allowed in a money game or
/// match ([`crate::backgammon::Match`]) now. The session is then unchanged.
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
    CubeOwned(crate::backgammon::Side),
    /// The cube is at its highest value.
    #[error(
        "the cube is at its maximum, {}",
        crate::backgammon::session::cube::MAX_CUBE
    )]
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
