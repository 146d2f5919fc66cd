//! Why the replay of a match file refuses it, in the file's own terms: players by their
//! column (`player 1` is the left), cube values and plays as written.

use crate::backgammon::{Dice, DiceError, Ending, IllegalPlay, MatchError, NotationError, WinKind};

/// `player N`, N from 1 (the left column is player 1).
struct Who(u8);

impl core::fmt::Display for Who {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "player {}", u16::from(self.0) + 1)
    }
}

/// A list of some legal plays for a message: up to five, then `...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SomePlays(pub String);

impl core::fmt::Display for SomePlays {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a game ended, with the cube then, as a refusal of a `Wins` line says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorthOf {
    /// How the game ended.
    pub ending: Ending,
    /// The cube value then.
    pub cube: u32,
}

impl core::fmt::Display for WorthOf {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.ending {
            Ending::BorneOff(WinKind::Single) => f.write_str("a single game")?,
            Ending::BorneOff(WinKind::Gammon) => f.write_str("a gammon")?,
            Ending::BorneOff(WinKind::Backgammon) => f.write_str("a backgammon")?,
            Ending::Dropped => f.write_str("a dropped double")?,
            Ending::Resigned { kind, .. } => write!(f, "a resignation of {}", kind.multiplier())?,
        }
        write!(f, " with the cube at {}", self.cube)
    }
}

/// Why a play as a record writes it is no legal play of the position
/// ([`resolve_written`](super::resolve_written)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WrittenPlayError {
    /// The position has no dice.
    #[error("the dice have not been rolled")]
    NotRolled,
    /// `Illegal play (...)`: a board dump in place of a play.
    #[error("the record gives a board instead of a play ('Illegal play')")]
    BoardDump,
    /// No play written (empty, `Cannot Move`, `????`) where a die can be played.
    #[error("no play written with {dice} although legal plays exist ({legal})")]
    NoPlay {
        /// The dice.
        dice: Dice,
        /// Some of the legal plays.
        legal: SomePlays,
    },
    /// Text that is no play notation.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// A play the dice do not allow here.
    #[error(transparent)]
    Illegal(#[from] IllegalPlay),
}

/// Why the replay of a match file stops: an action the rules refuse, a result the text
/// states wrongly, or a game out of its place in the match. Its message is the reason a
/// [`ReplayError`](super::ReplayError) gives.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// A player number other than 0 or 1 (the JSON form can say one).
    #[error("player {0} does not exist (0 or 1)")]
    NoSuchPlayer(u8),
    /// An action after the game's end.
    #[error("the game is already over ({} won {points} points)", Who(*.winner))]
    GameOver {
        /// The winner, 0 or 1.
        winner: u8,
        /// The points it won.
        points: u32,
    },
    /// An action other than a resignation between a roll and its play.
    #[error("{} rolled without playing", Who(*.0))]
    RolledWithoutPlaying(u8),
    /// A roll with dice that are no roll.
    #[error("{}{} is not a roll", .0[0], .0[1])]
    NotARoll([u8; 2]),
    /// A roll while a double waits for its answer.
    #[error("{} rolls while a double is pending", Who(*.0))]
    RollWhileDoubled(u8),
    /// An opening roll of equal dice (thrown again unless automatic doubles apply).
    #[error("an opening roll of {0}: equal dice are thrown again")]
    EqualOpening(Dice),
    /// A roll or double by the player not on roll.
    #[error("{} {verb} but {} is on roll", Who(*.player), Who(*.on_roll))]
    NotOnRoll {
        /// Who acted.
        player: u8,
        /// `rolls` or `doubles`.
        verb: &'static str,
        /// Who is on roll.
        on_roll: u8,
    },
    /// A roll without a play although some die can be played, not followed by a resignation.
    #[error("{} rolls {dice} without a play although legal plays exist ({legal})", Who(*.player))]
    Unplayed {
        /// Who rolled.
        player: u8,
        /// The roll.
        dice: Dice,
        /// Some of the legal plays.
        legal: SomePlays,
    },
    /// A play as written that is no legal play of the roll.
    #[error(transparent)]
    Play(Box<WrittenPlayError>),
    /// A double before the opening roll.
    #[error("a double before the opening roll")]
    DoubleAtOpening,
    /// A double while a double is pending.
    #[error("a double while a double is pending")]
    DoubleWhileDoubled,
    /// A double in the Crawford game.
    #[error("a double in the Crawford game")]
    DoubleInCrawford,
    /// A double by the player whose opponent owns the cube.
    #[error("{} doubles but the opponent owns the cube", Who(*.0))]
    OpponentsCube(u8),
    /// `Doubles => N` or `Beavers => N` where N is not the value the cube goes to.
    #[error("{word} => {stated} but the cube is at {cube}{}", if *.word == "Beavers" { " with a double offered" } else { "" })]
    CubeValue {
        /// `Doubles` or `Beavers`.
        word: &'static str,
        /// The value written.
        stated: u32,
        /// The cube's value.
        cube: u32,
    },
    /// A take, drop or beaver by a player no double is offered to.
    #[error("{} {verb} but no double is offered to them", Who(*.player))]
    NotOffered {
        /// Who answered.
        player: u8,
        /// `takes`, `drops` or `beavers`.
        verb: &'static str,
    },
    /// A resignation of another value than 1 to 3 times the cube.
    #[error("a resignation of {0} times the cube (1 to 3)")]
    ResignationValue(u8),
    /// A cube action the session refuses (`Doubles => 65536`: above the maximum).
    #[error("{word} => {stated}: {error}")]
    Cube {
        /// `Doubles` or `Beavers`.
        word: &'static str,
        /// The value written.
        stated: u32,
        /// The session's reason.
        error: Box<MatchError>,
    },
    /// An action the session refuses.
    #[error(transparent)]
    Rules(Box<MatchError>),
    /// Dice written that are no throw.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// An action the rules refuse for a reason the text's words do not give.
    #[error("refused by the rules")]
    Refused,
    /// A game without a result that is not the match's last.
    #[error("the game is not finished: no result")]
    NotFinished,
    /// A `Wins` line naming a player other than 0 or 1.
    #[error("player {0} wins: no such player")]
    NoSuchWinner(u8),
    /// A `Wins` line naming the loser.
    #[error("the record says {} wins, but {} won by the rules", Who(*.written), Who(*.by_rules))]
    WrongWinner {
        /// The winner written.
        written: u8,
        /// The winner by the rules.
        by_rules: u8,
    },
    /// A `Wins` line with points the game is not worth (nor capped at what the match needed
    /// or at its length).
    #[error("the record says {} wins {points} points; the game is worth {worth} ({how})", Who(*.winner))]
    WrongPoints {
        /// The winner.
        winner: u8,
        /// The points written.
        points: u32,
        /// The points by the rules.
        worth: u32,
        /// How the game ended.
        how: WorthOf,
    },
    /// A game that ends with a double neither taken nor dropped.
    #[error("the game ends with a double neither taken nor dropped")]
    DoubleUnanswered,
    /// A `Wins` line of an unfinished game worth more than a backgammon, not ending the match.
    #[error("Wins {points} points by resignation, more than a backgammon with the cube at {cube}")]
    AboveBackgammon {
        /// The points written.
        points: u32,
        /// The cube's value.
        cube: u32,
    },
    /// A `Wins` line of an unfinished game worth no resignation.
    #[error("Wins {points} points by resignation, but a resignation is worth 1, 2 or 3 times the cube ({cube})")]
    NoResignation {
        /// The points written.
        points: u32,
        /// The cube's value.
        cube: u32,
    },
    /// A game after the end of the match.
    #[error("a game after the end of the match")]
    AfterMatch,
    /// A score line other than the games before make it.
    #[error("the score is {}-{}, but the games before make it {}-{}", .stated[0], .stated[1], .expected[0], .expected[1])]
    Score {
        /// The score written.
        stated: [u32; 2],
        /// The score the games before make.
        expected: [u32; 2],
    },
    /// A game marked as the Crawford game that is not.
    #[error("marked as the Crawford game, which it is not")]
    NotCrawford,
    /// The Crawford game, not marked.
    #[error("this is the Crawford game, but it is not marked")]
    UnmarkedCrawford,
}

impl From<MatchError> for Refusal {
    fn from(error: MatchError) -> Refusal {
        Refusal::Rules(Box::new(error))
    }
}

impl From<WrittenPlayError> for Refusal {
    fn from(error: WrittenPlayError) -> Refusal {
        Refusal::Play(Box::new(error))
    }
}
