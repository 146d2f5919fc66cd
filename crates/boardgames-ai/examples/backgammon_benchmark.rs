//! The project's own checker-play benchmark for backgammon: positions with their roll, from
//! real matches and from self-play, each with its best candidate plays valued by the
//! project's own rollouts; and the error rate of a player on it, in millipoints a decision
//! (mEMG: cubeless money equity lost against the best candidate, times 1,000), overall, by
//! class of position (contact, crashed, race) and by source.
//!
//! `--mode build` makes the benchmark (`--out`, JSON lines; a run stopped part way goes on
//! where it stopped with the same options, `--chunk` positions written at a time):
//! * `--real N` positions from the real match files of the test data
//!   (`crates/boardgames-testdata`, the same every run): every checker play with at least two
//!   distinct results, N of them taken at an even stride;
//! * `--selfplay N` positions of self-play by the shipped networks at 0 plies
//!   (`sample_positions`, a tenth of the plays at random, `--seed`), each with a roll drawn
//!   from the seed, N of them at an even stride;
//! * for each, its `--candidates` best plays ranked at 1 ply (after the best 16 within 0.32
//!   at 0 plies, the filter of level 4), each rolled out from the position after it
//!   (`Evaluator::rollout` with the shipped networks: `--trials` games, every 36 of them
//!   seeing each first roll once, cut after `--truncate` plies and valued there at 0 plies),
//!   every candidate of a position with the same dice (seeded by `--seed` and the position's
//!   number), on `--threads` threads.
//!
//! The first line is the header (`"benchmark"`, the options), then one line a position:
//! `{"n", "source": "real" | "self-play", "position_id" (the side on roll's), "dice",
//! "class", "candidates": [{"play", "position_id_after" (the other side on roll), "equity"
//! (the rollout's cubeless equity of the side that played), "error" (its standard error)}]}`,
//! candidates best first.
//!
//! `--mode requests` writes a `bestmove --jsonl` request a position (`{"id": n,
//! "position_id", "match_id"}`: a money game, cube centred, the dice rolled), for any engine
//! that speaks the contract; `--mode score --answers FILE` scores its answers, `--mode score
//! --level N` the engine's level N (1 to 5; `--weights FILE` other networks). A play that is
//! not among the candidates is rolled out there and then, as the candidates were (the same
//! dice), and counted apart.
//!
//! Run: `cargo run --release -p boardgames-ai --example backgammon_benchmark -- --mode build
//! --real 1000 --selfplay 1000 --candidates 6 --trials 144 --truncate 10 --seed 1 --threads 2
//! --out crates/boardgames-ai/tests/data/backgammon-benchmark.jsonl`, then `-- --mode score
//! --file crates/boardgames-ai/tests/data/backgammon-benchmark.jsonl --level 3`.

#[path = "support/args.rs"]
mod args;
#[path = "support/nets.rs"]
#[allow(dead_code)] // this example reads networks, it does not make them
mod nets;

use std::collections::HashMap;
use std::io::{BufRead, Write};

use boardgames_ai::backgammon::{
    on_threads, sample_positions, CheckerPlayer, Evaluator, Level, MoveFilter, Networks, PlyPlayer,
    PositionClass, RolloutSettings,
};
use boardgames_core::backgammon::record::{replay_matches, MatchText};
use boardgames_core::backgammon::{
    board_from_position_id, position_id, Backgammon, Board, Dice, MatchAction, MatchId, Side,
};
use boardgames_core::rand::{Rng, SeedableRng};
use boardgames_core::record::Format;
use boardgames_core::ChaCha8Rng;
use serde_json::{json, Value};

struct Options {
    mode: String,
    real: usize,
    selfplay: usize,
    candidates: usize,
    trials: u32,
    truncate: u32,
    seed: u64,
    threads: usize,
    chunk: usize,
    out: String,
    file: String,
    level: u8,
    weights: Option<String>,
    answers: Option<String>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        mode: String::new(),
        real: 1000,
        selfplay: 1000,
        candidates: 6,
        trials: 144,
        truncate: 10,
        seed: 1,
        threads: 1,
        chunk: 50,
        out: "backgammon-benchmark.jsonl".to_owned(),
        file: "backgammon-benchmark.jsonl".to_owned(),
        level: 1,
        weights: None,
        answers: None,
    };
    for (name, value) in args::pairs()? {
        let value = value.as_str();
        match name.as_str() {
            "--mode" => o.mode = value.to_owned(),
            "--real" => o.real = args::parse(&name, value)?,
            "--selfplay" => o.selfplay = args::parse(&name, value)?,
            "--candidates" => o.candidates = args::parse(&name, value)?,
            "--trials" => o.trials = args::parse(&name, value)?,
            "--truncate" => o.truncate = args::parse(&name, value)?,
            "--seed" => o.seed = args::parse(&name, value)?,
            "--threads" => o.threads = args::parse(&name, value)?,
            "--chunk" => o.chunk = args::parse(&name, value)?,
            "--out" => o.out = value.to_owned(),
            "--file" => o.file = value.to_owned(),
            "--level" => o.level = args::parse(&name, value)?,
            "--weights" => o.weights = Some(value.to_owned()),
            "--answers" => o.answers = Some(value.to_owned()),
            _ => return Err(format!("unknown option {name}")),
        }
    }
    Ok(o)
}

fn main() -> Result<(), String> {
    let o = options()?;
    match o.mode.as_str() {
        "build" => build(&o),
        "requests" => requests(&o),
        "score" => score(&o),
        other => Err(format!("--mode {other:?}: build, requests or score")),
    }
}

/// A position of the benchmark: where it comes from, the board, the side on roll, the roll.
#[derive(Copy, Clone)]
struct Case {
    real: bool,
    board: Board,
    side: Side,
    dice: Dice,
}

/// Every `len / n`-th of `all`, `n` of them (all when fewer).
fn stride<T: Copy>(all: &[T], n: usize) -> Vec<T> {
    if n == 0 || all.is_empty() {
        return Vec::new();
    }
    let step = (all.len() / n).max(1);
    all.iter().step_by(step).take(n).copied().collect()
}

/// Whether `dice` gives `side` at least two distinct plays on `board`.
fn has_choice(board: &Board, side: Side, dice: Dice) -> bool {
    Backgammon::from_parts(*board, side, Some(dice), 1).is_ok_and(|p| p.plays(dice).len() >= 2)
}

/// The checker plays of the real match files with a choice, in file order.
fn real_cases() -> Result<Vec<Case>, String> {
    let mut out = Vec::new();
    for (name, text) in boardgames_testdata::match_files() {
        let records = MatchText.read(&text).map_err(|e| format!("{name}: {e}"))?;
        for replay in &replay_matches(&records, true) {
            for game in &replay.games {
                for (_, m, action) in game.decisions() {
                    let pos = m.position();
                    if let (MatchAction::Play(_), Some(dice)) = (action, pos.dice()) {
                        let (board, side) = (*pos.board(), pos.side());
                        if has_choice(&board, side, dice) {
                            out.push(Case {
                                real: true,
                                board,
                                side,
                                dice,
                            });
                        }
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Positions of self-play with a roll and a choice.
fn selfplay_cases(n: usize, seed: u64) -> Vec<Case> {
    // About 60 positions a game: ten times more than asked, taken at a stride.
    let games = u32::try_from(n.div_ceil(6)).unwrap_or(u32::MAX).max(1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xD1CE);
    let all: Vec<Case> = sample_positions(Networks::shipped(), games, 0.1, seed)
        .into_iter()
        .filter_map(|(board, side)| {
            let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).ok()?;
            has_choice(&board, side, dice).then_some(Case {
                real: false,
                board,
                side,
                dice,
            })
        })
        .collect();
    stride(&all, n)
}

/// The rollout settings of position `n` of a benchmark rolled out with `base`: the same
/// dice for each of its candidates.
fn settings_of(base: &RolloutSettings, n: usize) -> RolloutSettings {
    RolloutSettings {
        seed: base.seed ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        ..*base
    }
}

/// The rollout settings of the options.
fn base_settings(o: &Options) -> RolloutSettings {
    RolloutSettings {
        trials: o.trials,
        truncate: o.truncate,
        seed: o.seed,
    }
}

/// The rollout's cubeless equity of `side` after its play to `after`, and its standard
/// error (exact, 0, when the play wins).
fn rollout_after(
    eval: &Evaluator<'_>,
    after: &Board,
    side: Side,
    s: &RolloutSettings,
) -> (f64, f64) {
    if after.has_won(side) {
        return (f64::from(eval.after_play(after, side, 0).equity()), 0.0);
    }
    let r = eval.rollout(after, side.other(), s);
    (-f64::from(r.chances.equity()), r.equity_error)
}

/// The benchmark's line of position `n`.
fn line_of(o: &Options, eval: &Evaluator<'_>, n: usize, c: &Case) -> Value {
    const WIDE: [MoveFilter; 1] = [MoveFilter {
        keep: 16,
        within: 0.32,
    }];
    let mut candidates: Vec<Value> = Backgammon::from_parts(c.board, c.side, Some(c.dice), 1)
        .map(|pos| eval.rank(&pos, c.dice, 1, &WIDE, &|ch| f64::from(ch.equity())))
        .unwrap_or_default()
        .iter()
        .take(o.candidates.max(1))
        .map(|p| {
            let (equity, error) =
                rollout_after(eval, &p.after, c.side, &settings_of(&base_settings(o), n));
            json!({
                "play": p.play.to_string(),
                "position_id_after": position_id(&p.after, c.side.other()),
                "equity": round5(equity),
                "error": round5(error),
            })
        })
        .collect();
    let equity = |v: &Value| v["equity"].as_f64().unwrap_or(0.0);
    candidates.sort_by(|a, b| equity(b).total_cmp(&equity(a)));
    json!({
        "n": n,
        "source": if c.real { "real" } else { "self-play" },
        "position_id": position_id(&c.board, c.side),
        "dice": c.dice.to_string(),
        "class": PositionClass::of(&c.board).name(),
        "candidates": candidates,
    })
}

fn round5(x: f64) -> f64 {
    (x * 1e5).round() / 1e5
}

fn build(o: &Options) -> Result<(), String> {
    let mut cases = stride(&real_cases()?, o.real);
    cases.extend(selfplay_cases(o.selfplay, o.seed));
    let done = match std::fs::File::open(&o.out) {
        // The header and one line a position already written.
        Ok(f) => std::io::BufReader::new(f).lines().count().saturating_sub(1),
        Err(_) => 0,
    };
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&o.out)
        .map_err(|e| format!("{}: {e}", o.out))?;
    if done == 0 {
        let header = json!({
            "benchmark": "backgammon checker play, cubeless money equity after each candidate by truncated rollouts",
            "real": o.real, "selfplay": o.selfplay, "candidates": o.candidates,
            "trials": o.trials, "truncate": o.truncate, "seed": o.seed,
        });
        writeln!(out, "{header}").map_err(|e| e.to_string())?;
    }
    let eval = Evaluator::shipped();
    let bar = indicatif::ProgressBar::new(cases.len() as u64);
    bar.set_position(done as u64);
    let mut at = done;
    while at < cases.len() {
        let end = (at + o.chunk.max(1)).min(cases.len());
        let part = &cases[at..end];
        let lines = on_threads(part, o.threads, |j, c| line_of(o, &eval, at + j, c));
        for line in &lines {
            writeln!(out, "{line}").map_err(|e| e.to_string())?;
        }
        out.flush().map_err(|e| e.to_string())?;
        bar.inc(part.len() as u64);
        at = end;
    }
    bar.finish();
    Ok(())
}

/// The benchmark file: its header and its positions.
fn read_benchmark(file: &str) -> Result<(Value, Vec<Value>), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut lines = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Value>(l).map_err(|e| format!("{file}: {e}")));
    let header = lines.next().ok_or(format!("{file}: empty"))??;
    Ok((header, lines.collect::<Result<_, _>>()?))
}

/// The board, side and dice of a benchmark line.
fn case_of(line: &Value) -> Result<Case, String> {
    let field = |k: &str| line[k].as_str().ok_or(format!("no {k} in {line}"));
    // The side on roll is X in every line: a Position ID is the side on roll's.
    let board =
        board_from_position_id(field("position_id")?, Side::X).map_err(|e| e.to_string())?;
    let dice: Dice = field("dice")?.parse().map_err(|e| format!("{e}"))?;
    Ok(Case {
        real: field("source")? == "real",
        board,
        side: Side::X,
        dice,
    })
}

fn requests(o: &Options) -> Result<(), String> {
    let (_, lines) = read_benchmark(&o.file)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in &lines {
        let c = case_of(line)?;
        let id = MatchId::money(c.side, Some(c.dice));
        let request = json!({
            "id": line["n"],
            "position_id": position_id(&c.board, c.side),
            "match_id": id.encode(),
        });
        writeln!(out, "{request}").map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The position after the play a player chose at each position, as a Position ID of the
/// other side: the engine's at `--level`, or the answers of `--answers`.
fn choices(o: &Options, lines: &[Value]) -> Result<Vec<String>, String> {
    if let Some(file) = &o.answers {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let mut by_id = HashMap::new();
        for l in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: Value = serde_json::from_str(l).map_err(|e| format!("{file}: {e}"))?;
            by_id.insert(
                v["id"].to_string(),
                v["position_id_after"].as_str().unwrap_or("").to_owned(),
            );
        }
        return lines
            .iter()
            .map(|l| {
                by_id
                    .get(&l["n"].to_string())
                    .cloned()
                    .ok_or(format!("{file}: no answer for {}", l["n"]))
            })
            .collect();
    }
    let read;
    let nets = match &o.weights {
        Some(f) => {
            read = nets::read(f)?;
            &read
        }
        None => Networks::shipped(),
    };
    let level = Level::of(o.level);
    let mut player = PlyPlayer {
        eval: Evaluator::with_shared_bearoff(nets),
        plies: level.plies,
        filters: level.filters,
    };
    lines
        .iter()
        .map(|l| {
            let c = case_of(l)?;
            let after = player.choose(&c.board, c.side, c.dice);
            Ok(position_id(&after, c.side.other()))
        })
        .collect()
}

/// Totals of one group of decisions.
#[derive(Default)]
struct Tally {
    decisions: u32,
    lost: f64,
    best: u32,
}

fn score(o: &Options) -> Result<(), String> {
    let (header, lines) = read_benchmark(&o.file)?;
    let chosen = choices(o, &lines)?;
    let eval = Evaluator::shipped();
    let field = |k: &str| {
        header[k]
            .as_u64()
            .ok_or(format!("{}: no {k} in the header", o.file))
    };
    let base = RolloutSettings {
        trials: u32::try_from(field("trials")?).map_err(|e| e.to_string())?,
        truncate: u32::try_from(field("truncate")?).map_err(|e| e.to_string())?,
        seed: field("seed")?,
    };
    let mut groups: Vec<(String, Tally)> = Vec::new();
    let mut add = |group: String, lost: f64| {
        let at = match groups.iter().position(|(g, _)| *g == group) {
            Some(at) => at,
            None => {
                groups.push((group, Tally::default()));
                groups.len() - 1
            }
        };
        let t = &mut groups[at].1;
        t.decisions += 1;
        t.lost += lost;
        t.best += u32::from(lost == 0.0);
    };
    let mut outside = 0;
    for (line, after_id) in lines.iter().zip(&chosen) {
        let candidates = line["candidates"].as_array().cloned().unwrap_or_default();
        let best = candidates
            .iter()
            .filter_map(|c| c["equity"].as_f64())
            .fold(f64::NEG_INFINITY, f64::max);
        let equity = match candidates
            .iter()
            .find(|c| c["position_id_after"].as_str() == Some(after_id.as_str()))
        {
            Some(c) => c["equity"].as_f64().unwrap_or(best),
            None => {
                // Not a candidate: rolled out as the candidates were.
                outside += 1;
                let c = case_of(line)?;
                let after = board_from_position_id(after_id, c.side.other())
                    .map_err(|e| format!("position {}: the play's {after_id:?}: {e}", line["n"]))?;
                let n = line["n"].as_u64().unwrap_or(0) as usize;
                round5(rollout_after(&eval, &after, c.side, &settings_of(&base, n)).0)
            }
        };
        let lost = (best - equity).max(0.0);
        let class = line["class"].as_str().unwrap_or("?").to_owned();
        let source = line["source"].as_str().unwrap_or("?").to_owned();
        add("all".to_owned(), lost);
        add(class, lost);
        add(source, lost);
    }
    let who = match &o.answers {
        Some(f) => format!("the answers of {f}"),
        None => format!("level {}", o.level),
    };
    println!(
        "{who} on {} positions ({outside} plays outside the candidates, rolled out here)",
        lines.len()
    );
    println!(
        "{:<10} {:>9} {:>16} {:>10}",
        "group", "decisions", "error (mEMG)", "best play"
    );
    for (group, t) in &groups {
        println!(
            "{group:<10} {:>9} {:>16.1} {:>9.1} %",
            t.decisions,
            1000.0 * t.lost / f64::from(t.decisions.max(1)),
            100.0 * f64::from(t.best) / f64::from(t.decisions.max(1))
        );
    }
    Ok(())
}
