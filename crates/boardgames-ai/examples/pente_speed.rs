//! The Pente engine's speed: nodes per second and time a move at each level (its own budget)
//! on two sets of 30 positions: the must-defend suite (a threat stands: few moves count) and
//! the first 30 real openings of `examples/openings/pente-org-6-plies.jsonl` (six plies of a
//! rated pente.org game: the whole middle game ahead).
//!
//! Run: `cargo run --release -p boardgames-ai --example pente_speed`.

use std::path::Path;

use boardgames_ai::{pente, Engine};
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::Game;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lines = |path: &Path| -> Vec<serde_json::Value> {
        let text = std::fs::read_to_string(path).expect("the positions file");
        text.lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    };
    let defend: Vec<Pente> = lines(&root.join("tests/data/pente-must-defend.jsonl"))
        .iter()
        .filter_map(|v| v["setup"].as_str().and_then(|s| Pente::from_text(s).ok()))
        .take(30)
        .collect();
    let openings: Vec<Pente> = lines(&root.join("../../examples/openings/pente-org-6-plies.jsonl"))
        .iter()
        .filter_map(|v| {
            let mut pos = Pente::new(Variant::Pente, OpeningRule::Tournament);
            for m in v["moves"].as_array()? {
                pos.play(pos.parse_move(m.as_str()?).ok()?).ok()?;
            }
            Some(pos)
        })
        .take(30)
        .collect();
    for (name, positions) in [("must-defend", &defend), ("openings", &openings)] {
        for level in 1..=5u8 {
            let mut engine = pente::engine(level);
            let budget = pente::budget(level);
            let (mut nodes, mut secs, mut slowest) = (0u64, 0f64, 0f64);
            for pos in positions {
                let r = engine.search(pos, &budget).expect("a move");
                nodes += r.nodes;
                secs += r.time.as_secs_f64();
                slowest = slowest.max(r.time.as_secs_f64());
            }
            let n = positions.len();
            println!(
                "{name}, level {level}: {nodes} nodes in {secs:.2} s over {n} positions ({:.0} nodes/s, {:.3} s a move, slowest {slowest:.3} s)",
                nodes as f64 / secs.max(1e-9),
                secs / n as f64
            );
        }
    }
}
