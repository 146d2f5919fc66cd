//! The engine's commands: `hint`, `eval`, `bestmove --jsonl`, `analyse`, `arena`, and
//! `hint` at the prompt of `play`.

use boardgames_core::backgammon::{Match, MatchAction, MatchRules};
use boardgames_core::Game;
use boardgames_testdata::stdout_of;
use serde_json::Value;

use crate::cli;

/// Standard output of a run that succeeds.
fn ok(args: &[&str], stdin: &str) -> String {
    stdout_of(cli().args(args).write_stdin(stdin.to_owned()))
}

/// The start position with X to play 31, and a race X leads by far, X before its roll.
const START: &str = "4HPwATDgc/ABMA";
/// X: two checkers on its 1-point; O: 15 on its 6-point (XGID, X on roll, money, cube 1).
const RACE: &str = "XGID=-B-----------------o------:0:0:1:00:0:0:0:0:10";

#[test]
fn hint_ranks_the_plays_of_a_roll() {
    let s = ok(
        &[
            "hint",
            "--position-id",
            START,
            "--dice",
            "31",
            "--level",
            "2",
            "--top",
            "3",
        ],
        "",
    );
    let first = s.lines().next().unwrap_or("");
    assert_eq!(first, "16 plays of 31, by cubeful equity:", "{s}");
    // The 31 opening: make the 5-point, first and at the deepest ply.
    assert!(
        s.lines()
            .nth(1)
            .is_some_and(|l| l.contains("1. 1-ply  8/5 6/5")),
        "{s}"
    );
    assert!(s.contains("(13 more)"), "{s}");
}

#[test]
fn hint_gives_the_cube_decision_before_a_roll() {
    let s = ok(&["hint", "--xgid", RACE, "--level", "1"], "");
    assert!(s.contains("cube decision of X (0-ply)"), "{s}");
    assert!(s.contains("no double") && s.contains("double, take") && s.contains("double, pass"));
    // O must bear off 15 checkers before X two: X wins a gammon at once.
    assert!(s.contains("win 100.0% (gammon 100.0%"), "{s}");
    assert!(
        s.contains("proper cube action: too good to double, pass"),
        "{s}"
    );
}

#[test]
fn eval_lists_each_depth_and_a_rollout() {
    let s = ok(
        &[
            "eval",
            "--position-id",
            START,
            "--level",
            "2",
            "--rollout",
            "--trials",
            "72",
            "--truncate",
            "4",
        ],
        "",
    );
    for label in ["0-ply", "1-ply", "rollout"] {
        assert!(
            s.lines().any(|l| l.trim_start().starts_with(label)),
            "{label}: {s}"
        );
    }
    assert!(s.contains("72 games truncated at 4 plies"), "{s}");
    // Played to the end, and a margin that needs two games at least.
    let s = ok(
        &[
            "eval",
            "--xgid",
            RACE,
            "--rollout",
            "--trials",
            "2",
            "--truncate",
            "0",
        ],
        "",
    );
    assert!(s.contains("  rollout: 2 games played to the end, "), "{s}");
    let (code, _, _) = run(&["eval", "--xgid", RACE, "--rollout", "--trials", "1"], "");
    assert_eq!(code, 2);
    // A session that is over (X resigned a single game and O accepted) has no evaluation,
    // as it has no hint.
    let s = ok(
        &["eval", "--position-id", START, "--match-id", "MEMAAAAAEAAE"],
        "",
    );
    assert_eq!(s.trim_end(), "no evaluation: the session is over");
}

#[test]
fn bestmove_answers_each_kind_of_decision() {
    let mut m = Match::new(MatchRules::money(false));
    m.apply_chance(m.parse_chance("31").expect("throw"))
        .expect("throw");
    let play = (m.position_id(), m.match_id().encode());
    m.play(m.parse_move("8/5 6/5").expect("play"))
        .expect("legal");
    let cube = (m.position_id(), m.match_id().encode());
    m.play(MatchAction::Double).expect("O may double");
    let offered = (m.position_id(), m.match_id().encode());
    let line = |id: u32, (pid, mid): &(String, String)| {
        format!("{{\"id\":{id},\"position_id\":\"{pid}\",\"match_id\":\"{mid}\"}}\n")
    };
    let input = [
        line(1, &play),
        line(2, &cube),
        line(3, &offered),
        "{\"id\":4}\n".to_owned(),
    ]
    .concat();
    let out = cli()
        .args(["bestmove", "--jsonl", "-", "--level", "1"])
        .write_stdin(input)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "the bad line");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 4: no \"position_id\""), "{err}");
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 3);
    let keys: Vec<&str> = lines[0]
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    // serde_json's map is sorted; the order on the wire is checked below.
    assert_eq!(keys.len(), 6);
    assert_eq!(lines[0]["action"], "play");
    assert_eq!(lines[0]["play"], "8/5 6/5");
    assert_eq!(lines[0]["position_id_after"], "sGfwATDgc/ABMA");
    // O after X's 31: too early to double; doubled, X takes.
    assert_eq!(lines[1]["action"], "no_double");
    assert_eq!(lines[1]["play"], "");
    assert_eq!(lines[2]["action"], "take");
    let first = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_owned();
    assert!(
        first.starts_with("{\"id\":1,\"action\":\"play\",\"play\":\"8/5 6/5\",\"position_id_after\":\"sGfwATDgc/ABMA\",\"equity\":"),
        "{first}"
    );
    assert!(first.contains(",\"time_ms\":"), "{first}");
}

/// The decision of each line (its fields but the time).
fn decisions(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).expect("JSON");
            v.as_object_mut().expect("object").remove("time_ms");
            v
        })
        .collect()
}

#[test]
fn bestmove_takes_a_depth_in_plies_and_refuses_time_and_nodes() {
    // The registry's rule: 0 plies is level 1, 1 ply level 2, 2 plies level 3.
    let at = |id: u32, extra: &str| {
        format!(
            "{{\"id\":{id},\"position_id\":\"{START}\",\"match_id\":\"cAkAAAAAAAAA\"{extra}}}\n"
        )
    };
    let level = |n: &str| decisions(&ok(&["bestmove", "--jsonl", "-", "--level", n], &at(1, "")));
    let by_line = decisions(&ok(
        &["bestmove", "--jsonl", "-", "--level", "5"],
        &[at(1, ",\"depth\":0"), at(1, ",\"depth\":1")].concat(),
    ));
    assert_eq!(by_line, [level("1"), level("2")].concat());
    let by_option = decisions(&ok(
        &["bestmove", "--jsonl", "-", "--depth", "0", "--level", "4"],
        &at(1, ""),
    ));
    assert_eq!(by_option, level("1"));
    // The look-ahead is in plies: time and nodes are refused by line, and a depth beyond 3.
    let input = [
        at(1, ",\"movetime_ms\":100"),
        at(2, ",\"nodes\":1000"),
        at(3, ",\"depth\":4"),
        at(1, ",\"depth\":0"),
    ]
    .concat();
    let (code, out, err) = run(&["bestmove", "--jsonl", "-", "--level", "1"], &input);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("line 1: backgammon: the engine cannot be limited by time"),
        "{err}"
    );
    assert!(
        err.contains("line 2: backgammon: the engine cannot be limited by nodes"),
        "{err}"
    );
    assert!(
        err.contains("line 3: \"depth\" must be a whole number from 0 to 3"),
        "{err}"
    );
    assert_eq!(decisions(&out), level("1"));
    let (code, _, err) = run(&["bestmove", "--jsonl", "-", "--depth", "4"], "");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn analyse_a_real_match() {
    let text = boardgames_testdata::gunzip("backgammon/match-files/galaxy/match11926267.txt.gz");
    let s = ok(&["analyse", "-", "--level", "1"], &text);
    assert!(
        s.starts_with("7 point match: P1 against P2, 4 games, engine level 0-ply"),
        "{s}"
    );
    let summaries: Vec<&str> = s.lines().filter(|l| l.contains("error rate")).collect();
    assert_eq!(summaries.len(), 2, "{s}");
    assert!(summaries[0].starts_with("P1 (O): "), "{s}");
    let j = ok(&["analyse", "-", "--level", "1", "--jsonl"], &text);
    let lines: Vec<Value> = j
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let decisions = &lines[..lines.len() - 2];
    assert!(decisions.len() > 100, "{}", decisions.len());
    assert!(decisions
        .iter()
        .all(|d| d["equity_lost"].as_f64().is_some_and(|e| e >= 0.0)));
    let totals: f64 = decisions
        .iter()
        .filter(|d| d["player"] == 0)
        .map(|d| d["equity_lost"].as_f64().unwrap_or(0.0))
        .sum();
    let p0 = &lines[lines.len() - 2];
    assert_eq!(p0["name"], "P1");
    assert!(
        (p0["equity_lost"].as_f64().unwrap_or(-1.0) - totals).abs() < 0.01,
        "{p0}"
    );
}

#[test]
fn arena_in_pairs_with_the_same_dice() {
    let s = ok(
        &[
            "arena", "--a", "level=1", "--b", "random", "--games", "4", "--seed", "3",
        ],
        "",
    );
    assert!(
        s.starts_with("A: network level 1 (0-ply)\nB: random\ngames 4: A wins 4, B wins 0"),
        "{s}"
    );
    let j = ok(
        &[
            "arena",
            "--a",
            "level=1",
            "--b",
            "level=1",
            "--games",
            "2",
            "--cubeless",
            "--jsonl",
        ],
        "",
    );
    let lines: Vec<Value> = j
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    // The same player on both sides with the same dice: the two games mirror each other.
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2]["points"], 0, "{j}");
    assert_eq!(lines[0]["steps"], lines[1]["steps"], "{j}");
    let bad = cli()
        .args(["arena", "--a", "level=9", "--b", "random"])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn arena_plays_an_external_engine_over_bestmove() {
    // The external engine is this program's own bestmove loop at level 1: every session
    // ends with the same winner and points as against the engine in the arena's process
    // (only the steps differ: the bestmove contract offers no resignations, so those games
    // are played out).
    let program = assert_cmd::cargo::cargo_bin("backgammon-cli");
    let external = format!("cmd={} bestmove --jsonl - --level 1", program.display());
    let series = |b: &str, extra: &[&str]| -> Vec<(Value, Value)> {
        let mut args = vec![
            "arena", "--a", "pubeval", "--b", b, "--games", "6", "--seed", "5",
        ];
        args.extend_from_slice(extra);
        args.push("--jsonl");
        ok(&args, "")
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
            .map(|v| (v["winner"].clone(), v["points"].clone()))
            .collect()
    };
    for extra in [&[][..], &["--match", "3"][..]] {
        let inside = series("level=1", extra);
        assert_eq!(inside.len(), 7);
        assert_eq!(series(&external, extra), inside, "{extra:?}");
    }
    // An engine that stops, or answers what is no decision, ends the arena: exit status 1.
    let (code, err) = failing(&[
        "arena",
        "--a",
        "pubeval",
        "--b",
        "cmd=false",
        "--games",
        "2",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("\"false\""), "{err}");
    let (code, err) = failing(&["arena", "--a", "pubeval", "--b", "cmd=cat", "--games", "2"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("answered the action"), "{err}");
    let (code, _) = failing(&["arena", "--a", "pubeval", "--b", "cmd=", "--games", "2"]);
    assert_eq!(code, Some(2));
}

#[test]
fn arena_opens_from_match_files_and_writes_every_session() {
    // Two unfinished games: each pair of sessions starts with one of them (in turn), both
    // sessions of the pair alike, and every session is written as a match file that replays.
    let file = |name: &str| {
        std::env::temp_dir().join(format!(
            "backgammon-cli-{}-arena-{name}",
            std::process::id()
        ))
    };
    let (openings, records) = (file("openings.txt"), file("records.txt"));
    std::fs::write(
        &openings,
        " 0 point match\n\n Game 1\n O : 0                            X : 0\n  1) 54: 24/15                    21: 13/10*\n\n Game 2\n O : 0                            X : 0\n  1) 31: 8/5 6/5                  64: 24/18 13/9\n",
    )
    .expect("written");
    let (o, r) = (
        openings.display().to_string(),
        records.display().to_string(),
    );
    let args = [
        "arena",
        "--a",
        "level=1",
        "--b",
        "pubeval",
        "--games",
        "6",
        "--seed",
        "3",
        "--openings",
        &o,
        "--records",
        &r,
        "--jsonl",
    ];
    let lines: Vec<Value> = ok(&args, "")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 7);
    let text = std::fs::read_to_string(&records).expect("the records");
    let sessions: Vec<&str> = text.split("# game ").skip(1).collect();
    assert_eq!(sessions.len(), 6, "{text}");
    for (k, session) in sessions.iter().enumerate() {
        let opening = [
            "1) 54: 24/15                    21: 13/10*",
            "1) 31: 8/5 6/5                  64: 24/18 13/9",
        ][(k / 2) % 2];
        assert!(session.contains(opening), "session {}: {session}", k + 1);
        let a_side = if k % 2 == 0 { "plays X" } else { "plays O" };
        assert!(
            session.starts_with(&format!(
                "{} of 6, A (network level 1 (0-ply)) {a_side}",
                k + 1
            )),
            "{session}"
        );
    }
    // The file reads back: every session replays to its end.
    let replayed = ok(&["replay", &r], "");
    assert_eq!(
        replayed.matches("end of the session").count(),
        6,
        "{replayed}"
    );
    // Each session's result, as the arena counted it, is the one its record states.
    for (line, session) in lines.iter().zip(&sessions) {
        let points = line["points"].as_i64().expect("points").unsigned_abs();
        let winner = if (line["winner"] == "a") == (line["a_side"] == "X") {
            "X"
        } else {
            "O"
        };
        let result = session.lines().last().unwrap_or("");
        assert!(
            result.starts_with(&format!("# result: {winner} wins"))
                && result.contains(&format!(": {points} point")),
            "{line}: {result}"
        );
    }
    // Openings that do not read, or a finished game as an opening: exit status 2.
    let (code, err) = failing(&[
        "arena",
        "--a",
        "pubeval",
        "--b",
        "random",
        "--openings",
        "/nonexistent/openings.txt",
    ]);
    assert_eq!(code, Some(2), "{err}");
    let (code, err) = failing(&["arena", "--a", "pubeval", "--b", "random", "--openings", &r]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--openings"), "{err}");
    let _ = (
        std::fs::remove_file(openings),
        std::fs::remove_file(records),
    );
}

#[test]
fn arena_plays_the_networks_of_a_weights_file() {
    // The shipped weights file read from disk plays the same games as the shipped networks.
    let weights = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../boardgames-ai/weights/backgammon.bgns"
    );
    let spec = format!("level=1,weights={weights}");
    let run = |a: &str| {
        ok(
            &[
                "arena", "--a", a, "--b", "pubeval", "--games", "4", "--seed", "9", "--jsonl",
            ],
            "",
        )
    };
    assert_eq!(run(&spec), run("level=1"));
    let (code, err) = failing(&[
        "arena",
        "--a",
        "level=1,weights=/no/such/file",
        "--b",
        "random",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("/no/such/file"), "{err}");
}

#[test]
fn hint_at_the_prompt() {
    let s = ok(&["play", "--seed", "3", "--level", "1"], "hint\nquit\n");
    assert!(
        s.contains("cube decision of") || s.contains("plays of"),
        "{s}"
    );
}

/// Exit status and standard error of a run.
fn failing(args: &[&str]) -> (Option<i32>, String) {
    let out = boardgames_testdata::run(cli().args(args));
    (out.code, out.stderr)
}

#[test]
fn hint_answers_a_resignation_as_bestmove_does() {
    // X played the opening 31 (6/2), then O resigned a single game: accepting gives X one
    // point, more than any position can be worth playing on.
    let (pid, mid) = ("wnPwATDgc/ABMA", "MCkAAAAAAAAE");
    let s = ok(&["hint", "--position-id", pid, "--match-id", mid], "");
    assert!(
        s.starts_with("X to answer a resignation: accept (it gives +1.000, playing on "),
        "{s}"
    );
    let line = format!("{{\"position_id\":\"{pid}\",\"match_id\":\"{mid}\"}}\n");
    let b = ok(&["bestmove", "--jsonl", "-"], &line);
    assert!(b.contains("\"action\":\"accept\""), "{b}");
}

#[test]
fn bestmove_refuses_both_kinds_of_position() {
    // An XGID and gnubg IDs on one line could disagree: the line is refused, not read as
    // the XGID.
    let line = format!(
        "{{\"id\":1,\"xgid\":\"{RACE}\",\"position_id\":\"{START}\",\"match_id\":\"cAkAAAAAAAAA\"}}\n"
    );
    let (code, out, err) = run(&["bestmove", "--jsonl", "-", "--level", "1"], &line);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with("line 1: both \"xgid\" and gnubg IDs"),
        "{err}"
    );
}

#[test]
fn bestmove_writes_no_play_as_empty() {
    // X (on roll with 64) has a checker on the bar against O's closed board: no play.
    let s = ok(
        &["bestmove", "--jsonl", "-", "--level", "1"],
        "{\"id\":9,\"xgid\":\"XGID=-B----E-C---cD-----bbbbbbA:0:0:1:64:0:0:0:0:10\"}\n",
    );
    assert!(
        s.starts_with("{\"id\":9,\"action\":\"play\",\"play\":\"\",\"position_id_after\":"),
        "{s}"
    );
}

#[test]
fn options_that_make_no_sense_are_refused() {
    let (code, err) = failing(&["hint", "--position-id", START, "--dice", "31", "--top", "0"]);
    assert_eq!(code, Some(2), "{err}");
    // The Match ID already gives 31: another roll is refused, the same one taken.
    let (code, err) = failing(&[
        "hint",
        "--position-id",
        START,
        "--match-id",
        "cIkFAAAAAAAA",
        "--dice",
        "66",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("the IDs already give the roll 31"), "{err}");
    let (code, err) = failing(&["eval", "--position-id", START, "--dice", "31"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--dice is for hint"), "{err}");
}

#[test]
fn an_xgid_may_start_with_a_hyphen() {
    // Without its prefix an XGID usually starts with '-': still the option's value.
    let s = ok(
        &[
            "hint",
            "--level",
            "1",
            "--top",
            "1",
            "--xgid",
            "-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10",
        ],
        "",
    );
    assert!(s.starts_with("16 plays of 31"), "{s}");
}

#[test]
fn the_computer_accepts_a_resignation_worth_playing_on() {
    // O, the computer, has three checkers on its 2-point against all of X's 15 on X's
    // 24-point (O's 1-point), none off. X, on roll, offers a backgammon: the most O could
    // win by playing on, so the computer accepts (it rejected every offer before).
    let s = ok(
        &[
            "play",
            "--vs",
            "computer",
            "--level",
            "1",
            "--seed",
            "2",
            "--xgid",
            "XGID=-----------------------cO-:0:0:1:00:0:0:0:0:10",
        ],
        "resign backgammon\nquit\n",
    );
    assert!(
        s.contains("X resigned a backgammon: O wins 3 points"),
        "{s}"
    );
}

#[test]
fn taking_a_move_back_does_not_throw_the_dice_anew() {
    // Seed 2: X opens with 62. X plays, takes it back and plays the same again: the
    // computer's roll after it (52) and so its reply are those of the game without the undo.
    let args = ["play", "--vs", "computer", "--level", "1", "--seed", "2"];
    let record = |input: &str| {
        let s = ok(&args, input);
        let from = s.find(" 0 point match").unwrap_or(0);
        s[from..].to_owned()
    };
    let straight = record("24/18 13/11\nrecord\nquit\n");
    // O (the left column of the match file) replies 52.
    assert!(straight.contains("  2) 52: 24/22 13/8"), "{straight}");
    assert_eq!(
        record("24/18 13/11\nundo\n24/18 13/11\nrecord\nquit\n"),
        straight
    );
    // A different play after the undo meets the same roll too.
    let other = record("24/18 13/11\nundo\n13/7 13/11\nrecord\nquit\n");
    assert!(other.contains("  2) 52: "), "{other}");
}

#[test]
fn beavers_and_raccoons_at_the_prompt() {
    // Two players at the keyboard with typed dice: X opens 31, O doubles, X beavers, O
    // raccoons, X takes: the game goes on at 8, the cube X's.
    let s = ok(
        &["play", "--beavers", "--raccoons", "--manual-dice"],
        "31\n8/5 6/5\ndouble\nbeaver\nraccoon\ntake\nrecord\nquit\n",
    );
    assert!(
        s.contains("O doubles (the cube to 2): X to take or drop, or beaver"),
        "{s}"
    );
    assert!(
        s.contains("money game, beavers and raccoons (2 an exchange): X 0 - O 0"),
        "{s}"
    );
    assert!(s.contains("raccoon (the cube to 8, kept by X)"), "{s}");
    // The record, a match file: O (left) doubles, X (right) beavers, O's raccoon is its
    // beaver of the beaver (match text has one word for both), X takes.
    for line in [
        "  2)  Doubles => 2                 Beavers => 4\n",
        "  3)  Beavers => 8                 Takes\n",
    ] {
        assert!(s.contains(line), "{line}\n{s}");
    }
    // After a beaver the cube stays with the side that beavered, also when the doubler
    // takes: O takes, X owns the cube at 4 (docs/backgammon.md).
    let s = ok(
        &["play", "--beavers", "--manual-dice"],
        "31\n8/5 6/5\ndouble\nbeaver\ntake\nrecord\nquit\n",
    );
    assert!(s.contains("take\n  X owns the cube at 4"), "{s}");
    assert!(s.contains("Beavers => 4\n  3)  Takes "), "{s}");
    // The hint knows beavers: O's double after X's 31 leaves X the favourite, so X
    // beavers; O, beavered, takes.
    let s = ok(
        &[
            "play",
            "--beavers",
            "--raccoons",
            "--manual-dice",
            "--level",
            "1",
        ],
        "31\n8/5 6/5\ndouble\nhint\nbeaver\nhint\nquit\n",
    );
    assert!(s.contains("proper answer for X: beaver"), "{s}");
    assert!(s.contains("redouble to answer for O"), "{s}");
    assert!(s.contains("proper answer for O: take"), "{s}");
    // Without the option a beaver is refused in the program's words.
    let s = refused(
        &["play", "--manual-dice"],
        "31\n8/5 6/5\ndouble\nbeaver\nquit\n",
    );
    assert!(
        s.contains("no beaver here: the rules have no beavers"),
        "{s}"
    );
    // Beavers belong to money play.
    let (code, err) = failing(&["play", "--beavers", "--match", "5"]);
    assert_eq!(code, Some(2), "{err}");
    // At least one redouble an exchange, and room for the raccoon when it is asked for:
    // the limit is never raised behind the user's back.
    let (code, err) = failing(&["play", "--beavers", "0"]);
    assert_eq!(code, Some(2), "{err}");
    let (code, err) = failing(&["selfplay", "--beavers", "1", "--raccoons"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--raccoons needs --beavers 2 or more"),
        "{err}"
    );
    let s = ok(
        &["play", "--beavers", "3", "--raccoons", "--manual-dice"],
        "quit\n",
    );
    assert!(s.contains("beavers and raccoons (3 an exchange)"), "{s}");
}

#[test]
fn automatic_doubles_at_the_prompt() {
    // Typed dice: 33 at the opening turns the cube to 2 (one automatic double allowed);
    // 44 is then only thrown again; 31 starts the game at 2, centred.
    let s = refused(
        &["play", "--auto-doubles", "1", "--manual-dice"],
        "33\n44\n31\nrecord\nquit\n",
    );
    assert!(
        s.contains("opening roll X 3, O 3: an automatic double, the cube to 2 (centred)"),
        "{s}"
    );
    assert!(
        s.contains("chance> error: not a chance outcome here"),
        "{s}"
    );
    // The record, a match file, counts the automatic doubles of each game in a tag.
    assert!(s.contains("; [AutoDoubles \"1\"]"), "{s}");
    assert!(!s.contains("cannot move with 33"), "{s}");
    assert!(
        s.contains("money game, automatic doubles (at most 1): X 0 - O 0; cube 2, centred"),
        "{s}"
    );
}

/// Runs `args` with `stdin`: exit code, standard output, standard error.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = boardgames_testdata::run(cli().args(args).write_stdin(stdin.to_owned()));
    (out.code.unwrap_or(-1), out.stdout, out.stderr)
}

#[test]
fn analyse_stops_at_the_first_problem_of_the_match() {
    // A real 5-point match (P1 wins game 1 for 1 point, so game 2 starts at 1-0) with
    // game 2's score line changed to 3-0: replay refuses it there, and so does analyse,
    // judging game 1 only.
    let text = boardgames_testdata::gunzip("backgammon/match-files/galaxy/match10013413.txt.gz");
    let (code, _, err) = run(&["replay", "-"], &text);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = text.lines().collect();
    let game2 = lines
        .iter()
        .position(|l| l.trim() == "Game 2")
        .expect("a game 2");
    let score = game2 + 1;
    assert!(lines[score].contains("P1 : 1 "), "{}", lines[score]);
    let mut bad: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    bad[score] = bad[score].replacen("P1 : 1 ", "P1 : 3 ", 1);
    let bad = bad.join("\n") + "\n";
    let want = "game 2: the score is 3-0, but the games before make it 1-0";
    let (code, _, err) = run(&["replay", "-"], &bad);
    assert_eq!((code, err.trim_end()), (1, format!("-: {want}").as_str()));
    let (code, out, err) = run(&["analyse", "-", "--level", "1", "--jsonl"], &bad);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim_end(),
        format!("{want} (analysed up to the game before)")
    );
    let games: Vec<u64> = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter_map(|v| v["game"].as_u64())
        .collect();
    assert!(
        !games.is_empty() && games.iter().all(|&g| g == 1),
        "{games:?}"
    );

    // The same match as a 3-point match: game 3 follows its end (1-0 and 2-0 before it).
    // Replay reported a later game's double in the Crawford game first.
    let short = text.replacen("5 point match", "3 point match", 1);
    let want = "game 3: a game after the end of the match";
    let (code, _, err) = run(&["replay", "-"], &short);
    assert_eq!((code, err.trim_end()), (1, format!("-: {want}").as_str()));

    // Game 1 cut before its end, game 2 after it: game 1 is not finished at its last move
    // line, which replay and analyse number alike.
    let cut: String = lines[..game2 - 3]
        .iter()
        .chain(&lines[game2 - 1..])
        .map(|l| format!("{l}\n"))
        .collect();
    let (code, _, replay_err) = run(&["replay", "-"], &cut);
    assert_eq!(code, 1);
    let (code, _, err) = run(&["analyse", "-", "--level", "1", "--jsonl"], &cut);
    assert_eq!(code, 1);
    let reason = replay_err.trim_end().trim_start_matches("-: ");
    assert!(reason.starts_with("game 1, move "), "{reason}");
    assert_eq!(err.trim_end(), format!("{reason} (analysed up to there)"));
    // Cut inside game 1 alone: a match in progress, which replays to where it stops.
    let open: String = lines[..game2 - 3]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    let (code, out, err) = run(&["replay", "--quiet", "-"], &open);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "5 point match, 1 games\nGame 1: P1 0 - P2 0\n");
}

#[test]
fn a_double_after_the_match_says_the_match_is_over() {
    // A 2-point match: X doubles and O drops (1-0), then the Crawford game, which X wins by
    // O's resignation: the match is over, not "no doubling in the Crawford game".
    let script = "31\n8/5 6/5\ndouble\ndrop\n13\n8/5 6/5\nresign\naccept\ndouble\n";
    let (code, out, _) = run(
        &["play", "--match", "2", "--manual-dice", "--color", "never"],
        script,
    );
    // The refused double ends the script with 1.
    assert_eq!(code, 1);
    assert!(
        out.contains("error: illegal move: the match is over"),
        "{out}"
    );
}

/// Standard output of a `play` whose script had lines refused: exit status 1, each refused
/// line named on standard error.
fn refused(args: &[&str], stdin: &str) -> String {
    let (code, out, err) = run(args, stdin);
    assert_eq!(code, 1, "{args:?}: {err}");
    assert!(err.starts_with("error: line "), "{args:?}: {err}");
    out
}
