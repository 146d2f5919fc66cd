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
//! * [`Match`]: the money game or match with the doubling cube as a [`Game`](crate::Game) of
//!   its own: the opening throw and the rolls as chance nodes ([`Throw`]), the cube actions,
//!   resignations and plays as moves ([`MatchAction`], written as [`ActionText`]), the
//!   Crawford and Jacoby rules, the next game of a match; its setup ([`MatchSetup`]) is a
//!   gnubg Position ID and Match ID. [`cube`]: the rules of the cube and the score.
//!
//! ```
//! use boardgames_core::backgammon::{Backgammon, Dice};
//! use boardgames_core::Game;
//!
//! let mut pos = Backgammon::new();
//! pos.apply_chance(Dice::new(3, 1)?)?;
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

mod action;
mod board;
pub mod cube;
mod diagram;
mod dice;
mod error;
pub mod ids;
mod masks;
mod match_setup;
pub mod movegen;
mod notation;
mod play;
mod position;
pub mod record;
mod session;
mod setup;
pub mod xgid;

pub use action::{ActionText, MatchAction, Throw, ThrowText};
pub use board::{Board, Side, BAR, CHECKERS, OFF};
pub use cube::{EndOfGame, Ending, MatchRules, MAX_CUBE, MAX_SCORE};
pub use dice::Dice;
pub use error::{
    DiceError, DiceProblem, IdError, IllegalPlay, MatchError, MatchProblem, NoDouble,
    NotationError, NotationProblem, SetupError, SetupProblem, SyntaxProblem,
};
pub use ids::{GameState, MatchId};
pub use match_setup::{MatchSetup, SetupOptions};
pub use movegen::{NthSink, TurnSink, MAX_PLAYS};
pub use notation::{PlayNotation, WrittenMove};
pub use play::{Play, Step, MAX_STEPS};
pub use position::{Backgammon, PlayList, WinKind};
pub use session::{ActionList, Match, Phase, MAX_ACTIONS};
pub use setup::Setup;
pub use xgid::{Xgid, XgidDice};
