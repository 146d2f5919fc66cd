//! The real pente.org games of the reference data (`pente/games.jsonl.gz` of
//! `boardgames-testdata`), one JSON line each, replayed for the examples that build suites
//! from them.

use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::Game;
use serde_json::Value;

/// The moves of the game `g` as written, and the positions from its start through each move
/// the core accepts (the replay stops at the first it refuses).
pub fn replay(g: &Value) -> (Vec<&str>, Vec<Pente>) {
    let variant = if g["variant"] == "keryo-pente" {
        Variant::KeryoPente
    } else {
        Variant::Pente
    };
    let rule = OpeningRule::from_tournament_rule(g["tournament_rule"].as_bool().unwrap_or(true));
    let moves: Vec<&str> = g["moves"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut positions = vec![Pente::new(variant, rule)];
    for m in &moves {
        let mut next = *positions.last().expect("a start");
        let Ok(mv) = next.parse_move(m) else { break };
        if next.play(mv).is_err() {
            break;
        }
        positions.push(next);
    }
    (moves, positions)
}
