//! Shared helpers for the criterion benchmarks and the timing programs (`src/bin/`): the
//! shipped reference positions (see the `boardgames-testdata` crate) and the case sets built
//! from them.
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

/// Ends a timing program with `error: {message}` on standard error and exit status 2 (a
/// usage or input error).
pub fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2)
}

/// Writes `lines` to standard output, one a line; a reader that stops early (a closed pipe,
/// as with `| head`) ends the program quietly.
pub fn print_lines<I: IntoIterator<Item = String>>(lines: I) {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let done = lines
        .into_iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush());
    match done {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => fail(format!("writing standard output: {e}")),
    }
}

/// The number of timed passes of a timing program: its argument, at least 1 (default 20).
#[must_use]
pub fn passes_arg(arg: Option<&str>) -> usize {
    match arg.map(str::parse::<usize>) {
        None => 20,
        Some(Ok(n)) if n >= 1 => n,
        Some(_) => fail(format!(
            "PASSES must be a whole number of at least 1, not {:?}",
            arg.unwrap_or_default()
        )),
    }
}

/// `items` in an order drawn from `seed` (ChaCha8), the same on every machine.
#[must_use]
pub fn shuffled<T>(mut items: Vec<T>, seed: u64) -> Vec<T> {
    items.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    items
}
