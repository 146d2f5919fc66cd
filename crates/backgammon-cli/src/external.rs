//! An external backgammon engine in the arena (`cmd=PROGRAM ARGS`): a program that speaks
//! this program's `bestmove --jsonl` contract, asked each of its decisions as a gnubg
//! Position ID and Match ID and answering with an action and a play.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use boardgames_cli::arena::External;
use boardgames_core::backgammon::{Match, MatchAction};
use boardgames_core::player::Player;
use boardgames_core::Game;
use serde_json::Value;

/// Where an external player leaves the first error of its engine, for the arena to report
/// once the session stops.
pub type Failure = Rc<RefCell<Option<String>>>;

/// The decision `decide` gives; its error is kept in `failure`, after which every decision
/// is `None` (the session stops, and the arena reports the error).
pub fn guarded(
    failure: &Failure,
    decide: impl FnOnce() -> Result<MatchAction, String>,
) -> Option<MatchAction> {
    if failure.borrow().is_some() {
        return None;
    }
    match decide() {
        Ok(action) => Some(action),
        Err(e) => {
            *failure.borrow_mut() = Some(e);
            None
        }
    }
}

/// A player of the match game whose decisions come from an external engine.
pub struct ExternalPlayer {
    engine: External,
    failure: Failure,
}

impl ExternalPlayer {
    /// Starts the engine `words` (the program, then its arguments); its errors go to
    /// `failure`.
    ///
    /// # Errors
    /// A message when the program cannot be started.
    pub fn spawn(words: &[String], timeout: Duration, failure: Failure) -> Result<Self, String> {
        Ok(ExternalPlayer {
            engine: External::spawn(words, timeout)?,
            failure,
        })
    }

    /// The engine's decision at `m`, or why there is none.
    fn decide(&mut self, m: &Match) -> Result<MatchAction, String> {
        let question = format!(
            "\"position_id\":{},\"match_id\":{}",
            Value::from(m.position_id()),
            Value::from(m.match_id().encode())
        );
        let answer = self.engine.exchange(&question)?;
        let name = self.engine.name();
        let field = |key: &str| answer.get(key).and_then(Value::as_str).unwrap_or("");
        let text = match field("action") {
            "play" if field("play").is_empty() => "pass",
            "play" => field("play"),
            "no_double" => "roll",
            action @ ("double" | "take" | "drop" | "accept" | "reject") => action,
            other => return Err(format!("{name:?} answered the action {other:?}")),
        };
        m.parse_move(text)
            .map_err(|e| format!("{name:?} answered {text:?}: {e}"))
    }
}

impl Player<Match> for ExternalPlayer {
    fn name(&self) -> String {
        format!("external {}", self.engine.name())
    }

    /// `None` once the engine has failed: the session stops and the arena reports why.
    fn choose(&mut self, m: &Match) -> Option<MatchAction> {
        let failure = Rc::clone(&self.failure);
        guarded(&failure, || self.decide(m))
    }
}
