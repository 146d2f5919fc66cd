//! Players: anything that chooses the next move of a game for the seat to move.
//!
//! A [`Player`] is asked for a move whenever its seat is to move; frontends, matches between
//! engines and self-play use it without knowing what is behind it (a random mover, a
//! searcher, a program over a pipe). Chance outcomes are not a player's: whoever runs the
//! game draws them.
//!
//! ```
//! use boardgames_core::player::{Player, RandomPlayer};
//! use boardgames_core::pente::{OpeningRule, Pente, Variant};
//! use boardgames_core::Game;
//!
//! let mut pos = Pente::new(Variant::Pente, OpeningRule::Tournament);
//! let mut player = RandomPlayer::seeded(7);
//! let mv = player.choose(&pos).expect("the empty board has a move");
//! pos.play(mv)?;
//! assert_eq!(pos.ply(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::game::Game;
use crate::search;

/// Chooses moves for a seat.
pub trait Player<G: Game> {
    /// A name for messages and result tables (`random`, an engine and its level).
    fn name(&self) -> String;

    /// The move to play at `pos`, where this player's seat is to move; `None` when it has
    /// none to offer (no legal move, or it gives up).
    fn choose(&mut self, pos: &G) -> Option<G::Move>;

    /// The game so far: the [`Game::key`]s of the positions before the one it is about to
    /// be asked about, earliest first, told by programs that know them so that a player
    /// can steer clear of repeating a position (an engine that is not losing does).
    /// Default: ignored.
    fn history(&mut self, keys: &[u64]) {
        let _ = keys;
    }
}

/// A boxed player plays as the player inside, so that wrappers over players take boxes too.
impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        (**self).choose(pos)
    }

    fn history(&mut self, keys: &[u64]) {
        (**self).history(keys);
    }
}

/// Plays a uniformly random legal move, drawn from its own seeded ChaCha8 generator, so the
/// same seed gives the same moves.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random mover seeded with `seed`.
    #[must_use]
    pub fn seeded(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        search::random_move(pos, &mut self.rng)
    }
}
