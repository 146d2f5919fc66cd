//! Why a Pente move is refused.

use super::point::Point;

/// Why a stone may not be placed. The messages are the reasons used in the expected-results
/// format (`illegal.why`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
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
