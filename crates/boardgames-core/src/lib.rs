//! # boardgames-core
//!
//! Exact and fast rules for **Abalone** (2, 3, 4 and 6 players), **Pente / Keryo-Pente** and
//! **Backgammon**: bitboard positions, move generators, notations and record formats, behind
//! one small trait family, [`Game`]. Every game is checked move for move against independent
//! engines and real game records.
//!
//! ```
//! use boardgames_core::{Game, Turn};
//! use boardgames_core::pente::{OpeningRule, Pente, Variant};
//!
//! // A Keryo-Pente game with the tournament rule, from the empty board.
//! let mut pos = Pente::new(Variant::KeryoPente, OpeningRule::Tournament);
//! for text in ["K10", "L11", "N10", "M12", "P13"] {
//!     let mv = pos.parse_move(text)?; // notation, resolved against the position
//!     pos.play(mv)?; // an error leaves the position unchanged
//! }
//! assert_eq!(pos.count_legal_moves(), 361 - 5);
//! assert!(matches!(pos.turn(), Turn::Seat(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! | module | game | position | move and notation |
//! |---|---|---|---|
//! | [`pente`] | Pente, Keryo-Pente | [`pente::Pente`]: two 384-bit bitboards | [`pente::Point`], pente.org coordinates `K10` |
//! | [`abalone`] | Abalone, 2 to 6 players | [`abalone::Abalone`]: one `u128` per colour | [`abalone::Move`], Aba-Pro notation `a1b2` |
//! | [`backgammon`] | Backgammon, money and match play | [`backgammon::Backgammon`]: packed checker counts; dice as chance nodes | [`backgammon::Play`], gnubg notation `24/18 13/11` |
//!
//! Generic algorithms work for every game: [`search::perft`], [`search::random_playout`],
//! [`search::random_move`]; the [`player::Player`] trait is what chooses a seat's move.
//!
//! Features (none is on by default):
//! * `serde`: `Serialize`/`Deserialize` for positions, moves, outcomes and records, and the
//!   JSON record formats;
//! * `conformance`: the `conformance` kit, which checks any [`Game`] against the trait's
//!   promises (the tests of every game run it; so can those of a new one).

#![cfg_attr(docsrs, feature(doc_cfg))]

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod abalone;
pub mod backgammon;
#[cfg(feature = "conformance")]
pub mod conformance;
pub mod game;
pub mod pente;
pub mod player;
pub mod problems;
pub mod record;
pub mod search;

/// The `arrayvec` crate whose `ArrayVec` is the [`MoveList`] the games use (and the one
/// implemented for a game of your own), re-exported so that callers use the same version.
pub use arrayvec;
/// The `rand` crate whose [`RngCore`](rand::RngCore) the random functions of [`search`] take,
/// re-exported so that callers use the same version.
pub use rand;
/// The seedable generator behind [`player::RandomPlayer`] and the conformance kit.
pub use rand_chacha::ChaCha8Rng;

pub use game::{
    ChanceList, Game, GameResult, MoveError, MoveList, NoChance, NoChanceError, Outcome,
    Probability, Seat, Symmetric, Team, Turn, MAX_CHANCE_OUTCOMES, MAX_SEATS,
};
