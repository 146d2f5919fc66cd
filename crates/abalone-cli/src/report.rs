//! The `moves --jsonl` batch interface: every distinct resulting position of a position, with
//! the moves that reach it.
//!
//! Input line: a neutral JSON position, or an object with `id` and `position` (other fields
//! ignored). Output line, fields in this order:
//!
//! ```text
//! {"id": <the input's id, or null>, "legal_moves": N,
//!  "results": [<neutral position after a move>, ...],
//!  "result_moves": [["<canonical Aba-Pro move>", ...], ...]}
//! ```
//!
//! `results` hold only the four fields `black`, `captured`, `turn`, `white` (keys sorted, cell
//! lists sorted) and are sorted by their canonical string: the JSON text with sorted keys and
//! no spaces. `result_moves[i]` lists, sorted, the moves giving `results[i]`. This is the
//! format of the reference files `random_A.jsonl` and `edge.jsonl`.

use std::collections::BTreeMap;

use boardgames_core::abalone::Position;
use boardgames_core::Game;
use serde::Serialize;
use serde_json::Value;

/// One output line of `moves --jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MovesReport {
    /// The input's `id`, or `null` for a bare position.
    pub id: Value,
    /// Number of legal moves (distinct canonical encodings).
    pub legal_moves: usize,
    /// The distinct resulting positions, sorted by canonical string.
    pub results: Vec<Value>,
    /// The moves producing each result, sorted.
    pub result_moves: Vec<Vec<String>>,
}

/// The neutral JSON position with its position fields (four with two players), keys in
/// sorted order.
pub fn neutral<const SEATS: usize>(pos: &Position<SEATS>) -> Value {
    // The canonical string is the neutral position with sorted keys and lists; with more
    // than two players it names every colour and adds the ejected counts.
    serde_json::from_str(&pos.to_setup().canonical_string()).unwrap_or(Value::Null)
}

/// The report of one position.
pub fn of_position<const SEATS: usize>(id: Value, pos: &Position<SEATS>) -> MovesReport {
    let moves = pos.moves();
    let mut by_result: BTreeMap<String, (Value, Vec<String>)> = BTreeMap::new();
    for &mv in moves.iter() {
        let mut child = *pos;
        if child.play(mv).is_err() {
            continue;
        }
        let value = neutral(&child);
        let key = value.to_string();
        by_result
            .entry(key)
            .or_insert_with(|| (value, Vec::new()))
            .1
            .push(mv.to_string());
    }
    let (results, result_moves) = by_result
        .into_values()
        .map(|(v, mut m)| {
            m.sort();
            (v, m)
        })
        .unzip();
    MovesReport {
        id,
        legal_moves: moves.len(),
        results,
        result_moves,
    }
}

/// The report of one input line (see the module docs).
///
/// # Errors
/// Why the line is not a position or an object with one.
pub fn of_line<const SEATS: usize>(line: &str) -> Result<MovesReport, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let Value::Object(obj) = &value else {
        return Err("expected a JSON object (a position, or {\"id\", \"position\"})".to_owned());
    };
    let (id, position) = match obj.get("position") {
        Some(p) => (obj.get("id").cloned().unwrap_or(Value::Null), p.clone()),
        None => (Value::Null, value.clone()),
    };
    let pos: Position<SEATS> =
        serde_json::from_value(position).map_err(|e| format!("position: {e}"))?;
    Ok(of_position(id, &pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_lone_marble_in_a_corner_has_three_moves() {
        // Hand-worked: A1's neighbours on the board are A2, B1 and B2.
        let line = r#"{"id":"x","position":{"black":["A1"],"white":["I9"],"turn":"black","captured":{"black":0,"white":0}}}"#;
        let r = of_line::<2>(line).expect("reads");
        assert_eq!(r.id, json!("x"));
        assert_eq!(r.legal_moves, 3);
        assert_eq!(r.result_moves, [["a1a2"], ["a1b1"], ["a1b2"]]);
        assert_eq!(
            r.results[0].to_string(),
            r#"{"black":["A2"],"captured":{"black":0,"white":0},"turn":"white","white":["I9"]}"#
        );
    }

    #[test]
    fn bad_lines_are_errors() {
        for line in [
            "",
            "[]",
            "{",
            "{\"position\":3}",
            "{\"black\":[\"Z9\"]}",
            "null",
        ] {
            assert!(of_line::<2>(line).is_err(), "{line:?}");
        }
    }
}
