//! Pente record formats on every real game: JSON record -> record model -> pente.org PGN ->
//! record model -> JSON record gives back the same game, and replay through the record model
//! agrees with the expected first illegal move.

mod common;

use std::collections::HashMap;

use boardgames_core::pente::record::pgn::{read_pgn, write_pgn};
use boardgames_core::pente::record::{GameRecord, JsonRecord};
use boardgames_core::pente::Variant;
use proptest::prelude::*;
use serde_json::Value;

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
        let record = json.to_game_record().unwrap();
        let pgn = write_pgn(&record);
        // The defaults passed in are the opposite of the game's, so the tags must carry them.
        let other = match record.variant {
            Variant::Pente => Variant::KeryoPente,
            _ => Variant::Pente,
        };
        let back = read_pgn(&pgn, other, !record.tournament_rule).unwrap();
        assert_eq!(back, record, "{pgn}");
        let json_back = serde_json::to_value(JsonRecord::from_game_record(&back)).unwrap();
        assert_eq!(json_back, line);

        let id = json.id.as_deref().unwrap();
        match (record.check(), &expected[id]["illegal"]) {
            (Ok(pos), Value::Null) => plies += pos.ply(),
            (Err(e), illegal) => {
                assert_eq!(Value::from(e.ply), illegal["ply"], "{id}: {e}");
                assert_eq!(Value::from(e.reason.clone()), illegal["why"], "{id}");
                assert!(e.to_string().contains(id), "{e}");
            }
            (Ok(_), illegal) => panic!("{id}: expected {illegal}"),
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
        let record = GameRecord {
            variant: if keryo { Variant::KeryoPente } else { Variant::Pente },
            tournament_rule: rule,
            tags: vec![("Event".to_owned(), event.trim().replace('"', "'"))],
            moves: picks.iter().map(|&i| boardgames_core::pente::Point::all().nth(i).unwrap()).collect(),
            result: [None, Some("1-0"), Some("0-1"), Some("1/2-1/2")][result].map(|r| r.parse().unwrap()),
        };
        let text = write_pgn(&record);
        prop_assert_eq!(read_pgn(&text, Variant::Pente, true).unwrap(), record.clone());
        let json = serde_json::to_string(&JsonRecord::from_game_record(&record)).unwrap();
        let back: JsonRecord = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.to_game_record().unwrap(), record);
    }
}
