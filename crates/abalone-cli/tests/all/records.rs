//! `abalone-cli` on record files: the MiGs APGN archive replayed game by game, `replay
//! --jsonl` over the real games compared with the reference replay, `convert` round trips,
//! and the messages for broken files and illegal moves.

use std::path::PathBuf;

use boardgames_testdata::{
    jsonl, report_fields, stdout_of, ABALONE_REPLAY_FIELDS as REPORT_FIELDS,
};
use predicates::prelude::*;

use crate::{abalone, gunzip};

#[test]
fn the_migs_apgn_archive_replays_game_by_game() {
    let archive = gunzip("migs-2016-2017.apgn.gz");
    let out = stdout_of(
        abalone()
            .args(["replay", "--quiet", "-"])
            .write_stdin(archive.clone()),
    );
    assert_eq!(out.matches("\n== game ").count() + 1, 1_275);
    assert!(out.starts_with("== game 1 of 1275: MIGS 24054, 2016.04.18, P1, P2\n"));
    // Every game the reference replay sees won by six ejected marbles ends so here too.
    let expected = jsonl(&gunzip("real_expected.jsonl.gz"));
    let won_by = |colour: &str| {
        expected
            .iter()
            .filter(|e| e["id"].as_str().is_some_and(|id| id.starts_with("migs-")))
            .filter(|e| e["winner_by_marbles"] == colour)
            .count()
    };
    let black = out
        .matches("result: Black (@) wins: six marbles ejected")
        .count();
    let white = out
        .matches("result: White (O) wins: six marbles ejected")
        .count();
    assert_eq!((black, white), (won_by("black"), won_by("white")));
    assert!(black > 0 && white > 0);

    // One game of the file: the second, won by Black's sixth ejection at ply 111.
    let second = stdout_of(
        abalone()
            .args(["replay", "--game", "2", "-"])
            .write_stdin(archive.clone()),
    );
    assert!(second.contains(" 111. Black (@): f4g4 (sumito 2:1, ejects a White marble"));
    assert!(
        second.contains("six marbles ejected at ply 111"),
        "{second}"
    );
    assert!(second.contains("recorded: 1-0 (Au score)"));
    assert!(!second.contains("MIGS 24054"));
    abalone()
        .args(["replay", "--game", "1276", "-"])
        .write_stdin(archive)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("holds 1275 games"));
}

#[test]
fn replay_jsonl_reproduces_the_reference_replay_of_every_real_game() {
    for (games, expected, count) in [
        ("real_games.jsonl.gz", "real_expected.jsonl.gz", 1_281),
        ("program_games.jsonl.gz", "program_expected.jsonl.gz", 100),
    ] {
        let out = stdout_of(
            abalone()
                .args(["replay", "--jsonl", "-"])
                .write_stdin(gunzip(games)),
        );
        let expected = jsonl(&gunzip(expected));
        let mut agree = 0;
        for (line, exp) in out.lines().zip(&expected) {
            // Exactly the contractual fields, in their order.
            let report = report_fields(line, &REPORT_FIELDS).unwrap_or_else(|e| panic!("{e}"));
            assert!(
                REPORT_FIELDS.iter().all(|f| report[*f] == exp[*f]),
                "{}",
                exp["id"]
            );
            agree += 1;
        }
        assert_eq!((agree, out.lines().count()), (count, count), "{games}");
    }
}

#[test]
fn convert_round_trips_apgn_and_json() {
    let archive = gunzip("migs-2016-2017.apgn.gz");
    let json = stdout_of(
        abalone()
            .args(["convert", "-", "--to", "json"])
            .write_stdin(archive.clone()),
    );
    assert_eq!(json.lines().count(), 1_275);
    let back = stdout_of(
        abalone()
            .args(["convert", "-", "--to", "apgn"])
            .write_stdin(json.clone()),
    );
    assert!(back == archive, "APGN -> JSON -> APGN changed the file");

    // The JSON lines of the reference corpus go through APGN unchanged (as JSON values).
    let games = gunzip("real_games.jsonl.gz");
    let apgn = stdout_of(
        abalone()
            .args(["convert", "-", "--to", "apgn"])
            .write_stdin(games.clone()),
    );
    let again = stdout_of(
        abalone()
            .args(["convert", "-", "--to", "json"])
            .write_stdin(apgn),
    );
    assert_eq!(jsonl(&again), jsonl(&games));

    // A plain Aba-Pro record converts too: the AWC 2015 final.
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games/abalone-awc2015-final.txt");
    let awc = stdout_of(abalone().arg("convert").arg(example).args(["--to", "apgn"]));
    assert!(
        awc.starts_with("[Variant \"belgian\"]\n[Result \"*\"]\n"),
        "{awc}"
    );
    assert!(awc.contains("\n1. a1b2 i5h5 2. a2b3 i6h6 "), "{awc}");
    assert!(awc.trim_end().ends_with("58. f7g7 *"), "{awc}");
}

#[test]
fn broken_files_and_illegal_moves_are_reported_precisely() {
    let archive = gunzip("migs-2016-2017.apgn.gz");
    // Line 12 holds the first game's first moves; White's a5b5 starts at column 9.
    let broken = archive.replacen("1. a1b2 a5b5 2.", "1. a1b2 a5x5 2.", 1);
    abalone()
        .args(["replay", "-"])
        .write_stdin(broken.clone())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 12, column 9"))
        .stderr(predicate::str::contains(
            "in move \"a5x5\", characters 3..5",
        ));
    abalone()
        .args(["convert", "-", "--to", "json"])
        .write_stdin(broken)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 12, column 9"));

    // Hand-worked: after Black's a1b2 (A1, B2, C3 move north-east) A1 is empty, so White's
    // "a1b2" is refused; the other games still replay.
    let illegal = archive.replacen("1. a1b2 a5b5", "1. a1b2 a1b2", 1);
    let out = abalone()
        .args(["replay", "--quiet", "-"])
        .write_stdin(illegal)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "error: MIGS 24054, 2016.04.18, P1, P2: move 1 (White, ply 2) a1b2: A1 holds no marble",
        ))
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("== game 1275 of 1275: "));

    // A line of --jsonl that is not a game is named; the others are reported.
    let out = abalone()
        .args(["replay", "--jsonl", "-"])
        .write_stdin("{\"moves\":[\"a1b2\",\"i5h5\"]}\nnot json\n{\"layout\":\"belgian_daisy\",\"moves\":[\"a1b2\",\"a1b2\"]}\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 2: "))
        .get_output()
        .stdout
        .clone();
    let reports = jsonl(&String::from_utf8(out).unwrap());
    assert_eq!(reports.len(), 2);
    // Standard layout, 44 moves at the start; the second game's ply 2 is refused.
    assert_eq!(reports[0]["legal_move_counts"][0], 44);
    assert_eq!(reports[1]["first_illegal"]["ply"], 2);
    assert_eq!(reports[1]["first_illegal"]["token"], "a1b2");
    assert_eq!(reports[1]["legal_plies"], 1);
}
