//! `backgammon-cli replay` and `convert` on real match files, and `replay --jsonl` over the
//! reference records refereed by GNU Backgammon.

use predicates::prelude::*;
use serde_json::Value;

use crate::{cli, gunzip};

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A Galaxy 7-point match (gnubg agrees: P1 wins 2, 2, 2, then the Crawford game at 6-0 by
/// resignation, 1 point).
#[test]
fn replay_a_real_match_file() {
    let text = gunzip("match-files/galaxy/match11926267.txt.gz");
    let out = cli()
        .args(["replay", "--quiet", "-"])
        .write_stdin(text.clone())
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = stdout(&out);
    assert!(s.contains("Game 4: P1 6 - P2 0 (Crawford game)"), "{s}");
    assert!(
        s.contains("P1 wins 1 point (resigned a single game, cube 1)"),
        "{s}"
    );
    assert!(
        s.ends_with("final score: P1 7 - P2 0: P1 wins the match\n"),
        "{s}"
    );
    // Without --quiet: every play with the Position ID after it; gnubg's first one.
    let out = cli()
        .args(["replay", "-"])
        .write_stdin(text)
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert!(
        stdout(&out).contains("   1) P1: 51: 24/23 13/8  [4PPgASjgc/ABMA]"),
        "{}",
        stdout(&out)
    );
}

/// The over-the-board 25-point match whose game 11 has a board dump instead of a play.
#[test]
fn replay_stops_at_the_first_problem() {
    cli()
        .args(["replay", "--quiet", "-"])
        .write_stdin(gunzip("match-files/live/25p-match-2008-12-29.txt.gz"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "game 11, move 24: the record gives a board instead of a play",
        ));
}

/// A malformed file: line and column, exit status 2.
#[test]
fn broken_match_file() {
    cli()
        .args(["replay", "-"])
        .write_stdin(" 3 point match\n\n Game 1\n A : 0     B : 0\n  1) 71: 13/6\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 5, column 6"));
}

/// A file in a legacy 8-bit encoding (a name in Latin-1) is read.
#[test]
fn latin1_names() {
    let mut text =
        b" 1 point match\n\n Game 1\n M\xfcller : 0                     B : 0\n".to_vec();
    text.extend_from_slice(b"  1) 31: 8/5 6/5                42: 8/4 6/4\n  2)  Doubles => 2                Drops\n      Wins 1 point\n");
    cli()
        .args(["replay", "--quiet", "-"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(predicate::str::contains("wins the match"));
}

/// The simple record format is still read.
#[test]
fn simple_records_still_replay() {
    cli()
        .args(["replay", "--quiet", "-"])
        .write_stdin("31: 8/5 6/5\n64: 24/18 13/9\n")
        .assert()
        .success();
}

/// Every game gnubg accepted: no problem, gnubg's Position ID after every play; the games it
/// rejected: refused at the action gnubg names, where it names one.
#[test]
fn jsonl_over_the_reference_records() {
    let input = gunzip("real.jsonl.gz");
    let out = cli()
        .args(["replay", "--jsonl", "-"])
        .write_stdin(input.clone())
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = stdout(&out);
    // The fields in their contractual order.
    for l in text.lines() {
        let at: Vec<usize> = [
            "\"id\":",
            "\"plies\":",
            "\"first_illegal\":",
            "\"pid_after\":",
        ]
        .iter()
        .map(|k| l.find(k).expect("field"))
        .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{l}");
    }
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let games: Vec<Value> = input
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!((lines.len(), games.len()), (1428, 1428));
    let mut plies = 0;
    for (got, game) in lines.iter().zip(&games) {
        assert_eq!(got.as_object().map(|o| o.len()), Some(4));
        assert_eq!(got["id"], game["id"]);
        assert!(got["first_illegal"].is_null(), "{}", got["id"]);
        let want: Vec<&Value> = game["actions"]
            .as_array()
            .expect("actions")
            .iter()
            .filter(|a| a["type"] == "move")
            .map(|a| &a["pid_after"])
            .collect();
        let have: Vec<&Value> = got["pid_after"].as_array().expect("pids").iter().collect();
        assert_eq!(have, want, "{}", got["id"]);
        plies += got["plies"].as_u64().unwrap_or(0);
    }
    assert_eq!(plies, 60149);

    let out = cli()
        .args(["replay", "--jsonl", "-"])
        .write_stdin(gunzip("rejected.jsonl.gz"))
        .output()
        .expect("runs");
    let reports: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(reports.len(), 18);
    let at = |id: &str| {
        reports
            .iter()
            .find(|r| r["id"] == id)
            .map(|r| r["first_illegal"]["action"].clone())
    };
    assert_eq!(at("bglib-rated/2009Jan242323#1"), Some(Value::from(1)));
    assert_eq!(at("galaxy/match11926267#4"), Some(Value::from(34)));
    assert_eq!(at("live/25p-match-2008-12-29#18"), Some(Value::from(24)));
    assert_eq!(at("galaxy/match8239468#1"), Some(Value::Null));
    // Every rejected game: refused at the action gnubg named, for the reason it gave, or
    // (the two Galaxy games whose file miscounts a gammon, which gnubg's record does not
    // carry) legal.
    let expected: [(&str, Option<(u64, &str)>); 18] = [
        ("bglib-rated/2009Feb092110#2", Some((46, "without a play"))),
        ("bglib-rated/2009Feb092123#3", Some((26, "without a play"))),
        ("bglib-rated/2009Jan242323#1", Some((1, "Crawford"))),
        ("bglib-rated/2009Jan291842#2", Some((47, "not finished"))),
        ("galaxy/match11926267#4", Some((34, "is on roll"))),
        ("galaxy/match12168993#4", Some((47, "is on roll"))),
        ("galaxy/match3222030#3", Some((34, "is on roll"))),
        ("galaxy/match3241209#3", Some((27, "not finished"))),
        ("galaxy/match3831101#1", Some((0, "not finished"))),
        ("galaxy/match5751765#4", Some((22, "is on roll"))),
        ("galaxy/match5783992#1", Some((68, "is on roll"))),
        ("galaxy/match6209354#2", Some((32, "is on roll"))),
        ("galaxy/match8239468#1", None),
        ("galaxy/match9337121#4", Some((68, "is on roll"))),
        ("galaxy/match9665488#1", None),
        (
            "live/25p-match-2008-12-29#11",
            Some((45, "a board instead of a play")),
        ),
        (
            "live/25p-match-2008-12-29#17",
            Some((47, "a board instead of a play")),
        ),
        (
            "live/25p-match-2008-12-29#18",
            Some((24, "a board instead of a play")),
        ),
    ];
    let rejected: Vec<Value> = gunzip("rejected.jsonl.gz")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    for ((line, report), (id, want)) in rejected.iter().zip(&reports).zip(expected) {
        assert_eq!(
            (&line["id"], &report["id"]),
            (&Value::from(id), &Value::from(id))
        );
        let bad = &report["first_illegal"];
        match want {
            None => assert!(bad.is_null(), "{id}: {bad}"),
            Some((action, why)) => {
                assert_eq!(bad["action"], Value::from(action), "{id}: {bad}");
                let reason = bad["reason"].as_str().unwrap_or("");
                assert!(reason.contains(why), "{id}: {reason}");
                // gnubg names the same action ("record N") where it names one.
                let first = line["reject_reasons"][0].as_str().unwrap_or("");
                if let Some(n) = first.strip_prefix("record ") {
                    let n: u64 = n
                        .split(|c: char| !c.is_ascii_digit())
                        .next()
                        .and_then(|d| d.parse().ok())
                        .expect("record number");
                    assert_eq!(n, action, "{id}");
                }
            }
        }
    }
}

#[test]
fn jsonl_bad_lines() {
    cli()
        .args(["replay", "--jsonl", "-"])
        .write_stdin(
            "{\"id\": \"x\", \"actions\": []}\nnot json\n{}\n[]\n[\"x\"]\n{\"id\": \"y\"}\n",
        )
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\"first_illegal\":{\"action\":0"))
        .stdout(predicate::str::contains("\"id\":\"x\"").count(1))
        .stdout(predicate::str::contains("\n").count(1))
        .stderr(predicate::str::contains("line 2:"))
        .stderr(predicate::str::contains("line 3: missing field `id`"))
        .stderr(predicate::str::contains("line 4: not a game record"))
        .stderr(predicate::str::contains("line 5: not a game record"))
        .stderr(predicate::str::contains("line 6: missing field `actions`"));
}

/// Match text to JSON and back gives the text the writer gives directly.
#[test]
fn convert_round_trip() {
    let text = gunzip("match-files/studio/studio2507050.txt.gz");
    let mat = cli()
        .args(["convert", "-", "--to", "mat"])
        .write_stdin(text.clone())
        .output()
        .expect("runs");
    assert!(mat.status.success());
    let json = cli()
        .args(["convert", "-", "--to", "json"])
        .write_stdin(text)
        .output()
        .expect("runs");
    assert!(json.status.success());
    let v: Value = serde_json::from_slice(&json.stdout).expect("json");
    assert_eq!(v["match_length"], 13);
    let back = cli()
        .args(["convert", "-", "--to", "mat"])
        .write_stdin(json.stdout.clone())
        .output()
        .expect("runs");
    assert!(back.status.success());
    assert_eq!(stdout(&back), stdout(&mat));
    // The JSON form replays too.
    cli()
        .args(["replay", "--quiet", "-"])
        .write_stdin(json.stdout)
        .assert()
        .success();
    cli()
        .args(["convert", "-", "--to", "pgn"])
        .write_stdin("")
        .assert()
        .code(2);
}

#[test]
fn replay_game_n_shows_one_game_of_a_match_and_checks_them_all() {
    // The Galaxy 7-point match above: four games, the fourth the Crawford game at 6-0.
    let text = gunzip("match-files/galaxy/match11926267.txt.gz");
    let out = cli()
        .args(["replay", "--quiet", "--game", "4", "-"])
        .write_stdin(text.clone())
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = stdout(&out);
    assert!(s.contains("Game 4: P1 6 - P2 0 (Crawford game)"), "{s}");
    assert!(!s.contains("Game 1:") && !s.contains("Game 3:"), "{s}");
    assert!(
        s.ends_with("final score: P1 7 - P2 0: P1 wins the match\n"),
        "{s}"
    );
    cli()
        .args(["replay", "--game", "5", "-"])
        .write_stdin(text)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--game 5: the match holds 4 games",
        ));
}
