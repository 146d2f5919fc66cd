//! Abalone records on every real game handed in the reference data: the 1,281 games of
//! `real_games.jsonl.gz` (MiGs server, AWC 2015, ABA-PRO at TU Graz, KAAH), the 100 program
//! games of `program_games.jsonl.gz`, and the MiGs archive in its original APGN form.
//!
//! * Replay through the library: the number of legal moves in every position, every move
//!   legal, the ejections, the captured counts, the final position and the winner by
//!   marbles agree with the reference replay (`*_expected.jsonl.gz`).
//! * The `replay --jsonl` report of each game equals the reference line on its fields.
//! * APGN: the archive reads, every game replays as its JSON twin, and writing it back gives
//!   the file byte for byte; every game of the JSON files goes record -> APGN -> record and
//!   record -> JSON line unchanged; random games round-trip.

use crate::common;

use common::gunzip;

use std::collections::HashMap;

use boardgames_core::abalone::record::apgn::{read_apgn, write_apgn, write_game};
use boardgames_core::abalone::record::{
    termination_meaning, JsonGame, RecordError, RecordedResult, ReplayReport,
};
use boardgames_core::abalone::{Abalone, Colour, EndReason, Layout};
use boardgames_core::record::{label, replay, replay_written, Record, Step, Trace};
use boardgames_core::Game;

/// The tags APGN takes as fields of the record (the start and the result).
const FIELDS: [&str; 3] = ["Variant", "Result", "Notation"];

/// The same game: start, steps, result, and the same other tags (in any order).
fn same(a: &Record<Abalone>, b: &Record<Abalone>) -> bool {
    let kept = |r: &Record<Abalone>| {
        let mut t: Vec<(String, String)> = r
            .tags
            .iter()
            .filter(|(n, _)| !FIELDS.contains(&n.as_str()))
            .cloned()
            .collect();
        t.sort();
        t
    };
    (a.start, &a.steps, a.result, kept(a)) == (b.start, &b.steps, b.result, kept(b))
}

/// Each ejection of a replay as `(ply, colour of the ejected marble)`.
fn ejections(trace: &Trace<Abalone>) -> Vec<(usize, Colour)> {
    trace
        .steps()
        .enumerate()
        .filter_map(|(i, (before, _, after))| {
            let victim = before.side_to_move().other();
            (after.lost(victim) > before.lost(victim)).then_some((i + 1, victim))
        })
        .collect()
}
use proptest::prelude::*;
use serde_json::{json, Value};

/// The fields of a `replay --jsonl` line, in their order.
use boardgames_testdata::ABALONE_REPLAY_FIELDS as REPORT_FIELDS;

/// Games and plies replayed.
struct Totals {
    games: usize,
    plies: usize,
}

/// Replays every game of a corpus through the library and compares it with the reference
/// replay: report fields, ejections, winner by marbles.
fn corpus_replays_as_expected(games: &str, expected: &str) -> Totals {
    let games = common::read_jsonl_gz(games);
    let expected = common::read_jsonl_gz(expected);
    assert_eq!(games.len(), expected.len());
    let mut totals = Totals { games: 0, plies: 0 };
    for (line, exp) in games.iter().zip(&expected) {
        let game: JsonGame = serde_json::from_value(line.clone()).expect("a game line");
        let id = game.id.clone().expect("id");
        assert_eq!(exp["id"], Value::from(id.clone()));
        let trace = replay_written(&Abalone::new(game.layout).unwrap(), &game.moves);
        let report = serde_json::to_value(ReplayReport::of(Some(id.clone()), &trace)).unwrap();
        let keys: Vec<&str> = report
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut sorted = REPORT_FIELDS.to_vec();
        sorted.sort_unstable();
        assert_eq!(keys, sorted, "{id}");
        for field in REPORT_FIELDS {
            assert_eq!(report[field], exp[field], "{id}: {field}");
        }
        let ejections: Vec<Value> = ejections(&trace)
            .iter()
            .map(|&(ply, colour)| json!([ply, colour]))
            .collect();
        assert_eq!(Value::from(ejections), exp["ejections"], "{id}: ejections");
        let winner = match trace.last().end_reason() {
            Some(EndReason::SixEjected) => trace.last().winner().map(Colour::name),
            _ => None,
        };
        assert_eq!(json!(winner), exp["winner_by_marbles"], "{id}: winner");
        assert_eq!(trace.plies(), game.moves.len(), "{id}");

        // The same game as a record replays to the same position.
        let record = game.to_record::<2>().expect("canonical moves");
        let typed = replay(&record);
        assert!(typed.illegal.is_none(), "{id}");
        assert_eq!(typed.last(), trace.last(), "{id}");
        totals.games += 1;
        totals.plies += trace.plies();
    }
    totals
}

#[test]
fn real_games_replay_with_the_reference_counts_ejections_and_final_positions() {
    let totals = corpus_replays_as_expected(
        "abalone/real_games.jsonl.gz",
        "abalone/real_expected.jsonl.gz",
    );
    assert_eq!((totals.games, totals.plies), (1_281, 129_974));
}

#[test]
fn program_games_replay_with_the_reference_counts_ejections_and_final_positions() {
    let totals = corpus_replays_as_expected(
        "abalone/program_games.jsonl.gz",
        "abalone/program_expected.jsonl.gz",
    );
    // README: 100 games, 15,097 plies.
    assert_eq!((totals.games, totals.plies), (100, 15_097));
}

#[test]
fn the_migs_apgn_archive_reads_replays_and_writes_back_byte_for_byte() {
    let text = gunzip("abalone/migs-2016-2017.apgn.gz");
    let games = read_apgn(&text).expect("the archive reads");
    assert_eq!(games.len(), 1_275);
    let written = write_apgn(&games).unwrap();
    let first_difference = written
        .lines()
        .zip(text.lines())
        .enumerate()
        .find(|(_, (w, t))| w != t);
    assert_eq!(first_difference, None, "line numbers from 0");
    assert!(written == text, "the texts differ in length or line ends");

    let json: HashMap<String, Value> = common::read_jsonl_gz("abalone/real_games.jsonl.gz")
        .into_iter()
        .map(|v| (v["id"].as_str().unwrap().to_owned(), v))
        .collect();
    let expected: HashMap<String, Value> = common::read_jsonl_gz("abalone/real_expected.jsonl.gz")
        .into_iter()
        .map(|v| (v["id"].as_str().unwrap().to_owned(), v))
        .collect();
    let mut plies = 0;
    for game in &games {
        let event = game.tag("Event").expect("Event");
        let id = format!("migs-{}", event.strip_prefix("MIGS ").expect("MIGS n"));
        let twin = &json[&id];
        let exp = &expected[&id];
        assert_eq!(
            game.start,
            Abalone::new(Layout::BelgianDaisy).unwrap(),
            "{id}"
        );
        let moves: Vec<String> = game.move_texts();
        assert_eq!(json!(moves), twin["moves"], "{id}");
        let header_plies = game.tag("Plies").map(|p| p.parse::<usize>().unwrap());
        assert_eq!(json!(header_plies), twin["plies_in_header"], "{id}");
        assert_eq!(header_plies, Some(game.steps.len()), "{id}");
        assert_eq!(
            game.result.map_or("*", RecordedResult::token),
            twin["result"].as_str().unwrap(),
            "{id}"
        );
        let termination = game.tag("Termination").and_then(termination_meaning);
        assert_eq!(json!(termination), twin["termination"], "{id}");
        assert_eq!(
            game.tag("Date").map(|d| d.replace('.', "-")),
            twin["date"].as_str().map(str::to_owned)
        );

        let trace = replay(game);
        let report = serde_json::to_value(ReplayReport::of(Some(id.clone()), &trace)).unwrap();
        for field in REPORT_FIELDS {
            assert_eq!(report[field], exp[field], "{id}: {field}");
        }
        assert!(trace.illegal.is_none(), "{id}: {:?}", trace.illegal);
        let end = trace.last();
        // Where MiGs says the game was won on score, the winner ejected six on the last ply.
        if game.tag("Termination") == Some("Au score") && game.result.is_some() {
            let winner = match end.winner() {
                Some(Colour::Black) => Some(RecordedResult::FirstPlayerWins),
                Some(_) => Some(RecordedResult::SecondPlayerWins),
                None => None,
            };
            assert_eq!(winner, game.result, "{id}");
        }
        plies += game.steps.len();
    }
    // README: the MiGs games of games.jsonl.
    let migs_plies: usize = json
        .iter()
        .filter(|(id, _)| id.starts_with("migs-"))
        .map(|(_, v)| v["moves"].as_array().unwrap().len())
        .sum();
    assert_eq!(plies, migs_plies);
}

/// Record -> APGN -> record, record -> JSON line, and the record's own JSON, on every game
/// of a corpus; the broadsides written with the larger extremity first read as the
/// canonical moves. Returns how many games round-tripped.
fn corpus_round_trips(name: &str) -> usize {
    let mut games = 0;
    let lines = common::read_jsonl_gz(name);
    let mut records = Vec::new();
    for line in &lines {
        let game: JsonGame = serde_json::from_value(line.clone()).unwrap();
        let record = game.to_record::<2>().unwrap();
        let text = write_game(&record).unwrap();
        let back = read_apgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.len(), 1, "{text}");
        assert!(same(&back[0], &record), "{text}");
        assert_eq!(
            serde_json::to_value(JsonGame::from_record(&record).unwrap()).unwrap(),
            *line
        );
        // The record's own serde form reads back as the record.
        let own: Record<Abalone> =
            serde_json::from_value(serde_json::to_value(&record).unwrap()).unwrap();
        assert_eq!(own, record);
        // The game read back from APGN writes the same JSON line.
        assert_eq!(
            serde_json::to_value(JsonGame::from_record(&back[0]).unwrap()).unwrap(),
            *line
        );
        if let Some(as_recorded) = line.get("moves_as_recorded") {
            let mut written = line.clone();
            written["moves"] = as_recorded.clone();
            let other: JsonGame = serde_json::from_value(written).unwrap();
            assert_eq!(other.to_record::<2>().unwrap().steps, record.steps);
        }
        records.push(record);
        games += 1;
    }
    // All games in one file.
    let back = read_apgn(&write_apgn(&records).unwrap()).unwrap();
    assert_eq!(back.len(), records.len());
    assert!(back.iter().zip(&records).all(|(a, b)| same(a, b)));
    games
}

#[test]
fn every_handed_record_round_trips_through_apgn_and_json() {
    assert_eq!(corpus_round_trips("abalone/real_games.jsonl.gz"), 1_281);
    assert_eq!(corpus_round_trips("abalone/program_games.jsonl.gz"), 100);
}

#[test]
fn a_broken_archive_is_reported_at_its_line_and_column() {
    let text = gunzip("abalone/migs-2016-2017.apgn.gz");
    // Line 12 is the first game's first line of moves: "1. a1b2 a5b5 2. b2c3 a4b4 ...";
    // columns 9-12 hold White's a5b5.
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[11].starts_with("1. a1b2 a5b5 2."), "{}", lines[11]);
    let broken = text.replacen("1. a1b2 a5b5 2.", "1. a1b2 a5x5 2.", 1);
    match read_apgn(&broken) {
        Err(RecordError::BadMove {
            line,
            column,
            token,
            ..
        }) => {
            assert_eq!((line, column, token.as_str()), (12, 9, "a5x5"));
        }
        other => panic!("{other:?}"),
    }
    // A move number out of sequence: "4." where move 2 starts.
    let skipped = text.replacen("1. a1b2 a5b5 2. b2c3", "1. a1b2 a5b5 4. b2c3", 1);
    let err = read_apgn(&skipped).unwrap_err();
    assert_eq!((err.line(), err.column()), (12, 14), "{err}");
    assert!(err.to_string().contains("move number 4 where 2"), "{err}");
}

#[test]
fn an_illegal_move_in_a_real_game_names_game_move_and_reason() {
    let text = gunzip("abalone/migs-2016-2017.apgn.gz");
    // First game, Belgian Daisy: Black a1b2 moves A1, B2, C3 north-east; White answering
    // "a1b2" finds A1 empty (hand-worked).
    let broken = text.replacen("1. a1b2 a5b5", "1. a1b2 a1b2", 1);
    let games = read_apgn(&broken).unwrap();
    let trace = replay(&games[0]);
    let err = trace.illegal.as_ref().expect("refused");
    assert_eq!((err.ply, err.index), (2, 1));
    assert_eq!(trace.last().side_to_move(), Colour::White);
    assert_eq!(
        label(&games[0].tags, ["Black", "White"]),
        "MIGS 24054, 2016.04.18, P1, P2"
    );
    assert!(err.error.reason().contains("A1"), "{err:?}");
    assert_eq!(trace.plies(), 1);
    assert_eq!(err.written, "a1b2");
}

/// A random game: a playout from a layout, random kept tags, result, termination, plies.
fn random_record(
    layout: usize,
    picks: &[usize],
    tags: Vec<(String, String)>,
    result: Option<u8>,
    termination: Option<String>,
    plies: Option<usize>,
) -> (Record<Abalone>, Abalone) {
    let layouts = Layout::of_players(2);
    let layout = layouts[layout % layouts.len()];
    let mut pos = Abalone::new(layout).unwrap();
    let mut moves = Vec::new();
    for &pick in picks {
        let legal = pos.moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[pick % legal.len()];
        moves.push(Step::Move(mv.notation()));
        pos.play(mv).unwrap();
    }
    let result = result.map(|r| match r % 3 {
        0 => RecordedResult::FirstPlayerWins,
        1 => RecordedResult::SecondPlayerWins,
        _ => RecordedResult::Draw,
    });
    let mut tags = tags;
    if let Some(t) = termination {
        tags.push(("Termination".to_owned(), t));
    }
    if let Some(n) = plies {
        tags.push(("Plies".to_owned(), n.to_string()));
    }
    let record = Record {
        start: Abalone::new(layout).unwrap(),
        tags,
        steps: moves,
        result,
        notes: Vec::new(),
    };
    (record, pos)
}

fn tag_strategy() -> impl Strategy<Value = (String, String)> {
    (
        "[A-Za-z][A-Za-z0-9_]{0,10}".prop_filter("a record field", |n| {
            !["Variant", "Result", "Notation", "Termination", "Plies"].contains(&n.as_str())
        }),
        "[ -~àéè½]{0,24}",
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_round_trip_and_replay(
        games in prop::collection::vec(
            (
                0usize..5,
                prop::collection::vec(any::<usize>(), 0..160),
                prop::collection::vec(tag_strategy(), 0..6),
                prop::option::of(any::<u8>()),
                prop::option::of("[ -~é]{0,16}"),
                prop::option::of(0usize..400),
            ),
            1..4,
        )
    ) {
        let mut records = Vec::new();
        for (layout, picks, tags, result, termination, plies) in games {
            let (record, end) = random_record(layout, &picks, tags, result, termination, plies);
            let trace = replay(&record);
            prop_assert!(trace.illegal.is_none());
            prop_assert_eq!(trace.plies(), record.steps.len());
            prop_assert_eq!(*trace.last(), end);
            records.push(record);
        }
        let text = write_apgn(&records).unwrap();
        let back = read_apgn(&text).unwrap();
        prop_assert_eq!(back.len(), records.len());
        for (a, b) in back.iter().zip(&records) {
            prop_assert!(same(a, b), "{:?}\n{:?}", a, b);
        }
        // Writing is stable: the text of what was read is the same text.
        prop_assert_eq!(write_apgn(&back).unwrap(), text);
    }
}
