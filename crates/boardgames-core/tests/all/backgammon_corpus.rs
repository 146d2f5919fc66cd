//! Backgammon against the reference data (GNU Backgammon 1.07 and OpenSpiel, which agree on
//! every case): every roll's distinct results, their count and their plays' notation; every
//! Position ID and Match ID; the real match records' plays.

use crate::common;

use std::collections::BTreeMap;

use boardgames_core::backgammon::record::resolve_written;
use boardgames_core::backgammon::{board_of, TurnSink};
use boardgames_core::backgammon::{
    position_key, Backgammon, Dice, Match, MatchId, Play, Setup, Side,
};
use common::read_jsonl_gz;
use serde_json::Value;

/// The boards the generator hands its sink (both sides' counts as it kept them), as
/// `(X, O)` packed counts.
struct Boards(Side, Vec<(u128, u128)>);

impl TurnSink for Boards {
    fn clear(&mut self) {
        self.1.clear();
    }
    fn push(&mut self, mover: u128, opponent: u128, _hits: u32, _steps: &[(u8, u8)]) {
        let b = board_of(self.0, mover, opponent);
        self.1.push((b.packed(Side::X), b.packed(Side::O)));
    }
}

fn setup_of(v: &Value) -> Setup {
    serde_json::from_value(v.clone()).expect("neutral position")
}

/// Replays one corpus file; returns (cases, results) checked.
fn check_corpus(name: &str) -> (usize, usize) {
    let mut failures = Vec::new();
    let mut cases = 0;
    let mut results = 0;
    for rec in read_jsonl_gz(name) {
        let id = rec["id"].as_str().unwrap_or("?").to_string();
        let pos = setup_of(&rec["input"])
            .into_position()
            .expect("valid input");
        cases += 1;
        if pos.position_id() != rec["input_pid"].as_str().unwrap() {
            failures.push(format!("{id}: input pid {}", pos.position_id()));
        }
        if pos.money_match_id() != rec["input_mid"].as_str().unwrap() {
            failures.push(format!("{id}: input mid {}", pos.money_match_id()));
        }
        let dice = pos.dice().expect("dice");
        let plays = pos.plays(dice);
        // The counts the generator keeps as it steps are the boards the plays lead to.
        let mut sink = Boards(pos.side(), Vec::new());
        pos.generate(dice, &mut sink);
        let mut kept = sink.1;
        let mut made: Vec<(u128, u128)> = plays
            .iter()
            .map(|p| {
                let b = *pos.after(p).board();
                (b.packed(Side::X), b.packed(Side::O))
            })
            .collect();
        kept.sort_unstable();
        made.sort_unstable();
        if kept != made {
            failures.push(format!(
                "{id}: the generator's boards are not the plays' boards"
            ));
        }
        let mut got: BTreeMap<String, (Play, Backgammon)> = BTreeMap::new();
        for p in plays.iter() {
            let after = pos.after(p);
            if got.insert(after.position_id(), (*p, after)).is_some() {
                failures.push(format!("{id}: two plays reach {}", after.position_id()));
            }
        }
        let expected = rec["results"].as_array().unwrap();
        if rec["count"].as_u64() != Some(plays.len() as u64) {
            failures.push(format!(
                "{id}: count {} expected {}",
                plays.len(),
                rec["count"]
            ));
        }
        let mut want = BTreeMap::new();
        for r in expected {
            want.insert(r["pid"].as_str().unwrap().to_string(), r);
        }
        for (pid, r) in &want {
            results += 1;
            match got.get(pid) {
                None => failures.push(format!("{id}: missing {pid} ({})", r["play"])),
                Some((play, after)) => {
                    if play.to_string() != r["play"].as_str().unwrap() {
                        failures.push(format!("{id}: play {play} expected {}", r["play"]));
                    }
                    let setup = setup_of(&r["position"]);
                    if Setup::of(after) != setup {
                        failures.push(format!("{id}: position of {play} differs"));
                    }
                }
            }
        }
        for (pid, (play, _)) in &got {
            if !want.contains_key(pid) {
                failures.push(format!("{id}: extra {pid} ({play})"));
            }
        }
        if failures.len() > 20 {
            break;
        }
    }
    assert!(failures.is_empty(), "{name}: {:#?}", failures);
    (cases, results)
}

#[test]
fn opening_rolls() {
    let (cases, results) = check_corpus("backgammon/opening.jsonl.gz");
    assert_eq!((cases, results), (21, 447));
}

#[test]
fn random_positions() {
    let (cases, _) = check_corpus("backgammon/random_A.jsonl.gz");
    assert_eq!(cases, 1500);
}

#[test]
fn edge_cases() {
    let (cases, _) = check_corpus("backgammon/edge.jsonl.gz");
    assert_eq!(cases, 42);
}

/// Decodes a Position ID with `side` on roll and encodes it again.
fn pid_round_trip(pid: &str, side: Side) -> bool {
    match Backgammon::from_position_id(pid, side) {
        Ok(pos) => pos.position_id() == pid,
        Err(_) => false,
    }
}

fn mid_round_trip(mid: &str) -> bool {
    MatchId::decode(mid).map(|m| m.encode()).as_deref() == Ok(mid)
}

#[test]
fn corpus_ids_round_trip() {
    let mut n = 0;
    for name in ["opening", "random_A", "edge"] {
        for rec in read_jsonl_gz(&format!("backgammon/{name}.jsonl.gz")) {
            let side = if rec["input"]["turn"] == "x" {
                Side::X
            } else {
                Side::O
            };
            let pid = rec["input_pid"].as_str().unwrap();
            assert!(pid_round_trip(pid, side), "{pid}");
            assert!(mid_round_trip(rec["input_mid"].as_str().unwrap()));
            n += 2;
            for r in rec["results"].as_array().unwrap() {
                let pid = r["pid"].as_str().unwrap();
                assert!(pid_round_trip(pid, side.other()), "{pid}");
                n += 1;
            }
        }
    }
    assert!(n > 29_000, "{n} IDs");
}

#[test]
fn id_examples() {
    let mut n = 0;
    for rec in read_jsonl_gz("backgammon/id_examples.jsonl.gz") {
        match rec["kind"].as_str() {
            Some("position") => {
                let pos = setup_of(&rec["position"]).into_position().unwrap();
                let pid = rec["gnubg_pid"].as_str().unwrap();
                assert_eq!(pos.position_id(), pid, "{}", rec["desc"]);
                let key = position_key(pos.board(), pos.side());
                let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
                assert_eq!(hex, rec["key_hex"].as_str().unwrap());
                let back = Backgammon::from_position_id(pid, pos.side()).unwrap();
                assert_eq!(back.board(), pos.board());
                n += 1;
            }
            Some("match") => {
                let mid = rec["gnubg_mid"].as_str().unwrap();
                let m = MatchId::decode(mid).unwrap();
                let d = &rec["decoded"];
                assert_eq!(u64::from(m.cube_log2), d["cube_log2"].as_u64().unwrap());
                assert_eq!(
                    m.cube_owner.map_or(3, |s| u64::from(s.gnubg_player())),
                    d["cube_owner"].as_u64().unwrap()
                );
                assert_eq!(
                    u64::from(m.dice_owner.gnubg_player()),
                    d["dice_owner"].as_u64().unwrap()
                );
                assert_eq!(
                    u64::from(m.turn.gnubg_player()),
                    d["turn_owner"].as_u64().unwrap()
                );
                assert_eq!(u64::from(m.crawford), d["crawford"].as_u64().unwrap());
                assert_eq!(u64::from(m.double_offered), d["doubled"].as_u64().unwrap());
                assert_eq!(u64::from(m.match_length), d["match_len"].as_u64().unwrap());
                assert_eq!(
                    u64::from(m.score[Side::O.index()]),
                    d["score0"].as_u64().unwrap()
                );
                assert_eq!(
                    u64::from(m.score[Side::X.index()]),
                    d["score1"].as_u64().unwrap()
                );
                assert_eq!(u64::from(!m.jacoby), d["no_jacoby"].as_u64().unwrap());
                let (d1, d2) = m.dice.map_or((0, 0), |x| (x.high(), x.low()));
                assert_eq!(u64::from(d1), d["die1"].as_u64().unwrap());
                assert_eq!(u64::from(d2), d["die2"].as_u64().unwrap());
                assert_eq!(m.encode(), mid);
                n += 1;
            }
            other => panic!("unknown kind {other:?}"),
        }
    }
    assert_eq!(n, 17);
}

/// The real match records: every Position ID and Match ID round-trips, and every checker play
/// (as the file writes it, parsed leniently) resolves to gnubg's play and position.
#[test]
fn real_records() {
    let mut ids_checked = 0;
    let mut matches_rebuilt = 0;
    let mut plays = 0;
    let mut failures = Vec::new();
    for game in read_jsonl_gz("backgammon/real.jsonl.gz") {
        for a in game["actions"].as_array().unwrap() {
            let side = Side::from_gnubg_player(a["player"].as_u64().unwrap_or(0) as u8);
            for (key, s) in [("pid_before", side), ("pid_after", side.other())] {
                if let Some(pid) = a[key].as_str() {
                    assert!(pid_round_trip(pid, s), "{pid}");
                    ids_checked += 1;
                }
            }
            if let Some(mid) = a["mid_before"].as_str() {
                assert!(mid_round_trip(mid), "{mid}");
                ids_checked += 1;
                // The match layer rebuilt from both IDs gives them back.
                if let Some(pid) = a["pid_before"].as_str() {
                    let m = Match::from_ids(pid, mid).expect("IDs of a real match");
                    assert_eq!(m.match_id().encode(), mid, "{}", game["id"]);
                    assert_eq!(m.position().position_id(), pid);
                    matches_rebuilt += 1;
                }
            }
            if a["type"] != "move" {
                continue;
            }
            let (Some(before), Some(after), Some(dice)) = (
                a["pid_before"].as_str(),
                a["pid_after"].as_str(),
                a["dice"].as_array(),
            ) else {
                continue;
            };
            let dice = Dice::new(
                dice[0].as_u64().unwrap_or(0) as u8,
                dice[1].as_u64().unwrap_or(0) as u8,
            )
            .expect("dice");
            let mut pos = Backgammon::from_position_id(before, side).unwrap();
            pos.set_dice(Some(dice));
            let canonical = a["play"].as_str().unwrap_or("");
            let written = a["text"].as_str().unwrap_or(canonical);
            plays += 1;
            for text in [canonical, written] {
                // As a match record writes it: an empty play is a roll that cannot be played.
                let play = resolve_written(&pos, text);
                match play {
                    Ok(p)
                        if pos.after(&p).position_id() == after
                            && (p.to_string() == canonical
                                || (p.is_pass() && canonical.is_empty())) => {}
                    other => failures.push(format!(
                        "{} {text:?} with {dice} at {before}: {other:?}",
                        game["id"]
                    )),
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {plays} plays: {:#?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
    assert!(plays > 50_000, "{plays} plays");
    assert!(ids_checked > 100_000, "{ids_checked} IDs");
    assert!(matches_rebuilt > 50_000, "{matches_rebuilt} match states");
}
