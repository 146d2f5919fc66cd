//! Draws the learning curve that `train_backgammon` writes as CSV (`--curve`) as a PNG: the
//! points a game against pubeval at each checkpoint with its 95 % interval, against the
//! games trained. `train_backgammon --plot FILE` draws the same picture as it trains; this
//! redraws it from a CSV alone.
//!
//! Run: `cargo run --release -p boardgames-ai --example plot_training --
//! docs/backgammon-training.csv docs/backgammon-training.png` (optionally `--font PATH`, a
//! TrueType font for the text; DejaVu Sans at its usual place by default).

#[path = "support/curve.rs"]
mod curve;

/// Reads the curve's CSV (`games,seconds,ppg_against_pubeval,ppg_margin,won`, a header line
/// first); an error names the line that is wrong.
pub fn read_csv(text: &str) -> Result<Vec<curve::Point>, String> {
    let mut points = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').collect();
        let bad = || format!("line {}: not games,seconds,ppg,margin,won: {line}", n + 1);
        if fields.len() != 5 {
            return Err(bad());
        }
        points.push(curve::Point {
            games: fields[0].trim().parse().map_err(|_| bad())?,
            ppg: fields[2].trim().parse().map_err(|_| bad())?,
            margin: fields[3].trim().parse().map_err(|_| bad())?,
        });
    }
    Ok(points)
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut files = Vec::new();
    let mut font = curve::DEFAULT_FONT.to_owned();
    while let Some(arg) = args.next() {
        if arg == "--font" {
            font = args.next().ok_or("--font wants a path")?;
        } else {
            files.push(arg);
        }
    }
    let [csv, png] = files.as_slice() else {
        return Err("usage: plot_training CURVE.csv OUT.png [--font PATH]".to_owned());
    };
    let text = std::fs::read_to_string(csv).map_err(|e| format!("{csv}: {e}"))?;
    let points = read_csv(&text).map_err(|e| format!("{csv}: {e}"))?;
    curve::load_font(&font)?;
    curve::draw(&points, curve::TITLE, png)?;
    println!("{png}: {} checkpoints", points.len());
    Ok(())
}
