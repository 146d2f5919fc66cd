//! Every game of the Pente reference data replayed through the library, compared ply by ply
//! with the expected captures, removed stones, result and first illegal move.

use crate::common;

use std::collections::HashMap;

use boardgames_core::pente::record::{JsonRecord, ReplayReport};
use serde_json::Value;

/// Fields of the expected files that describe how they were computed, not the game.
const PROVENANCE_FIELDS: [&str; 3] = ["computed_by", "record_check", "cross_check"];

fn check_corpus(games: &str, expected: &str) -> usize {
    let records = common::read_jsonl_gz(games);
    let mut expected: HashMap<String, Value> = common::read_jsonl_gz(expected)
        .into_iter()
        .map(|mut v| {
            let obj = v.as_object_mut().expect("object");
            for f in PROVENANCE_FIELDS {
                obj.remove(f);
            }
            (obj["id"].as_str().expect("id").to_owned(), v)
        })
        .collect();
    assert_eq!(records.len(), expected.len());
    let mut plies = 0;
    for record in &records {
        let rec: JsonRecord = serde_json::from_value(record.clone()).expect("record");
        let report = ReplayReport::of(&rec);
        plies += report.caps.len();
        let got = serde_json::to_value(&report).expect("json");
        let want = expected
            .remove(rec.id.as_deref().expect("id"))
            .expect("expected line");
        assert_eq!(got, want, "game {:?}", rec.id);
    }
    plies
}

#[test]
fn real_pente_org_games_agree_on_every_ply() {
    let plies = check_corpus("pente/games.jsonl.gz", "pente/games.expected.jsonl.gz");
    // 8,719 games; the count of applied plies is a property of the data, checked here so
    // that a silently shortened replay fails.
    assert!(plies > 200_000, "{plies}");
}

#[test]
fn generated_pente_and_keryo_games_agree_on_every_ply() {
    check_corpus(
        "pente/random_A.jsonl.gz",
        "pente/random_A.expected.jsonl.gz",
    );
}

#[test]
fn edge_cases_agree() {
    let cases = common::read_jsonl_gz("pente/edge.jsonl.gz");
    assert_eq!(cases.len(), 60);
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let rec: JsonRecord = serde_json::from_value(case.clone()).expect("record");
        let report = serde_json::to_value(ReplayReport::of(&rec)).unwrap();
        let exp = &case["expected"];
        for field in ["caps", "removed", "result", "illegal"] {
            assert_eq!(report[field], exp[field], "{id}: {field} ({})", case["why"]);
        }
        let applied = report["caps"].as_array().unwrap().len();
        assert_eq!(Value::from(applied), exp["plies_applied"], "{id}");
        let last = report["caps"]
            .as_array()
            .unwrap()
            .last()
            .cloned()
            .unwrap_or(Value::from(vec![0, 0]));
        assert_eq!(last, exp["final_caps"], "{id}");
    }
}
