//! The engine's move for the searching games (Pente, Abalone): the engine of the registry
//! at a level, its budget cut to the server's time for a move.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use boardgames_ai::registry::{self, Engines};
use boardgames_core::Game;

use crate::error::{ApiError, ErrorKind};
use crate::session::Thought;

pub use boardgames_ai::registry::LEVELS;

/// `level`, or why it is none of the registry's ([`registry::checked_level`]).
///
/// # Errors
/// [`ErrorKind::Engine`] for a level outside 1 to 5.
pub fn checked_level<G: Game + Engines>(level: Option<u8>) -> Result<u8, ApiError> {
    registry::checked_level::<G>(level).map_err(|e| ApiError::new(ErrorKind::Engine, e.to_string()))
}

/// The searching engine's move at the last of `positions`, told the positions before it,
/// at `level`, within its level's budget and at most `time`, or its best so far once `stop`
/// is set.
///
/// # Errors
/// [`ErrorKind::Engine`]: a level outside 1 to 5, or no move found.
pub fn search<G: Game + Engines>(
    positions: &[G],
    level: Option<u8>,
    time: Duration,
    stop: Arc<AtomicBool>,
) -> Result<Thought, ApiError> {
    let level = checked_level::<G>(level)?;
    let Some((pos, before)) = positions.split_last() else {
        return Err(ApiError::new(ErrorKind::Engine, "no position"));
    };
    let mut engine = G::engine(Some(level)).ok_or_else(|| {
        ApiError::new(
            ErrorKind::Engine,
            format!("{} has no searching engine", G::NAME),
        )
    })?;
    let mut budget = engine.budget();
    budget.time = Some(budget.time.map_or(time, |t| t.min(time)));
    let keys: Vec<u64> = before.iter().map(Game::key).collect();
    engine.set_history(&keys);
    engine.set_stop(stop);
    let found = engine
        .search(pos, &budget)
        .ok_or_else(|| ApiError::new(ErrorKind::Engine, "the engine found no move"))?;
    Ok(Thought {
        text: found.best.to_string(),
        score: Some(f64::from(found.score)),
        describe: G::describe_score(found.score),
        level,
        line: found.pv.iter().map(ToString::to_string).collect(),
        ranked: Vec::new(),
        cube: None,
    })
}
