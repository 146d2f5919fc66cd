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
//! | 3 (default) | depth 5 within 1 s | three own moves: sumito set-ups and the defences |
//! | 4 | depth 6 within 3 s | deeper push combinations |
//! | 5 | depth 8 within 10 s | the strongest, slowest |
//!
//! From the standard start level 3 finishes depth 5 in about 0.03 s (some 80,000 nodes at
//! 3 to 5 million nodes a second on one core), and 0.2 s from the Belgian daisy, whose
//! marbles meet at once; depth 8 can take 2 s from the standard start and 20 s from the
//! daisy, so level 5 usually stops on its clock.
//!
//! Every legal move is searched, ejecting pushes first, then the other pushes (sumito), then
//! in-line moves of three and two toward the centre, broadside moves last; a line runs up
//! to two plies past the depth while the side to move can eject a marble. The evaluation
//! counts the marbles ejected (dominant), the marbles' hex distance to E5, their cohesion,
//! the own marbles on the rim and those the opponent can push off, and, with a move limit
//! near, the lead in ejected marbles that the limit will decide on.
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
use crate::budget::{of_level, Budget, LevelRow};

/// The level a program uses when none is asked for.
pub const DEFAULT_LEVEL: u8 = 3;

/// The depth and clock of each level, 1 to 5 (the module docs' table).
const LEVELS: [LevelRow; 5] = [
    (1, None),
    (2, None),
    (5, Some(1)),
    (6, Some(3)),
    (8, Some(10)),
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
