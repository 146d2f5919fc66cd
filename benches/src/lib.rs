//! Shared helpers for the criterion benchmarks and the timing examples: the shipped reference
//! positions (see the `boardgames-testdata` crate) and the case sets built from them.
//!
//! Every set is large (at least 20,000 distinct cases) and shuffled with a fixed seed, so
//! that a branch predictor cannot learn a short repeated sequence of cases: a user's engine
//! never meets the same few thousand positions in the same order twice.

pub mod abalone_sets;
pub mod backgammon_sets;

pub use boardgames_testdata::read_jsonl_gz;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// `items` in an order drawn from `seed` (ChaCha8), the same on every machine.
#[must_use]
pub fn shuffled<T>(mut items: Vec<T>, seed: u64) -> Vec<T> {
    items.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    items
}
