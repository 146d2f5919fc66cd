//! Random playouts through the generic traits: how often does each player win, and how?
//!
//! Run: `cargo run --release -p boardgames-core --example pente_playout [GAMES] [keryo]`

use std::collections::BTreeMap;

use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::search::random_playout;
use rand::SeedableRng;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let variant = match args.next().as_deref() {
        Some("keryo") => Variant::KeryoPente,
        _ => Variant::Pente,
    };
    let start = Pente::new(variant, OpeningRule::Tournament);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let mut plies = 0;
    let clock = std::time::Instant::now();
    for _ in 0..games {
        let playout = random_playout(&start, &mut rng, usize::MAX);
        plies += playout.plies;
        let end = &playout.last;
        let key = match (end.winner(), end.end_reason()) {
            (Some(seat), Some(reason)) => format!("{seat} by {}", reason.name()),
            _ => "draw".to_owned(),
        };
        *tally.entry(key).or_default() += 1;
    }
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "{games} random {} games, {plies} plies in {secs:.2} s ({:.0} plies/s)",
        variant.title(),
        plies as f64 / secs
    );
    for (how, n) in tally {
        println!("{how:>28}: {n}");
    }
}
