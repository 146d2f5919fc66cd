//! Abalone: the two-player evaluator ([`AbaloneEval`]) and the levels of its alpha-beta
//! engine (below); the three-, four- and six-player engines are Monte Carlo tree search with
//! a team-aware leaf ([`multi_engine`], [`TeamLeaf`], their levels in [`multi_budget`]).
//!
//! Two players:
//!
//! | level | budget | what it sees |
//! |---|---|---|
//! | 1 | depth 1 | an ejection this move, and the sixth that wins |
//! | 2 | depth 2 | also the opponent's ejection next move, so it guards its rim |
//! | 3 | 30,000 nodes | sumito set-ups and the defences, some seven plies deep |
//! | 4 | 100,000 nodes | deeper push combinations |
//! | 5 (default) | 300,000 nodes | the strongest, slowest |
//!
//! A level is a depth or a count of nodes, never a clock, so that it plays the same moves on
//! every machine. On one core of a 2-core development machine level 3 answers in a few
//! hundredths of a second (depth 7 from the standard start) and level 5, the default, in
//! about three tenths (depth 9; `docs/performance.md`); `bestmove --movetime` and
//! `arena`'s `movetime=MS` give the engine a clock instead.
//!
//! Every legal move is searched, ejecting pushes first, then the other pushes (sumito), then
//! in-line moves of three and two toward the centre, broadside moves last; a line runs up
//! to two plies past the depth while the side to move can eject a marble. The evaluation
//! counts the marbles ejected (dominant, each further marble worth a little more than the
//! one before, so that the side ahead welcomes exchanges), the marbles' hex distance to E5
//! and their cohesion (both weighted more in the opening), the own marbles on the rim, the
//! ejections the side to move can make and the threats it faces, the sumito pushes each side
//! can make, and, for the side a marble or more ahead, pressure: the opponent's marbles on
//! the rim, its own pushes and ejection threats, the opponent's cohesion broken; with a move
//! limit near, the lead in ejected marbles that the limit will decide on.
//!
//! ```
//! use boardgames_ai::{abalone, Budget, Engine};
//! use boardgames_core::abalone::Setup;
//!
//! // Black has ejected five; its line E6-E8 pushes White's E9 off the board (3:1 from E6,
//! // or 2:1 from E7): the sixth ejection, which wins.
//! let setup: Setup = "wwwww/www3/7/8/5bbbw/8/7/bbbbbb/bbbbb b 0-5".parse()?;
//! let pos = setup.into_position()?;
//! let found = abalone::engine(1).search(&pos, &Budget::depth(1)).expect("a move");
//! assert!(["e6e7", "e7e8"].contains(&found.best.to_string().as_str()));
//! assert_eq!(found.score, boardgames_ai::WIN - 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod eval;
mod multi;

pub use eval::AbaloneEval;
pub use multi::{multi_budget, multi_engine, TeamLeaf, MULTI_DEFAULT_LEVEL};

use boardgames_core::abalone::Abalone;

use crate::alphabeta::AlphaBeta;
use crate::budget::{level_row, of_level, Budget};

/// The level a program uses when none is asked for.
pub const DEFAULT_LEVEL: u8 = 5;

/// What the two-player evaluator counts one ejected marble worth: the unit in which programs
/// show its scores.
pub const MARBLE_WORTH: i32 = 1000;

/// The budget of each level, 1 to 5 (the module docs' table).
const LEVELS: [Budget; 5] = [
    level_row(Some(1), None),
    level_row(Some(2), None),
    level_row(None, Some(30_000)),
    level_row(None, Some(100_000)),
    level_row(None, Some(300_000)),
];

/// The budget of a level, 1 to 5 (other values are clamped).
#[must_use]
pub fn budget(level: u8) -> Budget {
    of_level(level, &LEVELS)
}

/// The engine of a level (see the module docs): alpha-beta with [`AbaloneEval`] and a
/// transposition table of 2^18 entries.
#[must_use]
pub fn engine(level: u8) -> AlphaBeta<Abalone, AbaloneEval> {
    AlphaBeta::at_level(AbaloneEval, level, budget(level))
}
