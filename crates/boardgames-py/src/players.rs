//! The computer players `bestmove` asks: the engines of `boardgames-ai`, per game.

use std::time::Duration;

use boardgames_ai::backgammon::{MatchPlayer, Network, NetworkPlayer};
use boardgames_ai::{Budget, Engine, EnginePlayer};
use boardgames_core::abalone::Position;
use boardgames_core::backgammon::{Backgammon, Match};
use boardgames_core::pente::Pente;
use boardgames_core::player::Player;
use boardgames_core::Game;

/// A game's computer player at a level (the engine's default when `None`) or within a time.
pub trait Players: Game {
    /// The player, or `None` when the game has no engine.
    fn player(&self, level: Option<u8>, millis: Option<u64>) -> Option<Box<dyn Player<Self>>>;
}

/// An engine searched at its level's budget, or for `millis` when given.
fn searched<G: Game>(engine: Box<dyn Engine<G>>, millis: Option<u64>) -> Box<dyn Player<G>> {
    match millis {
        Some(ms) => Box::new(EnginePlayer::with_budget(
            engine,
            Budget::time(Duration::from_millis(ms)),
        )),
        None => Box::new(EnginePlayer::new(engine)),
    }
}

impl Players for Pente {
    fn player(&self, level: Option<u8>, millis: Option<u64>) -> Option<Box<dyn Player<Pente>>> {
        let level = level.unwrap_or(boardgames_ai::pente::DEFAULT_LEVEL);
        Some(searched(
            Box::new(boardgames_ai::pente::engine(level)),
            millis,
        ))
    }
}

impl Players for Position<2> {
    fn player(&self, level: Option<u8>, millis: Option<u64>) -> Option<Box<dyn Player<Self>>> {
        let level = level.unwrap_or(boardgames_ai::abalone::DEFAULT_LEVEL);
        Some(searched(
            Box::new(boardgames_ai::abalone::engine(level)),
            millis,
        ))
    }
}

/// Three, four and six players: the Monte Carlo tree search for teams.
macro_rules! multi_players {
    ($($seats:literal),*) => {$(
        impl Players for Position<$seats> {
            fn player(&self, level: Option<u8>, millis: Option<u64>) -> Option<Box<dyn Player<Self>>> {
                let level = level.unwrap_or(boardgames_ai::abalone::MULTI_DEFAULT_LEVEL);
                Some(searched(
                    Box::new(boardgames_ai::abalone::multi_engine::<$seats>(level, 0)),
                    millis,
                ))
            }
        }
    )*};
}
multi_players!(3, 4, 6);

impl Players for Backgammon {
    /// The shipped network at 0-ply (levels and time do not apply to the checker game).
    fn player(&self, _level: Option<u8>, _millis: Option<u64>) -> Option<Box<dyn Player<Self>>> {
        Some(Box::new(NetworkPlayer::new(Network::shipped())))
    }
}

impl Players for Match {
    /// The match player of that level (1..=5, default 3): plays, cube and resignations.
    fn player(&self, level: Option<u8>, _millis: Option<u64>) -> Option<Box<dyn Player<Self>>> {
        Some(Box::new(MatchPlayer::new(level.unwrap_or(3))))
    }
}
