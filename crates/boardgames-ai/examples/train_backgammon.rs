//! Trains the backgammon networks (contact, crashed, race) from random weights by self-play
//! TD(0) (`boardgames_ai::backgammon::td_game`), seeded, with a progress bar; the inputs are
//! the board and its features (`--encoding knowledge`, the default) or the board alone
//! (`--encoding board`). Every `--every` games it writes the weights (a checkpoint, to
//! `--out`) and measures the networks against
//! Tesauro's pubeval over `--bench` cubeless games with paired dice, as a line of the
//! learning curve (`--curve`, CSV: games, seconds, points a game and its 95 % margin, the
//! share of games won), redrawn as a PNG at each checkpoint with `--plot FILE` (plotters;
//! `--font PATH` a TrueType font for its text, DejaVu Sans at its usual place by default).
//! The learning rate goes from `--rate` (default 0.1) to `--rate-end` (default the same) in a
//! straight line over the games. The dice of each block of `--every` games come from the seed
//! and the block alone, so a run stopped after a checkpoint goes on with `--resume FILE
//! --from-game K` (K the games the checkpoint holds, a multiple of `--every`; the curve is
//! appended to) exactly as if it had not stopped. `--stop-at K` stops after game K with a
//! checkpoint, the learning rate still scheduled over `--games`:
//! the networks of one checkpoint of a longer run, made again by one command.
//!
//! Run: `cargo run --release -p boardgames-ai --example train_backgammon -- --hidden 80
//! --games 200000 --seed 1 --rate 0.1 --rate-end 0.02 --out crates/boardgames-ai/weights/backgammon.bgns --curve
//! docs/backgammon-training.csv --plot docs/backgammon-training.png`

#[path = "support/args.rs"]
mod args;
#[path = "support/curve.rs"]
mod curve;
#[path = "support/nets.rs"]
mod nets;

use std::io::Write;
use std::time::Instant;

use boardgames_ai::backgammon::{series, td_game, Encoding, Networks, PubEval};
use boardgames_core::rand::SeedableRng;
use boardgames_core::ChaCha8Rng;

struct Options {
    hidden: usize,
    race_hidden: usize,
    encoding: Encoding,
    resume: Option<String>,
    from_game: u64,
    games: u64,
    stop_at: Option<u64>,
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
        race_hidden: 0,
        encoding: Encoding::Knowledge,
        resume: None,
        from_game: 0,
        games: 100_000,
        stop_at: None,
        seed: 1,
        rate: 0.1,
        rate_end: None,
        every: 10_000,
        bench: 2_000,
        out: "backgammon.bgns".to_owned(),
        curve: "backgammon-training.csv".to_owned(),
        plot: None,
        font: curve::DEFAULT_FONT.to_owned(),
    };
    for (name, value) in args::pairs()? {
        let value = value.as_str();
        match name.as_str() {
            "--hidden" => o.hidden = args::parse(&name, value)?,
            "--race-hidden" => o.race_hidden = args::parse(&name, value)?,
            "--encoding" => {
                o.encoding = match value {
                    "board" => Encoding::Board,
                    "knowledge" => Encoding::Knowledge,
                    _ => return Err(format!("{name} {value}: board or knowledge")),
                }
            }
            "--resume" => o.resume = Some(value.to_owned()),
            "--from-game" => o.from_game = args::parse(&name, value)?,
            "--games" => o.games = args::parse(&name, value)?,
            "--stop-at" => o.stop_at = Some(args::parse(&name, value)?),
            "--seed" => o.seed = args::parse(&name, value)?,
            "--rate" => o.rate = args::parse(&name, value)?,
            "--rate-end" => o.rate_end = Some(args::parse(&name, value)?),
            "--every" => o.every = args::parse(&name, value)?,
            "--bench" => o.bench = args::parse(&name, value)?,
            "--out" => o.out = value.to_owned(),
            "--curve" => o.curve = value.to_owned(),
            "--plot" => o.plot = Some(value.to_owned()),
            "--font" => o.font = value.to_owned(),
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
    let mut net = start(&o)?;
    let mut curve = std::fs::OpenOptions::new()
        .create(true)
        .append(o.resume.is_some())
        .write(true)
        .truncate(o.resume.is_none())
        .open(&o.curve)
        .map_err(|e| format!("{}: {e}", o.curve))?;
    if o.resume.is_none() {
        writeln!(curve, "games,seconds,ppg_against_pubeval,ppg_margin,won")
            .map_err(|e| e.to_string())?;
    }
    let bar = indicatif::ProgressBar::new(o.games);
    bar.set_position(o.from_game);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games {elapsed} (eta {eta}) {msg}",
        )
        .map_err(|e| e.to_string())?,
    );
    let started = Instant::now();
    let last = o.stop_at.map_or(o.games, |k| k.min(o.games));
    for game in o.from_game + 1..=last {
        if (game - 1) % o.every == 0 {
            rng = ChaCha8Rng::seed_from_u64(o.seed ^ ((game - 1) / o.every) << 32);
        }
        // The learning rate goes linearly from --rate to --rate-end over the games.
        let done = (game - 1) as f32 / o.games as f32;
        let rate = o.rate + (o.rate_end.unwrap_or(o.rate) - o.rate) * done;
        td_game(&mut net, &mut rng, rate);
        bar.inc(1);
        if game % o.every == 0 || game == last {
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

/// The networks to start from: random ones of `--hidden` units (`--race-hidden` for the race
/// network, `--hidden` when 0), or those of `--resume`.
fn start(o: &Options) -> Result<Networks, String> {
    match &o.resume {
        Some(file) => nets::read(file),
        None => nets::random(o.encoding, o.hidden, o.race_hidden, o.seed),
    }
}
