//! `backgammon-cli` run as a program: the batch interface against the reference data (GNU
//! Backgammon and OpenSpiel), the plays of a Position ID, perft, replay, scripted money games
//! and matches at the prompt, a whole match against the computer, junk input.

use std::io::{Read, Write};
use std::process::{Command as Process, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use boardgames_core::backgammon::{Match, MatchId, Side};
use boardgames_testdata::{jsonl, repo_root as root, report_fields, stdout_of};
use predicates::prelude::*;
use serde_json::Value;

use crate::{cli, gunzip};

/// The fields of a `moves --jsonl` line, in their contractual order.
const REPORT_FIELDS: [&str; 4] = ["id", "count", "results", "plays"];

/// Feeds a corpus to `moves --jsonl -` and compares every output line with the record, field
/// by field; returns the number of agreeing cases.
fn check_corpus(name: &str) -> usize {
    let text = gunzip(name);
    let expected = jsonl(&text);
    let out = stdout_of(
        cli()
            .args(["moves", "--jsonl", "-"])
            .write_stdin(text.clone()),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        expected.len(),
        "{name}: one output line per case"
    );
    let mut agree = 0;
    let mut failures = Vec::new();
    for (line, want) in lines.iter().zip(&expected) {
        let id = want["id"].as_str().unwrap_or("?");
        // Exactly the contractual fields, in order.
        let got = match report_fields(line, &REPORT_FIELDS) {
            Ok(got) => got,
            Err(e) => {
                failures.push(format!("{id}: fields {e:.120}"));
                continue;
            }
        };
        let mut ok = true;
        for field in REPORT_FIELDS {
            if field == "results" {
                let (g, w) = (&got["results"], &want["results"]);
                let (Some(g), Some(w)) = (g.as_array(), w.as_array()) else {
                    ok = false;
                    continue;
                };
                if g.len() != w.len() {
                    failures.push(format!("{id}: {} results, expected {}", g.len(), w.len()));
                    ok = false;
                    continue;
                }
                for (gr, wr) in g.iter().zip(w) {
                    for sub in ["pid", "position", "play"] {
                        if gr[sub] != wr[sub] {
                            failures.push(format!("{id}: {sub} {} expected {}", gr[sub], wr[sub]));
                            ok = false;
                        }
                    }
                    if gr.as_object().map_or(0, |o| o.len()) != 3 {
                        failures.push(format!("{id}: result fields {gr}"));
                        ok = false;
                    }
                }
            } else if got[field] != want[field] {
                failures.push(format!(
                    "{id}: {field} {} expected {}",
                    got[field], want[field]
                ));
                ok = false;
            }
        }
        if ok {
            agree += 1;
        }
        if failures.len() > 20 {
            break;
        }
    }
    assert!(failures.is_empty(), "{name}: {failures:#?}");
    agree
}

#[test]
fn jsonl_reproduces_random_positions() {
    assert_eq!(check_corpus("random_A.jsonl.gz"), 1500);
}

#[test]
fn jsonl_reproduces_opening_rolls() {
    assert_eq!(check_corpus("opening.jsonl.gz"), 21);
}

#[test]
fn jsonl_reproduces_edge_cases() {
    assert_eq!(check_corpus("edge.jsonl.gz"), 42);
}

#[test]
fn jsonl_takes_bare_positions_and_reports_bad_lines() {
    // The reference data README's start with 3-1: 16 results, among them 8/5 6/5 -> sGfwATDgc/ABMA.
    let start = r#"{"board":[-2,0,0,0,0,5,0,3,0,0,0,-5,5,0,0,0,-3,0,-5,0,0,0,0,2],"bar":[0,0],"off":[0,0],"turn":"x","dice":[3,1]}"#;
    let input = format!(
        "{start}\n\nnot json\n{{\"id\": 7, \"input\": {start}}}\n[1]\n{}\n",
        start.replace(",\"dice\":[3,1]", "")
    );
    let out = cli()
        .args(["moves", "--jsonl", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 3: not JSON"))
        .stderr(predicate::str::contains("line 5: not a JSON object"))
        .stderr(predicate::str::contains("line 6: the position has no dice"))
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["id"], Value::Null);
    assert_eq!(lines[1]["id"], 7);
    for l in &lines {
        assert_eq!(l["count"], 16);
        let hit = l["results"]
            .as_array()
            .expect("results")
            .iter()
            .find(|r| r["play"] == "8/5 6/5")
            .expect("8/5 6/5 listed");
        assert_eq!(hit["pid"], "sGfwATDgc/ABMA");
    }
}

#[test]
fn moves_of_a_position_id() {
    let out = stdout_of(cli().args(["moves", "--position-id", "4HPwATDgc/ABMA", "--dice", "31"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 16, "{out}");
    assert!(lines
        .iter()
        .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["8/5", "6/5", "sGfwATDgc/ABMA"]));
    // The same from the Match ID of gnubg's example (money, X on roll with 3-1) and from an
    // XGID of the start with 3-1.
    let with_mid = stdout_of(cli().args([
        "moves",
        "--position-id",
        "4HPwATDgc/ABMA",
        "--match-id",
        "cIkFAAAAAAAA",
    ]));
    assert_eq!(with_mid, out);
    let with_xgid = stdout_of(cli().args([
        "moves",
        "--xgid",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10",
    ]));
    assert_eq!(with_xgid, out);
    // Every listed Position ID is one of the opening record's results for 3-1.
    let opening = gunzip("opening.jsonl.gz");
    let rec: Value = opening
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .find(|r| {
            r["input"]["dice"] == serde_json::json!([3, 1])
                || r["input"]["dice"] == serde_json::json!([1, 3])
        })
        .expect("the 3-1 opening record");
    let mut want: Vec<String> = rec["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            format!(
                "{} {}",
                r["play"].as_str().unwrap_or(""),
                r["pid"].as_str().unwrap_or("")
            )
        })
        .collect();
    let mut got: Vec<String> = lines
        .iter()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    want.sort();
    got.sort();
    assert_eq!(got, want);
}

#[test]
fn moves_needs_dice_and_a_valid_id() {
    cli()
        .args(["moves", "--position-id", "4HPwATDgc/ABMA"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no roll"));
    cli()
        .args(["moves", "--position-id", "!!!", "--dice", "31"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Position ID"));
    cli()
        .args(["moves", "--xgid", "XGID=junk", "--dice", "31"])
        .assert()
        .code(2);
    cli()
        .args(["moves", "--position-id", "4HPwATDgc/ABMA", "--dice", "71"])
        .assert()
        .code(2);
}

#[test]
fn perft_depth_one_sums_the_opening_rolls() {
    // Independent source: the 21 opening records' counts.
    let expected: u64 = gunzip("opening.jsonl.gz")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str::<Value>(l).expect("JSON")["count"]
                .as_u64()
                .expect("count")
        })
        .sum();
    let out = stdout_of(cli().args(["perft", "--depth", "1"]));
    assert_eq!(out.trim(), expected.to_string());
    // --divide: one line per roll, 3-1 with its 16 plays.
    let out = stdout_of(cli().args(["perft", "--depth", "1", "--divide"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 22);
    assert!(lines.contains(&"31 16"));
    // From a Position ID with a Match ID that has the dice: the plays of that roll.
    let out = stdout_of(cli().args([
        "perft",
        "--depth",
        "1",
        "--position-id",
        "4HPwATDgc/ABMA",
        "--match-id",
        "cIkFAAAAAAAA",
    ]));
    assert_eq!(out.trim(), "16");
    // After turns in the record format: X's 3-1 played, O's 21 rolls, each with its plays.
    let out = stdout_of(cli().args(["perft", "--depth", "0", "31:", "8/5", "6/5"]));
    assert_eq!(out.trim(), "1");
}

#[test]
fn replay_of_the_example_record() {
    let file = root().join("examples/games/backgammon-bear-off.txt");
    cli()
        .arg("replay")
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("1. X: 2/1 2/off"))
        .stdout(predicate::str::contains(
            "result: O wins a single game: 1 point",
        ));
    // An illegal play stops the replay with exit status 1.
    cli()
        .args(["replay", "-"])
        .write_stdin("31: 8/5 6/5\n21: 13/7\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("ply 2"));
}

/// Runs `play` with the given options on `input`; the whole output.
fn play(args: &[&str], input: &str) -> String {
    stdout_of(cli().arg("play").args(args).write_stdin(input.to_owned()))
}

/// The Match ID printed by the `id` command after the `n`-th time (from 0).
fn match_id_printed(out: &str, n: usize) -> MatchId {
    let line = out
        .lines()
        .filter_map(|l| l.split("Match ID:").nth(1))
        .nth(n)
        .expect("a Match ID line");
    MatchId::decode(line.trim()).expect("a valid Match ID")
}

#[test]
fn money_game_double_take_then_redouble_drop() {
    // Over the board, two players, typed dice. X opens with 3-1; O doubles, X takes; O rolls
    // 5-2; X (owning the cube) redoubles and O drops: X wins the 2-cube.
    let input = "31\n8/5 6/5\ndouble\ntake\nid\n52\n13/8 13/11\ndouble\ndrop\n";
    let out = play(&["--manual-dice"], input);
    assert!(
        out.contains("O doubles (the cube to 2): X to take or drop"),
        "{out}"
    );
    let id = match_id_printed(&out, 0);
    assert_eq!((id.cube_log2, id.cube_owner), (1, Some(Side::X)), "{out}");
    assert!(
        out.contains("X doubles (the cube to 4): O to take or drop"),
        "{out}"
    );
    assert!(
        out.contains("game over: O dropped: X wins 2 points"),
        "{out}"
    );
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn cube_rules_at_the_prompt() {
    // Doubling after the roll is refused.
    let input = "31\n8/5 6/5\nroll\n52\ndouble\n13/8 13/11\n";
    let out = play_refused(&["--manual-dice"], input);
    assert!(
        out.contains("error: illegal move: double before rolling"),
        "{out}"
    );
    // X owns the cube; after X plays, O is to roll: no double offered, the roll comes.
    let input = "31\n8/5 6/5\ndouble\ntake\n52\n13/8 13/11\nroll\n64\n24/18 13/9\ndouble\n";
    let out = play_refused(&["--manual-dice"], input);
    assert!(
        out.contains("error: the cube is X's: only its owner may double"),
        "{out}"
    );
}

#[test]
fn match_to_three_with_the_crawford_game() {
    // Two drops give O 2 points of 3: the next game is the Crawford game, where neither side
    // may double; O resigns it, X gets 1 point; after it the cube is back (O rolls, X
    // doubles, O takes).
    let input = "31\n8/5 6/5\ndouble\ndrop\n\
                 41\n24/23 13/9\ndouble\ndrop\n\
                 13\n8/5 6/5\ndouble\n52\n13/8 13/11\ndouble\n62\nresign\naccept\n\
                 31\n8/5 6/5\nroll\n21\n13/11 6/5\ndouble\ntake\nid\n";
    let out = play_refused(&["--manual-dice", "--match", "3"], input);
    assert!(
        out.contains("match to 3: X 0 - O 2; next game is the Crawford game"),
        "{out}"
    );
    assert!(
        out.contains("error: no doubling in the Crawford game"),
        "{out}"
    );
    assert!(
        out.contains("O resigned a single game: X wins 1 point"),
        "{out}"
    );
    assert!(out.contains("match to 3: X 1 - O 2; next game"), "{out}");
    assert_eq!(
        out.matches("error: no doubling in the Crawford game")
            .count(),
        2,
        "{out}"
    );
    assert!(
        out.contains("O to roll, or to double (the cube to 2)"),
        "{out}"
    );
    assert!(
        out.contains("X to roll, or to double (the cube to 2)"),
        "{out}"
    );
    let id = match_id_printed(&out, 0);
    assert_eq!(id.match_length, 3);
    assert_eq!(id.score, [1, 2]);
    assert!(!id.crawford);
    assert_eq!((id.cube_log2, id.cube_owner), (1, Some(Side::O)));
}

#[test]
fn junk_and_end_of_input_never_crash() {
    let junk = "\n   \nxyzzy\n13/\n/\n*\n(2)\n99\nopening 77\nroll 0\ndouble double\nresign foo\n\
                take\ndrop\naccept\nreject\nbar/off\n25/0\nundo\nundo\nmoves\nid\nscore\nboard\nrecord\n\
                help\n\u{feff}\u{1b}[A\n";
    for args in [
        vec!["--vs", "computer", "--seed", "3"],
        vec!["--vs", "computer", "--seed", "3", "--match", "5"],
        vec!["--manual-dice"],
        vec!["--manual-dice", "--match", "1"],
        vec![
            "--vs",
            "computer",
            "--computer-first",
            "--seed",
            "9",
            "--jacoby",
        ],
    ] {
        let out = play_refused(&args, junk);
        assert!(out.trim_end().ends_with("bye"), "{args:?}: {out}");
    }
    // Bytes that are not UTF-8, and no final newline.
    let out = cli()
        .args(["play", "--vs", "computer", "--seed", "1"])
        .write_stdin(vec![0xff, 0xfe, b'\n', 0xc3, b'x'])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
}

/// Reads the output of a running `play` until it waits at a prompt (`...> `).
fn until_prompt(rx: &mpsc::Receiver<Vec<u8>>, all: &mut String) -> Option<String> {
    let mut text = String::new();
    loop {
        match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(chunk) => {
                text.push_str(&String::from_utf8_lossy(&chunk));
                if text.ends_with("> ") {
                    all.push_str(&text);
                    return Some(text);
                }
            }
            Err(_) => {
                all.push_str(&text);
                return None;
            }
        }
    }
}

/// A small deterministic generator for the test's own dice and choices.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// Plays a whole match to `length` as X against the computer, typing the dice; X doubles
/// now and then, takes most doubles, and plays a random legal play found from the IDs the
/// program prints (through the core's own generator). Returns the whole output.
fn match_against_computer(length: u16, seed: u64) -> String {
    let exe = assert_cmd::cargo::cargo_bin("backgammon-cli");
    let mut child = Process::new(exe)
        .args(["play", "--vs", "computer", "--manual-dice", "--seed"])
        .arg(seed.to_string())
        .args(["--match", &length.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        // The refused double of the Crawford game is named there.
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut rng = Lcg(seed);
    let mut all = String::new();
    let mut tried_crawford_double = false;
    for _ in 0..20_000 {
        let Some(text) = until_prompt(&rx, &mut all) else {
            break;
        };
        // The last board's score, status and hint lines, and the prompt.
        let lines: Vec<&str> = text.lines().collect();
        let text = lines[lines.len().saturating_sub(4)..].join("\n");
        let send = if text.ends_with("\n> ") || text == "> " {
            "quit".to_owned()
        } else if text.ends_with("chance> ") {
            if text.contains("(Crawford game")
                && text.contains("X to roll\n")
                && !tried_crawford_double
            {
                tried_crawford_double = true;
                "double".to_owned()
            } else if text.contains("opening roll") {
                let x = rng.next(6) + 1;
                let o = (x + rng.next(5)) % 6 + 1;
                format!("{x}{o}")
            } else {
                format!("{}{}", rng.next(6) + 1, rng.next(6) + 1)
            }
        } else if text.contains("X to roll, or to double") {
            if rng.next(3) == 0 { "double" } else { "roll" }.to_owned()
        } else if text.contains("X to take or drop") {
            if rng.next(4) == 0 { "drop" } else { "take" }.to_owned()
        } else if text.contains("X to play") {
            stdin.write_all(b"id\n").expect("write");
            let ids = until_prompt(&rx, &mut all).expect("the IDs");
            let field = |name: &str| {
                ids.lines()
                    .find_map(|l| l.strip_prefix(name))
                    .map(|v| v.trim().to_owned())
                    .expect("an ID line")
            };
            let m =
                Match::from_ids(&field("Position ID:"), &field("Match ID:")).expect("IDs decode");
            let pos = m.position();
            let plays = pos.plays(pos.dice().expect("rolled"));
            let pick = rng.next(plays.len() as u64) as usize;
            plays[pick].to_string()
        } else {
            panic!("unexpected prompt:\n{text}");
        };
        stdin
            .write_all(format!("{send}\n").as_bytes())
            .expect("write");
    }
    drop(stdin);
    let status = child.wait().expect("ends");
    // The double tried in the Crawford game is refused: the script then ends with 1.
    assert_eq!(status.code(), Some(i32::from(tried_crawford_double)));
    all
}

#[test]
fn a_whole_match_against_the_computer() {
    let mut crawford_seen = false;
    for seed in 1..=12 {
        let out = match_against_computer(5, seed);
        assert!(out.contains("match over: "), "seed {seed}: {out}");
        assert!(out.contains("wins the match to 5"), "seed {seed}");
        // Every input was legal, except the double tried in the Crawford game.
        let errors: Vec<&str> = out.lines().filter(|l| l.contains("error")).collect();
        if out.contains("next game is the Crawford game") && errors.len() == 1 {
            assert!(
                errors[0].ends_with("error: no doubling in the Crawford game"),
                "{errors:?}"
            );
            crawford_seen = true;
        } else {
            assert!(errors.is_empty(), "seed {seed}: {errors:?}");
        }
        assert!(
            out.contains("X: double (the cube to"),
            "seed {seed}: no double in the whole match"
        );
        if crawford_seen && seed >= 3 {
            break;
        }
    }
    assert!(crawford_seen, "no match reached the Crawford game");
}

#[test]
fn selfplay_writes_match_files_that_replay_and_convert() {
    // Two matches to 3 in one file: each replays to its winner, and the file converts to
    // JSON lines (one a match) and back.
    let text = stdout_of(cli().args(["selfplay", "--seed", "3", "--match", "3", "--games", "2"]));
    assert!(text.contains(" 3 point match"), "{text}");
    let replayed = stdout_of(
        cli()
            .args(["replay", "--quiet", "-"])
            .write_stdin(text.clone()),
    );
    assert_eq!(replayed.matches("wins the match").count(), 2, "{replayed}");
    assert!(replayed.contains("== match 2 of 2"), "{replayed}");
    let json = stdout_of(
        cli()
            .args(["convert", "-", "--to", "json"])
            .write_stdin(text.clone()),
    );
    assert_eq!(json.lines().count(), 2, "{json}");
    let back = stdout_of(
        cli()
            .args(["convert", "-", "--to", "mat"])
            .write_stdin(json),
    );
    let again = stdout_of(cli().args(["replay", "--quiet", "-"]).write_stdin(back));
    assert_eq!(again, replayed);
}

#[test]
fn selfplay_money_and_match() {
    let a = stdout_of(cli().args(["selfplay", "--seed", "5", "--match", "3"]));
    let b = stdout_of(cli().args(["selfplay", "--seed", "5", "--match", "3"]));
    assert_eq!(a, b, "the same seed gives the same match");
    assert!(a.contains("wins the match to 3"), "{a}");
    let money = stdout_of(cli().args(["selfplay", "--seed", "2", "--games", "3", "--jacoby"]));
    assert_eq!(money.matches("# result: ").count(), 3);
    assert!(!money.contains("goes on"), "{money}");
}

#[test]
fn help_documents_the_contracts() {
    cli()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("play"))
        .stdout(predicate::str::contains("perft"));
    cli()
        .args(["moves", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Batch interface"))
        .stdout(predicate::str::contains("\"count\""))
        .stdout(predicate::str::contains("sorted by pid"));
    cli()
        .args(["perft", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("21 distinct rolls"));
    cli()
        .args(["play", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--manual-dice"))
        .stdout(predicate::str::contains("--match"))
        .stdout(predicate::str::contains("Crawford"));
    cli()
        .args(["replay", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Position ID:"));
}

#[test]
fn playing_o_against_the_computer() {
    // The human plays O: the board is drawn from O's side and O's plays are written in O's
    // numbering (its back checkers on its 24-point).
    let out = play(
        &[
            "--vs",
            "computer",
            "--computer-first",
            "--manual-dice",
            "--seed",
            "2",
        ],
        "23\n24/22 13/10\n",
    );
    assert!(
        out.contains("opening roll X 2, O 3: O starts with 32"),
        "{out}"
    );
    assert!(out.contains("O 32: 24/22 13/10"), "{out}");
    assert!(out.contains("(points numbered from O's side)"), "{out}");
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn completions_man_page_and_no_colour_in_a_pipe() {
    boardgames_testdata::check_terminal_conventions(
        "backgammon-cli",
        &[
            (&["replay", "examples/games/backgammon-bear-off.txt"], ""),
            (&["play", "--seed", "1"], "board\nquit\n"),
        ],
    );
}

#[test]
fn the_same_failure_gives_the_same_exit_status_as_in_the_other_programs() {
    boardgames_testdata::check_input_conventions(&boardgames_testdata::InputCases {
        program: "backgammon-cli",
        valid:
            " 1 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n",
        bad_token: "31: 8/5 6/5\n64: 99/1\n",
        // 64 from the start: no checker can move 7 pips in one go (24/17).
        illegal: "31: 8/5 6/5\n64: 24/17\n",
        other_game: "examples/games/pente-org-50000000005101.txt",
    });
}

#[test]
fn manual_dice_typed_at_the_roll_prompt_roll_them() {
    // X's opening 31 and play; then O, who may double, types its dice at once.
    let out = stdout_of(
        cli()
            .args(["play", "--manual-dice"])
            .write_stdin("31\n8/5 6/5\n42\n"),
    );
    assert!(out.contains("O> O: roll\nchance: O rolls 42"), "{out}");
    assert!(!out.contains("error: bad notation"), "{out}");
}

#[test]
fn play_starts_from_ids_and_moves_takes_turns_first() {
    let run =
        |args: &[&str], stdin: &str| stdout_of(cli().args(args).write_stdin(stdin.to_owned()));
    // A 5-point match at 4-2, the Crawford game, O to play 52 (XGID fields, docs/backgammon.md).
    let out = run(
        &[
            "play",
            "--xgid",
            "XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:4:2:1:5:10",
        ],
        "quit\n",
    );
    assert!(
        out.contains("match to 5: X 4 - O 2 (Crawford game: no doubling)"),
        "{out}"
    );
    assert!(out.contains("O to play 52"), "{out}");
    // The gnubg IDs of the start in a money game with the Jacoby rule, X to roll.
    let out = run(
        &[
            "play",
            "--position-id",
            "4HPwATDgc/ABMA",
            "--match-id",
            "cAkAAAAAAAAA",
        ],
        "quit\n",
    );
    assert!(out.contains("money game, Jacoby rule: X 0 - O 0"), "{out}");
    // After X opens 31 with 8/5 6/5, O is on roll at gnubg's sGfwATDgc/ABMA (the reference
    // data's id_examples); its plays of 64 are listed from there.
    let out = cli()
        .args(["moves", "--dice", "64", "31:", "8/5", "6/5"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("plays for O with 64 (Position ID sGfwATDgc/ABMA)"),
        "{err}"
    );
}

/// `moves` at the prompt lists the plays (or the cube decisions) apart from the resignations.
#[test]
fn moves_at_the_prompt_list_resignations_apart() {
    let out = play(&["--manual-dice"], "31\nmoves\n8/5 6/5\nmoves\nquit\n");
    // The opening 31 has 16 distinct plays (the reference corpus's opening-31 record).
    assert!(out.contains("16 plays: 24/23 24/21, "), "{out}");
    assert!(out.contains("2 decisions: roll, double\n"), "{out}");
    assert_eq!(
        out.matches("or offer to resign: resign single, resign gammon, resign backgammon")
            .count(),
        2,
        "{out}"
    );
    assert!(!out.contains("legal: "), "{out}");
}

/// `record` at the prompt prints the match file of the session, which `replay` and `convert`
/// read back.
#[test]
fn the_record_of_a_played_game_replays() {
    let out = play(
        &["--manual-dice"],
        "31\n8/5 6/5\nroll\n52\n13/8 13/11\ndouble\ndrop\nrecord\nquit\n",
    );
    let start = out.find(" 0 point match").expect("a match file");
    let end = out[start..].find("\n> ").expect("the prompt after it") + start;
    let text = format!("{}\n", &out[start..end]);
    // Worked by hand: X opens 31, O plays 52, X doubles and O drops: X wins the cube's 1.
    let replayed = cli()
        .args(["replay", "-"])
        .write_stdin(text.clone())
        .output()
        .expect("runs");
    let shown = String::from_utf8_lossy(&replayed.stdout);
    assert!(replayed.status.success(), "{shown}");
    assert!(
        shown.contains("   1) X: 31: 8/5 6/5  [sGfwATDgc/ABMA]"),
        "{shown}"
    );
    assert!(
        shown.contains("X wins 1 point (double dropped, cube 1)"),
        "{shown}"
    );
    assert!(
        shown.ends_with("final score: O 0 - X 1: end of the session\n"),
        "{shown}"
    );
    let json = cli()
        .args(["convert", "-", "--to", "json"])
        .write_stdin(text.clone())
        .output()
        .expect("runs");
    assert!(json.status.success());
    let back = cli()
        .args(["convert", "-", "--to", "mat"])
        .write_stdin(json.stdout)
        .output()
        .expect("runs");
    // `record` leaves out the blank line that ends a game in the file.
    assert_eq!(
        String::from_utf8_lossy(&back.stdout).trim_end(),
        text.trim_end()
    );
}

/// `moves` and `perft` check a Match ID as `hint` and `play` do: a money game marked as the
/// Crawford game (the Crawford rule belongs to matches) is refused by all of them.
#[test]
fn every_command_checks_a_match_id_alike() {
    let mut id = MatchId::money(
        Side::X,
        Some(boardgames_core::backgammon::Dice::new(3, 1).expect("a roll")),
    );
    id.crawford = true;
    let mid = id.encode();
    let pid = "4HPwATDgc/ABMA";
    assert!(Match::from_ids(pid, &mid).is_err());
    let mut messages = Vec::new();
    for args in [
        vec!["moves", "--position-id", pid, "--match-id", &mid],
        vec![
            "perft",
            "--depth",
            "1",
            "--position-id",
            pid,
            "--match-id",
            &mid,
        ],
        vec![
            "hint",
            "--level",
            "1",
            "--position-id",
            pid,
            "--match-id",
            &mid,
        ],
        vec!["play", "--position-id", pid, "--match-id", &mid],
    ] {
        let out = cli()
            .args(&args)
            .write_stdin("quit\n")
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(err.contains("Crawford"), "{args:?}: {err}");
        messages.push(err);
    }
    assert_eq!(messages[0], messages[2]);
}

/// Runs `play` with the given options on `input`, which has lines refused: exit status 1,
/// each refused line named on standard error; the whole output.
fn play_refused(args: &[&str], input: &str) -> String {
    boardgames_testdata::stdout_of_refused(
        cli().arg("play").args(args).write_stdin(input.to_owned()),
    )
}

#[test]
fn a_typo_names_the_nearest_command_and_plays_stay_plays() {
    // At the opening 31: typos of the kit's and the game's commands, then a play (with a
    // space), `pass` (a play, not legal here), and junk that is neither.
    let out = play_refused(
        &["--manual-dice"],
        "31\nrol\nhnt\nscroe\ndubble\npass\nxyzzy\n8/5 6/5\nrol\n",
    );
    for (typed, meant) in [
        ("rol", "roll"),
        ("hnt", "hint"),
        ("scroe", "score"),
        ("dubble", "double"),
    ] {
        assert!(
            out.contains(&format!(
                "error: unknown command \"{typed}\" (did you mean {meant}?)"
            )),
            "{typed}: {out}"
        );
    }
    assert!(
        out.contains("error: illegal move: pass is not a legal play"),
        "{out}"
    );
    assert!(
        out.contains("error: bad notation: bad play notation \"xyzzy\""),
        "{out}"
    );
    assert!(out.contains("X 31: 8/5 6/5"), "{out}");
    // At O's roll-or-double prompt, a typo of roll too.
    assert_eq!(
        out.matches("error: unknown command \"rol\" (did you mean roll?)")
            .count(),
        2,
        "{out}"
    );
}

#[test]
fn save_and_record_keep_what_record_shows() {
    let dir = std::env::temp_dir();
    let saved = dir.join(format!("backgammon-cli-{}-saved.txt", std::process::id()));
    let recorded = dir.join(format!(
        "backgammon-cli-{}-recorded.txt",
        std::process::id()
    ));
    let out = play(
        &[
            "--manual-dice",
            "--record",
            recorded.to_str().expect("UTF-8"),
        ],
        &format!("31\n8/5 6/5\nrecord\nsave {}\n", saved.display()),
    );
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert_eq!(std::fs::read_to_string(&recorded).ok(), Some(text.clone()));
    assert!(out.contains(&text), "{text}\n{out}");
    for file in [saved, recorded] {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn completions_and_man_into_a_closed_pipe_end_quietly() {
    for args in [
        &["completions", "bash"][..],
        &["completions", "zsh"],
        &["man"],
    ] {
        for read_first in [false, true] {
            boardgames_testdata::closed_pipe_is_quiet("backgammon-cli", args, read_first);
        }
    }
}

/// A money game with beavers and a 3-point match with its Crawford game, played at the prompt
/// and saved: the file replays to the session's end, converts to JSON and back byte for byte,
/// and the JSON replays alike.
#[test]
fn saved_sessions_replay_and_convert_back() {
    let money = "31\n8/5 6/5\ndouble\nbeaver\ntake\n52\n13/8 13/11\ndouble\ndrop\n";
    let three = "31\n8/5 6/5\ndouble\ndrop\n41\n24/23 13/9\ndouble\ndrop\n\
                 13\n8/5 6/5\n52\n13/8 13/11\n62\nresign\naccept\n\
                 31\n8/5 6/5\nroll\n21\n13/11 6/5\ndouble\ndrop\n42\n8/4 6/4\ndouble\ndrop\n";
    // Worked by hand: O doubles, X beavers (4, X's cube), O takes; X redoubles, O drops: X
    // wins 4. The match: O wins two drops (2-0), the Crawford game goes to X by resignation
    // (2-1), X and O each win a drop: 3-2.
    let cases = [
        (
            &["--manual-dice", "--beavers"][..],
            money,
            "final score: O 0 - X 4: end of the session\n",
        ),
        (
            &["--manual-dice", "--match", "3"][..],
            three,
            "final score: O 3 - X 2: O wins the match\n",
        ),
    ];
    for (k, (args, moves, result)) in cases.into_iter().enumerate() {
        let file = std::env::temp_dir().join(format!(
            "backgammon-cli-{}-session-{k}.txt",
            std::process::id()
        ));
        play(args, &format!("{moves}save {}\n", file.display()));
        let text = std::fs::read_to_string(&file).expect("saved");
        let _ = std::fs::remove_file(&file);
        if k == 1 {
            assert!(text.contains(" Game 3\n"), "{text}");
        }
        let replay = |input: &str| {
            boardgames_testdata::stdout_of(
                cli()
                    .args(["replay", "--quiet", "-"])
                    .write_stdin(input.to_owned()),
            )
        };
        let replayed = replay(&text);
        assert!(replayed.ends_with(result), "{replayed}");
        if k == 1 {
            assert!(
                replayed.contains("Game 3: O 2 - X 0 (Crawford game)"),
                "{replayed}"
            );
        }
        let convert = |input: &str, to: &str| {
            boardgames_testdata::stdout_of(
                cli()
                    .args(["convert", "-", "--to", to])
                    .write_stdin(input.to_owned()),
            )
        };
        let json = convert(&text, "json");
        assert_eq!(replay(&json), replayed);
        assert_eq!(convert(&json, "mat"), text);
    }
}

/// A session saved with a double waiting for its answer replays as a game in progress; one
/// set up mid-game by an XGID, which a match file cannot state, is not saved; a resignation
/// offered under the Jacoby rule states what it pays.
#[test]
fn saving_at_a_pending_double_and_mid_game_starts() {
    let file =
        std::env::temp_dir().join(format!("backgammon-cli-{}-pending.txt", std::process::id()));
    play(
        &["--manual-dice", "--color", "never"],
        &format!("31\n8/5 6/5\ndouble\nsave {}\n", file.display()),
    );
    let text = std::fs::read_to_string(&file).expect("saved");
    let _ = std::fs::remove_file(&file);
    let replayed = boardgames_testdata::stdout_of(cli().args(["replay", "-"]).write_stdin(text));
    assert!(replayed.ends_with("   2) O: doubles => 2\n"), "{replayed}");

    let xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10";
    let out = cli()
        .args(["play", "--color", "never", "--xgid", xgid])
        .write_stdin(format!("8/5 6/5\nsave {}\n", file.display()))
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("starts mid-game"), "{err}");
    assert!(!file.exists());

    // Hand-worked: under the Jacoby rule a gammon counts single while the cube is centred.
    let out = play(
        &["--manual-dice", "--color", "never", "--jacoby"],
        "31\n8/5 6/5\nresign gammon\naccept\n",
    );
    assert!(
        out.contains("O offers to resign a gammon (1 point): X to accept or reject"),
        "{out}"
    );
}

/// Every file an example of `--help` names exists.
#[test]
fn help_examples_name_files_that_exist() {
    boardgames_testdata::check_help_examples("backgammon-cli");
}
