//! The Pente engine's speed: nodes per second at each level (its own budget, clock included)
//! on 30 positions of the must-defend suite.
//!
//! Run: `cargo run --release -p boardgames-ai --example pente_speed`.

use boardgames_ai::{pente, Engine};
use boardgames_core::pente::Pente;
use boardgames_core::Game;

fn main() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pente-must-defend.jsonl");
    let text = std::fs::read_to_string(path).expect("the suite");
    let positions: Vec<Pente> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["setup"].as_str().and_then(|s| Pente::from_text(s).ok()))
        .collect();
    for level in 1..=5u8 {
        let mut engine = pente::engine(level);
        let budget = pente::budget(level);
        let (mut nodes, mut secs, mut deepest) = (0u64, 0f64, 0u32);
        for pos in positions.iter().take(30) {
            let r = engine.search(pos, &budget).expect("a move");
            nodes += r.nodes;
            secs += r.time.as_secs_f64();
            deepest = deepest.max(r.depth);
        }
        println!(
            "level {level}: {nodes} nodes in {secs:.2} s over 30 positions ({:.0} nodes/s, {:.3} s a move, depth {deepest})",
            nodes as f64 / secs.max(1e-9),
            secs / 30.0
        );
    }
}
