//! The machine-learning view of each game: a fixed action space with a documented index for
//! every move and chance outcome, and observation tensors from any seat's point of view.
//!
//! These live outside the rules (`boardgames-core`): they are one choice of encoding among
//! many, made for the Python frameworks (OpenSpiel, PettingZoo, Gymnasium). `docs/python.md`
//! documents every index and tensor layout given here.

mod abalone;
mod backgammon;
mod pente;

use boardgames_core::{search, Game, Seat};
use rand::RngCore;

/// The largest action space of any game (the backgammon match's), a bound for tables
/// indexed by action.
pub const MAX_ACTIONS: u32 = backgammon::MATCH_ACTIONS;

/// A game with a fixed discrete action space and observation tensors.
pub trait Encoding: Game {
    /// The number of distinct actions; every move of every position of this game's variant
    /// has an index `0..action_count()`. Fixed for a game type (and its options).
    fn action_count(&self) -> usize;

    /// The number of distinct chance-outcome indices (0 for games without chance).
    fn chance_count(&self) -> usize;

    /// Whether a random move is best drawn from the generated list (one generation) rather
    /// than by [`Game::count_legal_moves`] and [`Game::nth_legal_move`] (backgammon, whose
    /// count and n-th play each run the generator; Pente and Abalone answer those cheaply).
    const RANDOM_FROM_LIST: bool = false;

    /// A chance outcome drawn with its probability ([`search::random_chance`]; a game may
    /// draw it more directly, as two dice are).
    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<Self::Chance> {
        search::random_chance(self, rng)
    }

    /// Ends the game when the seat to move has no legal move, as the game's rules let a
    /// frontend adjudicate it; true when it did. Only multi-player Abalone meets such
    /// positions in play (docs/abalone.md, rules 14 and M13): the bindings end them as a
    /// time-out of that seat would (judged as by rule 12), so that every decision node has a
    /// legal action.
    fn adjudicate_stuck(&mut self) -> bool {
        false
    }

    /// The returns' points for a win worth `points` (the outcome's points by default).
    fn points_value(&self, points: u32) -> f64 {
        f64::from(points)
    }

    /// The index of `mv`, a legal move of this position.
    fn action_of(&self, mv: Self::Move) -> u32;

    /// The index of the chance outcome `outcome` of this position.
    fn chance_action(&self, outcome: Self::Chance) -> u32;

    /// What an action index stands for, in words, whether or not it is legal here (for
    /// `action_to_string` of an action that is not legal in this position).
    fn describe_action(&self, action: u32) -> String;

    /// The shape of [`Encoding::observe`]'s tensor (row-major).
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes the position as seen by `seat` into `out`, which has the length of
    /// [`Encoding::observation_shape`]'s product and is zeroed first by the caller.
    fn observe(&self, seat: Seat, out: &mut [f32]);

    /// The options of the rules this state plays by, named as the Python constructors and
    /// OpenSpiel parameters name them (none by default).
    fn rules(&self) -> Vec<(&'static str, RuleValue)> {
        Vec::new()
    }
}

/// The value of one option of the rules (see [`Encoding::rules`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleValue {
    /// An option that is on or off.
    Flag(bool),
    /// A number (0 for none, where the option is a limit).
    Count(u64),
}
