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
//! Output: one JSON line a decision (`--out`, the cube positions with their rollout
//! chances: `{"session", "action", "redouble", "cube", "position_id", "match_id", "win",
//! "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon" (the chances of the
//! side that decides: the doubler, or the side doubled), "equity_error"}`), and the counts
//! on standard output.
//!
//! Run: `cargo run --release -p boardgames-ai --example backgammon_cube_check -- --records
//! cubeful.txt --trials 144 --truncate 0 --threads 2 --out cube-decisions.jsonl`, after
//! `backgammon-cli arena --a level=3 --b "cmd=tools/gnubg/gnubg-bestmove --plies 0
//! --fast-poll" --games 1000 --seed 103 --records cubeful.txt`.

#[path = "support/args.rs"]
mod args;

use std::io::Write;

use boardgames_ai::backgammon::{on_threads, Evaluator, RolloutSettings};
use boardgames_core::backgammon::record::MatchText;
use boardgames_core::backgammon::{Match, MatchAction, Phase, Side};
use boardgames_core::record::{replay, Applied, Format};
use serde_json::json;

struct Options {
    records: String,
    trials: u32,
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
        trials: 144,
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
            "--trials" => o.trials = args::parse(&name, &value)?,
            "--truncate" => o.truncate = args::parse(&name, &value)?,
            "--seed" => o.seed = args::parse(&name, &value)?,
            "--threads" => o.threads = args::parse(&name, &value)?,
            "--pass" => o.pass = args::parse(&name, &value)?,
            "--take" => o.take = args::parse(&name, &value)?,
            "--out" => o.out = value,
            _ => return Err(format!("unknown option {name}")),
        }
    }
    if o.records.is_empty() {
        return Err("--records FILE is needed (backgammon-cli arena --records)".to_owned());
    }
    Ok(o)
}

/// One cube decision of player A.
struct Decision {
    session: usize,
    action: MatchAction,
    /// The session just before the decision.
    at: Match,
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
                    });
                }
            }
        }
    }
    Ok(out)
}

fn main() -> Result<(), String> {
    let o = options()?;
    let text = std::fs::read_to_string(&o.records).map_err(|e| format!("{}: {e}", o.records))?;
    let found = decisions(&text)?;
    let eval = Evaluator::shipped();
    let results = on_threads(&found, o.threads, |i, d| {
        let pos = d.at.position();
        let settings = RolloutSettings {
            trials: o.trials,
            truncate: o.truncate,
            seed: o.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        };
        // The rollout is of the side on roll (the doubler); the side doubled sees it flipped.
        let r = eval.rollout(pos.board(), d.at.side_on_roll(), &settings);
        let chances = if d.at.phase() == Phase::DoubleOffered {
            r.chances.flipped()
        } else {
            r.chances
        };
        (chances, r.equity_error)
    });
    let mut file = std::fs::File::create(&o.out).map_err(|e| format!("{}: {e}", o.out))?;
    let (mut takes, mut bad_takes, mut drops, mut bad_drops) = (0, 0, 0, 0);
    let (mut doubles, mut losing_doubles, mut redoubles, mut losing_redoubles) = (0, 0, 0, 0);
    for (d, (c, error)) in found.iter().zip(&results) {
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
        });
        writeln!(file, "{line}").map_err(|e| format!("{}: {e}", o.out))?;
    }
    println!(
        "{} cube decisions of A rolled out ({} trials, truncated at {})",
        found.len(),
        o.trials,
        o.truncate
    );
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
