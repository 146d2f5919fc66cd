//! Backgammon match records against the reference data: the real match files read, replayed
//! and compared with GNU Backgammon's reading of them (every play, every Position ID after a
//! play, cube actions, Crawford games and results), the games gnubg rejected or mis-read,
//! the JSON-lines replay, round trips through the match-text writer, and random matches.

use crate::common;

use std::collections::BTreeMap;

use crate::match_replay::{check, replay_game};
use boardgames_core::backgammon::record::{
    read_match, write_match, Action, ActionKind, GameRecord, MatchRecord, Refusal, Wins,
};
use boardgames_core::backgammon::{Backgammon, Dice, Side};
use boardgames_core::search::random_move;
use boardgames_core::Game;
use common::read_jsonl_gz;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// gnubg's reading of each game, by id.
fn expectations(name: &str) -> BTreeMap<String, Value> {
    read_jsonl_gz(name)
        .into_iter()
        .map(|v| (v["id"].as_str().unwrap_or("").to_string(), v))
        .collect()
}

/// The Position IDs gnubg gives after each checker play it applied.
fn gnubg_pids(game: &Value) -> Vec<String> {
    game["actions"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|x| x["type"] == "move" && x.get("refused_by_gnubg").is_none())
                .filter_map(|x| x["pid_after"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// gnubg's plays, in its notation (`pass` for a roll that could not be played).
fn gnubg_plays(game: &Value) -> Vec<String> {
    game["actions"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|x| x["type"] == "move")
                .map(|x| match x["play"].as_str() {
                    Some("") | None => "pass".to_string(),
                    Some(p) => p.to_string(),
                })
                .collect()
        })
        .unwrap_or_default()
}

fn read_all() -> Vec<(String, MatchRecord)> {
    boardgames_testdata::match_files()
        .into_iter()
        .map(|(name, text)| {
            let rec = read_match(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, rec)
        })
        .collect()
}

/// Every game gnubg accepted replays legally from the file: the same Position ID after every
/// play, the same winner and points, the same Crawford game.
#[test]
fn real_match_files_replay_as_gnubg_read_them() {
    let real = expectations("backgammon/real.jsonl.gz");
    let mut failures = Vec::new();
    let (mut files, mut games, mut matched, mut plies) = (0, 0, 0, 0);
    let (mut doubles, mut takes, mut drops) = (0, 0, 0);
    for (name, rec) in read_all() {
        files += 1;
        for g in &rec.games {
            games += 1;
            let id = format!("{name}#{}", g.number);
            let Some(exp) = real.get(&id) else { continue };
            matched += 1;
            let r = replay_game(g, rec.match_length);
            plies += r.plies;
            for a in &g.actions {
                match a.kind {
                    ActionKind::Double { .. } => doubles += 1,
                    ActionKind::Take => takes += 1,
                    ActionKind::Drop => drops += 1,
                    _ => {}
                }
            }
            if let Some(bad) = &r.first_illegal {
                failures.push(format!("{id}: {bad:?}"));
                continue;
            }
            if gnubg_pids(exp) != r.pid_after {
                failures.push(format!("{id}: Position IDs differ"));
            }
            // Each play resolves to gnubg's play, in gnubg's notation.
            let ours: Vec<String> = r.plays.iter().map(|(_, p)| p.to_string()).collect();
            if gnubg_plays(exp) != ours {
                failures.push(format!("{id}: plays differ"));
            }
            let (res, end) = (&exp["result"], r.end.expect("a finished game"));
            if res["winner"].as_u64() != Some(u64::from(end.winner))
                || res["points"].as_u64() != Some(u64::from(end.points))
                || res["cube"].as_u64() != Some(u64::from(end.cube))
            {
                failures.push(format!("{id}: result {end:?}, gnubg {res}"));
            }
            if exp["crawford"].as_bool().is_some_and(|c| c != g.crawford) {
                failures.push(format!("{id}: Crawford {}", g.crawford));
            }
            if exp["match_length"].as_u64() != Some(u64::from(rec.match_length))
                || exp["score_before"] != serde_json::json!(g.score)
            {
                failures.push(format!("{id}: match length or score"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert_eq!((files, games, matched), (395, 1456, 1428));
    assert_eq!(plies, 60149);
    assert_eq!((doubles, takes, drops), (1433, 878, 555));
}

/// What the library makes of each game gnubg rejected or mis-read.
enum Expect {
    /// Refused at this action, for this reason (as gnubg refused it).
    Refused(usize, &'static str),
    /// Read correctly where gnubg's importer erred: this winner and these points.
    Read(u8, u32),
}

fn rejected_from_files() -> Vec<(&'static str, Expect)> {
    use Expect::{Read, Refused};
    vec![
        (
            "bglib-rated/2009Feb092110#2",
            Refused(46, "without a play although legal plays exist"),
        ),
        (
            "bglib-rated/2009Feb092123#3",
            Refused(26, "without a play although legal plays exist"),
        ),
        // Resumed at 6-5 with a double in the first game: the Crawford game was played before.
        ("bglib-rated/2009Jan242323#1", Read(1, 2)),
        ("bglib-rated/2009Jan291842#2", Refused(47, "not finished")),
        // gnubg 1.07 reads the play before Galaxy's short ' Losses N point' line twice.
        ("galaxy/match11926267#4", Read(0, 1)),
        ("galaxy/match12168993#4", Read(0, 1)),
        ("galaxy/match3222030#3", Read(0, 1)),
        ("galaxy/match5751765#4", Read(0, 1)),
        ("galaxy/match5783992#1", Read(0, 4)),
        ("galaxy/match6209354#2", Read(0, 1)),
        ("galaxy/match9337121#4", Read(0, 1)),
        // The Losses/Wins line glued to a move line; a resignation before the first roll.
        ("galaxy/match3241209#3", Read(1, 1)),
        ("galaxy/match3831101#1", Read(0, 3)),
        (
            "galaxy/match8239468#1",
            Refused(53, "wins 1 points; the game is worth 2"),
        ),
        (
            "galaxy/match9665488#1",
            Refused(43, "wins 1 points; the game is worth 2"),
        ),
        (
            "live/25p-match-2008-12-29#11",
            Refused(45, "a board instead of a play"),
        ),
        (
            "live/25p-match-2008-12-29#17",
            Refused(47, "a board instead of a play"),
        ),
        (
            "live/25p-match-2008-12-29#18",
            Refused(24, "a board instead of a play"),
        ),
    ]
}

#[test]
fn rejected_games_from_files() {
    let rejected = expectations("backgammon/rejected.jsonl.gz");
    let table = rejected_from_files();
    assert_eq!(table.len(), rejected.len());
    let mut seen = 0;
    for (name, rec) in read_all() {
        for g in &rec.games {
            let id = format!("{name}#{}", g.number);
            let Some((_, expect)) = table.iter().find(|(t, _)| *t == id) else {
                continue;
            };
            seen += 1;
            let r = replay_game(g, rec.match_length);
            match expect {
                Expect::Refused(action, why) => {
                    let bad = r.first_illegal.as_ref().unwrap_or_else(|| panic!("{id}"));
                    assert_eq!(bad.action, *action, "{id}: {bad:?}");
                    assert!(bad.reason.contains(why), "{id}: {}", bad.reason);
                }
                Expect::Read(winner, points) => {
                    assert_eq!(r.first_illegal, None, "{id}");
                    let end = r.end.expect("end");
                    assert_eq!((end.winner, end.points), (*winner, *points), "{id}");
                    // Every play gnubg did apply has the same Position ID.
                    let exp = &rejected[&id];
                    let want = gnubg_pids(exp);
                    assert!(r.pid_after.starts_with(&want), "{id}");
                }
            }
        }
    }
    assert_eq!(seen, table.len());
}

/// Write then read gives the same record, for every file; writing is stable.
#[test]
fn round_trips_on_all_files() {
    let mut n = 0;
    for (name, rec) in read_all() {
        let text = write_match(&rec);
        let again = read_match(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(again, rec, "{name}");
        assert_eq!(write_match(&again), text, "{name}");
        // And through JSON.
        let json = serde_json::to_string(&rec).expect("json");
        let back: MatchRecord = serde_json::from_str(&json).expect("json back");
        assert_eq!(back, rec, "{name}");
        n += 1;
    }
    assert_eq!(n, 395);
}

/// The whole-match check passes on every file but those holding a game gnubg rejected for a
/// reason the library shares; it names the game and the move line.
#[test]
fn whole_match_check() {
    let mut failed = BTreeMap::new();
    for (name, rec) in read_all() {
        if let Err(e) = check(&rec) {
            failed.insert(name, (e.game, e.move_number, e.to_string()));
        }
    }
    let got: Vec<(&str, u32, usize)> = failed
        .iter()
        .map(|(n, (g, m, _))| (n.as_str(), *g, *m))
        .collect();
    assert_eq!(
        got,
        [
            ("bglib-rated/2009Feb092110", 2, 24),
            ("bglib-rated/2009Feb092123", 3, 14),
            // bglib-rated/2009Jan291842 stops inside its last game (game 2, move 24) without
            // a result: a match in progress, which the check accepts.
            ("galaxy/match8239468", 1, 27),
            ("galaxy/match9665488", 1, 22),
            ("live/25p-match-2008-12-29", 11, 24),
        ],
        "{failed:#?}"
    );
}

const SMALL: &str = " 3 point match\n\n Game 1\n A : 0                          B : 0\n";

/// Hand-worked: a malformed file is refused with its line and column.
#[test]
fn malformed_files_name_line_and_column() {
    let e = read_match(&format!("{SMALL}  1) 71: 13/6\n")).unwrap_err();
    assert_eq!((e.line, e.column), (5, 6), "{e}");
    let e = read_match(&format!("{SMALL}  1) 31: 8/5 6/5\n  2) hello\n")).unwrap_err();
    assert_eq!((e.line, e.column), (6, 6), "{e}");
    let e = read_match(" 3 point match\n\n Game 1\n A  0   B  0\n").unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    let e = read_match(" x point match\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 2), "{e}");
    // A match is at most 32767 points (the Match ID's 15 bits): a longer one is refused, not
    // played as money.
    assert_eq!(
        read_match(" 32767 point match\n").map(|r| r.match_length),
        Ok(32767)
    );
    for long in ["32768", "65536", "4294967296"] {
        let e = read_match(&format!(" {long} point match\n")).unwrap_err();
        assert_eq!((e.line, e.column), (1, 2), "{e}");
    }
    let e = read_match("  1) 31: 8/5 6/5\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 3), "{e}");
    let e = read_match(&format!("{SMALL}  1)  Doubles => x\n")).unwrap_err();
    assert_eq!((e.line, e.column), (5, 7), "{e}");
    assert!(read_match("").is_err());
}

/// Hand-worked: the first illegal action is named by game, move line and reason.
#[test]
fn illegal_actions_name_game_and_move() {
    // 62 cannot move a checker 10 pips.
    let rec = read_match(&format!(
        "{SMALL}  1) 31: 8/5 6/5                42: 8/4 6/4\n  2) 62: 13/3\n"
    ))
    .unwrap();
    let e = check(&rec).unwrap_err();
    assert_eq!((e.game, e.move_number, e.action), (1, 2, 2), "{e}");
    assert!(e.reason.to_string().contains("not a legal play"), "{e}");
    // B doubles, A takes, then B doubles again though A owns the cube.
    let rec = read_match(&format!(
        "{SMALL}  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Takes                      42: 8/4 6/4\n  3) 21: 13/11 6/5               Doubles => 4\n"
    ))
    .unwrap();
    let e = check(&rec).unwrap_err();
    assert_eq!((e.game, e.move_number, e.action), (1, 3, 5), "{e}");
    assert!(e.reason.to_string().contains("owns the cube"), "{e}");
    assert_eq!(e.reason, Refusal::OpponentsCube(1));
    // A doubles, B drops: A wins the cube value before the double, 1 point; the file says 2.
    let rec = read_match(&format!(
        "{SMALL}  1) 31: 8/5 6/5                42: 8/4 6/4\n  2)  Doubles => 2                Drops\n      Wins 2 points\n"
    ))
    .unwrap();
    let e = check(&rec).unwrap_err();
    assert!(
        e.reason
            .to_string()
            .contains("wins 2 points; the game is worth 1"),
        "{e}"
    );
    // The next game's score must follow.
    let rec = read_match(&format!(
        "{SMALL}  1) 31: 8/5 6/5                42: 8/4 6/4\n  2)  Doubles => 2                Drops\n      Wins 1 point\n\n Game 2\n A : 0                          B : 1\n"
    ))
    .unwrap();
    let e = check(&rec).unwrap_err();
    assert_eq!((e.game, e.move_number), (2, 0), "{e}");
    assert!(e.reason.to_string().contains("1-0"), "{e}");
    assert_eq!(
        e.reason,
        Refusal::Score {
            stated: [0, 1],
            expected: [1, 0]
        }
    );
}

/// Hand-worked: the Crawford game forbids doubling; the next game allows it again.
#[test]
fn crawford_game() {
    let text = " 3 point match\n\n Game 1\n A : 2                          B : 0\n  1) 31: 8/5 6/5                 Doubles => 2\n";
    let rec = read_match(text).unwrap();
    // The first game of a record resumed at match point with a double: not the Crawford
    // game (it was played before).
    assert!(!rec.games[0].crawford);
    let text = " 3 point match\n\n Game 1\n A : 1                          B : 0\n  1) 31: 8/5 6/5                42: 8/4 6/4\n  2)  Doubles => 2                Drops\n      Wins 1 point\n\n Game 2\n A : 2                          B : 0\n  1) 31: 8/5 6/5                 Doubles => 2\n";
    let rec = read_match(text).unwrap();
    assert!(!rec.games[0].crawford && rec.games[1].crawford);
    let e = check(&rec).unwrap_err();
    assert_eq!((e.game, e.move_number), (2, 1), "{e}");
    assert!(e.reason.to_string().contains("Crawford"), "{e}");
}

/// Hand-worked: a replay's decisions are states of their match: its length, the score
/// before the game (A is gnubg's player 0, O) and the Crawford game.
#[test]
fn decisions_in_their_match() {
    let text = " 5 point match\n\n Game 1\n A : 3                          B : 1\n  1) 31: 8/5 6/5                42: 8/4 6/4\n  2)  Doubles => 2                Takes\n";
    let rec = read_match(text).unwrap();
    let replay = replay_game(&rec.games[0], rec.match_length);
    // A's opening play, B's roll (B could double) and play, A's double, B's take (the record
    // stops there, unfinished: replayed alone, that is its problem).
    assert_eq!(replay.decisions.len(), 5);
    for (_, m, _) in &replay.decisions {
        assert_eq!(m.rules().length, 5);
        assert_eq!(m.score()[Side::from_gnubg_player(0).index()], 3);
        assert_eq!(m.score()[Side::from_gnubg_player(1).index()], 1);
        assert!(!m.is_crawford());
    }
    // At 4-1 (no double in the game) it is the Crawford game: no double may be offered.
    let crawford = " 5 point match\n\n Game 1\n A : 4                          B : 1\n  1) 31: 8/5 6/5                42: 8/4 6/4\n";
    let rec = read_match(crawford).unwrap();
    assert!(rec.games[0].crawford);
    let replay = replay_game(&rec.games[0], 5);
    // A's opening play and B's play: no decision to roll where no double is allowed.
    assert_eq!(replay.decisions.len(), 2);
    let (_, m, _) = &replay.decisions[1];
    assert!(m.is_crawford() && !m.can_double());
}

/// Hand-worked: a Crawford mark after a score is read (and the Crawford game derived).
#[test]
fn crawford_marks_are_read() {
    let text = " 3 point match\n\n Game 1\n A : 2 (Crawford)               B : 0\n  1) 31: 8/5 6/5\n\n Game 2\n A : 2                          B : 1*\n";
    let rec = read_match(text).unwrap();
    assert_eq!(rec.games[0].players, ["A".to_string(), "B".to_string()]);
    assert_eq!(rec.games[1].score, [2, 1]);
    assert!(rec.games[0].crawford && !rec.games[1].crawford);
}

/// A random match to `length` points: random plays, random doubles, takes and drops, each
/// game ending with its `Wins` line.
fn random_match(seed: u64, length: u32) -> MatchRecord {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rec = MatchRecord {
        tags: vec![("Site".into(), "test".into())],
        match_length: length,
        games: Vec::new(),
    };
    let mut score = [0u32; 2];
    while score.iter().all(|&s| s < length) && rec.games.len() < 8 {
        let mut g = GameRecord {
            number: rec.games.len() as u32 + 1,
            players: ["Ann".into(), "Bob Smith".into()],
            score,
            ..GameRecord::default()
        };
        let mut rec_so_far = rec.clone();
        rec_so_far.games.push(g.clone());
        rec_so_far.mark_crawford();
        let crawford = rec_so_far.games.last().is_some_and(|x| x.crawford);
        let (mut cube, mut owner) = (1u32, None::<u8>);
        let mut first = true;
        let mut on_roll = 0u8;
        let mut pos = Backgammon::new();
        let wins = loop {
            if !first && !crawford && owner != Some(1 - on_roll) && rng.random_range(0..12) == 0 {
                g.actions.push(Action {
                    player: on_roll,
                    kind: ActionKind::Double { cube: cube * 2 },
                });
                if rng.random_bool(0.3) {
                    g.actions.push(Action {
                        player: 1 - on_roll,
                        kind: ActionKind::Drop,
                    });
                    break Wins {
                        winner: on_roll,
                        points: cube,
                    };
                }
                g.actions.push(Action {
                    player: 1 - on_roll,
                    kind: ActionKind::Take,
                });
                cube *= 2;
                owner = Some(1 - on_roll);
            }
            if !first && rng.random_range(0..40) == 0 {
                // The player on roll resigns 1, 2 or 3 times the cube: the record has only
                // the opponent's Wins line.
                let k = rng.random_range(1..=3u32);
                break Wins {
                    winner: 1 - on_roll,
                    points: k * cube,
                };
            }
            let (a, b) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
            if first {
                if a == b {
                    continue;
                }
                on_roll = rng.random_range(0..2);
                pos = Backgammon::new().with_side(Side::from_gnubg_player(on_roll));
                first = false;
            }
            pos.apply_chance(Dice::new(a, b).expect("dice"))
                .expect("roll");
            let play = random_move(&pos, &mut rng).expect("a legal play");
            let text = if play.is_pass() {
                String::new()
            } else {
                play.to_string()
            };
            g.actions.push(Action {
                player: on_roll,
                kind: ActionKind::Roll {
                    dice: [a, b],
                    play: text,
                },
            });
            pos.play(play).expect("legal");
            if let Some((_, kind)) = pos.win() {
                break Wins {
                    winner: on_roll,
                    points: kind.multiplier() * cube,
                };
            }
            on_roll = 1 - on_roll;
        };
        g.wins = Some(wins);
        score[usize::from(wins.winner)] += wins.points;
        rec.games.push(g);
    }
    rec.mark_crawford();
    rec
}

/// Random matches cover doubles, takes, drops, resignations and bear-offs.
#[test]
fn random_matches_cover_every_ending() {
    let (mut games, mut kinds) = (0, std::collections::BTreeSet::new());
    for seed in 0..40 {
        let rec = random_match(seed, 5);
        let replays = check(&rec).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        games += replays.len();
        for r in replays {
            kinds.insert(
                format!("{:?}", r.end.expect("end").kind)
                    .chars()
                    .take(4)
                    .collect::<String>(),
            );
        }
        assert_eq!(read_match(&write_match(&rec)).as_ref(), Ok(&rec));
    }
    assert!(games > 80, "{games}");
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random matches replay legally, and write then read gives them back.
    #[test]
    fn random_matches_round_trip(seed in any::<u64>(), length in 1u32..6) {
        let rec = random_match(seed, length);
        let replays = check(&rec).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(replays.len(), rec.games.len());
        for (g, r) in rec.games.iter().zip(&replays) {
            let (w, end) = (g.wins.expect("wins"), r.end.expect("end"));
            prop_assert_eq!((w.winner, w.points), (end.winner, end.points));
        }
        let text = write_match(&rec);
        let back = read_match(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &rec);
    }

    /// Reading never panics, whatever the text.
    #[test]
    fn reading_never_panics(text in "[ -~\n]{0,300}") {
        let _ = read_match(&text).map(|r| check(&r));
    }
}

/// Two match files one after the other read as two matches, lines counted in the whole text;
/// `#` lines are comments.
#[test]
fn several_matches_in_one_text() {
    use boardgames_core::backgammon::record::read_matches;
    let one =
        " 1 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n";
    let text = format!("# first\n{one}\n; [Site \"x\"]\n{one}");
    let matches = read_matches(&text).unwrap();
    assert_eq!(matches.len(), 2);
    assert_eq!(matches[1].tag("Site"), Some("x"));
    assert_eq!(matches[0].games.len(), 1);
    assert_eq!(read_matches(one).unwrap().len(), 1);
    let broken = format!("{one}{}", one.replace("31:", "71:"));
    let err = read_matches(&broken).unwrap_err();
    assert_eq!(err.line, 11, "{err}");
}

/// A game that stops without a result is a match in progress when it is the last: the check
/// accepts it; followed by another game, it is refused, named at its last move line.
#[test]
fn only_the_last_game_may_stop_unfinished() {
    let one = format!("{SMALL}  1) 31: 8/5 6/5                 42: 8/4 6/4\n");
    let rec = read_match(&one).expect("reads");
    let games = check(&rec).expect("a match in progress");
    assert!(games[0].end.is_none());
    let two = format!("{one}\n Game 2\n A : 0                          B : 1\n");
    let e = check(&read_match(&two).expect("reads")).unwrap_err();
    assert_eq!((e.game, e.move_number), (1, 1), "{e}");
    assert!(e.reason.to_string().contains("not finished"), "{e}");
}

/// A player's name longer than a format width allows (65,536 characters and more) writes
/// and reads back (it panicked in the writer's padding).
#[test]
fn very_long_player_names_write_back() {
    let name = "A".repeat(70_000);
    let text = format!(" 3 point match\n\n Game 1\n {name} : 0   B : 0\n  1) 31: 8/5 6/5\n");
    let rec = read_match(&text).expect("reads");
    assert_eq!(rec.games[0].players[0], name);
    let written = write_match(&rec);
    assert_eq!(read_match(&written).expect("reads back"), rec);
}

/// A roll that cannot be played written `pass` (or `-`, `no move`) is the pass, as
/// `Cannot Move` is; a game saved with its last roll not yet played is a game in progress
/// when it is the match's last, and unfinished otherwise.
#[test]
fn pass_spellings_and_a_roll_saved_before_its_play() {
    // A real file with `Cannot Move` after rolls that cannot be played.
    let (_, text) = boardgames_testdata::match_files()
        .into_iter()
        .find(|(name, _)| name == "studio/studio3171393")
        .expect("the file");
    let rec = read_match(&text).expect("reads");
    assert!(check(&rec).is_ok());
    let cannot = rec
        .games
        .iter()
        .flat_map(|g| &g.actions)
        .find_map(|a| match &a.kind {
            ActionKind::Roll { play, .. } if play.eq_ignore_ascii_case("cannot move") => Some(()),
            _ => None,
        });
    assert!(cannot.is_some());
    for spelling in ["pass", "-", "no move"] {
        let spelled = text.replacen("Cannot Move", spelling, 1);
        assert_ne!(spelled, text);
        let rec = read_match(&spelled).expect("reads");
        assert!(check(&rec).is_ok(), "{spelling}: {:?}", check(&rec).err());
    }
    // Saved with the dice rolled: the last game stops between a roll and its play.
    let saved = " 0 point match\n\n Game 1\n A : 0                            B : 0\n  1)                              52:\n";
    let rec = read_match(saved).expect("reads");
    assert!(check(&rec).is_ok(), "{:?}", check(&rec).err());
    // Followed by another game, it is unfinished.
    let two = format!("{saved}\n Game 2\n A : 0                            B : 0\n");
    let e = check(&read_match(&two).expect("reads")).unwrap_err();
    assert_eq!((e.game, e.move_number), (1, 1), "{e}");
}
