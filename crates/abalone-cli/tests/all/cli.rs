//! `abalone-cli` run as a program: the `moves --jsonl` batch interface against the reference
//! corpora, perft, the AWC 2015 final, error exits, the interactive loop and timed games.

use std::io::Write;
use std::path::PathBuf;
use std::process::Child;
use std::time::{Duration, Instant};

use boardgames_testdata::{
    jsonl, repo_root as root, report_fields, spawn, stdout_of, stdout_of_refused,
};
use predicates::prelude::*;
use serde_json::Value;

use crate::{abalone, gunzip};

/// The fields of a `moves --jsonl` line, in their contractual order.
const REPORT_FIELDS: [&str; 4] = ["id", "legal_moves", "results", "result_moves"];

const EXAMPLE: &str = "examples/games/abalone-awc2015-final.txt";

fn data(name: &str) -> PathBuf {
    boardgames_testdata::data_path(&format!("abalone/{name}"))
}

/// Runs `moves --jsonl -` over a corpus and compares every output line with the expected
/// record, field by field; returns how many agree.
fn corpus_agrees(name: &str) -> usize {
    let input = gunzip(name);
    let cases = jsonl(&input);
    let out = stdout_of(abalone().args(["moves", "--jsonl", "-"]).write_stdin(input));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), cases.len(), "one output line per input line");
    let mut agree = 0;
    for (line, case) in lines.iter().zip(&cases) {
        // Exactly the contractual fields, in their order.
        let got = report_fields(line, &REPORT_FIELDS).unwrap_or_else(|e| panic!("{e}"));
        for field in REPORT_FIELDS {
            assert_eq!(got[field], case[field], "{}: {field}", case["id"]);
        }
        agree += 1;
    }
    agree
}

#[test]
fn moves_jsonl_reproduces_all_of_random_a() {
    assert_eq!(corpus_agrees("random_A.jsonl.gz"), 1_000);
}

#[test]
fn moves_jsonl_reproduces_all_of_edge() {
    assert_eq!(corpus_agrees("edge.jsonl.gz"), 46);
}

#[test]
fn moves_jsonl_bare_positions_bad_lines_and_files() {
    // A bare position (no id), a bad line, a blank line, another bare position.
    let input = concat!(
        r#"{"black":["A1"],"white":["I9"],"turn":"black","captured":{"black":0,"white":0}}"#,
        "\n{\"black\":[\"Q1\"]}\n\n",
        r#"{"black":["E5"],"white":["I9"],"turn":"white","captured":{"black":0,"white":0}}"#,
        "\n"
    );
    let assert = abalone()
        .args(["moves", "--jsonl", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 2:"));
    let out = String::from_utf8(assert.get_output().stdout.clone()).expect("UTF-8");
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 2);
    // Hand-worked: A1 has the neighbours A2, B1, B2; I9 has H8, H9, I8.
    assert_eq!(lines[0]["id"], Value::Null);
    assert_eq!(lines[0]["legal_moves"], 3);
    assert_eq!(lines[1]["legal_moves"], 3);
    assert_eq!(
        lines[1]["result_moves"],
        serde_json::json!([["i9h8"], ["i9h9"], ["i9i8"]])
    );
    abalone()
        .args(["moves", "--jsonl", "/nonexistent/positions.jsonl"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
}

fn perft_table(layout: &str) -> Vec<(u32, u64)> {
    let text = std::fs::read_to_string(data("perft.json")).expect("perft.json");
    let v: Value = serde_json::from_str(&text).expect("JSON");
    let mut table: Vec<(u32, u64)> = v[layout]["ref"]
        .as_object()
        .expect("ref table")
        .iter()
        .map(|(d, n)| (d.parse().expect("depth"), n.as_u64().expect("count")))
        .collect();
    table.sort_unstable();
    table
}

#[test]
fn perft_matches_the_reference_to_depth_3() {
    for (layout, option) in [("standard", "standard"), ("belgian_daisy", "belgian-daisy")] {
        let table = perft_table(layout);
        for &(depth, nodes) in table.iter().filter(|(d, _)| *d <= 3) {
            let out = abalone()
                .args(["--layout", option, "perft", "--depth"])
                .arg(depth.to_string())
                .output()
                .expect("runs");
            assert!(out.status.success());
            let stdout = String::from_utf8(out.stdout).expect("UTF-8");
            assert_eq!(
                stdout.lines().last(),
                Some(nodes.to_string().as_str()),
                "{layout} perft({depth})"
            );
            let stderr = String::from_utf8(out.stderr).expect("UTF-8");
            assert!(stderr.contains("nodes/s"), "{stderr}");
        }
    }
}

#[test]
fn perft_divide_and_progress() {
    // perft(2) standard is 1,936 = 44 * 44: no first move changes White's 44 replies.
    let out = abalone()
        .args(["perft", "--depth", "2", "--divide", "--progress-after", "0"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 45);
    assert!(lines[..44].iter().all(|l| l.ends_with(" 44")), "{stdout}");
    assert_eq!(lines[44], "1936");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8");
    assert!(
        stderr.contains("perft depth 2: 1/44 first steps"),
        "{stderr}"
    );
    // A position given as a string: the standard layout's.
    let start = "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0-0";
    let out = stdout_of(abalone().args(["--position", start, "perft", "--depth", "1"]));
    assert_eq!(out.lines().last(), Some("44"));
}

#[test]
fn the_awc_2015_final_replays() {
    let out = stdout_of(abalone().arg("replay").arg(root().join(EXAMPLE)));
    assert!(out.contains("Layout: belgian_daisy"), "{out}");
    assert!(out.contains(" 115. Black (@): f7g7"), "{out}");
    assert!(!out.contains(" 116. "), "{out}");
    // The record's note: 1 Black and 5 White marbles pushed off.
    let result = out.lines().last().expect("a result line");
    assert!(
        result.contains("(ejected: Black (@) 5, White (O) 1)"),
        "{result}"
    );
    // The shipped copy holds the same moves as the reference record.
    let reference = stdout_of(abalone().arg("replay").arg(data("awc2015_final.txt")));
    assert_eq!(out, reference);
}

#[test]
fn an_illegal_move_in_a_record_stops_the_replay_with_its_ply() {
    // Hand-worked: a1b2 moves A1, B2, C3 to B2, C3, D4, so at ply 3 A1 is empty.
    abalone()
        .args(["replay", "-"])
        .write_stdin("1.a1b2 i5h5 2.a1a2 i6h6\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("ply 3"))
        .stderr(predicate::str::contains("A1 holds no marble"));
    // Not a move at all: the input cannot be parsed (2), and the message still says where.
    abalone()
        .args(["replay", "-"])
        .write_stdin("1.a1b2 zz\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("ply 2"));
    // A layout header that contradicts the option.
    abalone()
        .args(["--layout", "german-daisy", "replay", "-"])
        .write_stdin("[Layout \"belgian_daisy\"]\n1.a1b2\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--layout"));
}

#[test]
fn moves_lists_the_legal_moves_of_each_layout() {
    // Legal moves at the start (reference data README, section 6).
    for (layout, count) in [
        ("standard", 44),
        ("belgian-daisy", 52),
        ("german-daisy", 80),
        ("dutch-daisy", 44),
        ("swiss-daisy", 64),
    ] {
        let out = stdout_of(abalone().args(["--layout", layout, "moves"]));
        assert_eq!(out.split_whitespace().count(), count, "{layout}");
    }
    // After a1b2 (A1, B2, C3 to B2, C3, D4) A1 is empty, so no move starts there.
    let out = stdout_of(abalone().args(["moves", "a1b2"]));
    assert!(out.contains("i5h5"), "{out}");
    assert!(!out.split_whitespace().any(|m| m.starts_with("a1")));
    abalone()
        .args(["--layout", "hexagonal", "moves"])
        .assert()
        .code(2);
    abalone()
        .args(["--position", "not a position", "moves"])
        .assert()
        .code(2);
}

#[test]
fn selfplay_records_replay_to_the_same_result() {
    let out = stdout_of(abalone().args(["--move-limit", "40", "selfplay", "--seed", "5"]));
    let result = out
        .lines()
        .find_map(|l| l.strip_prefix("# result: "))
        .expect("a result line")
        .to_owned();
    let replayed = stdout_of(abalone().args(["replay", "-"]).write_stdin(out.clone()));
    let last = replayed.lines().last().expect("result");
    assert_eq!(last, format!("result: {result}"), "{out}");
    // The same seed gives the same game.
    let again = stdout_of(abalone().args(["--move-limit", "40", "selfplay", "--seed", "5"]));
    assert_eq!(out, again);
}

#[test]
fn play_script_with_bad_input_moves_undo_and_quit() {
    let script = "help\nhello\na1a3\nz9z8\n\u{0}\u{7f}\ni5h5\na1b2\nmoves\nundo\nundo\na1b2\ni5h5\nboard\nrecord\nquit\nnever read\n";
    let out = stdout_of_refused(abalone().arg("play").write_stdin(script));
    assert!(out.contains("Commands:"), "{out}");
    assert!(out.contains("broadside: both ends of a line"), "{out}");
    assert!(out.matches("error:").count() >= 4, "{out}");
    assert!(out.contains("White (O) i5h5"), "{out}");
    assert!(out.contains("taken back"), "{out}");
    assert!(out.contains("nothing to take back"), "{out}");
    assert!(
        out.contains("[Layout \"standard\"]\n1.a1b2 i5h5 *"),
        "{out}"
    );
    assert!(out.ends_with("bye\n"), "{out}");
    // End of input without quit, against the computer.
    let out = stdout_of(
        abalone()
            .args(["play", "--vs", "computer", "--seed", "3"])
            .write_stdin("a1b2\nundo\nc3d4"),
    );
    assert!(out.contains("White (O) (computer):"), "{out}");
    assert!(out.contains("last move: "), "{out}");
    assert!(out.ends_with("bye\n"), "{out}");
}

#[test]
fn play_ends_at_the_move_limit() {
    let out = stdout_of_refused(
        abalone()
            .args(["--move-limit", "2", "play"])
            .write_stdin("a1b2\ni5h5\na2b3\nquit\n"),
    );
    assert!(
        out.contains("game over: draw at the move limit of 2 plies"),
        "{out}"
    );
    assert!(
        out.contains("error: illegal move: the game is over"),
        "{out}"
    );
}

/// Waits `wait`, then writes `then` to the program and collects its output (killed after 30 s).
fn after_waiting(child: Child, wait: Duration, then: &str) -> String {
    after_waiting_exit(child, wait, then, Some(0))
}

/// Waits `wait`, then writes `then` to the program and collects its output (killed after
/// 30 s), checking its exit status.
fn after_waiting_exit(mut child: Child, wait: Duration, then: &str, code: Option<i32>) -> String {
    std::thread::sleep(wait);
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(then.as_bytes()).expect("writes");
    drop(stdin);
    let started = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            child.kill().expect("kills");
            panic!("abalone-cli did not finish");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    assert_eq!(out.status.code(), code);
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn a_timed_game_ends_when_a_clock_runs_out_while_waiting() {
    // Nobody types for 2.5 s with 1 s each: Black's flag falls; 0 ejected each is a draw.
    let child = spawn("abalone-cli", &["play", "--time-limit", "1s"]);
    // The move typed after the end is refused: the script ends with exit status 1.
    let out = after_waiting_refused(
        child,
        Duration::from_millis(2500),
        "a1b2
quit
",
    );
    assert!(out.contains("clocks: Black (@) 0:01.0 *"), "{out}");
    assert!(out.contains("Black (@)'s time ran out"), "{out}");
    assert!(
        out.contains("game over: draw on time: Black (@)'s time ran out at ply 0"),
        "{out}"
    );
    assert!(
        out.contains("error: illegal move: the game is over"),
        "{out}"
    );
}

#[test]
fn on_time_the_side_that_ejected_more_wins() {
    // The standard layout with two White marbles (G5, G6) already pushed off: Black's flag
    // falls, but Black has ejected more, so Black wins.
    let position = "wwwww/wwwwww/4w2/8/9/8/2bbb2/bbbbbb/bbbbb b 0-2";
    let child = spawn(
        "abalone-cli",
        &["--position", position, "play", "--time-limit", "1s"],
    );
    let out = after_waiting(child, Duration::from_millis(2500), "quit\n");
    assert!(
        out.contains("game over: Black (@) wins on time: Black (@)'s time ran out"),
        "{out}"
    );
    // A move typed in time is played and White's clock then runs.
    let child = spawn("abalone-cli", &["play", "--time-limit", "1s"]);
    std::thread::sleep(Duration::from_millis(200));
    let out = after_waiting(child, Duration::ZERO, "a1b2\n");
    assert!(
        out.contains("last move: Black (@) a1b2 (3 in-line)"),
        "{out}"
    );
    assert!(out.contains("White (O) 0:01.0 *"), "{out}");
}

#[test]
fn bad_options_are_refused_with_a_message() {
    abalone()
        .args(["play", "--time-limit", "10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no unit"));
    abalone()
        .args(["--move-limit", "0", "play"])
        .assert()
        .code(2);
}

#[test]
fn help_documents_the_commands_and_the_batch_contract() {
    let out = stdout_of(abalone().arg("--help"));
    for word in ["play", "replay", "moves", "perft", "selfplay", "--layout"] {
        assert!(out.contains(word), "{word}: {out}");
    }
    let out = stdout_of(abalone().args(["moves", "--help"]));
    for field in REPORT_FIELDS {
        assert!(out.contains(&format!("\"{field}\"")), "{field}: {out}");
    }
    let out = stdout_of(abalone().args(["play", "--help"]));
    assert!(out.contains("--time-limit"), "{out}");
    assert!(out.contains("broadside"), "{out}");
}

#[test]
fn selfplay_with_three_four_and_six_players_ends_and_replays() {
    for players in ["3", "4", "6"] {
        let args = ["--players", players, "selfplay", "--seed", "11"];
        let out = stdout_of(abalone().args(args));
        assert!(out.starts_with("# move limit 10000 plies"), "{out}");
        let result = out
            .lines()
            .find_map(|l| l.strip_prefix("# result: "))
            .expect("a result line")
            .to_owned();
        // Random play ends these games well before the limit (games of seed 11).
        assert!(
            result.contains("six marbles ejected"),
            "{players}: {result}"
        );
        let replayed = stdout_of(
            abalone()
                .args(["--players", players, "replay", "-"])
                .write_stdin(out.clone()),
        );
        let last = replayed.lines().last().expect("result");
        assert_eq!(last, format!("result: {result}"), "{players}");
        // Without --players the record's layout gives the game.
        let replayed = stdout_of(abalone().args(["replay", "-"]).write_stdin(out));
        let last = replayed.lines().last().expect("result");
        assert_eq!(last, format!("result: {result}"), "{players}");
    }
}

#[test]
fn six_computers_play_a_six_player_game_to_the_end() {
    // At level 2 (the tree search with a small budget): the whole game in a second or two;
    // at the default level it took half a minute.
    let out = stdout_of(
        abalone()
            .args([
                "--players",
                "6",
                "play",
                "--computer-seats",
                "1,2,3,4,5,6",
                "--level",
                "2",
                "--seed",
                "4",
            ])
            .write_stdin("record\nquit\n"),
    );
    assert!(out.contains("Purple (*, team 2) (computer):"), "{out}");
    assert!(out.contains("game over: team "), "{out}");
    assert!(out.contains("[Layout \"six_players\"]\n1."), "{out}");
    assert!(out.ends_with("bye\n"), "{out}");
}

#[test]
fn a_human_seat_among_computers_with_teams() {
    // You play Red (seat 3) in a four-player game; the computers play the other seats.
    let out = stdout_of(
        abalone()
            .args([
                "--players",
                "4",
                "play",
                "--vs",
                "computer",
                "--seat",
                "3",
                "--seed",
                "1",
            ])
            .write_stdin("moves\nboard\nquit\n"),
    );
    assert!(out.contains("Black (@, team 1) (computer):"), "{out}");
    assert!(out.contains("White (O, team 2) (computer):"), "{out}");
    assert!(out.contains("Red (X, team 1)> "), "{out}");
    assert!(!out.contains("Red (X, team 1) (computer)"), "{out}");
    assert!(out.contains(" X X X"), "{out}");
}

#[test]
fn perft_and_moves_for_more_players() {
    // Regression values, the depth-1 counts checked by hand in the core tests.
    for (players, layout, want) in [
        ("3", "three-players", "1587"),
        ("4", "four-players", "1696"),
        ("4", "four-players-rows", "1101"),
        ("6", "six-players", "1172"),
    ] {
        let out = stdout_of(abalone().args([
            "--players",
            players,
            "--layout",
            layout,
            "perft",
            "--depth",
            "2",
        ]));
        assert_eq!(out.lines().last(), Some(want), "{layout}");
    }
    // A three-player JSON position in the batch interface: Black's E4 E5 against White's E6
    // and Red's E7 is pac (2 against 2): no e4e5, but the pair may move west (e5e4).
    let line = r#"{"black":["E4","E5"],"white":["E6"],"red":["E7"],"turn":"black","captured":{"black":0,"white":0,"red":0},"ejected":{"black":0,"white":0,"red":0}}"#;
    let out = stdout_of(
        abalone()
            .args(["--players", "3", "moves", "--jsonl", "-"])
            .write_stdin(line),
    );
    let v: Value = serde_json::from_str(out.trim()).expect("JSON");
    let moves: Vec<&str> = v["result_moves"]
        .as_array()
        .expect("list")
        .iter()
        .flat_map(|m| m.as_array().expect("list"))
        .filter_map(Value::as_str)
        .collect();
    assert!(!moves.contains(&"e4e5"), "{moves:?}");
    assert!(moves.contains(&"e5e4"), "{moves:?}");
    assert!(v["results"][0]["red"].is_array(), "{out}");
}

#[test]
fn a_position_gives_its_player_count() {
    // Without --players a --position's colours give the count: the four-player start has
    // 43 moves (as `--players 4 perft --depth 1`), and a three-player JSON position's Black
    // marble on A1 has its three steps.
    let four = "bbbb1/1bbb1w/2bb1ww/5www/ggg3www/ggg5/gg1rr2/g1rrr1/1rrrr b 0-0-0-0";
    let out = stdout_of(abalone().args(["--position", four, "perft", "--depth", "1"]));
    assert_eq!(out.trim_end(), "43");
    let out = stdout_of(abalone().args(["--players", "4", "perft", "--depth", "1"]));
    assert_eq!(out.trim_end(), "43");
    let three = r#"{"black":["A1"],"white":["I9"],"red":["E5"],"turn":"black","captured":{"black":0,"white":0,"red":0},"ejected":{"black":0,"white":0,"red":0}}"#;
    let out = stdout_of(abalone().args(["--position", three, "moves"]));
    assert_eq!(out.lines().next(), Some("a1a2 a1b2 a1b1"), "{out}");
    // A count given that the position does not have is still refused.
    abalone()
        .args(["--players", "2", "--position", four, "moves"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a 2-player position"));
}

#[test]
fn player_counts_and_layouts_must_agree() {
    for (options, says) in [
        (&["--players", "5"][..], "2, 3, 4 or 6 players"),
        (
            &["--players", "4", "--layout", "six-players"],
            "is for 6 players",
        ),
        (
            &["--players", "3", "--layout", "belgian"],
            "--layout belgian is for 2 players, not 3",
        ),
        (
            &["--players", "4", "--layout", "bogus"],
            "unknown layout \"bogus\" for 4 players (expected four-players or four-players-rows)",
        ),
        (
            &["--layout", "six-players"],
            "--layout six-players is for 6 players, not 2",
        ),
    ] {
        abalone()
            .args(options)
            .args(["perft", "--depth", "1"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
}

#[test]
fn completions_man_page_and_no_colour_in_a_pipe() {
    boardgames_testdata::check_terminal_conventions(
        "abalone-cli",
        &[
            (&["replay", "examples/games/abalone-awc2015-final.txt"], ""),
            (&["play"], "a1b2\nquit\n"),
        ],
    );
}

#[test]
fn the_same_failure_gives_the_same_exit_status_as_in_the_other_programs() {
    boardgames_testdata::check_input_conventions(&boardgames_testdata::InputCases {
        program: "abalone-cli",
        valid: "1. a1b2 i5h5\n",
        bad_token: "1. a1b2 zz\n",
        // White has no marble on A1: the move is well formed and refused.
        illegal: "1. a1b2 a1b2\n",
        other_game: "examples/games/pente-org-50000000005101.txt",
    });
}

/// The first positions of the engine's win-now suite (`crates/boardgames-ai/tests/data`),
/// with their winning moves.
fn win_now(n: usize) -> Vec<(String, Vec<String>)> {
    boardgames_testdata::tactics_suite("abalone-win-now.jsonl", "wins")
        .into_iter()
        .take(n)
        .map(|case| (case.setup, case.moves))
        .collect()
}

#[test]
fn bestmove_plays_the_sixth_ejection_in_its_contract() {
    let cases = win_now(10);
    // Half as position strings, half as neutral JSON positions (what `moves --jsonl` reads).
    let mut input = String::new();
    for (i, (setup, _)) in cases.iter().enumerate() {
        let position = if i % 2 == 0 {
            Value::from(setup.as_str())
        } else {
            let pos: boardgames_core::abalone::Abalone = setup
                .parse::<boardgames_core::abalone::Setup>()
                .expect("a setup")
                .into_position()
                .expect("a position");
            serde_json::to_value(pos).expect("JSON")
        };
        input.push_str(&serde_json::json!({"id": i, "position": position}).to_string());
        input.push('\n');
    }
    let out = stdout_of(
        abalone()
            .args(["bestmove", "--depth", "1", "--jsonl", "-"])
            .write_stdin(input),
    );
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), cases.len());
    for (i, (line, (setup, wins))) in lines.iter().zip(&cases).enumerate() {
        let keys: Vec<&str> = line
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        let mut expected = ["id", "move", "score", "depth", "nodes", "time_ms", "pv"];
        expected.sort_unstable();
        assert_eq!(keys, expected, "{line}");
        assert_eq!(line["id"], Value::from(i));
        let best = line["move"].as_str().expect("a move");
        assert!(
            wins.iter().any(|w| w == best),
            "{setup}: {best} not in {wins:?}"
        );
        assert_eq!(line["score"], Value::from(999_999), "{setup}");
    }
    // A bad line is reported on standard error and the next is still served.
    abalone()
        .args(["bestmove", "--depth", "1", "--jsonl", "-"])
        .write_stdin(format!(
            "{{\"position\":3}}\n{{\"position\":{:?}}}\n",
            cases[0].0
        ))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 1: "))
        .stdout(predicate::str::contains("\"move\":").count(1));
    // Black's one marble on A1 is walled in by three White marbles: Black is to move (rule
    // 14: the turn stays) and has no legal move, which is what the refusal says.
    abalone()
        .args(["bestmove", "--depth", "1", "--jsonl", "-"])
        .write_stdin(
            "{\"position\":{\"black\":[\"A1\"],\"white\":[\"A2\",\"B1\",\"B2\"],\
             \"turn\":\"black\",\"captured\":{\"black\":0,\"white\":0}}}\n",
        )
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "line 1: no move: Black (@) is to move and has no legal move",
        ));
}

#[test]
fn engines_for_three_four_and_six_players_in_arena_and_bestmove() {
    // Level 1 (1,000 tree iterations a move, untimed, so the games repeat) for one team
    // against random moves for every other seat, within a move limit of 300 plies.
    for players in ["3", "4", "6"] {
        let out = stdout_of(abalone().args([
            "--players",
            players,
            "--move-limit",
            "300",
            "arena",
            "--a",
            "level=1",
            "--b",
            "random",
            "--games",
            "2",
            "--jsonl",
        ]));
        let summary: Value =
            serde_json::from_str(out.lines().last().expect("a summary")).expect("JSON");
        assert_eq!(summary["a_wins"], 2, "{players} players: {out}");
    }
    // The same engine as an external program over the bestmove contract.
    let me = assert_cmd::cargo::cargo_bin("abalone-cli");
    let out = stdout_of(abalone().args([
        "--players",
        "3",
        "--move-limit",
        "300",
        "arena",
        "--a",
        &format!(
            "cmd={} --players 3 --move-limit 300 bestmove --level 1 --jsonl -",
            me.display()
        ),
        "--b",
        "random",
        "--games",
        "1",
        "--jsonl",
    ]));
    assert!(
        out.starts_with("{\"game\":1,\"a_team\":0,\"result\":\"a\""),
        "{out}"
    );
    // A constructed position whose side to move has no legal move (Black's one marble on A1
    // walled in by White's A2, B1, B2 and the edge): the game stays unfinished at once, and
    // an external engine is not asked, so the run does not wait --engine-timeout for it.
    let started = std::time::Instant::now();
    let out = stdout_of(abalone().args([
        "--position",
        "5/6/7/8/9/8/7/ww4/bw3 b 0-0",
        "arena",
        "--a",
        &format!("cmd={} bestmove --jsonl -", me.display()),
        "--b",
        "level=1",
        "--games",
        "2",
        "--jsonl",
        "--engine-timeout",
        "60",
    ]));
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    assert!(
        out.starts_with("{\"game\":1,\"a_team\":0,\"result\":\"unfinished\",\"plies\":0,"),
        "{out}"
    );
    // Two engines without a move limit: a note that such a game may run to --max-steps
    // (level 1 against level 1 repeats a four-move loop), and none with a move limit.
    let series = ["arena", "--a", "level=1", "--b", "level=1", "--games", "1"];
    abalone()
        .args(series)
        .args(["--max-steps", "40"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "note: without --move-limit a game the engines do not decide runs to --max-steps (40)",
        ))
        .stdout(predicate::str::contains(
            "games 1: A wins 0, draws 1, B wins 0",
        ));
    abalone()
        .args(["--move-limit", "40"])
        .args(series)
        .assert()
        .success()
        .stderr(predicate::str::contains("--move-limit").not());
    abalone()
        .args(["bestmove", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Levels (--level, default 5; 4 with 3, 4 or 6 players)",
        ));
    abalone()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("bestmove"));
}

#[test]
fn play_against_the_engine_at_level_1() {
    let out = stdout_of(
        abalone()
            .args(["play", "--vs", "computer", "--level", "1", "--seed", "1"])
            .write_stdin("a1b2\nhint\nb2c3\nquit\n"),
    );
    assert!(out.contains("Black (@): a1b2 (3 in-line)"), "{out}");
    assert_eq!(out.matches("White (O) (computer): ").count(), 2, "{out}");
    assert!(out.contains("hint: "), "{out}");
    // The score in ejected marbles (or a forced result), not raw points.
    let hint = out.lines().find(|l| l.contains("hint: ")).unwrap_or("");
    assert!(
        hint.contains(" marbles, depth ") || hint.contains("a forced "),
        "{hint}"
    );
    assert!(out.ends_with("bye\n"), "{out}");
    // The engine's play repeats (its budget is a depth).
    let again = stdout_of(
        abalone()
            .args(["play", "--vs", "computer", "--level", "1", "--seed", "1"])
            .write_stdin("a1b2\nhint\nb2c3\nquit\n"),
    );
    assert_eq!(again, out);
}

#[test]
fn computer_seats_take_levels_of_their_own() {
    // Three computer seats at levels 1, 0 (random moves) and 2 play a whole game alone.
    let play = || {
        stdout_of(
            abalone()
                .args(["--players", "3", "--move-limit", "60", "play"])
                .args(["--computer-seats", "1:1,2:0,3:2", "--seed", "3"])
                .write_stdin(""),
        )
    };
    let out = play();
    assert!(out.contains("game over: "), "{out}");
    assert_eq!(out, play(), "untimed levels and a seed repeat the game");
    abalone()
        .args(["play", "--computer-seats", "2:9"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a level is 0 (random moves) to 5"));
}

/// The three-player example record of `docs/abalone.md` is what its command writes today.
#[test]
fn the_three_player_example_in_the_docs_is_what_selfplay_writes() {
    let doc = std::fs::read_to_string(root().join("docs/abalone.md")).expect("docs/abalone.md");
    let section = doc
        .split("### An example record (three players)")
        .nth(1)
        .expect("the section");
    let command = section.split('`').nth(1).expect("the command");
    let record = section
        .split("```\n")
        .nth(1)
        .expect("the record block")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let written: Vec<String> = stdout_of(abalone().args(&args))
        .lines()
        .filter(|l| !l.starts_with("# "))
        .flat_map(|l| l.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
        .collect();
    assert_eq!(written.join(" "), record, "{command}");
}

/// The nine rows of the `nth` (from 0) board of `play`'s or `replay`'s output.
fn board_rows(out: &str, nth: usize) -> String {
    let start = out
        .match_indices("    I  ")
        .nth(nth)
        .map(|(i, _)| i)
        .unwrap_or_else(|| panic!("board {nth} in {out}"));
    out[start..].lines().take(9).collect::<Vec<_>>().join("\n")
}

#[test]
fn play_marks_the_last_moves_marbles_without_colour() {
    // Two players at the keyboard: a1b2 moves A1, B2, C3 to B2, C3, D4; White's i5h5 moves
    // I5, H5, G5 to H5, G5, F5.
    let out = stdout_of(
        abalone()
            .args(["play", "--color", "never"])
            .write_stdin("a1b2\ni5h5\n"),
    );
    assert!(!board_rows(&out, 0).contains('('), "{out}");
    let after = board_rows(&out, 1);
    assert!(
        after.ends_with(
            " D  . . .(@). . . . 9\n  C  . .(@)@ @ . . 8\n   B  @(@)@ @ @ @ 7\n    A  . @ @ @ @ 6"
        ),
        "{after}"
    );
    assert!(
        out.contains("last move: Black (@) a1b2 (3 in-line)\nWhite (O) to move\n"),
        "{out}"
    );
    let reply = board_rows(&out, 2);
    assert!(
        reply.starts_with(
            "    I  . O O O O\n   H  O(O)O O O O\n  G  . .(O)O O . .\n F  . . .(O). . . .\n"
        ),
        "{reply}"
    );
    assert!(reply.contains("\n D  . . . @ . . . . 9\n"), "{reply}");
    assert!(!out.contains("you play"), "players at one keyboard: {out}");
    // A broadside: the line of three between one pair of brackets.
    let out = stdout_of(
        abalone()
            .args(["play", "--color", "never"])
            .write_stdin("c3c5d4\n"),
    );
    assert!(out.contains("\n D  . . .(@ @ @). . 9\n"), "{out}");
    // A sumito that ejects: the pushed marble still on the board is marked too, at the end
    // of the row; and before the diagonal's number.
    let out = stdout_of(
        abalone()
            .args(["--position", "5/6/7/8/4bbbww/8/7/6/5 b 0-0", "play"])
            .args(["--color", "never"])
            .write_stdin("e5e6\n"),
    );
    assert!(out.contains("\nE  . . . . .(@ @ @ O)\n"), "{out}");
    assert!(
        out.contains("last move: Black (@) e5e6 (sumito 3:2, ejects a White marble"),
        "{out}"
    );
    let out = stdout_of(
        abalone()
            .args(["--position", "5/6/7/8/9/4bbb1/7/6/5 b 0-0", "play"])
            .args(["--color", "never"])
            .write_stdin("d5d6\n"),
    );
    assert!(out.contains("\n D  . . . . .(@ @ @) 9\n"), "{out}");
}

#[test]
fn play_against_the_computer_says_which_seat_is_yours() {
    let you = |args: &[&str]| -> Vec<String> {
        let out = stdout_of(
            abalone()
                .args(args)
                .args(["--seed", "3", "--level", "1", "--color", "never"])
                .write_stdin("quit\n"),
        );
        out.lines()
            .filter(|l| l.starts_with("you play"))
            .map(str::to_owned)
            .collect()
    };
    let once = |line: &str| vec![line.to_owned()];
    assert_eq!(
        you(&["play", "--vs", "computer"]),
        once("you play Black (@), starting at the bottom (rows A-C)")
    );
    // The computer moves first, then the board is shown: the start's board, then its move's.
    assert_eq!(
        you(&["play", "--vs", "computer", "--computer-first"]),
        vec!["you play White (O), starting at the top (rows G-I)".to_owned(); 2]
    );
    assert_eq!(
        you(&["--layout", "belgian-daisy", "play", "--vs", "computer"]),
        once("you play Black (@), starting at the bottom left (rows A-C) and at the top right (rows G-I)")
    );
    let red =
        "you play Red (X, team 1), starting at the bottom (rows A-C); your partner: Black (@)";
    assert_eq!(
        you(&["--players", "4", "play", "--vs", "computer", "--seat", "3"])[0],
        red
    );
    let white = "you play White (O, team 2), starting at the top right (rows F-H); your partners: Green (#), Purple (*)";
    assert_eq!(
        you(&["--players", "6", "play", "--vs", "computer", "--seat", "2"])[0],
        white
    );
    assert_eq!(
        you(&["--players", "3", "play", "--vs", "computer", "--seat", "3"])[0],
        "you play Red (X), starting at the bottom left (rows A-F)"
    );
    // No line for players at one keyboard, nor for a game the computer plays alone.
    assert!(you(&["play"]).is_empty());
    assert!(you(&["--move-limit", "2", "play", "--computer-seats", "1,2"]).is_empty());
}

/// The play screen of `docs/abalone.md` is what its command shows after its move.
#[test]
fn the_play_screen_in_the_docs_is_what_play_shows() {
    let doc = std::fs::read_to_string(root().join("docs/abalone.md")).expect("docs/abalone.md");
    let section = doc.split("## The play screen").nth(1).expect("the section");
    let spans: Vec<&str> = section.split('`').skip(1).step_by(2).collect();
    let at = spans
        .iter()
        .position(|s| s.starts_with("abalone-cli play --"))
        .expect("the command");
    let (command, typed) = (spans[at], spans.get(at + 1).expect("the move"));
    let screen = section.split("```\n").nth(1).expect("the screen block");
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let out = stdout_of(abalone().args(&args).write_stdin(format!("{typed}\n")));
    assert!(out.contains(screen), "{command} then {typed}:\n{out}");
}

#[test]
fn replay_boards_have_no_play_marks() {
    let out = stdout_of(abalone().arg("replay").arg(root().join(EXAMPLE)));
    assert!(
        !out.contains("you play") && !out.contains("last move:"),
        "{out}"
    );
    let boards = out.matches("    I  ").count();
    let board = board_rows(&out, boards.saturating_sub(1));
    assert!(!board.contains('('), "{board}");
}

/// [`after_waiting`] for a script with lines refused: exit status 1.
fn after_waiting_refused(child: Child, wait: Duration, then: &str) -> String {
    after_waiting_exit(child, wait, then, Some(1))
}

/// A file name of this test run in the temporary folder.
fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("abalone-cli-{}-{name}", std::process::id()))
}

/// The final board of `replay --quiet` output (from row I on) and its result line.
fn replayed_end(replayed: &str) -> (String, String) {
    let start = replayed.find("    I ").expect("a board");
    let (board, result) = replayed[start..]
        .trim_end()
        .rsplit_once('\n')
        .expect("a result line");
    (board.to_owned(), result.to_owned())
}

/// The moves of a plain Aba-Pro record's first game, without numbers and results.
fn record_moves(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .filter(|l| !l.trim_start().starts_with('['))
        .flat_map(str::split_whitespace)
        .map(|t| t.rsplit('.').next().unwrap_or(t).to_owned())
        .filter(|t| !t.is_empty() && !["*", "1-0", "0-1", "1/2-1/2"].contains(&t.as_str()))
        .collect()
}

/// Plays `moves` typed at the prompt of `abalone-cli OPTIONS play --record R`, then `board`
/// and `save S`; checks that both files hold the same record, which replays (with no option
/// but `--players` when given in `replay_options`) to the board shown at the end of the game.
/// Returns the record, the board and the result line of its replay.
fn play_save_and_replay(
    name: &str,
    options: &[&str],
    moves: &[String],
    replay_options: &[&str],
) -> (String, String, String) {
    let saved = temporary(&format!("{name}-saved.txt"));
    let recorded = temporary(&format!("{name}-recorded.txt"));
    let script = format!("{}\nboard\nsave {}\n", moves.join("\n"), saved.display());
    let out = stdout_of(
        abalone()
            .args(options)
            .args(["play", "--record"])
            .arg(&recorded)
            .write_stdin(script),
    );
    assert!(
        out.contains(&format!("saved to {}", saved.display())),
        "{out}"
    );
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert_eq!(std::fs::read_to_string(&recorded).ok(), Some(text.clone()));
    let replayed = stdout_of(
        abalone()
            .args(replay_options)
            .args(["replay", "--quiet"])
            .arg(&saved),
    );
    let (board, result) = replayed_end(&replayed);
    assert!(out.contains(&board), "{name}: {board}\n{out}");
    for file in [saved, recorded] {
        let _ = std::fs::remove_file(file);
    }
    (text, board, result)
}

#[test]
fn a_played_two_player_game_is_saved_and_recorded_and_replays_and_converts() {
    // The AWC 2015 final, from the Belgian daisy, typed at the prompt.
    let example = std::fs::read_to_string(root().join(EXAMPLE)).expect("the example");
    let moves = record_moves(&example);
    assert_eq!(moves.len(), 115);
    let (text, board, result) =
        play_save_and_replay("two", &["--layout", "belgian-daisy"], &moves, &[]);
    assert!(text.starts_with("[Layout \"belgian_daisy\"]\n"), "{text}");
    assert!(board.contains("ply 115"), "{board}");
    assert!(
        result.starts_with("result: the game goes on after 115 plies"),
        "{result}"
    );
    // As JSON lines, then as APGN: the same end; JSON back to the same text.
    let json = stdout_of(
        abalone()
            .args(["convert", "--to", "json", "-"])
            .write_stdin(text.clone()),
    );
    let replayed = stdout_of(
        abalone()
            .args(["replay", "--quiet", "-"])
            .write_stdin(json.clone()),
    );
    assert_eq!(replayed_end(&replayed), (board.clone(), result.clone()));
    let back = stdout_of(
        abalone()
            .args(["convert", "--to", "abapro", "-"])
            .write_stdin(json),
    );
    assert_eq!(back, text);
    let apgn = stdout_of(
        abalone()
            .args(["convert", "--to", "apgn", "-"])
            .write_stdin(text),
    );
    let replayed = stdout_of(abalone().args(["replay", "--quiet", "-"]).write_stdin(apgn));
    assert_eq!(replayed_end(&replayed), (board, result));
}

#[test]
fn a_played_six_player_game_is_saved_and_replays_without_players() {
    // The first 40 plies of a random six-player game, typed at the prompt.
    let game = stdout_of(abalone().args(["--players", "6", "selfplay", "--seed", "11"]));
    let moves: Vec<String> = record_moves(&game).into_iter().take(40).collect();
    let (text, board, result) = play_save_and_replay("six", &["--players", "6"], &moves, &[]);
    assert!(text.starts_with("[Layout \"six_players\"]\n"), "{text}");
    assert!(
        board.contains("Purple (*)") && board.contains("ply 40"),
        "{board}"
    );
    assert!(
        result.starts_with("result: the game goes on after 40 plies"),
        "{result}"
    );
    // From standard input too; with --players 6 the same; the plain record is its only
    // format, which converts to itself.
    for options in [&[][..], &["--players", "6"]] {
        let replayed = stdout_of(
            abalone()
                .args(options)
                .args(["replay", "--quiet", "-"])
                .write_stdin(text.clone()),
        );
        assert_eq!(replayed_end(&replayed), (board.clone(), result.clone()));
    }
    let converted = stdout_of(
        abalone()
            .args(["convert", "--to", "abapro", "-"])
            .write_stdin(text.clone()),
    );
    assert_eq!(converted, text);
    // Another number of players given is refused, saying which.
    abalone()
        .args(["--players", "4", "replay", "-"])
        .write_stdin(text)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "layout six_players is for 6 players",
        ));
}

#[test]
fn typos_name_the_nearest_command_and_scripts_with_refused_lines_end_with_1() {
    let out = abalone()
        .arg("play")
        .write_stdin("hnt\na1b2\nrecrod\nz9z8\n")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("error: unknown command \"hnt\" (did you mean hint?)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("error: unknown command \"recrod\" (did you mean record?)"),
        "{stdout}"
    );
    assert!(stdout.contains("last move: Black (@) a1b2"), "{stdout}");
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].starts_with("error: line 1: unknown command"),
        "{err}"
    );
    assert!(lines[2].starts_with("error: line 4: bad notation"), "{err}");
}

#[test]
fn help_says_only_what_applies_to_abalone() {
    let help = |args: &[&str]| stdout_of(abalone().args(args));
    for sub in [
        "replay", "moves", "perft", "selfplay", "convert", "bestmove", "arena",
    ] {
        let text = help(&[sub, "--help"]);
        assert!(!text.contains("--time-limit"), "{sub}: {text}");
        assert!(!text.to_lowercase().contains("chance"), "{sub}: {text}");
    }
    assert!(help(&["play", "--help"]).contains("--time-limit"));
    let convert = help(&["convert", "--help"]);
    assert!(
        convert.contains("The format to write: apgn, json or abapro"),
        "{convert}"
    );
    assert!(
        !convert.contains("movelist") && !convert.contains("Pente"),
        "{convert}"
    );
    let play = help(&["play", "--help"]);
    assert!(
        play.contains("--record <FILE>") && play.contains("save FILE"),
        "{play}"
    );
}

#[test]
fn completions_and_man_into_a_closed_pipe_end_quietly() {
    for args in [
        &["completions", "bash"][..],
        &["completions", "zsh"],
        &["man"],
    ] {
        boardgames_testdata::closed_pipe_is_quiet("abalone-cli", args, false);
        boardgames_testdata::closed_pipe_is_quiet("abalone-cli", args, true);
    }
}

/// Every file an example of `--help` names exists.
#[test]
fn help_examples_name_files_that_exist() {
    boardgames_testdata::check_help_examples("abalone-cli");
}
