//! Why a Pente move is refused, and why a setup is not a valid position.

use super::point::Point;
use super::position::Variant;
use crate::game::Seat;

/// Why a stone may not be placed. The messages are the reasons used in the expected-results
/// format (`illegal.why`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game has ended; no stone may be placed.
    #[error("game over")]
    GameOver,
    /// The first stone of the game goes on the centre point K10.
    #[error("first stone must be K10")]
    FirstNotCentre(Point),
    /// The point already holds a stone.
    #[error("occupied")]
    Occupied(Point),
    /// Tournament rule: player 1's second stone may not be inside the 5 x 5 square around K10.
    #[error("tournament rule: inside 5x5 centre square")]
    TournamentRule(Point),
}

/// Why a setup (or its text) is not a valid Pente position: every problem found, in the
/// order the checks found them.
///
/// `Display` prints `invalid Pente position: ` and the problems separated by `; `.
///
/// ```
/// use boardgames_core::pente::{Setup, SetupProblem};
///
/// let err = "pente free 70000 0-0 19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19"
///     .parse::<Setup>()?
///     .into_position()
///     .unwrap_err();
/// assert!(err.contains(&SetupProblem::Ply { ply: 70_000 }));
/// assert_eq!(err.to_string(), "invalid Pente position: ply 70000 is out of range (at most 65535)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type SetupError = crate::problems::SetupError<SetupProblem>;

impl crate::problems::Problem for SetupProblem {
    const GAME: &'static str = "Pente";
}

impl From<SyntaxProblem> for SetupError {
    /// The error of this one problem of the text.
    fn from(problem: SyntaxProblem) -> SetupError {
        SetupProblem::Syntax(problem).into()
    }
}

/// The number a seat is called by in messages: player 1 or 2.
fn number(seat: &Seat) -> u16 {
    u16::from(seat.0) + 1
}

/// One reason a Pente setup is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupProblem {
    /// The text form does not parse (see [`Setup`](super::Setup)'s module docs).
    #[error("{0}")]
    Syntax(SyntaxProblem),
    /// The point is in the stone lists more than once (in one list, or in both).
    #[error("{0} is listed twice")]
    ListedTwice(Point),
    /// The ply does not fit in `0..=65535`.
    #[error("ply {ply} is out of range (at most 65535)")]
    Ply {
        /// The ply given.
        ply: u32,
    },
    /// A player's stones on the board and lost to captures do not add up to the stones that
    /// player placed (player 1 places on odd plies, player 2 on even ones).
    #[error(
        "player {} has {on_board} stones on the board and lost {lost} to captures, but placed {placed} in {ply} plies",
        number(.player)
    )]
    StoneCount {
        /// The player (seat 0 is player 1).
        player: Seat,
        /// The player's stones on the board.
        on_board: u32,
        /// The player's stones the opponent captured.
        lost: u32,
        /// The stones the player placed in `ply` plies.
        placed: u32,
        /// The plies played (0 when the ply given is out of range).
        ply: u16,
    },
    /// No sequence of captures gives this count: Pente captures pairs (an even count),
    /// Keryo-Pente pairs and triples (any count but 1).
    #[error(
        "player {} cannot have captured {captures} stones in {}",
        number(.player),
        .variant.title()
    )]
    ImpossibleCaptures {
        /// The player (seat 0 is player 1).
        player: Seat,
        /// The capture count given.
        captures: u32,
        /// The ruleset.
        variant: Variant,
    },
    /// The player to move has five in a row: the game ended before their turn.
    #[error(
        "player {} has five in a row but is to move: the game ended before",
        number(.player)
    )]
    FiveToMove {
        /// The player to move (seat 0 is player 1).
        player: Seat,
    },
    /// The player to move has reached the capture threshold: the game ended before their
    /// turn.
    #[error(
        "player {} has {captures} captures but is to move: the game ended before",
        number(.player)
    )]
    CapturesToMove {
        /// The player to move (seat 0 is player 1).
        player: Seat,
        /// Their capture count (at most 65535).
        captures: u16,
    },
}

/// Why a text is not the text form of a Pente setup: the field, and for the board the row
/// and character, that is wrong. Rows are numbered 1 (bottom) to 19 (top) as on the board,
/// characters from 1 within the row's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyntaxProblem {
    /// The text does not have the five fields.
    #[error("expected 5 fields (variant, rule, ply, captures, board), found {found}")]
    FieldCount {
        /// The number of fields found.
        found: usize,
    },
    /// Field 1 (or a variant given alone) names no variant.
    #[error("unknown variant {text:?} (expected pente or keryo-pente)")]
    Variant {
        /// The name given, trimmed and in lower case.
        text: String,
    },
    /// Field 2 is not `tournament` or `free`.
    #[error("field 2: rule {text:?} should be tournament or free")]
    Rule {
        /// The field given.
        text: String,
    },
    /// Field 3 is not a number.
    #[error("field 3: ply {text:?} is not a number")]
    Ply {
        /// The field given.
        text: String,
    },
    /// Field 4 is not two counts separated by `-`.
    #[error("field 4: captures {text:?} should be two counts like 2-0")]
    Captures {
        /// The field given.
        text: String,
    },
    /// A count of field 4 is not a number.
    #[error("field 4: capture count {text:?} is not a number")]
    CaptureCount {
        /// The count given.
        text: String,
    },
    /// The board does not have 19 rows.
    #[error("field 5: the board has {found} rows, expected 19")]
    Rows {
        /// The number of rows found.
        found: usize,
    },
    /// A stone of the row lies past its 19th point.
    #[error("field 5: row {row} is longer than 19 points (at character {at})")]
    RowTooLong {
        /// The row, 1..=19.
        row: usize,
        /// The character of the stone, from 1.
        at: usize,
    },
    /// A character of the row is not `x`, `o` or a digit.
    #[error("field 5: row {row}, character {at}: {found:?} is not x, o or a count")]
    Character {
        /// The row, 1..=19.
        row: usize,
        /// The character's position, from 1.
        at: usize,
        /// The character found.
        found: char,
    },
    /// The row does not cover exactly 19 points.
    #[error("field 5: row {row} covers {covers} points, expected 19")]
    RowLength {
        /// The row, 1..=19.
        row: usize,
        /// The points it covers.
        covers: usize,
    },
}
