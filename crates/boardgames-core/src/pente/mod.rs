//! Pente and Keryo-Pente on the 19 x 19 board.
//!
//! * [`Pente`]: the position and rules (`Copy`, about 110 bytes), implementing
//!   [`Game`](crate::Game) with [`Point`] as its move and notation.
//! * [`Point`]: pente.org coordinates, `A1` bottom-left to `T19`, no `I`, centre `K10`.
//! * [`Setup`]: the plain position description and its one-line text form.
//! * [`record`]: pente.org PGN files, move lists and JSON records as record formats, and
//!   the reference data's replay report.
//!
//! Rules: `docs/rules/pente.md` (seed 002 for Keryo-Pente; pente.org and the published
//! Pente rules for the rest), with the facts and sources listed in `docs/pente.md`.
//!
//! The board is a [`Bitboard`] per player: rows of 20 bits, the 20th always empty, so that a
//! step sideways off the board reads an empty padding point instead of wrapping to the next
//! row. Captures and fives are found by looking only along the 8 lines through the new stone.

mod bitboard;
mod error;
mod point;
mod position;
pub mod record;
mod setup;
mod symmetry;

pub use bitboard::Bitboard;
pub use error::{IllegalMove, SetupError, SetupProblem, SyntaxProblem};
pub use point::{Point, PointError, INDEX_RANGE, ROW_BITS, SIZE};
pub use position::{
    EndReason, MoveList, OpeningRule, Pente, Placement, Removed, Variant, MAX_MOVES,
};
pub use setup::Setup;
pub use symmetry::D4;
