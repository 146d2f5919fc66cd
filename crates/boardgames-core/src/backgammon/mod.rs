//! Backgammon: exact full-turn move generation with the dice as chance nodes, gnubg play
//! notation, gnubg Position ID and Match ID, XGID, the neutral JSON format, and the doubling
//! cube with money and match play.
//!
//! * [`Backgammon`]: the position and rules (`Copy`), implementing [`Game`](crate::Game):
//!   a chance node for each roll ([`Dice`], 21 distinct rolls), then the distinct full plays
//!   ([`Play`]) as legal moves, each leading to a different position.
//! * [`Board`]: per-side checker counts packed four bits per slot, with masks of occupied and
//!   blocked points; [`Side`] X (seat 0) and O (seat 1).
//! * [`generate`]: the allocation-free full-turn generator behind [`Backgammon::plays`], into
//!   a [`TurnSink`].
//! * [`Play`] and [`PlayNotation`]: gnubg's notation, printed canonically, parsed leniently,
//!   resolved against a position and its dice.
//! * [`position_id`] and [`MatchId`]: gnubg Position ID and Match ID; [`Xgid`]: XGID;
//!   [`Setup`]: the neutral format (JSON with the `serde` feature; its text form is an XGID).
//! * [`Match`]: the money game or match with the doubling cube as a [`Game`](crate::Game) of
//!   its own: the opening throw and the rolls as chance nodes ([`Throw`]), the cube actions,
//!   resignations and plays as moves ([`MatchAction`], written as [`ActionText`]), the
//!   Crawford and Jacoby rules, the next game of a match; its setup ([`MatchSetup`]) is a
//!   gnubg Position ID and Match ID. [`MatchRules`] and [`EndOfGame`]: the rules of the cube
//!   and the score. The match game lives in its own folder (`session/`); the checker game,
//!   its generator, notation and IDs beside it.
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

mod board;
mod diagram;
mod dice;
mod error;
mod ids;
mod masks;
mod movegen;
mod notation;
mod play;
mod position;
pub mod record;
mod session;
mod setup;

pub use board::{Board, Side, BAR, CHECKERS, OFF};
pub use dice::Dice;
pub use error::{
    DiceError, DiceProblem, IdError, IllegalPlay, NotationError, NotationProblem, SetupError,
    SetupProblem, SyntaxProblem,
};
pub use ids::{board_from_position_id, position_id, position_key, GameState, MatchId};
pub use movegen::{
    apply_play, board_of, generate, opponent_after, result_board, CountSink, NthSink, TurnSink,
    MAX_PLAYS,
};
pub use notation::{PlayNotation, WrittenMove};
pub use play::{Play, Step, MAX_STEPS};
pub use position::{Backgammon, PlayList, WinKind};
pub use session::{
    doubled, ActionList, ActionText, EndOfGame, Ending, Match, MatchAction, MatchError,
    MatchProblem, MatchRules, MatchSetup, NoDouble, Phase, SetupOptions, Throw, ThrowText, Xgid,
    XgidDice, MAX_ACTIONS, MAX_CUBE, MAX_SCORE,
};
pub use setup::Setup;
