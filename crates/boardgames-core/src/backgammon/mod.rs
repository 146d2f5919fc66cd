//! Backgammon: exact full-turn move generation with the dice as chance nodes, gnubg play
//! notation, gnubg Position ID and Match ID, XGID, the neutral JSON format, and the doubling
//! cube with money and match play.
//!
//! * [`Backgammon`]: the position and rules (`Copy`), implementing [`Game`](crate::Game):
//!   a chance node for each roll ([`Dice`], 21 distinct rolls), then the distinct full plays
//!   ([`Play`]) as legal moves, each leading to a different position.
//! * [`Board`]: per-side checker counts packed four bits per slot, with masks of occupied and
//!   blocked points; [`Side`] X (seat 0) and O (seat 1).
//! * [`movegen`]: the allocation-free full-turn generator behind [`Backgammon::plays`].
//! * [`Play`] and [`PlayNotation`]: gnubg's notation, printed canonically, parsed leniently,
//!   resolved against a position and its dice.
//! * [`ids`]: gnubg Position ID and Match ID; [`xgid`]: XGID; [`Setup`]: the neutral format
//!   (JSON with the `serde` feature; its text form is an XGID).
//! * [`cube`]: the doubling cube, money games (Jacoby) and matches (Crawford), resignations.
//!
//! ```
//! use boardgames_core::backgammon::{Backgammon, Dice};
//! use boardgames_core::Game;
//!
//! let mut pos = Backgammon::new();
//! pos.apply_chance(Dice::new(3, 1).unwrap())?;
//! assert_eq!(pos.count_legal_moves(), 16);
//! let play = pos.parse_move("8/5 6/5")?;
//! pos.play(play)?;
//! assert_eq!(pos.position_id(), "sGfwATDgc/ABMA");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Rules: `docs/rules/backgammon.md` (seed 001 plus the standard rules of bearing off,
//! scoring, the cube and match play), as GNU Backgammon implements them; details and sources
//! in `docs/backgammon.md`.

mod board;
pub mod cube;
mod diagram;
mod dice;
mod error;
pub mod ids;
pub mod movegen;
mod notation;
mod play;
mod position;
pub mod record;
mod setup;
pub mod xgid;

pub use board::{Board, Side, BAR, CHECKERS, OFF};
pub use cube::{GameEnd, Match, MatchAction, MatchRules, Phase};
pub use dice::Dice;
pub use error::{
    DiceError, DiceProblem, IdError, IllegalPlay, NotationError, NotationProblem, SetupError,
    SetupProblem, SyntaxProblem,
};
pub use ids::{GameState, MatchId};
pub use movegen::{TurnSink, MAX_PLAYS};
pub use notation::{PlayNotation, WrittenMove};
pub use play::{Play, Step, MAX_STEPS};
pub use position::{Backgammon, PlayList, WinKind};
pub use setup::Setup;
pub use xgid::{Xgid, XgidDice};
