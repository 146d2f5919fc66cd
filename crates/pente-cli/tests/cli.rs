//! `pente-cli` run as a program: the batch interface against the reference data, replay of the
//! shipped game, error exits, perft, moves, selfplay and the interactive loop.

use std::collections::HashMap;
use std::path::PathBuf;

use assert_cmd::Command;
use boardgames_testdata::{repo_root as root, report_fields, stdout_of, stdout_of_refused};
use predicates::prelude::*;
use serde_json::Value;

/// Fields of the expected files that describe how they were computed, not the game.
const PROVENANCE_FIELDS: [&str; 3] = ["computed_by", "record_check", "cross_check"];

/// The fields of a batch report, in their contractual order.
const REPORT_FIELDS: [&str; 8] = [
    "id",
    "variant",
    "tournament_rule",
    "n_moves",
    "caps",
    "removed",
    "result",
    "illegal",
];

const EXAMPLE: &str = "pente-org-50000000005101.txt";
/// A finished game: X's five on row 10 (A10-E10), O to move at ply 9 (`docs/pente.md`'s
/// position string).
const FINISHED: &str =
    "pente free 9 0-0 19/19/19/19/19/19/19/19/19/xxxxx14/oooo15/19/19/19/19/19/19/19/19";

fn pente() -> Command {
    boardgames_testdata::program("pente-cli")
}

/// Runs `replay --jsonl -` over a corpus and compares every report with the expected line,
/// field by field; returns how many games agree.
fn batch_agrees(games: &str, expected: &str) -> usize {
    let input = gunzip(games);
    let n_records = input.lines().filter(|l| !l.trim().is_empty()).count();
    let out = stdout_of(pente().args(["replay", "--jsonl", "-"]).write_stdin(input));
    let mut want: HashMap<String, Value> = gunzip(expected)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).expect("expected line is JSON");
            let obj = v.as_object_mut().expect("object");
            for f in PROVENANCE_FIELDS {
                obj.remove(f);
            }
            (obj["id"].as_str().expect("id").to_owned(), v)
        })
        .collect();
    assert_eq!(want.len(), n_records);
    let mut agree = 0;
    for line in out.lines() {
        // The contract fixes the order of the fields as well as their values.
        let got =
            Value::Object(report_fields(line, &REPORT_FIELDS).unwrap_or_else(|e| panic!("{e}")));
        let id = got["id"].as_str().expect("id").to_owned();
        let expected = want
            .remove(&id)
            .unwrap_or_else(|| panic!("unexpected id {id}"));
        assert_eq!(got, expected, "game {id}");
        agree += 1;
    }
    assert!(want.is_empty(), "no report for {} games", want.len());
    agree
}

/// A compressed data file of this game's reference data.
fn gunzip(name: &str) -> String {
    boardgames_testdata::gunzip(&format!("pente/{name}"))
}

#[test]
fn batch_replay_agrees_with_every_real_game() {
    assert_eq!(
        batch_agrees("games.jsonl.gz", "games.expected.jsonl.gz"),
        8_719
    );
}

#[test]
fn batch_replay_agrees_with_every_generated_game() {
    assert_eq!(
        batch_agrees("random_A.jsonl.gz", "random_A.expected.jsonl.gz"),
        500
    );
}

#[test]
fn batch_replay_reports_bad_lines_and_goes_on() {
    let input = "{\"id\":\"a\",\"moves\":[\"K10\",\"L9\"]}\n\nnot json\n{\"id\":\"b\",\"variant\":\"keryo-pente\",\"moves\":[\"K10\",\"K10\"]}\n";
    let out = pente()
        .args(["replay", "--jsonl", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 3:"))
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[1].contains(
        "\"variant\":\"keryo-pente\",\"tournament_rule\":true,\"n_moves\":2,\"caps\":[[0,0]],\"removed\":{},\"result\":null,\"illegal\":{\"ply\":2,\"move\":\"K10\",\"why\":\"occupied\"}"
    ), "{out}");
}

#[test]
fn batch_replay_refuses_another_games_record() {
    // An Abalone record as `abalone-cli convert --to json` writes it: a bad line (exit 1),
    // not a Pente game whose first move is illegal.
    let input = "{\"layout\":\"belgian_daisy\",\"moves\":[\"a1b2\",\"i5h5\"],\"result\":\"1-0\"}\n";
    pente()
        .args(["replay", "--jsonl", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("line 1:").and(predicate::str::contains("Abalone")));
}

#[test]
fn replay_of_the_shipped_real_game() {
    let path = root().join("examples/games").join(EXAMPLE);
    let out = stdout_of(pente().arg("replay").arg(&path));
    assert!(out.contains("Site: Pente.org\n"), "{out}");
    assert!(out.contains("   1. player 1 (X): K10\n"), "{out}");
    assert!(
        out.contains("  17. player 1 (X): G11 captures H10 J9 (captured: X 2 / O 0)\n"),
        "{out}"
    );
    assert!(
        out.contains("  36. player 2 (O): E9 captures F10 G11 (captured: X 8 / O 8)\n"),
        "{out}"
    );
    assert!(out.contains("  39. player 1 (X): M8: five\n"), "{out}");
    assert!(
        out.ends_with("result: player 1 (X) wins by five at ply 39 (captured: X 8 / O 8)\n"),
        "{out}"
    );
    // --quiet leaves out the moves, not the board and the result.
    let quiet = stdout_of(pente().args(["replay", "--quiet"]).arg(&path));
    assert!(!quiet.contains("  1. player 1"), "{quiet}");
    assert_eq!(quiet.lines().last(), out.lines().last(), "{quiet}");
    // The same game as a JSON record (from the corpus) replays to the same end.
    let json = gunzip("games.jsonl.gz")
        .lines()
        .find(|l| l.contains("\"penteorg-50000000005101\""))
        .expect("the game is in the corpus")
        .to_owned();
    let out_json = stdout_of(pente().args(["replay", "-"]).write_stdin(json));
    assert!(
        out_json.starts_with("Id: penteorg-50000000005101\n"),
        "{out_json}"
    );
    assert_eq!(out_json.lines().last(), out.lines().last());
}

#[test]
fn replay_stops_at_an_illegal_move() {
    pente()
        .args(["replay", "-"])
        .write_stdin("1. K10 L9 2. K10 M10 1-0\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("ply 2 |"))
        .stderr(
            predicate::str::contains("ply 3 (player 1 (X))")
                .and(predicate::str::contains("occupied")),
        );
    // The tournament rule keeps player 1's second stone out of the centre square...
    pente()
        .args(["replay", "-"])
        .write_stdin("K10 L9 L10")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("ply 3").and(predicate::str::contains("tournament rule")));
    // ...unless it is switched off.
    pente()
        .args(["--no-tournament-rule", "replay", "-"])
        .write_stdin("K10 L9 L10")
        .assert()
        .success();
    // A first stone off the centre.
    pente()
        .args(["replay", "-"])
        .write_stdin("{\"moves\": [\"A1\"]}")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("ply 1").and(predicate::str::contains("K10")));
}

#[test]
fn unreadable_input_is_a_clear_error() {
    let no_panic = predicate::str::contains("panicked").not();
    pente()
        .args(["replay", "/nonexistent/game.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read /nonexistent/game.txt").and(no_panic));
    pente()
        .args(["replay", "--jsonl", "/nonexistent/games.jsonl"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
    pente()
        .args(["replay", "-"])
        .write_stdin("1. K10 L9\n2. K11 ZZ9\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2, column 8").and(predicate::str::contains("ZZ9")));
    pente()
        .args(["replay", "-"])
        .write_stdin("{\"moves\": [\"K10\"")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad JSON record"));
    pente()
        .args(["replay", "-"])
        .write_stdin(vec![0xffu8, 0xfe, b'K'])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not UTF-8"));
    // In --jsonl a line that is not UTF-8 is a bad line (exit 1), and a byte-order mark
    // before the first line is skipped, as in a record file.
    let mut lines = b"\xef\xbb\xbf{\"moves\": [\"K10\"]}\n".to_vec();
    lines.extend_from_slice(b"\xff\n{\"moves\": [\"K10\", \"L9\"]}\n");
    pente()
        .args(["replay", "--jsonl", "-"])
        .write_stdin(lines)
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("\"n_moves\":1")
                .and(predicate::str::contains("\"n_moves\":2")),
        )
        .stderr(predicate::str::contains("line 2: not UTF-8 text"));
}

#[test]
fn perft_prints_the_count_on_the_last_line() {
    // Hand-worked: the first stone must go on K10 (1); then any of the 360 empty points.
    // After K10 L9 the tournament rule bars the 25 points of the centre square: 361 - 25.
    for (args, want) in [
        (vec!["perft", "--depth", "0"], "1"),
        (vec!["perft", "--depth", "1"], "1"),
        (vec!["perft", "--depth", "2"], "360"),
        (vec!["perft", "--depth", "1", "K10", "L9"], "336"),
        (vec!["perft", "--depth", "1", "1.", "K10", "L9"], "336"),
        (
            vec!["--no-tournament-rule", "perft", "--depth", "1", "K10", "L9"],
            "359",
        ),
        (vec!["--variant", "keryo", "perft", "--depth", "2"], "360"),
    ] {
        let out = stdout_of(pente().args(&args));
        assert_eq!(out.lines().last(), Some(want), "{args:?}: {out}");
    }
    let assert = pente()
        .args(["perft", "--depth", "2", "--divide"])
        .assert()
        .success()
        .stderr(predicate::str::contains("nodes/s"));
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert_eq!(out, "K10 360\n360\n");
    pente()
        .args(["perft", "--depth", "1", "K10", "K10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("ply 2"));
}

#[test]
fn moves_after_a_move_list() {
    let out = stdout_of(pente().args(["moves"]));
    assert_eq!(out, "K10\n");
    let out = stdout_of(pente().args(["moves", "K10"]));
    let points: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(points.len(), 360);
    assert!(!points.contains(&"K10") && points.contains(&"A1") && points.contains(&"T19"));
    let out = stdout_of(pente().args(["moves", "K10", "L9"]));
    assert!(!out.contains("M10") && out.contains("N10"), "{out}");
}

#[test]
fn selfplay_is_deterministic_and_its_records_replay() {
    let run = |seed: &str| stdout_of(pente().args(["selfplay", "--seed", seed, "--games", "3"]));
    let a = run("42");
    assert_eq!(a, run("42"));
    assert_ne!(a, run("43"));
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(lines.len(), 9, "{a}");
    for game in lines.chunks(3) {
        assert!(game[0].starts_with("# game "), "{a}");
        // The record replays, and to the same end.
        let out = stdout_of(pente().args(["replay", "-"]).write_stdin(game[1]));
        let end = out.lines().last().expect("a result line");
        assert_eq!(
            Some(end.trim_start_matches("result: ")),
            game[2].strip_prefix("# result: ")
        );
        assert!(end.contains("wins by") || end.contains("draw"), "{end}");
    }
    // Keryo-Pente games are written as pente.org games whose tags give the rules, so they
    // replay under their own variant with no option.
    let keryo = stdout_of(pente().args(["--variant", "keryo-pente", "selfplay", "--seed", "7"]));
    assert!(keryo.contains("[Game \"Keryo-Pente\"]"), "{keryo}");
    let out = stdout_of(pente().args(["replay", "-"]).write_stdin(keryo.clone()));
    assert!(out.contains("Keryo-Pente (tournament rule)"), "{out}");
    assert_eq!(
        out.lines().last().map(|l| l.trim_start_matches("result: ")),
        keryo
            .lines()
            .last()
            .and_then(|l| l.strip_prefix("# result: "))
    );
    // So are games without the tournament rule.
    let free = stdout_of(pente().args(["--no-tournament-rule", "selfplay", "--seed", "7"]));
    let out = stdout_of(pente().args(["replay", "-"]).write_stdin(free));
    assert!(out.contains("Pente (no tournament rule) |"), "{out}");
}

#[test]
fn play_from_a_script_never_crashes() {
    let script = "K10\nZZ\nK10\n\nmoves\nL9\nundo\nundo\nundo\nhelp\nboard\nrecord\n\u{1b}[A\n-\n1.\nK10 L9\n";
    let out = stdout_of_refused(pente().arg("play").write_stdin(script));
    assert!(out.contains("player 1 (X): K10\n"), "{out}");
    assert!(out.contains("error: bad notation"), "{out}");
    assert!(out.contains("error: illegal move: occupied"), "{out}");
    assert!(out.contains("360 legal: A1 B1"), "{out}");
    assert!(out.contains("taken back"), "{out}");
    assert!(out.contains("nothing to take back"), "{out}");
    assert!(out.contains("Commands:"), "{out}");
    assert!(out.ends_with("bye\n"), "{out}");

    // A whole game typed in, then moves after the end, undo and quit.
    let game = std::fs::read_to_string(root().join("examples/games").join(EXAMPLE)).expect("read");
    let moves: Vec<String> = boardgames_core::pente::record::parse_move_list(&game)
        .expect("the example parses")
        .iter()
        .map(ToString::to_string)
        .collect();
    let script = format!("{}\nA1\nundo\nM8\nrecord\nquit\nK1\n", moves.join("\n"));
    let out = stdout_of_refused(pente().arg("play").write_stdin(script));
    assert_eq!(
        out.matches("game over: player 1 (X) wins by five at ply 39")
            .count(),
        2,
        "{out}"
    );
    assert!(out.contains("error: illegal move: game over"), "{out}");
    assert!(out.contains("1. K10 L9 2. N8 J9 3. H9 L7"), "{out}");
    assert!(out.contains("20. M8 1-0\n"), "{out}");
    assert!(out.ends_with("bye\n"), "{out}");
}

#[test]
fn play_against_the_computer_is_repeatable_with_a_seed() {
    let script = "K10\nmoves\nundo\nquit\n";
    let run = || {
        stdout_of_refused(
            pente()
                .args([
                    "play",
                    "--vs",
                    "computer",
                    "--seed",
                    "9",
                    "--computer-first",
                ])
                .write_stdin(script),
        )
    };
    let a = run();
    assert_eq!(a, run());
    assert!(a.contains("player 1 (X) (computer): K10\n"), "{a}");
    assert!(a.contains("error: illegal move: occupied"), "{a}");
    // The human takes player 1 by default; the end of the input quits.
    let out = stdout_of(
        pente()
            .args(["play", "--vs", "computer", "--seed", "1", "--colour"])
            .write_stdin("K10\n"),
    );
    assert!(out.contains("player 2 (O) (computer): "), "{out}");
    assert!(out.contains("\u{1b}[1;31mX\u{1b}[0m"), "{out}");
    assert!(out.ends_with("bye\n"), "{out}");
    // Playing the second seat is the same as letting the computer go first.
    let seat2 = stdout_of_refused(
        pente()
            .args(["play", "--vs", "computer", "--seed", "9", "--seat", "2"])
            .write_stdin(script),
    );
    assert_eq!(seat2, a);
    pente()
        .args(["play", "--vs", "computer", "--seat", "7"])
        .assert()
        .code(2);
}

#[test]
fn help_documents_the_contracts() {
    pente()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("replay").and(predicate::str::contains("Exit status")));
    pente()
        .args(["replay", "--help"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("--jsonl")
                .and(predicate::str::contains("\"n_moves\""))
                .and(predicate::str::contains("\"illegal\"")),
        );
    pente()
        .args(["perft", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("last line"));
    for sub in ["play", "moves", "selfplay"] {
        pente().args([sub, "--help"]).assert().success();
    }
    pente()
        .args(["--variant", "chess", "moves"])
        .assert()
        .code(2);
    pente()
        .args(["--variant", "Keryo-Pente", "moves"])
        .assert()
        .success();
}

#[test]
fn convert_between_pente_org_files_and_json_records() {
    let json = gunzip("games.jsonl.gz")
        .lines()
        .find(|l| l.contains("\"penteorg-50000000005101\""))
        .expect("the game is in the corpus")
        .to_owned();
    let pgn = stdout_of(
        pente()
            .args(["convert", "-", "--to", "pgn"])
            .write_stdin(json.clone()),
    );
    assert!(pgn.starts_with("[Game \"Pente\"]\n"), "{pgn}");
    assert!(pgn.contains("[Id \"penteorg-50000000005101\"]\n"), "{pgn}");
    assert!(
        pgn.contains("[Rated \"Y\"]\n[Result \"1-0\"]\n\n1. K10 L9 2. N8 J9"),
        "{pgn}"
    );
    // Move text lines are wrapped at 80 columns (tag lines keep their values whole).
    assert!(
        pgn.lines()
            .filter(|l| !l.starts_with('['))
            .all(|l| l.len() <= 80),
        "{pgn}"
    );
    // And back: the same JSON record, field for field.
    let back = stdout_of(
        pente()
            .args(["convert", "-", "--to", "json"])
            .write_stdin(pgn.clone()),
    );
    let want: serde_json::Value = serde_json::from_str(&json).unwrap();
    let got: serde_json::Value = serde_json::from_str(back.trim()).unwrap();
    assert_eq!(got, want);
    // The converted file replays to the same result as the shipped one.
    let replayed = stdout_of(pente().args(["replay", "--quiet", "-"]).write_stdin(pgn));
    assert!(
        replayed.ends_with("result: player 1 (X) wins by five at ply 39 (captured: X 8 / O 8)\n"),
        "{replayed}"
    );
    // Unknown formats and unreadable text are clear errors.
    pente()
        .args(["convert", "-", "--to", "sgf"])
        .write_stdin("1. K10")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("formats are pgn, json"));
    pente()
        .args(["convert", "-", "--to", "pgn"])
        .write_stdin("1. K10 Z99")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("line 1, column 8"));
}

#[test]
fn the_game_tag_sets_the_variant() {
    // Hand-worked: player 1 holds K10, player 2 L10 M10 N10 beside it, and player 1's O10
    // flanks the three: a capture in Keryo-Pente, none in Pente (two stones only).
    let text = "[Game \"Keryo-Pente\"]\n[Rated \"N\"]\n\n1. K10 L10 2. A1 M10 3. A3 N10 4. O10";
    let out = stdout_of(pente().args(["replay", "-"]).write_stdin(text));
    assert!(
        out.contains("O10 captures L10 M10 N10 (captured: X 3 / O 0)"),
        "{out}"
    );
    // The same moves as plain Pente capture nothing.
    let plain = text.replace("Keryo-Pente", "Pente");
    let out = stdout_of(pente().args(["replay", "-"]).write_stdin(plain));
    assert!(out.contains("   7. player 1 (X): O10\n"), "{out}");
}

#[test]
fn perft_refuses_depths_that_could_never_finish() {
    pente()
        .args(["perft", "--depth", "33"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("0..=32"));
}

#[test]
fn completions_man_page_and_no_colour_in_a_pipe() {
    boardgames_testdata::check_terminal_conventions(
        "pente-cli",
        &[
            (
                &["replay", "examples/games/pente-org-50000000005101.txt"],
                "",
            ),
            (&["play"], "K10\nquit\n"),
        ],
    );
}

#[test]
fn the_same_failure_gives_the_same_exit_status_as_in_the_other_programs() {
    boardgames_testdata::check_input_conventions(&boardgames_testdata::InputCases {
        program: "pente-cli",
        valid: "1. K10 L9 2. K4\n",
        bad_token: "1. K10 ZZ99\n",
        illegal: "1. K10 K10\n",
        other_game: "examples/games/abalone-awc2015-final.txt",
    });
}

#[test]
fn play_brackets_the_last_stone_and_cuts_long_tokens() {
    let long = "Q".repeat(300);
    let out = stdout_of_refused(
        pente()
            .arg("play")
            .write_stdin(format!("K10\n{long}\nquit\n")),
    );
    // Row 10 after K10: the stone between brackets (column K is the tenth, at 4 + 2 * 9).
    assert!(
        out.contains("10  . . . . . . . . .(X). . . . . . . . . 10"),
        "{out}"
    );
    assert!(out.contains("... (300 characters)"), "{out}");
    assert!(!out.contains(&"Q".repeat(41)), "{out}");
    let out = pente()
        .args(["replay", "-"])
        .write_stdin(format!("1. K10 {long}\n"))
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("... (300 characters)") && !err.contains(&"Q".repeat(41)),
        "{err}"
    );
}

#[test]
fn replay_says_the_result_once() {
    let out = stdout_of(
        pente()
            .args(["replay", &format!("examples/games/{EXAMPLE}")])
            .current_dir(root()),
    );
    assert_eq!(out.matches("wins by five").count(), 1, "{out}");
    assert!(
        out.ends_with("result: player 1 (X) wins by five at ply 39 (captured: X 8 / O 8)\n"),
        "{out}"
    );
}

#[test]
fn position_starts_from_a_position_string() {
    use boardgames_core::pente::{OpeningRule, Pente, Variant};
    use boardgames_core::Game;
    let mut pos = Pente::new(Variant::KeryoPente, OpeningRule::Tournament);
    for m in ["K10", "L9"] {
        pos.play(pos.parse_move(m).unwrap()).unwrap();
    }
    let text = pos.to_setup().to_string();
    // The legal moves from the string are those after the moves: 361 - 2 points, less the
    // tournament rule's 5 x 5 square around K10 for player 1's second stone (25 - 2 taken).
    let from_string = stdout_of(pente().args(["--position", &text, "moves"]));
    let after_moves = stdout_of(pente().args(["--variant", "keryo", "moves", "K10", "L9"]));
    assert_eq!(from_string, after_moves);
    assert_eq!(from_string.split_whitespace().count(), 361 - 2 - 23);
    pente()
        .args(["--position", "junk", "moves"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--position"));
}

#[test]
fn bestmove_answers_each_line_at_once_in_its_contract() {
    use std::io::{BufRead, BufReader, Write};
    let mut child =
        boardgames_testdata::spawn("pente-cli", &["bestmove", "--jsonl", "-", "--depth", "2"]);
    let mut stdin = child.stdin.take().expect("piped");
    let (send, answers) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().expect("piped");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if send.send(line.expect("UTF-8")).is_err() {
                break;
            }
        }
    });
    // Player 2's four F10-J10 (K10 is player 1's): player 1 must block at E10.
    let threat = r#"{"id":"block","position":{"variant":"pente","tournament_rule":false,"moves":["K10","F10","A1","G10","A3","H10","A5","J10"]}}"#;
    writeln!(stdin, "{threat}").expect("write");
    stdin.flush().expect("flush");
    // The answer comes before the input ends: the program flushes each line.
    let first = answers
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("an answer while the input is still open");
    // Exactly these fields, in this order.
    let v = report_fields(
        &first,
        &["id", "move", "score", "depth", "nodes", "time_ms", "pv"],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (v["id"].as_str(), v["move"].as_str(), v["depth"].as_u64()),
        (Some("block"), Some("E10"), Some(2))
    );
    assert_eq!(v["pv"][0], "E10");
    // A bad line is reported and the next one still served; then the exit status is 1.
    writeln!(stdin, "{{\"id\": 2}}").expect("write");
    writeln!(
        stdin,
        r#"{{"id":3,"position":{{"variant":"pente","moves":["K10"]}}}}"#
    )
    .expect("write");
    drop(stdin);
    let third = answers
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("an answer");
    assert!(third.starts_with(r#"{"id":3,"move":"#), "{third}");
    let out = child.wait_with_output().expect("ends");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2: no \"position\" field"), "{err}");
}

#[test]
fn the_computer_blocks_a_four_and_hint_names_the_block() {
    // Player 1 (X, the human) builds F10 G10 H10 J10 while the computer (level 2) answers;
    // whatever it played, a four of X on the board is blocked at once.
    let out = stdout_of(
        pente()
            .args([
                "--no-tournament-rule",
                "play",
                "--vs",
                "computer",
                "--level",
                "2",
                "--seed",
                "1",
            ])
            .write_stdin("K10\nhint\nquit\n"),
    );
    assert!(out.contains("hint: "), "{out}");
    // The score in the game's terms: captured pairs (or a forced result), not raw points.
    let hint = out.lines().find(|l| l.contains("hint: ")).unwrap_or("");
    assert!(
        hint.contains(" captured pairs, depth ") || hint.contains("a forced "),
        "{hint}"
    );
    assert!(out.contains("player 2 (O) (computer): "), "{out}");
}

/// The text summary of `arena` as a map from its label to the rest of the line.
fn arena_lines(stdout: &str) -> HashMap<String, String> {
    stdout
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

#[test]
#[cfg(unix)] // the engines are sh scripts
fn arena_against_a_tiny_script_engine_over_the_bestmove_contract() {
    // The script answers K10 then the first empty point from A1 upwards: a legal but
    // aimless player that level 1 beats in every game, whoever starts.
    let script = root().join("crates/pente-cli/tests/data/first-empty-engine.sh");
    let records = std::env::temp_dir().join(format!("arena-records-{}.txt", std::process::id()));
    let out = stdout_of(pente().args([
        "arena",
        "--a",
        "level=1",
        "--b",
        &format!("cmd=sh {}", script.display()),
        "--games",
        "4",
        "--records",
        records.to_str().expect("UTF-8 path"),
    ]));
    let lines = arena_lines(&out);
    assert_eq!(lines["A"], "alpha-beta level 1", "{out}");
    assert!(lines["B"].starts_with("external sh "), "{out}");
    assert_eq!(lines["games 4"], "A wins 4, draws 0, B wins 0", "{out}");
    // 4 of 4: the score's Wilson interval is 0.510 to 1 (z = 1.96, hand-worked), so the
    // Elo is +inf with a lower end of +7.
    assert_eq!(lines["score of A"], "1.000 (95 % interval 0.510 to 1.000)");
    assert_eq!(lines["Elo A - B"], "+inf (95 % interval +7 to +inf)");
    // The records read back: four games, the script's moves among them.
    let text = std::fs::read_to_string(&records).expect("records written");
    let _ = std::fs::remove_file(&records);
    assert_eq!(text.matches("# game ").count(), 4);
    assert!(text.contains("1. K10 A1 "), "{text}");
    let replayed = stdout_of(
        pente()
            .args(["replay", "--game", "4", "-"])
            .write_stdin(text),
    );
    assert!(replayed.contains("wins by five"), "{replayed}");
}

#[test]
fn arena_drives_our_own_bestmove_as_an_external_engine() {
    // The program's own bestmove loop at depth 2 against level 1: the contract both ways.
    let me = assert_cmd::cargo::cargo_bin("pente-cli");
    let out = stdout_of(pente().args([
        "arena",
        "--a",
        &format!("cmd={} bestmove --depth 2 --jsonl -", me.display()),
        "--b",
        "depth=2",
        "--games",
        "2",
        "--random-plies",
        "4",
        "--seed",
        "3",
        "--jsonl",
    ]));
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 3, "{out}");
    for (k, game) in lines[..2].iter().enumerate() {
        assert_eq!(game["game"], k + 1);
        assert_eq!(game["a_team"], k);
    }
    // The summary counts the two games.
    let summary = &lines[2];
    let total = ["a_wins", "draws", "b_wins"]
        .iter()
        .map(|k| summary[k].as_u64().expect("a count"))
        .sum::<u64>();
    assert_eq!(total, 2, "{summary}");
    assert_eq!(summary["games"], 2);
}

#[test]
fn arena_from_a_later_game_plays_the_same_games_as_the_whole_series() {
    let series = |extra: &[&str]| -> Vec<Value> {
        let mut args = vec![
            "arena",
            "--a",
            "depth=2",
            "--b",
            "depth=1",
            "--games",
            "6",
            "--random-plies",
            "4",
            "--seed",
            "5",
            "--jsonl",
        ];
        args.extend_from_slice(extra);
        stdout_of(pente().args(&args))
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect()
    };
    let whole = series(&[]);
    assert_eq!(whole.len(), 7);
    // Games from different openings differ, so the comparison below can fail.
    assert!(
        whole[..6]
            .windows(3)
            .any(|w| w[0]["plies"] != w[2]["plies"]),
        "{whole:?}"
    );
    // From game 4 (the second game of the second opening): games 4 to 6, numbered as in
    // the whole series, and a summary of those three.
    let part = series(&["--from-game", "4"]);
    assert_eq!(part.len(), 4);
    assert_eq!(part[..3], whole[3..6]);
    let played: u64 = ["a_wins", "draws", "b_wins"]
        .iter()
        .map(|k| part[3][k].as_u64().expect("a count"))
        .sum();
    assert_eq!(played, 3);
    assert_eq!(part[3]["games"], 3);
    // Past the last game, or with a random player, it is refused.
    pente()
        .args(["arena", "--a", "depth=1", "--b", "depth=1", "--games", "6"])
        .args(["--from-game", "7"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("past the last game"));
    pente()
        .args(["arena", "--a", "random", "--b", "depth=1", "--games", "6"])
        .args(["--from-game", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("random player"));
}

#[test]
#[cfg(unix)] // the engines are sh scripts and sleep
fn arena_refuses_bad_specs_and_engine_failures() {
    pente()
        .args(["arena", "--a", "level=9", "--b", "random"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("levels are 1 to 5"));
    pente()
        .args([
            "arena",
            "--a",
            "random",
            "--b",
            "cmd=/nonexistent/engine",
            "--games",
            "1",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot start"));
    // An engine that stops without answering, or answers with no legal move, stops the
    // arena (exit 1).
    pente()
        .args([
            "arena",
            "--a",
            "cmd=sh -c 'x'",
            "--b",
            "random",
            "--games",
            "1",
        ])
        .assert()
        .code(1);
    pente()
        .args([
            "arena",
            "--a",
            "cmd=echo {\"move\":\"Z99\"}",
            "--b",
            "random",
            "--games",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("game 1:"));
    // The longest wait the option takes is no deadline at all (the clock cannot hold it),
    // not a panic: the bad answer is still refused.
    pente()
        .args([
            "arena",
            "--a",
            "cmd=echo {\"move\":\"Z99\"}",
            "--b",
            "random",
            "--games",
            "1",
            "--engine-timeout",
            "18446744073709551615",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("game 1:"));
    // An engine that never answers is given up after --engine-timeout, and stopped. So is
    // one whose own process keeps the arena's standard error open: a shell that waits in
    // `sleep` is stopped with the sleep, so the run ends (and its standard error closes)
    // well before the sleep would.
    let sleeping = root().join("crates/pente-cli/tests/data/sleeping-engine.sh");
    for engine in [
        "cmd=sleep 100".to_owned(),
        format!("cmd=sh {}", sleeping.display()),
    ] {
        let started = std::time::Instant::now();
        pente()
            .args(["arena", "--a", &engine, "--b", "random", "--games", "1"])
            .args(["--engine-timeout", "1"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("no answer within 1 s"));
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "{engine}"
        );
    }
    // An answer to another question is refused.
    let wrong = root().join("crates/pente-cli/tests/data/wrong-id-engine.sh");
    pente()
        .args([
            "arena",
            "--a",
            &format!("cmd=sh {}", wrong.display()),
            "--b",
            "random",
            "--games",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not the id 1"));
    pente()
        .args(["arena", "--a", "random", "--b", "random", "--games", "0"])
        .assert()
        .code(2);
    // Random plies past the longest game on the board (361 points): every draw ends the
    // game before the players move, which is refused rather than scored.
    pente()
        .args(["arena", "--a", "random", "--b", "random"])
        .args(["--random-plies", "400"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error: game 1: --random-plies 400 ended each of 100 games drawn",
        ));
    // A depth past 64, as bestmove refuses it; an openings file with an illegal move is a
    // bad openings file (exit 2, as --help says).
    pente()
        .args(["arena", "--a", "depth=65", "--b", "random"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the depth is 1 to 64"));
    pente()
        .args(["arena", "--a", "random", "--b", "random", "--games", "2"])
        .args(["--openings", "-"])
        .write_stdin("K10 L9 K7 K10\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("ply 4: \"K10\" is not legal: "));
    // A start position that is a finished game (X's five on row 10) has nothing to play.
    pente()
        .args(["arena", "--a", "random", "--b", "level=1", "--games", "2"])
        .args(["--position", FINISHED])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "the start position is a finished game",
        ));
    // An even score is 0 Elo, written +0.
    let even = stdout_of(pente().args([
        "arena", "--a", "random", "--b", "random", "--games", "6", "--seed", "1",
    ]));
    assert!(
        even.contains("games 6: A wins 3, draws 0, B wins 3"),
        "{even}"
    );
    assert!(
        even.contains("Elo A - B: +0 (95 % interval -255 to +255)"),
        "{even}"
    );
}

#[test]
fn bestmove_refuses_budgets_out_of_range() {
    let position = r#"{"variant":"pente","tournament_rule":true,"moves":["K10","L9"]}"#;
    let lines: String = [
        r#""depth":0"#,
        r#""depth":65"#,
        r#""nodes":-1"#,
        r#""movetime_ms":1.5"#,
        r#""depth":"3""#,
        r#""depth":1"#,
    ]
    .iter()
    .enumerate()
    .map(|(k, budget)| format!("{{\"id\":{k},\"position\":{position},{budget}}}\n"))
    .collect();
    let out = pente()
        .args(["bestmove", "--jsonl", "-", "--level", "2"])
        .write_stdin(lines)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    for (line, key) in [
        (1, "depth"),
        (2, "depth"),
        (3, "nodes"),
        (4, "movetime_ms"),
        (5, "depth"),
    ] {
        assert!(
            err.contains(&format!(
                "line {line}: \"{key}\" must be a whole number from 1"
            )),
            "{err}"
        );
    }
    // Only the last line is answered, at its depth.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        stdout.starts_with(r#"{"id":5,"#) && stdout.contains(r#""depth":1,"#),
        "{stdout}"
    );
    // On the command line too: no budget of 0, whatever the option.
    for option in ["--depth", "--nodes", "--movetime"] {
        pente()
            .args(["bestmove", "--jsonl", "-", option, "0"])
            .write_stdin("")
            .assert()
            .code(2);
    }
}

#[test]
#[cfg(unix)] // a directory opens on Unix and fails at the first read
fn bestmove_input_that_cannot_be_read_is_exit_2() {
    // A directory opens on Unix and fails at the first read: the input cannot be read.
    let dir = std::env::temp_dir();
    pente()
        .args(["bestmove", "--jsonl"])
        .arg(&dir)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("reading line 1"));
}

#[test]
fn arena_and_bestmove_play_keryo_pente() {
    let out = stdout_of(pente().args([
        "--variant",
        "keryo",
        "arena",
        "--a",
        "level=1",
        "--b",
        "random",
        "--games",
        "2",
        "--random-plies",
        "2",
        "--jsonl",
    ]));
    let summary: Value =
        serde_json::from_str(out.lines().last().expect("a summary")).expect("JSON");
    assert_eq!(summary["a_wins"], 2, "{out}");
    // A Keryo-Pente capture of three: player 1 (to move) has K10, player 2 L10 M10 N10 and
    // O10 is free: O10 flanks the three and captures them, which the engine takes.
    let line = r#"{"id":"k","position":{"variant":"keryo-pente","tournament_rule":false,"ply":6,"captures":[0,0],"player1":["K10","A1","A3"],"player2":["L10","M10","N10"]},"depth":2}"#;
    let answer = stdout_of(pente().args(["bestmove", "--jsonl", "-"]).write_stdin(line));
    let v: Value = serde_json::from_str(answer.trim()).expect("JSON");
    assert_eq!(
        (v["id"].as_str(), v["move"].as_str()),
        (Some("k"), Some("O10")),
        "{answer}"
    );
}

/// A file name of this test run in the temporary folder.
fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("pente-cli-{}-{name}", std::process::id()))
}

/// The final board of `replay --quiet` (from the column letters on) and its result line.
fn replayed_end(replayed: &str) -> (String, String) {
    let start = replayed.find("    A B C").expect("a board");
    let (board, result) = replayed[start..]
        .trim_end()
        .rsplit_once('\n')
        .expect("a result line");
    (board.to_owned(), result.to_owned())
}

/// `replay --quiet FILE`, its final board and result.
fn replay_end(file: &std::path::Path) -> (String, String) {
    let out = stdout_of(pente().args(["replay", "--quiet"]).arg(file));
    replayed_end(&out)
}

#[test]
fn a_played_game_is_saved_and_recorded_and_replays_and_converts() {
    // Pente: the shipped game; Keryo-Pente: a random game of selfplay. Both typed at the
    // prompt, then `board` and `save`, with `--record` keeping the same record meanwhile.
    let pente_game =
        std::fs::read_to_string(root().join("examples/games").join(EXAMPLE)).expect("the example");
    let keryo_game = stdout_of(pente().args(["--variant", "keryo", "selfplay", "--seed", "3"]));
    for (variant, game) in [("pente", pente_game), ("keryo", keryo_game)] {
        let moves: Vec<String> = boardgames_core::pente::record::parse_move_list(&game)
            .expect("the game parses")
            .iter()
            .map(ToString::to_string)
            .collect();
        let saved = temporary(&format!("{variant}-saved.txt"));
        let recorded = temporary(&format!("{variant}-recorded.txt"));
        let script = format!("{}\nboard\nsave {}\n", moves.join("\n"), saved.display());
        let out = stdout_of(
            pente()
                .args(["--variant", variant, "play", "--record"])
                .arg(&recorded)
                .write_stdin(script),
        );
        assert!(
            out.contains(&format!("saved to {}", saved.display())),
            "{out}"
        );
        let end = out
            .lines()
            .find_map(|l| l.strip_prefix("game over: "))
            .expect("the game ends");
        let text = std::fs::read_to_string(&saved).expect("saved");
        assert_eq!(std::fs::read_to_string(&recorded).ok(), Some(text.clone()));
        let title = if variant == "pente" {
            "Pente"
        } else {
            "Keryo-Pente"
        };
        assert!(text.starts_with(&format!("[Game \"{title}\"]\n")), "{text}");
        // Replayed with no option: the game's board and result.
        let (board, result) = replay_end(&saved);
        assert!(out.contains(&board), "{variant}: {board}\n{out}");
        assert_eq!(result, format!("result: {end}"));
        // As a JSON record: the same end, and back to the same text.
        let json = stdout_of(pente().args(["convert", "--to", "json"]).arg(&saved));
        let json_file = temporary(&format!("{variant}.json"));
        std::fs::write(&json_file, &json).expect("written");
        assert_eq!(replay_end(&json_file), (board, result));
        let back = stdout_of(pente().args(["convert", "--to", "pgn"]).arg(&json_file));
        assert_eq!(back, text, "{variant}");
        for file in [saved, recorded, json_file] {
            let _ = std::fs::remove_file(file);
        }
    }
}

#[test]
fn save_and_record_refuse_what_cannot_be_written() {
    let missing = temporary("no-such-folder").join("game.txt");
    // `--record` to a file that cannot be written: refused before the game.
    pente()
        .args(["play", "--record"])
        .arg(&missing)
        .write_stdin("K10\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "error: --record: cannot write ",
        ));
    // `save` without a name, or to such a file: a message, and the game goes on.
    let out = pente()
        .arg("play")
        .write_stdin(format!("K10\nsave\nsave {}\nL9\nhelp\n", missing.display()))
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("error: save needs a file name: save FILE; the game goes on"),
        "{stdout}"
    );
    assert!(stdout.contains("error: cannot write "), "{stdout}");
    assert!(stdout.contains("player 2 (O): L9"), "{stdout}");
    assert!(stdout.contains("  save FILE "), "{stdout}");
    assert!(
        stdout.contains("(play --record FILE rewrites FILE"),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(1));
    // Both are in the help of play.
    pente().args(["play", "--help"]).assert().success().stdout(
        predicate::str::contains("--record <FILE>").and(predicate::str::contains("save FILE")),
    );
}

#[test]
fn a_typo_names_the_nearest_command_and_a_move_stays_a_move() {
    let out = stdout_of_refused(
        pente()
            .arg("play")
            .write_stdin("hnt\nK10\nsve\nboadr\nxyzzy\nmvoes\n"),
    );
    for (typed, meant) in [
        ("hnt", "hint"),
        ("sve", "save"),
        ("boadr", "board"),
        ("mvoes", "moves"),
    ] {
        assert!(
            out.contains(&format!(
                "error: unknown command \"{typed}\" (did you mean {meant}?)"
            )),
            "{typed}: {out}"
        );
    }
    assert!(out.contains("player 1 (X): K10"), "{out}");
    // Neither a move nor close to a command: the notation error, as before.
    assert!(
        out.contains("error: bad notation: bad column 'x' in \"xyzzy\""),
        "{out}"
    );
}

#[test]
fn a_script_with_a_refused_line_ends_with_exit_status_1() {
    let out = pente()
        .arg("play")
        .write_stdin("K10\nK10\nL9\n")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        "error: line 2: illegal move: occupied; type moves for the legal moves, help for the commands\n"
    );
    // The game went on after it.
    assert!(String::from_utf8_lossy(&out.stdout).contains("player 2 (O): L9"));
    // A script without one ends with 0.
    pente()
        .arg("play")
        .write_stdin("K10\nL9\nquit\n")
        .assert()
        .success();
}

#[test]
fn completions_and_man_into_a_closed_pipe_end_quietly() {
    for args in [
        &["completions", "bash"][..],
        &["completions", "zsh"],
        &["completions", "fish"],
        &["man"],
    ] {
        boardgames_testdata::closed_pipe_is_quiet("pente-cli", args, false);
        boardgames_testdata::closed_pipe_is_quiet("pente-cli", args, true);
    }
}

#[test]
fn help_says_only_what_applies_to_pente() {
    let help = |args: &[&str]| stdout_of(pente().args(args));
    let convert = help(&["convert", "--help"]);
    assert!(
        convert.contains("The format to write: pgn, json or movelist"),
        "{convert}"
    );
    for other in ["apgn", "abapro", "mat or", "Abalone", "backgammon"] {
        assert!(!convert.contains(other), "{other}: {convert}");
    }
    assert!(!help(&["moves", "--help"]).contains("--jsonl"));
    for sub in [
        "play", "replay", "moves", "perft", "selfplay", "convert", "bestmove", "arena",
    ] {
        let text = help(&[sub, "--help"]);
        assert!(!text.to_lowercase().contains("chance"), "{sub}: {text}");
        assert!(!text.contains("--time-limit"), "{sub}: {text}");
        assert!(!text.contains("Abalone"), "{sub}: {text}");
    }
    // The lines of bestmove carry their rules: the options of the rules are not its own.
    assert!(!help(&["bestmove", "--help"]).contains("--variant <"));
    // Still accepted where hidden.
    pente()
        .args(["moves", "--jsonl", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no moves --jsonl mode"));
}

/// Every file an example of `--help` names exists.
#[test]
fn help_examples_name_files_that_exist() {
    boardgames_testdata::check_help_examples("pente-cli");
}
