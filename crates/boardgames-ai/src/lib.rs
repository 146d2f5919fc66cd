//! # boardgames-ai
//!
//! Computer players for the games of `boardgames-core`, written once over its
//! [`Game`](boardgames_core::Game) trait: a searcher that knows no game ([`AlphaBeta`]), an
//! [`Evaluator`] per game, and per game a configuration with levels 1 to 5.
//!
//! ```
//! use boardgames_ai::{pente, Budget, Engine};
//! use boardgames_core::pente::{OpeningRule, Pente, Variant};
//! use boardgames_core::Game;
//!
//! // Player 2 has four in a row on row 10 (F10 to J10, with K10 player 1's); player 1,
//! // to move, must block at E10 or lose.
//! let mut pos = Pente::new(Variant::Pente, OpeningRule::Free);
//! for m in ["K10", "F10", "A1", "G10", "A3", "H10", "A5", "J10"] {
//!     pos.play(pos.parse_move(m)?)?;
//! }
//! let mut engine = pente::engine(3);
//! let found = engine.search(&pos, &Budget::depth(2)).expect("a move");
//! assert_eq!(found.best.to_string(), "E10");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! * [`AlphaBeta`]: negamax alpha-beta for games of two seats without chance, with
//!   iterative deepening, principal variation search, a transposition table on
//!   [`Game::key`](boardgames_core::Game::key) and move ordering;
//! * [`Mcts`]: upper-confidence tree search for any number of seats in teams, with chance
//!   nodes, its leaves valued by random playouts ([`RandomPlayout`]) or a game's [`Leaf`];
//! * [`Budget`]: depth, nodes and time limits of one search;
//! * [`Engine`]: a searcher with its evaluator, which answers with a [`SearchResult`] (the
//!   move, its score, the principal variation); [`EnginePlayer`] makes one a
//!   [`Player`](boardgames_core::player::Player);
//! * [`pente`]: the Pente and Keryo-Pente evaluator and levels;
//! * [`backgammon`]: the backgammon engine: a network trained by self-play, the one-sided
//!   bear-off database, the look-ahead over the rolls with move filters and rollouts,
//!   Janowski's cubeful equity in money and match play, the player of every decision of a
//!   session, and the analysis of recorded matches;
//! * [`registry`]: the one place that maps a game and a level (or a budget) to its engine
//!   and player, for the programs and the Python package;
//! * [`abalone`]: the Abalone engines: alpha-beta with an evaluator for two players, Monte
//!   Carlo tree search with a team-aware leaf for three, four and six, each with levels.

pub mod abalone;
mod alphabeta;
pub mod backgammon;
mod budget;
mod engine;
mod evaluator;
mod mcts;
pub mod pente;
pub mod registry;
mod table;

pub use alphabeta::AlphaBeta;
pub use budget::Budget;
pub use engine::{Engine, EnginePlayer, SearchResult};
pub use evaluator::{Evaluator, ProofSite, LOSS, WIN};
pub use mcts::{Leaf, Mcts, RandomPlayout, TeamValues};
