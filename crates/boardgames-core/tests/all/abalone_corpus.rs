//! The Abalone reference data replayed through the library: every legal move of 1,046
//! positions compared with the expected sets of resulting positions and moves, perft from
//! two layouts, the starting layouts, and the AWC 2015 final.

use crate::common;

use std::collections::BTreeMap;

use boardgames_core::abalone::{Abalone, Cell, Colour, EndReason, Layout, Setup};
use boardgames_core::search::{count_replies_by_play, perft};
use boardgames_core::{Game, Turn};
use serde_json::{json, Value};

/// The neutral JSON position (only the four fields of the reference format).
fn neutral(pos: &Abalone) -> Value {
    let setup = pos.to_setup();
    json!({
        "black": setup.black.iter().map(Cell::to_string).collect::<Vec<_>>(),
        "white": setup.white.iter().map(Cell::to_string).collect::<Vec<_>>(),
        "turn": setup.turn,
        "captured": setup.captured,
    })
}

/// Checks one corpus line: the position, the number of moves, and the sorted results with
/// their moves. Returns the number of moves.
fn check_case(case: &Value) -> usize {
    let id = case["id"].as_str().expect("id");
    let pos: Abalone = serde_json::from_value(case["position"].clone())
        .unwrap_or_else(|e| panic!("{id}: position does not read: {e}"));
    assert_eq!(neutral(&pos), case["position"], "{id}: position round trip");
    let moves = pos.moves();
    assert_eq!(
        Value::from(moves.len()),
        case["legal_moves"],
        "{id}: number of legal moves"
    );
    assert_eq!(pos.count_legal_moves(), moves.len(), "{id}: bulk count");
    // Canonical string -> (result, moves producing it).
    let mut results: BTreeMap<String, (Value, Vec<String>)> = BTreeMap::new();
    for &mv in moves.iter() {
        let mut child = pos;
        child
            .play(mv)
            .unwrap_or_else(|e| panic!("{id}: generated {mv} refused: {e}"));
        let value = neutral(&child);
        // The library's canonical string is the sort key; it must read back as the result.
        let key = child.to_setup().canonical_string();
        assert_eq!(
            serde_json::from_str::<Value>(&key).expect("canonical JSON"),
            value,
            "{id}"
        );
        results
            .entry(key)
            .or_insert_with(|| (value, Vec::new()))
            .1
            .push(mv.to_string());
    }
    let (got_results, got_moves): (Vec<Value>, Vec<Value>) = results
        .into_values()
        .map(|(v, mut m)| {
            m.sort();
            (v, Value::from(m))
        })
        .unzip();
    assert_eq!(Value::from(got_results), case["results"], "{id}: results");
    assert_eq!(
        Value::from(got_moves),
        case["result_moves"],
        "{id}: result moves"
    );
    moves.len()
}

#[test]
fn random_a_positions_give_exactly_the_expected_results() {
    let cases = common::read_jsonl_gz("abalone/random_A.jsonl.gz");
    assert_eq!(cases.len(), 1_000);
    let total: usize = cases.iter().map(check_case).sum();
    let expected: u64 = cases
        .iter()
        .map(|c| c["legal_moves"].as_u64().expect("legal_moves"))
        .sum();
    assert_eq!(total as u64, expected);
}

#[test]
fn edge_cases_give_exactly_the_expected_results() {
    let cases = common::read_jsonl_gz("abalone/edge.jsonl.gz");
    assert_eq!(cases.len(), 46);
    for case in &cases {
        check_case(case);
    }
}

#[test]
fn a_side_without_moves_is_still_to_move() {
    let cases = common::read_jsonl_gz("abalone/edge.jsonl.gz");
    let case = cases
        .iter()
        .find(|c| c["id"] == "edge_single_no_moves")
        .expect("case");
    let pos: Abalone = serde_json::from_value(case["position"].clone()).unwrap();
    assert_eq!(pos.count_legal_moves(), 0);
    assert_eq!(pos.turn(), Turn::Seat(Colour::Black.seat()));
    assert_eq!(pos.outcome(), None);
}

#[test]
fn the_sixth_ejection_ends_the_game() {
    let cases = common::read_jsonl_gz("abalone/edge.jsonl.gz");
    let case = cases
        .iter()
        .find(|c| c["id"] == "edge_sixth_capture")
        .expect("case");
    let pos: Abalone = serde_json::from_value(case["position"].clone()).unwrap();
    let winning: Vec<_> = pos.moves().iter().copied().filter(|m| m.ejects()).collect();
    assert!(!winning.is_empty());
    for mv in winning {
        let mut child = pos;
        child.play(mv).unwrap();
        assert_eq!(child.turn(), Turn::Over);
        assert_eq!(child.end_reason(), Some(EndReason::SixEjected));
        assert_eq!(child.winner(), Some(pos.side_to_move()));
        assert_eq!(child.count_legal_moves(), 0);
        assert!(child.play(mv).is_err());
    }
}

fn perft_table(layout: &str) -> Vec<(u32, u64)> {
    let text = std::fs::read_to_string(common::data_path("abalone/perft.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let mut table: Vec<(u32, u64)> = v[layout]["ref"]
        .as_object()
        .expect("ref table")
        .iter()
        .map(|(d, n)| (d.parse().unwrap(), n.as_u64().unwrap()))
        .collect();
    table.sort();
    table
}

#[test]
fn perft_standard_to_depth_4() {
    let start = Abalone::new(Layout::Standard).unwrap();
    let table = perft_table("standard");
    assert_eq!(table.len(), 5);
    for &(depth, nodes) in table.iter().filter(|(d, _)| *d <= 4) {
        assert_eq!(perft(&start, depth), nodes, "standard perft({depth})");
    }
}

/// 283 M leaves: under a second in the optimised test profile (`[profile.test]
/// opt-level = 2`), bulk-counted at the last ply.
#[test]
fn perft_standard_depth_5() {
    let start = Abalone::new(Layout::Standard).unwrap();
    let (depth, nodes) = perft_table("standard")[4];
    assert_eq!(depth, 5);
    let t = std::time::Instant::now();
    assert_eq!(perft(&start, 5), nodes);
    eprintln!("perft(5) standard: {:?}", t.elapsed());
}

#[test]
fn perft_belgian_daisy_to_depth_4() {
    let start = Abalone::new(Layout::BelgianDaisy).unwrap();
    let table = perft_table("belgian_daisy");
    assert_eq!(table.len(), 4);
    for (depth, nodes) in table {
        assert_eq!(perft(&start, depth), nodes, "belgian daisy perft({depth})");
    }
}

#[test]
fn layouts_match_the_reference_cells_and_move_counts() {
    let text = std::fs::read_to_string(common::data_path("abalone/layouts.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    // Legal moves at the start: reference data README, section 6.
    let expected_moves = [44, 52, 80, 44, 64];
    for (layout, moves) in Layout::of_players(2).iter().copied().zip(expected_moves) {
        let entry = &v["two_player"][layout.name()];
        let pos = Abalone::new(layout).unwrap();
        let json = serde_json::to_value(pos).unwrap();
        assert_eq!(json["black"], entry["black"], "{layout}");
        assert_eq!(json["white"], entry["white"], "{layout}");
        assert_eq!(entry["first"], "black");
        assert_eq!(pos.count_legal_moves(), moves, "{layout}");
    }
}

/// Replays an Aba-Pro record (move numbers `1.` and comments `#`, `[...]` skipped).
fn replay(text: &str) -> (Abalone, usize) {
    let mut layout = Layout::Standard;
    let mut pos = None;
    let mut plies = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(tag) = line.strip_prefix("[Layout \"") {
            layout = tag.trim_end_matches("\"]").parse().expect("layout tag");
            continue;
        }
        let pos = pos.get_or_insert_with(|| Abalone::new(layout).unwrap());
        for token in line.split_whitespace() {
            let text = token.rsplit('.').next().unwrap_or(token);
            if text.is_empty() {
                continue;
            }
            let mv = pos
                .parse_move(text)
                .unwrap_or_else(|e| panic!("ply {}: {text}: {e}\n{pos}", plies + 1));
            pos.play(mv).unwrap();
            plies += 1;
        }
    }
    (pos.expect("moves"), plies)
}

#[test]
fn the_awc_2015_final_replays() {
    let text = std::fs::read_to_string(common::data_path("abalone/awc2015_final.txt")).unwrap();
    let (last, plies) = replay(&text);
    assert_eq!(plies, 115);
    assert_eq!(last.lost(Colour::Black), 1);
    assert_eq!(last.lost(Colour::White), 5);
    assert_eq!(last.turn(), Turn::Seat(Colour::White.seat()));
    // Marble conservation after a real game.
    for c in Colour::ALL {
        assert_eq!(last.marbles(c).count() + last.lost(c), 14);
    }
    // The final position's string reads back to it.
    let setup: Setup = last.to_setup().to_string().parse().unwrap();
    assert_eq!(Abalone::from_setup(setup), Ok(last));
}

/// The bulk perft-to-depth-2 count (children made from the generator's groups on bitboards)
/// agrees with playing every move and counting the replies, on every reference position,
/// with a move limit reached by the move, and on the edge cases (a sixth ejection ends the
/// game, so that child has no replies).
#[test]
fn the_bulk_count_of_replies_agrees_with_playing_every_move() {
    let mut checked = 0;
    for file in ["abalone/random_A.jsonl.gz", "abalone/edge.jsonl.gz"] {
        for case in common::read_jsonl_gz(file) {
            let pos: Abalone = serde_json::from_value(case["position"].clone()).unwrap();
            let by_play = count_replies_by_play(&pos);
            assert_eq!(pos.count_replies(), by_play, "{}", case["id"]);
            assert_eq!(perft(&pos, 2), by_play, "{}", case["id"]);
            let mut limited = pos;
            limited.set_move_limit(Some(pos.ply() as u16 + 1));
            assert_eq!(limited.count_replies(), 0, "{}", case["id"]);
            assert_eq!(count_replies_by_play(&limited), 0, "{}", case["id"]);
            checked += 1;
        }
    }
    assert_eq!(checked, 1_046);
    let edge = common::read_jsonl_gz("abalone/edge.jsonl.gz");
    let sixth = edge
        .iter()
        .find(|c| c["id"] == "edge_sixth_capture")
        .expect("case");
    let pos: Abalone = serde_json::from_value(sixth["position"].clone()).unwrap();
    let ejecting = pos.moves().iter().filter(|m| m.ejects()).count();
    assert!(ejecting > 0);
    // Hand count: the ejecting moves end the game and add nothing.
    let others: u64 = pos
        .moves()
        .iter()
        .filter(|m| !m.ejects())
        .map(|&m| {
            let mut child = pos;
            child.play_unchecked(m);
            child.count_legal_moves() as u64
        })
        .sum();
    assert_eq!(pos.count_replies(), others);
}
