//! The networks the backgammon training examples start from or play with.

use boardgames_ai::backgammon::{Encoding, Network, Networks};

/// The networks of a file (a `Networks` file, or one network's for every class).
///
/// # Errors
/// The file and why it does not read.
pub fn read(file: &str) -> Result<Networks, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    Networks::from_bytes(&bytes).map_err(|e| format!("{file}: {e}"))
}

/// Random networks of `encoding` to start training: `hidden` units for contact and crashed
/// positions, `race_hidden` for races (`hidden` when 0), seeded with `seed`, `seed + 1` and
/// `seed + 2`.
///
/// # Errors
/// A hidden layer of a size a network cannot have.
pub fn random(
    encoding: Encoding,
    hidden: usize,
    race_hidden: usize,
    seed: u64,
) -> Result<Networks, String> {
    let net = |hidden: usize, seed: u64| {
        Network::random_with(encoding, hidden, seed).map_err(|e| e.to_string())
    };
    let race = if race_hidden == 0 {
        hidden
    } else {
        race_hidden
    };
    Ok(Networks::new(
        net(hidden, seed)?,
        net(hidden, seed + 1)?,
        net(race, seed + 2)?,
    ))
}
