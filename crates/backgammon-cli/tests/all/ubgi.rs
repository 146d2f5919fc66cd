//! `backgammon-cli ubgi`: a scripted session of every command and every error, and the
//! arena playing a UBGI engine.

use boardgames_core::backgammon::{position_id, Board, Side};
use boardgames_testdata::stdout_of;
use serde_json::Value;

use crate::cli;

/// The answers to `script`, `info` lines left out (their timings vary).
fn session(script: &[&str]) -> Vec<String> {
    let input: String = script.iter().map(|l| format!("{l}\n")).collect();
    stdout_of(cli().args(["ubgi", "--level", "2"]).write_stdin(input))
        .lines()
        .filter(|l| !l.starts_with("info "))
        .map(str::to_owned)
        .collect()
}

/// A board of X's and O's checkers, each side's (own point, checkers), the rest borne off
/// (point 25 is the bar); its Position ID with X on roll.
fn id_of(x: &[(usize, u8)], o: &[(usize, u8)]) -> String {
    let mut b = Board::EMPTY;
    for (side, points) in [(Side::X, x), (Side::O, o)] {
        let on: u8 = points.iter().map(|&(_, k)| k).sum();
        for &(p, k) in points {
            b.set_count(side, p, k);
        }
        b.set_count(side, 0, 15 - on);
    }
    position_id(&b, Side::X)
}

#[test]
fn the_handshake_names_the_engine_and_its_options() {
    let out = session(&["ubgi", "isready", "quit", "isready"]);
    assert!(
        out[0].starts_with("id name boardgames backgammon-cli "),
        "{out:?}"
    );
    assert_eq!(out[1], "id author boardgames contributors");
    assert!(out
        .iter()
        .any(|l| l == "option name Level type spin default 2 min 1 max 5"));
    assert!(out
        .iter()
        .any(|l| l.starts_with("option name EvalMode type combo")));
    // ubgiok closes the handshake; readyok answers isready; nothing after quit.
    let n = out.len();
    assert_eq!(out[n - 2..], ["ubgiok", "readyok"], "{out:?}");
}

#[test]
fn checker_plays_name_the_bar_and_off_one_die_a_step() {
    let out = session(&[
        "ubgi",
        "setoption name Variant value backgammon",
        "setoption name Seed value 7",
        "setoption name Deterministic value true",
        "setoption name Threads value 1",
        "isready",
        "newgame",
        "position gnubgid 4HPwATDgc/ABMA",
        "dice 6 1",
        "go role chequer",
        // bgci's probes: X on the bar with 53; X bearing off with 55.
        "position gnubgid Np7BQSCYZ/AAWA",
        "dice 5 3",
        "go role chequer",
        "position gnubgid /z0AADDeaxsAAA",
        "dice 5 5",
        "go",
    ]);
    let best: Vec<&str> = out
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 3, "{out:?}");
    // The 61 opening makes the 7-point (every book).
    assert_eq!(best[0], "13/7 8/7");
    assert!(best[1].starts_with("bar/2"), "{best:?}");
    assert!(best[2].contains("/off"), "{best:?}");
    // One die a step: no step of the 55 play covers more than 5 pips.
    for step in best[2].split(' ') {
        let (from, to) = step.split_once('/').expect("from/to");
        let to = if to == "off" {
            0
        } else {
            to.parse().expect("a point")
        };
        assert!(from.parse::<i32>().expect("a point") - to <= 5, "{step}");
    }
    // Nothing but the answers: the options were accepted silently.
    assert_eq!(
        out.iter().filter(|l| l.starts_with("error")).count(),
        0,
        "{out:?}"
    );
}

#[test]
fn cube_take_and_turn_decisions_follow_the_rules_and_the_odds() {
    // X to roll, checkers on its 5- and 1-points; O bears off its last checker next roll.
    // X bears both off with a 5 or 6 (20 rolls), or 22, 33, 44: 23 of 36, 64 %. Money,
    // cube centred: no double is worth 2p - 1 = 0.28, double/take 0.56, double/drop 1, so X
    // doubles and O takes (below 75 %).
    let last_roll = id_of(&[(5, 1), (1, 1)], &[(1, 1)]);
    // X bears off its two checkers on the 1-point with any roll, and O has none off: a
    // certain gammon, 2 points; doubled, O would drop and lose 1. Too good: no double, and
    // O drops a double.
    let gammon = id_of(&[(1, 2)], &[(6, 15)]);
    // X on the bar against O's closed board: no play.
    let closed = id_of(
        &[(25, 1), (6, 14)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
    );
    let p = |id: &str| format!("position gnubgid {id}");
    let out = session(&[
        "newsession type money jacoby off",
        "setturn p0",
        &p(&last_roll),
        "go role cube",
        "go role take",
        "dice 6 5",
        "go role turn",
        "go role chequer",
        "setcube value 2 owner p1",
        "go role cube",
        "go role turn",
        "setcube value 1 owner center",
        &p(&gammon),
        "go role cube",
        "go role take",
        &p(&closed),
        "dice 6 6",
        "go role chequer",
        // The same positions in a match: at 4-away 4-away (0-0 to 5) the last-roll double
        // is still right; in the Crawford game nobody doubles.
        "newsession type match length 5 crawford off",
        &p(&last_roll),
        "go role cube",
        "newsession type match length 5 crawford on",
        "setscore 4 2",
        &p(&last_roll),
        "go role cube",
        "go role take",
    ]);
    assert_eq!(
        out,
        [
            "bestcube double",
            "bestcube take",
            "bestturn cube=double move=none",
            "bestmove 5/off 1/off",
            "bestcube nodouble",
            "bestturn cube=nodouble move=5/off 1/off",
            "bestcube nodouble",
            "bestcube drop",
            "bestmove pass",
            "bestcube double",
            "bestcube nodouble",
            "error bad_argument invalid backgammon position: X may not double here",
        ]
    );
}

#[test]
fn every_error_is_a_line_and_the_engine_goes_on() {
    let out = session(&[
        "hello",
        "setoption name Level value 9",
        "setoption name Threads value 4",
        "setoption name Variant value nackgammon",
        "setoption name Hash value 64",
        "setoption Level",
        "newsession type poker",
        "newsession type match",
        "newsession type money length 3",
        "setscore 1",
        "setcube value 3 owner p0",
        "setcube value 2 owner p2",
        "setturn p3",
        "position gnubgid !!!",
        "position fen x",
        "dice 0 7",
        "newgame",
        "go role chequer",
        "dice 3 1",
        "go role bishop",
        "go role chequer depth 9",
        "go role chequer movetime 100",
        "go role chequer nodes 1000",
        "newsession type match length 3",
        "setscore 5 0",
        "dice 3 1",
        "go role chequer",
        "isready extra",
        "isready",
    ]);
    let codes: Vec<&str> = out
        .iter()
        .map(|l| {
            let mut w = l.split(' ');
            match (w.next(), w.next()) {
                (Some("error"), Some(code)) => code,
                _ => l.as_str(),
            }
        })
        .collect();
    assert_eq!(
        codes,
        [
            "unknown_command",
            "bad_argument",
            "bad_argument",
            "unsupported_feature",
            "unsupported_feature",
            "bad_argument",
            "bad_argument",
            "bad_argument",
            "bad_argument",
            "bad_argument",
            "bad_argument",
            "bad_argument",
            "bad_argument",
            "bad_argument",
            "bad_argument",
            "bad_argument",
            "missing_context",
            "bad_argument",
            "bad_argument",
            "unsupported_feature",
            "unsupported_feature",
            "bad_argument",
            "bad_argument",
            "readyok",
        ],
        "{out:?}"
    );
    // Each error says what and where.
    assert_eq!(out[0], "error unknown_command hello");
    assert!(out[16].contains("dice"), "{}", out[16]);
    assert!(out[21].contains("score"), "{}", out[21]);
}

#[test]
fn the_arena_plays_a_ubgi_engine_as_it_plays_the_engine_itself() {
    // This program's UBGI engine at level 1 against pubeval: every session ends with the
    // same winner and points as the built-in level 1 (the sessions where the built-in engine
    // resigns are played out, so only the steps may differ), cubeless, cubeful and in a
    // match.
    let program = assert_cmd::cargo::cargo_bin("backgammon-cli");
    let ubgi = format!("ubgi={} ubgi --level 1", program.display());
    let series = |a: &str, extra: &[&str]| -> Vec<(Value, Value)> {
        let mut args = vec![
            "arena", "--a", a, "--b", "pubeval", "--games", "8", "--seed", "4",
        ];
        args.extend_from_slice(extra);
        args.push("--jsonl");
        stdout_of(cli().args(&args))
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
            .map(|v| (v["winner"].clone(), v["points"].clone()))
            .collect()
    };
    for extra in [&["--cubeless"][..], &[][..], &["--match", "3"][..]] {
        let inside = series("level=1", extra);
        assert_eq!(inside.len(), 9);
        assert_eq!(series(&ubgi, extra), inside, "{extra:?}");
    }
    // An engine that does not speak UBGI fails the handshake: exit status 1... or 2 when
    // it cannot start at all.
    let out = cli()
        .args([
            "arena",
            "--a",
            "ubgi=cat",
            "--b",
            "pubeval",
            "--games",
            "2",
            "--engine-timeout",
            "2",
        ])
        .output()
        .expect("runs");
    assert_ne!(out.status.code(), Some(0));
    let out = cli()
        .args(["arena", "--a", "ubgi=", "--b", "pubeval"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}
