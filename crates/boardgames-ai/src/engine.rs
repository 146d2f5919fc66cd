//! An engine: a searcher with its evaluator, asked for a move under a budget.

use std::time::Duration;

use boardgames_core::player::Player;
use boardgames_core::Game;

use crate::budget::Budget;

/// What a search found. Two results are equal only if their `time` is too: to compare
/// searches for determinism, compare the other fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<G: Game> {
    /// The move to play.
    pub best: G::Move,
    /// Its score for the seat to move. Alpha-beta: in the evaluator's units; `WIN - n` when
    /// the search sees a forced win in `n` plies, `LOSS + n` for a forced loss. [`Mcts`]:
    /// the mean value of the move for the seat's team, in thousandths (0 to 1000).
    ///
    /// [`Mcts`]: crate::Mcts
    pub score: i32,
    /// Alpha-beta: the deepest iteration finished, in plies. Mcts: the deepest path of the
    /// tree.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The principal variation: the best move, then the best replies as far as known.
    pub pv: Vec<G::Move>,
}

/// A computer player that can say why: its move with a score and a principal variation.
pub trait Engine<G: Game>: Send {
    /// A name for messages and result tables (`alpha-beta level 3`).
    fn name(&self) -> String;

    /// Searches `pos` within `budget`; `None` when no seat is to move or there is no legal
    /// move.
    fn search(&mut self, pos: &G, budget: &Budget) -> Option<SearchResult<G>>;

    /// The budget of the engine's level, used when it plays as a [`Player`].
    fn budget(&self) -> Budget;

    /// The game so far, as [`Player::history`] tells it: the keys of the positions before
    /// the next one searched. An engine that knows them scores a line back to one of them
    /// as a draw, so that it repeats a position only when it is not ahead. Default: ignored.
    fn set_history(&mut self, keys: &[u64]) {
        let _ = keys;
    }

    /// A flag that ends the searches of this engine once it is set (from another thread, a
    /// "stop" or "move now"), as a budget running out does: the search answers with the best
    /// it has found. Default: ignored (the search runs to its budget).
    fn set_stop(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        let _ = stop;
    }
}

/// An [`Engine`] playing with its own budget, as a [`Player`].
pub struct EnginePlayer<G: Game> {
    engine: Box<dyn Engine<G>>,
    budget: Budget,
}

impl<G: Game> EnginePlayer<G> {
    /// The player of `engine`, searching with the budget of its level.
    #[must_use]
    pub fn new(engine: Box<dyn Engine<G>>) -> EnginePlayer<G> {
        let budget = engine.budget();
        EnginePlayer { engine, budget }
    }

    /// The player of `engine`, searching with `budget` for every move.
    #[must_use]
    pub fn with_budget(engine: Box<dyn Engine<G>>, budget: Budget) -> EnginePlayer<G> {
        EnginePlayer { engine, budget }
    }
}

impl<G: Game> Player<G> for EnginePlayer<G> {
    fn name(&self) -> String {
        self.engine.name()
    }

    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        self.engine.search(pos, &self.budget).map(|r| r.best)
    }

    fn history(&mut self, keys: &[u64]) {
        self.engine.set_history(keys);
    }
}
