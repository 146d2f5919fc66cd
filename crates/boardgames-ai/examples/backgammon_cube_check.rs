//! Checks the cube decisions of one player of `backgammon-cli arena --records` against the
//! project's own rollouts: every double, take and drop of player A (the side the record's
//! comment line names, `A (...) plays X|O`) is rolled out from its position
//! (`Evaluator::rollout` with the shipped networks: `--trials` games, every 36 of them seeing
//! each first roll once, cut after `--truncate` plies, 0 playing every game out, on
//! `--threads` threads, seeded by `--seed` and the decision's number), and the decisions
//! that the rollout calls clear errors are counted:
//!
//! * a take of a clear pass: the side doubled wins less than `--pass` (20 %) of the games;
//! * a drop of a clear take: it wins more than `--take` (30 %) with few gammons against it
//!   (its cubeless equity above -0.5);
//! * a double, and apart a redouble, from a losing position: the doubler wins less than
//!   half the games.
//!
//! A rollout of `--trials` games has a standard error of one to two points on a chance of
//! winning, so a decision within `--near` (0.05) of its line by the first rollout is rolled
//! out again with `--confirm` games (0: not) and a seed of its own, and that second, closer
//! rollout decides: a take the first rollout puts below `--pass` + `--near`, a drop above
//! `--take` - `--near`, a double or redouble below 50 % + `--near`. Counting the first
//! rollout's verdicts alone calls a decision near a line an error about as often as it is
//! not one.
//!
//! With `--positions FILE` instead of `--records`, the decisions are those of an earlier
//! output (the lines of `backgammon-cube-positions.jsonl`), their chances kept as written,
//! and only the confirmation is run: a file of one-stage rollouts made two-stage.
//!
//! Output: one JSON line a decision (`--out`, the cube positions with their rollout
//! chances: `{"session", "action", "redouble", "cube", "position_id", "match_id", "win",
//! "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon" (the chances of the
//! side that decides: the doubler, or the side doubled), "equity_error", "trials" (of the
//! rollout that decided)}`), and the counts on standard output.
//!
//! Run: `cargo run --release -p boardgames-ai --example backgammon_cube_check -- --records
//! cubeful.txt --trials 144 --truncate 0 --threads 2 --out cube-decisions.jsonl`, after
//! `backgammon-cli arena --a level=3 --b "cmd=tools/gnubg/gnubg-bestmove --plies 0
//! --fast-poll" --games 1000 --seed 103 --records cubeful.txt`; add `--confirm 2592` for
//! the second stage.

#[path = "support/args.rs"]
mod args;
#[path = "support/chances.rs"]
mod chances;

use std::io::Write;

use boardgames_ai::backgammon::{on_threads, Evaluator, Outcomes, RolloutSettings};
use boardgames_core::backgammon::record::MatchText;
use boardgames_core::backgammon::{Match, MatchAction, Phase, Side};
use boardgames_core::record::{replay, Applied, Format};
use serde_json::{json, Value};

struct Options {
    records: String,
    positions: String,
    trials: u32,
    confirm: u32,
    near: f32,
    truncate: u32,
    seed: u64,
    threads: usize,
    pass: f32,
    take: f32,
    out: String,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        records: String::new(),
        positions: String::new(),
        trials: 144,
        confirm: 0,
        near: 0.05,
        truncate: 0,
        seed: 1,
        threads: 1,
        pass: 0.20,
        take: 0.30,
        out: "cube-decisions.jsonl".to_owned(),
    };
    for (name, value) in args::pairs()? {
        match name.as_str() {
            "--records" => o.records = value,
            "--positions" => o.positions = value,
            "--trials" => o.trials = args::parse(&name, &value)?,
            "--confirm" => o.confirm = args::parse(&name, &value)?,
            "--near" => o.near = args::parse(&name, &value)?,
            "--truncate" => o.truncate = args::parse(&name, &value)?,
            "--seed" => o.seed = args::parse(&name, &value)?,
            "--threads" => o.threads = args::parse(&name, &value)?,
            "--pass" => o.pass = args::parse(&name, &value)?,
            "--take" => o.take = args::parse(&name, &value)?,
            "--out" => o.out = value,
            _ => return Err(format!("unknown option {name}")),
        }
    }
    if o.records.is_empty() == o.positions.is_empty() {
        return Err(
            "one of --records FILE (backgammon-cli arena --records) and --positions FILE is needed"
                .to_owned(),
        );
    }
    Ok(o)
}

/// One cube decision of player A.
struct Decision {
    session: usize,
    action: MatchAction,
    /// The session just before the decision.
    at: Match,
    /// The chances of an earlier rollout (`--positions`) and the trials it played, if any.
    known: Option<Rollout>,
}

/// A rollout's verdict: the chances of the side that decides, the standard error of its
/// cubeless equity, and the games it played.
#[derive(Copy, Clone)]
struct Rollout {
    chances: Outcomes,
    error: f64,
    trials: u32,
}

/// A's cube decisions in every session of the records file `text`.
fn decisions(text: &str) -> Result<Vec<Decision>, String> {
    let mut out = Vec::new();
    for (k, block) in text.split("# game ").skip(1).enumerate() {
        let header = block.lines().next().unwrap_or("");
        let a = if header.contains(") plays X") {
            Side::X
        } else if header.contains(") plays O") {
            Side::O
        } else {
            return Err(format!(
                "session {}: no \"A (...) plays X|O\" in {header:?}",
                k + 1
            ));
        };
        let body: String = block
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        let records = MatchText
            .read(&body)
            .map_err(|e| format!("session {}: {e}", k + 1))?;
        for record in &records {
            let trace = replay(record);
            if let Some(bad) = &trace.illegal {
                return Err(format!(
                    "session {}: ply {}: {}",
                    k + 1,
                    bad.ply,
                    bad.error.reason()
                ));
            }
            for (at, step) in trace.positions.iter().zip(&trace.applied) {
                let Applied::Move(action) = *step else {
                    continue;
                };
                let decides = match at.phase() {
                    Phase::ToRoll => at.side_on_roll(),
                    Phase::DoubleOffered => at.answering_side(),
                    _ => continue,
                };
                let cube = matches!(
                    action,
                    MatchAction::Double | MatchAction::Take | MatchAction::Drop
                );
                if decides == a && cube && at.redoubles() == 0 {
                    out.push(Decision {
                        session: k + 1,
                        action,
                        at: at.clone(),
                        known: None,
                    });
                }
            }
        }
    }
    Ok(out)
}

/// The decisions of an earlier output, with their chances; `trials` the games of its
/// rollouts where a line does not say.
fn known_decisions(text: &str, trials: u32) -> Result<Vec<Decision>, String> {
    text.lines()
        .enumerate()
        .map(|(n, line)| {
            let bad = |why: &str| format!("line {}: {why}", n + 1);
            let v: Value = serde_json::from_str(line).map_err(|e| bad(&e.to_string()))?;
            let id = |k: &str| v[k].as_str().ok_or_else(|| bad(&format!("no {k:?}")));
            let at = Match::from_ids(id("position_id")?, id("match_id")?)
                .map_err(|e| bad(&e.to_string()))?;
            let action = match id("action")? {
                "take" => MatchAction::Take,
                "drop" => MatchAction::Drop,
                "double" => MatchAction::Double,
                other => return Err(bad(&format!("action {other:?}"))),
            };
            let chances = chances::from_json(&v).map_err(|e| bad(&e))?;
            let session = v["session"].as_u64().ok_or_else(|| bad("no \"session\""))?;
            Ok(Decision {
                session: session as usize,
                action,
                at,
                known: Some(Rollout {
                    chances,
                    error: v["equity_error"].as_f64().unwrap_or(0.0),
                    trials: v["trials"].as_u64().map_or(trials, |t| t as u32),
                }),
            })
        })
        .collect()
}

/// The rollout of decision `d` (number `i`) with `trials` games, `salt` telling the stages'
/// seeds apart: the chances of the side that decides.
fn roll_out(
    eval: &Evaluator<'_>,
    o: &Options,
    i: usize,
    d: &Decision,
    trials: u32,
    salt: u64,
) -> Rollout {
    let pos = d.at.position();
    let settings = RolloutSettings {
        trials,
        truncate: o.truncate,
        seed: o.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt,
    };
    // The rollout is of the side on roll (the doubler); the side doubled sees it flipped.
    let r = eval.rollout(pos.board(), d.at.side_on_roll(), &settings);
    let chances = if d.at.phase() == Phase::DoubleOffered {
        r.chances.flipped()
    } else {
        r.chances
    };
    Rollout {
        chances,
        error: r.equity_error,
        trials: r.trials,
    }
}

/// Whether the first rollout puts decision `d` within `--near` of the line it is judged by.
fn near_its_line(o: &Options, d: &Decision, c: &Outcomes) -> bool {
    match d.action {
        MatchAction::Take => c.win < o.pass + o.near,
        MatchAction::Drop => c.win > o.take - o.near,
        _ => c.win < 0.5 + o.near,
    }
}

/// Mixed into the seed of a second rollout, so that its dice are not the first one's.
const CONFIRM_SALT: u64 = 0x5EC0_4D00_C0FF_EE00;

fn main() -> Result<(), String> {
    let o = options()?;
    let found = if o.positions.is_empty() {
        let text =
            std::fs::read_to_string(&o.records).map_err(|e| format!("{}: {e}", o.records))?;
        decisions(&text)?
    } else {
        let text =
            std::fs::read_to_string(&o.positions).map_err(|e| format!("{}: {e}", o.positions))?;
        known_decisions(&text, o.trials)?
    };
    let eval = Evaluator::shipped();
    let results = on_threads(&found, o.threads, |i, d| {
        let first = d
            .known
            .unwrap_or_else(|| roll_out(&eval, &o, i, d, o.trials, 0));
        if o.confirm > 0 && first.trials < o.confirm && near_its_line(&o, d, &first.chances) {
            roll_out(&eval, &o, i, d, o.confirm, CONFIRM_SALT)
        } else {
            first
        }
    });
    let mut file = std::fs::File::create(&o.out).map_err(|e| format!("{}: {e}", o.out))?;
    let (mut takes, mut bad_takes, mut drops, mut bad_drops) = (0, 0, 0, 0);
    let (mut doubles, mut losing_doubles, mut redoubles, mut losing_redoubles) = (0, 0, 0, 0);
    let mut confirmed = 0;
    for (d, r) in found.iter().zip(&results) {
        let (c, error) = (&r.chances, r.error);
        confirmed += usize::from(o.confirm > 0 && r.trials == o.confirm);
        let redouble = d.action == MatchAction::Double && d.at.cube_owner().is_some();
        match d.action {
            MatchAction::Take => {
                takes += 1;
                bad_takes += usize::from(c.win < o.pass);
            }
            MatchAction::Drop => {
                drops += 1;
                bad_drops += usize::from(c.win > o.take && c.equity() > -0.5);
            }
            _ if redouble => {
                redoubles += 1;
                losing_redoubles += usize::from(c.win < 0.5);
            }
            _ => {
                doubles += 1;
                losing_doubles += usize::from(c.win < 0.5);
            }
        }
        let line = json!({
            "session": d.session,
            "action": d.action.to_string(),
            "redouble": redouble,
            "cube": d.at.cube_value(),
            "position_id": d.at.position_id(),
            "match_id": d.at.match_id().encode(),
            "win": c.win,
            "win_gammon": c.win_gammon,
            "win_backgammon": c.win_backgammon,
            "lose_gammon": c.lose_gammon,
            "lose_backgammon": c.lose_backgammon,
            "equity_error": (error * 1e5).round() / 1e5,
            "trials": r.trials,
        });
        writeln!(file, "{line}").map_err(|e| format!("{}: {e}", o.out))?;
    }
    println!(
        "{} cube decisions of A rolled out ({} trials, truncated at {})",
        found.len(),
        o.trials,
        o.truncate
    );
    if o.confirm > 0 {
        println!(
            "{confirmed} within {:.0} % of their line decided by a second rollout of {} trials",
            100.0 * o.near,
            o.confirm
        );
    }
    println!(
        "takes {takes}: {bad_takes} of a clear pass (winning below {:.0} %)",
        100.0 * o.pass
    );
    println!(
        "drops {drops}: {bad_drops} of a clear take (winning above {:.0} %, equity above -0.5)",
        100.0 * o.take
    );
    println!(
        "initial doubles {doubles}: {losing_doubles} from a losing position (winning below 50 %)"
    );
    println!(
        "redoubles {redoubles}: {losing_redoubles} from a losing position (winning below 50 %)"
    );
    Ok(())
}
