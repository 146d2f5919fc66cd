//! What `bestmove` asks of a game's engine, for the engine registry of `boardgames-ai`
//! ([`boardgames_ai::registry`]), which says which engine plays each game.

use std::time::Duration;

use boardgames_ai::registry::Strength;
use boardgames_ai::Budget;

/// What `bestmove` asks of an engine: a level (the engine's default when `None`), and a
/// budget of time or nodes that replaces the level's own.
#[derive(Copy, Clone, Debug, Default)]
pub struct Limit {
    /// The engine's level.
    pub level: Option<u8>,
    /// Milliseconds to search.
    pub millis: Option<u64>,
    /// Nodes (positions, or tree iterations for Monte Carlo search) to search.
    pub nodes: Option<u64>,
}

impl Limit {
    /// The registry's strength of this limit.
    #[must_use]
    pub fn strength(self) -> Strength {
        Strength {
            level: self.level,
            budget: Budget {
                depth: None,
                nodes: self.nodes,
                time: self.millis.map(Duration::from_millis),
            },
        }
    }
}
