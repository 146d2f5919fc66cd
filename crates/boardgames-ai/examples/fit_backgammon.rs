//! Trains the backgammon networks on rollout labels (`boardgames_ai::backgammon::train_on`):
//! the lines of `--data` files written by the example `label_backgammon`, every 20th held
//! out to measure the error, the rest taken `--epochs` times in a seeded random order, the
//! learning rate going from `--rate` to `--rate-end` in a straight line. The networks start
//! from `--resume FILE` (a `Networks` file, e.g. the self-play ones) or random ones of
//! `--hidden` units on the knowledge encoding. After each epoch the networks are written to
//! `--out` and measured: the held-out error and `--bench` cubeless games against pubeval at
//! 0 plies (paired dice, the same at every epoch), a line of `--curve` (CSV: epoch, seconds,
//! training error, held-out error, points a game against pubeval and its 95 % margin).
//!
//! Run: `cargo run --release -p boardgames-ai --example fit_backgammon -- --data
//! backgammon-labels.jsonl --resume nets.bgns --epochs 10 --rate 0.02 --rate-end 0.005
//! --out fitted.bgns --curve fit.csv`

#[path = "support/args.rs"]
mod args;
#[path = "support/chances.rs"]
mod chances;
#[path = "support/nets.rs"]
mod nets;

use std::io::{BufRead, Write};
use std::time::Instant;

use boardgames_ai::backgammon::{series, train_on, Encoding, Networks, Outcomes, PubEval};
use boardgames_core::backgammon::{board_from_position_id, Board, Side};
use boardgames_core::rand::seq::SliceRandom;
use boardgames_core::rand::SeedableRng;
use boardgames_core::ChaCha8Rng;
use serde_json::Value;

struct Options {
    data: Vec<String>,
    resume: Option<String>,
    hidden: usize,
    epochs: u32,
    rate: f32,
    rate_end: Option<f32>,
    seed: u64,
    bench: u32,
    out: String,
    curve: String,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        data: Vec::new(),
        resume: None,
        hidden: 128,
        epochs: 10,
        rate: 0.02,
        rate_end: None,
        seed: 1,
        bench: 2000,
        out: "fitted.bgns".to_owned(),
        curve: "fit.csv".to_owned(),
    };
    for (name, value) in args::pairs()? {
        let value = value.as_str();
        match name.as_str() {
            "--data" => o.data.push(value.to_owned()),
            "--resume" => o.resume = Some(value.to_owned()),
            "--hidden" => o.hidden = args::parse(&name, value)?,
            "--epochs" => o.epochs = args::parse(&name, value)?,
            "--rate" => o.rate = args::parse(&name, value)?,
            "--rate-end" => o.rate_end = Some(args::parse(&name, value)?),
            "--seed" => o.seed = args::parse(&name, value)?,
            "--bench" => o.bench = args::parse(&name, value)?,
            "--out" => o.out = value.to_owned(),
            "--curve" => o.curve = value.to_owned(),
            _ => return Err(format!("unknown option {name}")),
        }
    }
    if o.data.is_empty() {
        return Err("--data FILE is needed (the output of label_backgammon)".to_owned());
    }
    Ok(o)
}

type Sample = (Board, Side, Outcomes);

/// The samples of one labelled line.
fn sample(line: &str) -> Result<Sample, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let id = v["position_id"].as_str().ok_or("no position_id")?;
    let board = board_from_position_id(id, Side::X).map_err(|e| e.to_string())?;
    Ok((board, Side::X, chances::from_json(&v)?))
}

/// Every labelled line of the files, and the files' names in messages.
fn load(files: &[String]) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for file in files {
        let f = std::fs::File::open(file).map_err(|e| format!("{file}: {e}"))?;
        for (n, line) in std::io::BufReader::new(f).lines().enumerate() {
            let line = line.map_err(|e| format!("{file}: {e}"))?;
            if line.trim().is_empty() {
                continue;
            }
            out.push(sample(&line).map_err(|e| format!("{file}: line {}: {e}", n + 1))?);
        }
    }
    Ok(out)
}

fn start(o: &Options) -> Result<Networks, String> {
    match &o.resume {
        Some(file) => nets::read(file),
        None => nets::random(Encoding::Knowledge, o.hidden, 0, o.seed),
    }
}

fn main() -> Result<(), String> {
    let o = options()?;
    let all = load(&o.data)?;
    let (mut train, held): (Vec<_>, Vec<_>) =
        all.into_iter().enumerate().partition(|(i, _)| i % 20 != 19);
    let held: Vec<Sample> = held.into_iter().map(|(_, s)| s).collect();
    let mut nets = start(&o)?;
    let mut curve = std::fs::File::create(&o.curve).map_err(|e| format!("{}: {e}", o.curve))?;
    writeln!(
        curve,
        "epoch,seconds,train_error,held_out_error,ppg_against_pubeval,ppg_margin"
    )
    .map_err(|e| e.to_string())?;
    eprintln!(
        "{} samples, {} held out; held-out error at the start {:.5}",
        train.len(),
        held.len(),
        train_on(&mut nets.clone(), &held, 0.0)
    );
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let started = Instant::now();
    for epoch in 1..=o.epochs {
        let done = (epoch - 1) as f32 / o.epochs as f32;
        let rate = o.rate + (o.rate_end.unwrap_or(o.rate) - o.rate) * done;
        train.shuffle(&mut rng);
        let samples: Vec<Sample> = train.iter().map(|(_, s)| *s).collect();
        let train_error = train_on(&mut nets, &samples, rate);
        let held_error = train_on(&mut nets.clone(), &held, 0.0);
        std::fs::write(&o.out, nets.to_bytes()).map_err(|e| format!("{}: {e}", o.out))?;
        let r = series(&mut &nets, &mut PubEval, o.bench, 0xBE7C_4000);
        let secs = started.elapsed().as_secs_f64();
        writeln!(
            curve,
            "{epoch},{secs:.0},{train_error:.6},{held_error:.6},{:.4},{:.4}",
            r.ppg, r.ppg_margin
        )
        .map_err(|e| e.to_string())?;
        curve.flush().map_err(|e| e.to_string())?;
        eprintln!(
            "epoch {epoch}, {secs:.0} s: error {train_error:.5}, held out {held_error:.5}; \
             {:+.3} ppg (+/- {:.3}) against pubeval",
            r.ppg, r.ppg_margin
        );
    }
    Ok(())
}
