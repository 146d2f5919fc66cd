//! Pente and Keryo-Pente: the evaluator ([`PenteEval`]) and the levels of the engine.
//!
//! | level | budget | what it sees |
//! |---|---|---|
//! | 1 | depth 1 | a win on the board this move (five, or the last capture) |
//! | 2 | depth 2 | also the opponent's win next move, so it blocks fours |
//! | 3 (default) | depth 4 | a two-move plan: open threes and capture threats |
//! | 4 | 160,000 nodes | deeper where the lines are forced |
//! | 5 | 640,000 nodes | more of the same, slowest |
//!
//! A level is a depth or a count of nodes, never a clock, so that it plays the same moves on
//! every machine; on one core of a 2-core development machine level 3 answers in a few
//! hundredths of a second, level 4 in a few tenths and level 5 in one to two seconds
//! (`docs/performance.md`); `bestmove --movetime` and `arena`'s `movetime=MS` give the engine
//! a clock instead. Measured with `arena` from real openings, levels 4 and 5 are not yet
//! stronger than level 3: their node counts rarely finish a sixth ply there
//! (`docs/strength.md`).
//! Level 3 searches to an even depth, so that the opponent's answer to the last move
//! searched is seen.
//!
//! Only points within two of a stone are searched (every move of a five or a capture is
//! there), and a line runs up to two plies past the depth while a four stands with its fifth
//! point empty.

mod bits;
mod eval;

pub use eval::PenteEval;

use boardgames_core::pente::Pente;

use crate::alphabeta::AlphaBeta;
use crate::budget::{level_row, of_level, Budget};

/// The level a program uses when none is asked for.
pub const DEFAULT_LEVEL: u8 = 3;

/// The budget of each level, 1 to 5 (the module docs' table).
const LEVELS: [Budget; 5] = [
    level_row(Some(1), None),
    level_row(Some(2), None),
    level_row(Some(4), None),
    level_row(None, Some(160_000)),
    level_row(None, Some(640_000)),
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
