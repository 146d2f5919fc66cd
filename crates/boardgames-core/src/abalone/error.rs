//! Why an Abalone move is refused.

use super::cell::Cell;

/// Why a move (or a notation) is not legal in a position. The position is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended (six marbles ejected, time out or move limit); no move is accepted.
    #[error("the game is over")]
    GameOver,
    /// The cell holds no marble of the side to move.
    #[error("{0} holds no marble of the side to move")]
    NotOwn(Cell),
    /// The cell holds a partner's marble: with teams a line may go on through partners'
    /// marbles, but it must start (at the trailing end) with one of the mover's own (seed 004).
    #[error("{0} holds a partner's marble: a line must start with one of the mover's own marbles")]
    PartnerTail(Cell),
    /// A broadside move includes a partner's marble: broadside moves use own marbles only
    /// (seed 004).
    #[error("{0} holds a partner's marble: a broadside move uses only the mover's own marbles")]
    PartnerBroadside(Cell),
    /// Four or more own (or, with teams, own and partners') marbles in a row: at most three
    /// move.
    #[error("more than three own marbles in a row from {0}: at most three may move")]
    TooManyMarbles(Cell),
    /// The move would put an own marble (the one on this cell) off the board.
    #[error("the marble on {0} would leave the board: a player never pushes his own marble off")]
    OwnMarbleOff(Cell),
    /// An in-line move runs into at least as many opponent marbles as it moves (pac, or a
    /// single marble, which never pushes).
    #[error("{marbles} against {opponents} is no sumito: a push needs more marbles than it moves against")]
    NoSumito {
        /// Own marbles in the moving line, 1..=3.
        marbles: usize,
        /// Opponent marbles in contact ahead (counted up to the first that makes it pac).
        opponents: usize,
    },
    /// The push is blocked: an own marble stands right behind the pushed opponent marbles.
    #[error("the push is blocked by the mover's own marble on {0}")]
    PushBlocked(Cell),
    /// A broadside move needs every destination empty; it never pushes.
    #[error("broadside destination {0} is not empty")]
    BroadsideBlocked(Cell),
    /// The move's marble and push counts are not what this position gives its cells.
    #[error("{notation} moves {marbles} marble(s) pushing {pushed} here, but the move says {said_marbles} pushing {said_pushed}")]
    Shape {
        /// The move's notation.
        notation: String,
        /// Marbles that move here.
        marbles: usize,
        /// Opponent marbles pushed here.
        pushed: usize,
        /// Marbles the move says.
        said_marbles: usize,
        /// Pushed marbles the move says.
        said_pushed: usize,
    },
    /// A hand-built notation value that does not describe a move shape (parsed notation
    /// never gives this).
    #[error("{0} does not describe a move")]
    Malformed(String),
}
