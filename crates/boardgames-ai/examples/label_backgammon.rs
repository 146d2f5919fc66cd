//! Labels backgammon positions for training by truncated rollouts
//! (`boardgames_ai::backgammon::{sample_positions, label_positions}`): the positions of
//! `--games` games of self-play at 0 plies (a play of `--explore` share chosen at random),
//! each rolled out `--trials` times (the first roll of the trials stratified over the 36),
//! cut after `--truncate` plies and evaluated there, on `--threads` threads. The rollouts
//! play with the networks of `--weights` (a `Networks` or network file; the shipped ones by
//! default), the self-play too.
//!
//! Output (`--out`, appended to): one JSON line a position, `{"position_id": gnubg Position
//! ID (the side on roll's), "win", "win_gammon", "win_backgammon", "lose_gammon",
//! "lose_backgammon": the rollout's chances of the side on roll, "equity_error": the standard
//! error of its cubeless equity, "trials", "truncate"}`. The lines already in `--out` are
//! the positions already labelled: a run stopped at any point goes on where it stopped with
//! the same options (the positions and each one's rollout depend on the seed alone), written
//! `--chunk` positions at a time.
//!
//! With `--plies N` (1 or more) a position is labelled by the evaluator's look-ahead of N
//! plies ([`Evaluator::chances`]) instead of a rollout (`"trials"` and `"truncate"` 0,
//! `"plies"` N): the deeper evaluation taught to the networks that evaluate at 0 plies.
//!
//! Run: `cargo run --release -p boardgames-ai --example label_backgammon -- --games 2000
//! --trials 144 --truncate 10 --threads 2 --seed 1 --out backgammon-labels.jsonl`

#[path = "support/args.rs"]
mod args;
#[path = "support/nets.rs"]
#[allow(dead_code)] // this example reads networks, it does not make them
mod nets;

use std::io::{BufRead, Write};
use std::time::Instant;

use boardgames_ai::backgammon::{
    label_positions, on_threads, sample_positions, BearoffDatabase, Evaluator, Networks,
    RolloutSettings,
};
use boardgames_core::backgammon::position_id;

struct Options {
    games: u32,
    explore: f64,
    seed: u64,
    trials: u32,
    truncate: u32,
    plies: u32,
    threads: usize,
    chunk: usize,
    weights: Option<String>,
    out: String,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        games: 100,
        explore: 0.1,
        seed: 1,
        trials: 144,
        truncate: 10,
        plies: 0,
        threads: std::thread::available_parallelism().map_or(1, usize::from),
        chunk: 500,
        weights: None,
        out: "backgammon-labels.jsonl".to_owned(),
    };
    for (name, value) in args::pairs()? {
        let value = value.as_str();
        match name.as_str() {
            "--games" => o.games = args::parse(&name, value)?,
            "--explore" => o.explore = args::parse(&name, value)?,
            "--seed" => o.seed = args::parse(&name, value)?,
            "--trials" => o.trials = args::parse(&name, value)?,
            "--truncate" => o.truncate = args::parse(&name, value)?,
            "--plies" => o.plies = args::parse(&name, value)?,
            "--threads" => o.threads = args::parse(&name, value)?,
            "--chunk" => o.chunk = args::parse(&name, value)?,
            "--weights" => o.weights = Some(value.to_owned()),
            "--out" => o.out = value.to_owned(),
            _ => return Err(format!("unknown option {name}")),
        }
    }
    Ok(o)
}

/// The lines already in `path` (0 when it does not exist).
fn labelled(path: &str) -> Result<usize, String> {
    match std::fs::File::open(path) {
        Ok(f) => Ok(std::io::BufReader::new(f).lines().count()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(0),
        Err(e) => Err(format!("{path}: {e}")),
    }
}

fn main() -> Result<(), String> {
    let o = options()?;
    let nets: &'static Networks = match &o.weights {
        None => Networks::shipped(),
        Some(file) => Box::leak(Box::new(nets::read(file)?)),
    };
    let eval = Evaluator::new(nets, BearoffDatabase::get());
    let positions = sample_positions(nets, o.games, o.explore, o.seed);
    let done = labelled(&o.out)?.min(positions.len());
    let settings = RolloutSettings {
        trials: o.trials,
        truncate: o.truncate,
        seed: o.seed,
    };
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&o.out)
        .map_err(|e| format!("{}: {e}", o.out))?;
    let bar = indicatif::ProgressBar::new(positions.len() as u64);
    bar.set_position(done as u64);
    let started = Instant::now();
    let mut from = done;
    while from < positions.len() {
        let to = (from + o.chunk.max(1)).min(positions.len());
        // Seeded by each position's number in the whole list: the same labels however split.
        let part = &positions[from..to];
        let labels = if o.plies > 0 {
            on_threads(part, o.threads, |_, &(board, side)| {
                (eval.chances(&board, side, o.plies), 0.0, 0)
            })
        } else {
            label_positions(&eval, part, from, &settings, o.threads)
                .into_iter()
                .map(|r| (r.chances, r.equity_error, r.trials))
                .collect()
        };
        let truncate = if o.plies > 0 { 0 } else { o.truncate };
        let mut text = String::new();
        for (&(board, side), &(c, error, trials)) in part.iter().zip(&labels) {
            let mut line = serde_json::json!({
                "position_id": position_id(&board, side),
                "win": c.win,
                "win_gammon": c.win_gammon,
                "win_backgammon": c.win_backgammon,
                "lose_gammon": c.lose_gammon,
                "lose_backgammon": c.lose_backgammon,
                "equity_error": (error * 1e5).round() / 1e5,
                "trials": trials,
                "truncate": truncate,
            });
            if o.plies > 0 {
                line["plies"] = o.plies.into();
            }
            text.push_str(&line.to_string());
            text.push('\n');
        }
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| format!("{}: {e}", o.out))?;
        bar.set_position(to as u64);
        from = to;
    }
    bar.finish();
    eprintln!(
        "{} positions labelled ({} before this run) in {:.0} s",
        positions.len(),
        done,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
