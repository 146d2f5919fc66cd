//! Pente and Keryo-Pente: the evaluator ([`PenteEval`]) and the levels of the engine.
//!
//! | level | budget | what it sees |
//! |---|---|---|
//! | 1 | depth 1 | a win on the board this move (five, or the last capture) |
//! | 2 | depth 2 | also the opponent's win next move, so it blocks fours |
//! | 3 (default) | depth 4 within 1 s | a three-move plan: open threes and capture threats |
//! | 4 | depth 6 within 3 s | deeper threat sequences |
//! | 5 | depth 8 within 10 s | the strongest, slowest |
//!
//! Only points within two of a stone are searched (every move of a five or a capture is
//! there), and a line runs up to two plies past the depth while a four stands with its fifth
//! point empty.

mod bits;
mod eval;

pub use eval::PenteEval;

use boardgames_core::pente::Pente;

use crate::alphabeta::AlphaBeta;
use crate::budget::{of_level, Budget, LevelRow};

/// The level a program uses when none is asked for.
pub const DEFAULT_LEVEL: u8 = 3;

/// The depth and clock of each level, 1 to 5 (the module docs' table).
const LEVELS: [LevelRow; 5] = [
    (1, None),
    (2, None),
    (4, Some(1)),
    (6, Some(3)),
    (8, Some(10)),
];

/// The budget of a level, 1 to 5 (other values are clamped).
#[must_use]
pub fn budget(level: u8) -> Budget {
    of_level(level, &LEVELS)
}

/// The engine of a level (see the module docs): alpha-beta with [`PenteEval`] and a
/// transposition table of 2^18 entries.
#[must_use]
pub fn engine(level: u8) -> AlphaBeta<Pente, PenteEval> {
    AlphaBeta::at_level(PenteEval, level, budget(level))
}
