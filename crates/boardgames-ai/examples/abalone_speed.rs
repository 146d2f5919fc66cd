//! The Abalone engine's speed: nodes per second at each level (its own budget, clock
//! included) from the standard start and on 30 midgame positions of the must-defend suite
//! (real games, five marbles down).
//!
//! Run: `cargo run --release -p boardgames-ai --example abalone_speed`.

use boardgames_ai::{abalone, Engine};
use boardgames_core::abalone::{Abalone, Layout, Setup};

fn main() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/abalone-must-defend.jsonl");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let midgame: Vec<Abalone> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| {
            v["setup"]
                .as_str()
                .and_then(|s| s.parse::<Setup>().ok())
                .and_then(|s| s.into_position().ok())
        })
        .take(30)
        .collect();
    let start = vec![Abalone::new(Layout::Standard).unwrap()];
    for (name, positions) in [("standard start", &start), ("midgame", &midgame)] {
        if positions.is_empty() {
            continue;
        }
        for level in 1..=5u8 {
            let mut engine = abalone::engine(level);
            let budget = abalone::budget(level);
            let (mut nodes, mut secs, mut deepest) = (0u64, 0f64, 0u32);
            for pos in positions.iter() {
                let r = engine.search(pos, &budget).expect("a move");
                nodes += r.nodes;
                secs += r.time.as_secs_f64();
                deepest = deepest.max(r.depth);
            }
            let n = positions.len();
            println!(
                "{name}, level {level}: {nodes} nodes in {secs:.2} s over {n} position(s) ({:.0} nodes/s, {:.3} s a move, depth {deepest})",
                nodes as f64 / secs.max(1e-9),
                secs / n as f64
            );
        }
    }
}
