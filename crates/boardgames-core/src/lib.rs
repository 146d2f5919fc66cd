//! # boardgames-core
//!
//! Exact and fast rules for **Pente / Keryo-Pente** (with Abalone and Backgammon to join
//! through the same traits): bitboard positions, move generators, notations and record
//! formats, behind one small trait family, [`Game`].
//!
//! ```
//! use boardgames_core::{Game, Turn};
//! use boardgames_core::pente::{Pente, Variant};
//!
//! // A Keryo-Pente game with the tournament rule, from the empty board.
//! let mut pos = Pente::new(Variant::KeryoPente, true);
//! for text in ["K10", "L11", "N10", "M12", "P13"] {
//!     let mv = pos.parse_move(text)?;
//!     pos.play(mv)?;
//! }
//! assert_eq!(pos.count_legal_moves(), 361 - 5);
//! assert!(matches!(pos.turn(), Turn::Seat(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Generic algorithms work for every game: [`search::perft`], [`search::random_playout`], and the
//! [`conformance`] kit that game tests run.
//!
//! Features: `serde` (default) derives `Serialize`/`Deserialize` for positions, moves and
//! outcomes and enables the JSON record formats.

pub mod abalone;
pub mod backgammon;
pub mod conformance;
pub mod game;
pub mod pente;
pub mod search;

pub use game::{
    ChanceList, Game, GameResult, MoveError, MoveList, NoChance, Outcome, Probability, Seat,
    Symmetric, Team, Turn, MAX_CHANCE_OUTCOMES, MAX_SEATS,
};
