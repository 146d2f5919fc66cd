//! The computer players `bestmove` asks: the engines of `boardgames-ai`, per game.

use std::time::Duration;

use boardgames_ai::backgammon::{MatchPlayer, NetworkPlayer, Networks};
use boardgames_ai::{Budget, Engine, EnginePlayer};
use boardgames_core::abalone::Position;
use boardgames_core::backgammon::{Backgammon, Match};
use boardgames_core::pente::Pente;
use boardgames_core::player::Player;
use boardgames_core::Game;

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

/// A game's computer player under a [`Limit`].
pub trait Players: Game {
    /// The player, or `None` when the game has no engine.
    fn player(&self, limit: Limit) -> Option<Box<dyn Player<Self>>>;
}

/// An engine searched at its level's budget, or within the limit's time and nodes.
fn searched<G: Game>(engine: Box<dyn Engine<G>>, limit: Limit) -> Box<dyn Player<G>> {
    if limit.millis.is_none() && limit.nodes.is_none() {
        return Box::new(EnginePlayer::new(engine));
    }
    let budget = Budget {
        depth: None,
        nodes: limit.nodes,
        time: limit.millis.map(Duration::from_millis),
    };
    Box::new(EnginePlayer::with_budget(engine, budget))
}

impl Players for Pente {
    fn player(&self, limit: Limit) -> Option<Box<dyn Player<Pente>>> {
        let level = limit.level.unwrap_or(boardgames_ai::pente::DEFAULT_LEVEL);
        Some(searched(
            Box::new(boardgames_ai::pente::engine(level)),
            limit,
        ))
    }
}

impl Players for Position<2> {
    fn player(&self, limit: Limit) -> Option<Box<dyn Player<Self>>> {
        let level = limit.level.unwrap_or(boardgames_ai::abalone::DEFAULT_LEVEL);
        Some(searched(
            Box::new(boardgames_ai::abalone::engine(level)),
            limit,
        ))
    }
}

/// Three, four and six players: the Monte Carlo tree search for teams.
macro_rules! multi_players {
    ($($seats:literal),*) => {$(
        impl Players for Position<$seats> {
            fn player(&self, limit: Limit) -> Option<Box<dyn Player<Self>>> {
                let level = limit.level.unwrap_or(boardgames_ai::abalone::MULTI_DEFAULT_LEVEL);
                Some(searched(
                    Box::new(boardgames_ai::abalone::multi_engine::<$seats>(level, 0)),
                    limit,
                ))
            }
        }
    )*};
}
multi_players!(3, 4, 6);

impl Players for Backgammon {
    /// The shipped networks at 0-ply (levels and time do not apply to the checker game).
    fn player(&self, _limit: Limit) -> Option<Box<dyn Player<Self>>> {
        Some(Box::new(NetworkPlayer::new(Networks::shipped())))
    }
}

impl Players for Match {
    /// The match player of that level (1..=5, default 3): plays, cube and resignations.
    fn player(&self, limit: Limit) -> Option<Box<dyn Player<Self>>> {
        Some(Box::new(MatchPlayer::new(limit.level.unwrap_or(3))))
    }
}
