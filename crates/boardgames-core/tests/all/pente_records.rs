//! Pente record formats on every real game: JSON record -> record model -> pente.org PGN ->
//! record model -> JSON record gives back the same game, and replay through the record model
//! agrees with the expected first illegal move.

use crate::common;

use std::collections::HashMap;

use boardgames_core::pente::record::pgn::{read_pgn, write_pgn, FIELD_TAGS};
use boardgames_core::pente::record::{JsonRecord, PenteMoveList, PenteOrg};
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::record::{replay, Format, Record, Step};
use proptest::prelude::*;
use serde_json::Value;

/// The tags that are no field (start, result) of a pente.org file.
fn kept(record: &Record<Pente>) -> Vec<(String, String)> {
    record
        .tags
        .iter()
        .filter(|(n, _)| !FIELD_TAGS.contains(&n.as_str()))
        .cloned()
        .collect()
}

/// The same game: start, steps, result and the tags that are no fields.
fn same(a: &Record<Pente>, b: &Record<Pente>) -> bool {
    (a.start, &a.steps, a.result, kept(a)) == (b.start, &b.steps, b.result, kept(b))
}

#[test]
fn every_real_game_round_trips_through_pgn_and_json() {
    let expected: HashMap<String, Value> = common::read_jsonl_gz("pente/games.expected.jsonl.gz")
        .into_iter()
        .map(|v| (v["id"].as_str().unwrap().to_owned(), v))
        .collect();
    let mut games = 0;
    let mut plies = 0;
    for line in common::read_jsonl_gz("pente/games.jsonl.gz") {
        let json: JsonRecord = serde_json::from_value(line.clone()).unwrap();
        let record = json.to_record().unwrap();
        let pgn = write_pgn(&record).unwrap();
        // The defaults passed in are the opposite of the game's, so the tags must carry them.
        let other = match record.start.variant() {
            Variant::Pente => Variant::KeryoPente,
            _ => Variant::Pente,
        };
        let back = read_pgn(&pgn, other, !record.start.tournament_rule()).unwrap();
        assert!(same(&back, &record), "{pgn}");
        let json_back = serde_json::to_value(JsonRecord::from_record(&back).unwrap()).unwrap();
        assert_eq!(json_back, line);

        let id = json.id.as_deref().unwrap();
        let trace = replay(&record);
        match (&trace.illegal, &expected[id]["illegal"]) {
            (None, Value::Null) => plies += trace.last().ply(),
            (Some(e), illegal) => {
                assert_eq!(Value::from(e.ply), illegal["ply"], "{id}: {e:?}");
                assert_eq!(Value::from(e.error.reason()), illegal["why"], "{id}");
                assert_eq!(Value::from(e.written.clone()), illegal["move"], "{id}");
            }
            (None, illegal) => panic!("{id}: expected {illegal}"),
        }
        games += 1;
    }
    assert_eq!(games, 8_719);
    assert!(plies > 200_000);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_records_round_trip(
        keryo in any::<bool>(),
        rule in any::<bool>(),
        picks in prop::collection::vec(0usize..361, 0..120),
        result in 0usize..4,
        event in "[ -~]{0,30}",
    ) {
        let record = Record {
            start: Pente::new(if keryo { Variant::KeryoPente } else { Variant::Pente }, OpeningRule::from_tournament_rule(rule)),
            tags: vec![("Event".to_owned(), event.trim().replace('"', "'"))],
            steps: picks.iter().map(|&i| Step::Move(boardgames_core::pente::Point::all().nth(i).unwrap())).collect(),
            result: [None, Some("1-0"), Some("0-1"), Some("1/2-1/2")][result].map(|r| r.parse().unwrap()),
            notes: Vec::new(),
        };
        let text = write_pgn(&record).unwrap();
        prop_assert!(same(&read_pgn(&text, Variant::Pente, true).unwrap(), &record));
        let json = serde_json::to_string(&JsonRecord::from_record(&record).unwrap()).unwrap();
        let back: JsonRecord = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.to_record().unwrap(), record.clone());
        // Several games in one move-list file read back one by one.
        let list = PenteMoveList { default: record.start };
        let two = list.write(&[record.clone(), record.clone()]).unwrap();
        let games = PenteOrg::new(record.start).read(&two).unwrap();
        prop_assert_eq!(games.len(), 2);
        for game in &games {
            prop_assert_eq!((&game.steps, game.start), (&record.steps, record.start));
        }
    }
}
