//! The money game and the match: [`Match`], the session with the doubling cube as a
//! [`Game`](crate::Game) of its own, beside the checker game [`Backgammon`](super::Backgammon)
//! that it plays.
//!
//! * [`Match`] (`game.rs`): the opening throw and the rolls as chance nodes ([`Throw`]), the
//!   cube actions, resignations and plays as moves ([`MatchAction`], written as
//!   [`ActionText`]), the Crawford, Jacoby, beaver, automatic-double and Holland rules, the
//!   next game of a match.
//! * [`MatchRules`] and the end of a game ([`EndOfGame`]) with its points (`cube.rs`).
//! * [`MatchSetup`]: a gnubg Position ID and Match ID, the setup of a session (`setup.rs`);
//!   [`Xgid`], eXtreme Gammon's ID of a position with its match state (`xgid.rs`).
//! * Their errors (`error.rs`): [`MatchError`] for a decision refused, [`NoDouble`] for why no
//!   double is allowed, [`MatchProblem`] for match fields that are no state of a session.

pub(crate) mod action;
pub(crate) mod cube;
pub(crate) mod error;
pub(crate) mod game;
pub(crate) mod record;
pub(crate) mod setup;
pub(crate) mod xgid;

pub use action::{ActionText, MatchAction, Throw, ThrowText};
pub use cube::{doubled, EndOfGame, Ending, MatchRules, MAX_CUBE, MAX_SCORE};
pub use error::{MatchError, MatchProblem, NoDouble};
pub use game::{ActionList, Match, Phase, MAX_ACTIONS};
pub use setup::{MatchSetup, SetupOptions};
pub use xgid::{Xgid, XgidDice};
