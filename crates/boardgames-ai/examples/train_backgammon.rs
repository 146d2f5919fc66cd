//! Trains the backgammon network from random weights by self-play TD(0)
//! (`boardgames_ai::backgammon::td_game`), seeded, with a progress bar; every `--every`
//! games it writes the weights (a checkpoint, to `--out`) and measures the network against
//! Tesauro's pubeval over `--bench` cubeless games with paired dice, as a line of the
//! learning curve (`--curve`, CSV: games, seconds, points a game and its 95 % margin, the
//! share of games won), redrawn as a PNG at each checkpoint with `--plot FILE` (plotters;
//! `--font PATH` a TrueType font for its text, DejaVu Sans at its usual place by default).
//! The learning rate goes from `--rate` (default 0.1) to `--rate-end` (default the same) in a
//! straight line over the games.
//!
//! Run: `cargo run --release -p boardgames-ai --example train_backgammon -- --hidden 80
//! --games 200000 --seed 1 --rate 0.1 --rate-end 0.02 --out crates/boardgames-ai/weights/backgammon.bgnn --curve
//! docs/backgammon-training.csv --plot docs/backgammon-training.png`

#[path = "support/curve.rs"]
mod curve;

use std::io::Write;
use std::time::Instant;

use boardgames_ai::backgammon::{series, td_game, Network, PubEval};
use boardgames_core::rand::SeedableRng;
use boardgames_core::ChaCha8Rng;

struct Options {
    hidden: usize,
    games: u64,
    seed: u64,
    rate: f32,
    rate_end: Option<f32>,
    every: u64,
    bench: u32,
    out: String,
    curve: String,
    plot: Option<String>,
    font: String,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        hidden: 80,
        games: 100_000,
        seed: 1,
        rate: 0.1,
        rate_end: None,
        every: 10_000,
        bench: 2_000,
        out: "backgammon.bgnn".to_owned(),
        curve: "backgammon-training.csv".to_owned(),
        plot: None,
        font: curve::DEFAULT_FONT.to_owned(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let [name, value] = pair else {
            return Err(format!("{} wants a value", pair[0]));
        };
        let bad = |e: &dyn std::fmt::Display| format!("{name} {value}: {e}");
        match name.as_str() {
            "--hidden" => o.hidden = value.parse().map_err(|e| bad(&e))?,
            "--games" => o.games = value.parse().map_err(|e| bad(&e))?,
            "--seed" => o.seed = value.parse().map_err(|e| bad(&e))?,
            "--rate" => o.rate = value.parse().map_err(|e| bad(&e))?,
            "--rate-end" => o.rate_end = Some(value.parse().map_err(|e| bad(&e))?),
            "--every" => o.every = value.parse().map_err(|e| bad(&e))?,
            "--bench" => o.bench = value.parse().map_err(|e| bad(&e))?,
            "--out" => o.out.clone_from(value),
            "--curve" => o.curve.clone_from(value),
            "--plot" => o.plot = Some(value.clone()),
            "--font" => o.font.clone_from(value),
            _ => return Err(format!("unknown option {name}")),
        }
    }
    Ok(o)
}

fn main() -> Result<(), String> {
    let o = options()?;
    if o.plot.is_some() {
        curve::load_font(&o.font)?;
    }
    let mut points = Vec::new();
    let mut net = Network::random(o.hidden, o.seed).map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let mut curve = std::fs::File::create(&o.curve).map_err(|e| format!("{}: {e}", o.curve))?;
    writeln!(curve, "games,seconds,ppg_against_pubeval,ppg_margin,won")
        .map_err(|e| e.to_string())?;
    let bar = indicatif::ProgressBar::new(o.games);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games {elapsed} (eta {eta}) {msg}",
        )
        .map_err(|e| e.to_string())?,
    );
    let started = Instant::now();
    for game in 1..=o.games {
        // The learning rate goes linearly from --rate to --rate-end over the games.
        let done = (game - 1) as f32 / o.games as f32;
        let rate = o.rate + (o.rate_end.unwrap_or(o.rate) - o.rate) * done;
        td_game(&mut net, &mut rng, rate);
        bar.inc(1);
        if game % o.every == 0 || game == o.games {
            std::fs::write(&o.out, net.to_bytes()).map_err(|e| format!("{}: {e}", o.out))?;
            // The benchmark's dice are the same at every checkpoint.
            let r = series(&mut &net, &mut PubEval, o.bench, 0xBE7C_4000);
            let won = f64::from(r.wins) / f64::from(r.games);
            let secs = started.elapsed().as_secs_f64();
            writeln!(
                curve,
                "{game},{secs:.0},{:.4},{:.4},{won:.4}",
                r.ppg, r.ppg_margin
            )
            .map_err(|e| e.to_string())?;
            curve.flush().map_err(|e| e.to_string())?;
            points.push(curve::Point {
                games: game,
                ppg: r.ppg,
                margin: r.ppg_margin,
            });
            if let Some(plot) = &o.plot {
                curve::draw(&points, curve::TITLE, plot)?;
            }
            bar.set_message(format!(
                "against pubeval {:+.3} ppg, {:.1} % won",
                r.ppg,
                100.0 * won
            ));
            bar.println(format!(
                "{game} games, {secs:.0} s: {:+.3} ppg (+/- {:.3}), {:.1} % won against pubeval",
                r.ppg,
                r.ppg_margin,
                100.0 * won
            ));
        }
    }
    bar.finish();
    Ok(())
}
