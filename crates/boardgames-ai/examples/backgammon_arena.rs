//! Cubeless money games between backgammon players, in pairs with the same dice: the
//! network at 0, 1, 2 or 3 plies (the usual move filters), and Tesauro's pubeval.
//!
//! ```text
//! cargo run --release -p boardgames-ai --example backgammon_arena -- \
//!     --a 1 --b pubeval --games 1000 --seed 7
//! ```
//!
//! `--a` and `--b` are a number of plies or `pubeval`; `PLIES:FILE` plays the networks of
//! FILE (a `Networks` or network file, such as the training examples write) instead of the
//! shipped ones. Prints A's points a game with its 95 % interval, its games won, and the
//! time a decision took on average.

use std::time::Instant;

use boardgames_ai::backgammon::{
    series, BearoffDatabase, CheckerPlayer, Evaluator, Networks, PlyPlayer, PubEval, NORMAL_FILTERS,
};

fn player(spec: &str) -> Result<Box<dyn CheckerPlayer>, String> {
    if spec == "pubeval" {
        return Ok(Box::new(PubEval));
    }
    let (plies, file) = match spec.split_once(':') {
        Some((p, f)) => (p, Some(f)),
        None => (spec, None),
    };
    let plies: u32 = plies
        .parse()
        .map_err(|_| format!("{spec}: a number of plies (and :FILE) or pubeval"))?;
    let eval = match file {
        None => Evaluator::shipped(),
        Some(file) => {
            let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
            let nets = Networks::from_bytes(&bytes).map_err(|e| format!("{file}: {e}"))?;
            Evaluator::new(Box::leak(Box::new(nets)), BearoffDatabase::get())
        }
    };
    Ok(Box::new(PlyPlayer {
        eval,
        plies,
        filters: &NORMAL_FILTERS,
    }))
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str, default: &str| -> String {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
            .unwrap_or_else(|| default.to_owned())
    };
    let (a_spec, b_spec) = (value("--a", "0"), value("--b", "pubeval"));
    let games: u32 = value("--games", "1000")
        .parse()
        .map_err(|e| format!("--games: {e}"))?;
    let seed: u64 = value("--seed", "1")
        .parse()
        .map_err(|e| format!("--seed: {e}"))?;
    let (mut a, mut b) = (player(&a_spec)?, player(&b_spec)?);
    let start = Instant::now();
    let r = series(a.as_mut(), b.as_mut(), games, seed);
    let secs = start.elapsed().as_secs_f64();
    println!("A = {a_spec}, B = {b_spec}, seed {seed}");
    println!(
        "games {}: A {:+.3} points a game (95 %: {:+.3} to {:+.3}), won {} ({:.1} %)",
        r.games,
        r.ppg,
        r.ppg - r.ppg_margin,
        r.ppg + r.ppg_margin,
        r.wins,
        100.0 * f64::from(r.wins) / f64::from(r.games)
    );
    println!(
        "time {secs:.1} s, {:.1} ms a game",
        1000.0 * secs / f64::from(r.games)
    );
    Ok(())
}
