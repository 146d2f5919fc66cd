//! The engine registry: the one place that answers "the engine and the player of game G at
//! level L" for every game, used by the programs and the Python package alike, with one rule
//! for what a player may be asked to spend ([`Strength`]): a level from 1 to 5, and in its
//! place a budget of depth, nodes or time where the game's engine can honour it, a
//! [`RegistryError`] saying why where it cannot.
//!
//! ```
//! use boardgames_ai::registry::{Engines, Strength};
//! use boardgames_core::pente::Pente;
//! use boardgames_core::Game;
//!
//! let pos = Pente::default();
//! let mut player = Pente::player(Strength::level(1))?;
//! assert_eq!(player.choose(&pos).map(|m| m.to_string()).as_deref(), Some("K10"));
//! // Backgammon's match player looks ahead in plies, not in time.
//! let refused = boardgames_core::backgammon::Match::player(Strength::time_ms(100));
//! assert!(refused.is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use boardgames_core::abalone::{Abalone, Position};
use boardgames_core::backgammon::{Backgammon, Match};
use boardgames_core::pente::Pente;
use boardgames_core::player::Player;
use boardgames_core::Game;

use crate::backgammon::{Level, MatchPlayer, NetworkPlayer, Networks};
use crate::budget::Budget;
use crate::engine::{Engine, EnginePlayer};
use crate::evaluator::WIN;
use crate::{abalone, pente};

/// What a player is asked to spend on a move: a level (the game's default when `None`), and
/// a budget that replaces the level's own (a search to that depth, within those nodes or
/// that time).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Strength {
    /// The level, 1 to 5.
    pub level: Option<u8>,
    /// Limits that replace the level's own (all `None`: the level's).
    pub budget: Budget,
}

impl Strength {
    /// The game's default level.
    pub const DEFAULT: Strength = Strength {
        level: None,
        budget: Budget {
            depth: None,
            nodes: None,
            time: None,
        },
    };

    /// Level `n`.
    #[must_use]
    pub fn level(n: u8) -> Strength {
        Strength {
            level: Some(n),
            ..Strength::DEFAULT
        }
    }

    /// A search of `ms` milliseconds.
    #[must_use]
    pub fn time_ms(ms: u64) -> Strength {
        Strength {
            budget: Budget {
                time: Some(Duration::from_millis(ms)),
                ..Budget::default()
            },
            ..Strength::DEFAULT
        }
    }

    /// Whether a budget replaces the level's.
    fn has_budget(&self) -> bool {
        self.budget != Budget::default()
    }
}

/// Why a game's engine cannot play at the strength asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    /// A level outside the game's levels.
    #[error("{game}: no level {level} (levels {low} to {high})")]
    Level {
        /// The game.
        game: &'static str,
        /// The level asked.
        level: u8,
        /// The lowest level.
        low: u8,
        /// The highest level.
        high: u8,
    },
    /// A budget the game's engine cannot honour.
    #[error("{game}: the engine cannot be limited by {what}: {instead}")]
    Budget {
        /// The game.
        game: &'static str,
        /// The limit asked: `depth`, `nodes` or `time`.
        what: &'static str,
        /// What it can be asked instead.
        instead: &'static str,
    },
}

/// A game with an engine: its default level and its players. (No supertrait: a program
/// generic over a family of games can require it without hiding what it knows of the
/// games' own types.)
pub trait Engines: Sized {
    /// The game's name in messages.
    const NAME: &'static str;
    /// The level a program uses when none is asked for.
    const DEFAULT_LEVEL: u8;

    /// The searching engine at `level` (1 to 5; `None`: the default level), for programs
    /// that show a search (its score and line); `None` for a game whose engine is not a
    /// search of the kit (backgammon's look-ahead over the dice).
    fn engine(level: Option<u8>) -> Option<Box<dyn Engine<Self>>>
    where
        Self: Game;

    /// The player at `strength`.
    ///
    /// # Errors
    /// [`RegistryError`]: a level outside 1 to 5, or a budget the engine cannot honour.
    fn player(strength: Strength) -> Result<Box<dyn Player<Self>>, RegistryError>
    where
        Self: Game;

    /// A search score of the engine (for the side to move) in the game's own terms: a
    /// forced win or loss in N plies, else what the game counts (ejected marbles, captured
    /// pairs). Default: the forced results, else the raw score.
    fn describe_score(score: i32) -> String {
        forced(score).unwrap_or_else(|| format!("score {score:+}"))
    }
}

/// The plies of a forced result a score encodes, if it is one ([`WIN`] less the plies).
fn forced(score: i32) -> Option<String> {
    let plies = WIN - score.abs();
    (score.abs() > WIN - 1000).then(|| {
        let unit = if plies == 1 { "ply" } else { "plies" };
        if score > 0 {
            format!("a forced win in {plies} {unit}")
        } else {
            format!("a forced loss in {plies} {unit}")
        }
    })
}

/// `score` as a count of `unit`s (`per` score points each), signed, to a tenth.
fn in_units(score: i32, per: i32, unit: &str) -> String {
    forced(score).unwrap_or_else(|| format!("{:+.1} {unit}", f64::from(score) / f64::from(per)))
}

/// The levels of every engine of the registry, weakest first.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// `level` of game `G`'s engine checked against [`LEVELS`]; `None` is the game's default
/// level ([`Engines::DEFAULT_LEVEL`]).
///
/// ```
/// use boardgames_ai::registry::checked_level;
/// use boardgames_core::pente::Pente;
///
/// assert_eq!(checked_level::<Pente>(Some(2)), Ok(2));
/// let err = checked_level::<Pente>(Some(9)).unwrap_err();
/// assert_eq!(err.to_string(), "Pente: no level 9 (levels 1 to 5)");
/// ```
///
/// # Errors
/// [`RegistryError::Level`] for a level outside [`LEVELS`].
pub fn checked_level<G: Engines + Game>(level: Option<u8>) -> Result<u8, RegistryError> {
    match level {
        None => Ok(G::DEFAULT_LEVEL),
        Some(n) if LEVELS.contains(&n) => Ok(n),
        Some(n) => Err(RegistryError::Level {
            game: G::NAME,
            level: n,
            low: *LEVELS.start(),
            high: *LEVELS.end(),
        }),
    }
}

/// The player of a searching engine: the level's budget, or the one asked.
fn searching<G: Engines + Game>(strength: Strength) -> Result<Box<dyn Player<G>>, RegistryError> {
    let level = checked_level::<G>(strength.level)?;
    let Some(engine) = G::engine(Some(level)) else {
        unreachable!("a searching game has an engine at every level")
    };
    Ok(if strength.has_budget() {
        Box::new(EnginePlayer::with_budget(engine, strength.budget))
    } else {
        Box::new(EnginePlayer::new(engine))
    })
}

impl Engines for Pente {
    const NAME: &'static str = "Pente";
    const DEFAULT_LEVEL: u8 = pente::DEFAULT_LEVEL;

    /// In captured pairs: what the evaluator counts a captured pair worth.
    fn describe_score(score: i32) -> String {
        in_units(score, pente::PAIR_WORTH, "captured pairs")
    }

    fn engine(level: Option<u8>) -> Option<Box<dyn Engine<Pente>>> {
        Some(Box::new(pente::engine(
            level.unwrap_or(Self::DEFAULT_LEVEL),
        )))
    }

    fn player(strength: Strength) -> Result<Box<dyn Player<Pente>>, RegistryError> {
        searching(strength)
    }
}

impl Engines for Abalone {
    const NAME: &'static str = "Abalone";
    const DEFAULT_LEVEL: u8 = abalone::DEFAULT_LEVEL;

    /// In ejected marbles: what the evaluator counts a marble ejected worth.
    fn describe_score(score: i32) -> String {
        in_units(score, abalone::MARBLE_WORTH, "marbles")
    }

    fn engine(level: Option<u8>) -> Option<Box<dyn Engine<Abalone>>> {
        Some(Box::new(abalone::engine(
            level.unwrap_or(Self::DEFAULT_LEVEL),
        )))
    }

    fn player(strength: Strength) -> Result<Box<dyn Player<Abalone>>, RegistryError> {
        searching(strength)
    }
}

/// Three, four and six players: the Monte Carlo tree search for teams.
macro_rules! multi_player_abalone {
    ($($seats:literal),*) => {$(
        impl Engines for Position<$seats> {
            const NAME: &'static str = concat!("Abalone for ", $seats, " players");
            const DEFAULT_LEVEL: u8 = abalone::MULTI_DEFAULT_LEVEL;

            fn engine(level: Option<u8>) -> Option<Box<dyn Engine<Self>>> {
                let level = level.unwrap_or(Self::DEFAULT_LEVEL);
                Some(Box::new(abalone::multi_engine::<$seats>(level, 0)))
            }

            fn player(strength: Strength) -> Result<Box<dyn Player<Self>>, RegistryError> {
                searching(strength)
            }
        }
    )*};
}
multi_player_abalone!(3, 4, 6);

/// The first limit of a budget that a look-ahead in plies cannot honour.
fn unplayable(budget: &Budget, with_depth: bool) -> Option<&'static str> {
    if budget.time.is_some() {
        Some("time")
    } else if budget.nodes.is_some() {
        Some("nodes")
    } else if budget.depth.is_some() && !with_depth {
        Some("depth")
    } else {
        None
    }
}

impl Engines for Backgammon {
    const NAME: &'static str = "backgammon (the checker game)";
    const DEFAULT_LEVEL: u8 = 1;

    fn engine(_level: Option<u8>) -> Option<Box<dyn Engine<Backgammon>>> {
        None
    }

    /// The shipped networks at 0 plies: the checker game has one level and no budget.
    fn player(strength: Strength) -> Result<Box<dyn Player<Backgammon>>, RegistryError> {
        if let Some(level) = strength.level.filter(|&n| n != 1) {
            return Err(RegistryError::Level {
                game: Self::NAME,
                level,
                low: 1,
                high: 1,
            });
        }
        if let Some(what) = unplayable(&strength.budget, false) {
            return Err(RegistryError::Budget {
                game: Self::NAME,
                what,
                instead: "it plays at 0 plies; the match game has levels",
            });
        }
        Ok(Box::new(NetworkPlayer::new(Networks::shipped())))
    }
}

impl Engines for Match {
    const NAME: &'static str = "backgammon";
    const DEFAULT_LEVEL: u8 = Level::DEFAULT;

    fn engine(_level: Option<u8>) -> Option<Box<dyn Engine<Match>>> {
        None
    }

    /// The match player of [`match_level`] (every decision: plays, cube, resignations).
    fn player(strength: Strength) -> Result<Box<dyn Player<Match>>, RegistryError> {
        Ok(Box::new(match_player(&strength)?))
    }
}

/// Backgammon's match player at `strength` ([`match_level`]) as itself, not boxed: for
/// programs that use more of it than a [`Player`] (its engine, [`MatchPlayer::set_stop`]).
///
/// # Errors
/// [`RegistryError`], as [`match_level`].
pub fn match_player(strength: &Strength) -> Result<MatchPlayer, RegistryError> {
    Ok(MatchPlayer::new(match_level(strength)?))
}

/// The level of backgammon's match player at `strength`: its level (1 to 5, default 4), or
/// the level that looks `depth` plies ahead (0 to 3: levels 1, 2, 3 and 5).
///
/// # Errors
/// [`RegistryError`]: a level outside 1 to 5, a depth beyond 3, a budget of time or nodes.
pub fn match_level(strength: &Strength) -> Result<u8, RegistryError> {
    let level = checked_level::<Match>(strength.level)?;
    let refuse = |what| RegistryError::Budget {
        game: Match::NAME,
        what,
        instead: "give a level, or a depth of 0 to 3 plies",
    };
    if let Some(what) = unplayable(&strength.budget, true) {
        return Err(refuse(what));
    }
    match strength.budget.depth {
        None => Ok(level),
        Some(0) => Ok(1),
        Some(1) => Ok(2),
        Some(2) => Ok(3),
        Some(3) => Ok(5),
        Some(_) => Err(refuse("depth")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::pente::{OpeningRule, Variant};

    #[test]
    fn levels_and_budgets_are_honoured_or_refused() {
        assert!(Pente::player(Strength::level(5)).is_ok());
        assert_eq!(
            Pente::player(Strength::level(6)).err(),
            Some(RegistryError::Level {
                game: "Pente",
                level: 6,
                low: 1,
                high: 5
            })
        );
        assert!(Position::<6>::player(Strength::time_ms(10)).is_ok());
        assert!(Backgammon::player(Strength::DEFAULT).is_ok());
        assert!(Backgammon::player(Strength::level(3)).is_err());
        let depth = |d| Strength {
            budget: Budget::depth(d),
            ..Strength::DEFAULT
        };
        assert!(Match::player(depth(2)).is_ok());
        assert!(Match::player(depth(4)).is_err());
        assert_eq!(match_level(&depth(3)), Ok(5));
        assert_eq!(match_level(&Strength::DEFAULT), Ok(4));
        assert!(Backgammon::player(depth(1)).is_err());
        let message = Match::player(Strength::time_ms(5))
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            message.as_deref(),
            Some("backgammon: the engine cannot be limited by time: give a level, or a depth of 0 to 3 plies")
        );
        // Scores in the game's terms.
        assert_eq!(Pente::describe_score(WIN - 3), "a forced win in 3 plies");
        assert_eq!(Abalone::describe_score(-WIN + 1), "a forced loss in 1 ply");
        assert_eq!(
            Abalone::describe_score(abalone::MARBLE_WORTH * 3 / 2),
            "+1.5 marbles"
        );
        assert_eq!(Match::describe_score(12), "score +12");
        // Keryo-Pente is Pente's engine too.
        let keryo = Pente::new(Variant::KeryoPente, OpeningRule::Tournament);
        let mut p = Pente::player(Strength::level(1)).expect("a player");
        assert!(p.choose(&keryo).is_some());
    }
}
