//! The learning curve of `train_backgammon` drawn as a PNG with plotters: the points a game
//! against pubeval at each checkpoint, with its 95 % interval as a bar, against the games
//! trained. Shared by the examples `train_backgammon` (which redraws it at each checkpoint)
//! and `plot_training` (which draws it from a CSV already written).

use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};

/// Where the text's font is looked for when `--font` is not given (DejaVu Sans, as Debian
/// and most Linux systems install it).
pub const DEFAULT_FONT: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// The picture's caption.
pub const TITLE: &str = "Backgammon network, self-play TD(0): strength against pubeval";

/// One checkpoint of the curve: a line of the CSV.
#[derive(Clone, Copy, Debug)]
pub struct Point {
    /// Games of self-play trained.
    pub games: u64,
    /// Points a game against pubeval.
    pub ppg: f64,
    /// Half the width of its 95 % interval.
    pub margin: f64,
}

/// Makes the font at `path` the plot's sans-serif face; once in a process.
pub fn load_font(path: &str) -> Result<(), String> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("font {path}: {e} (give one with --font)"))?;
    // plotters keeps fonts for the life of the process.
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    register_font("sans-serif", FontStyle::Normal, bytes)
        .map_err(|_| format!("font {path}: not a TrueType font plotters can read"))
}

/// Draws `points` to the PNG file `out` (960 x 540 pixels); the font must be loaded first.
pub fn draw(points: &[Point], title: &str, out: &str) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| format!("{out}: {e}");
    let max_games = points.iter().map(|p| p.games).max().unwrap_or(1).max(1) as f64 / 1000.0;
    let low = points
        .iter()
        .map(|p| p.ppg - p.margin)
        .fold(0.0_f64, f64::min);
    let high = points
        .iter()
        .map(|p| p.ppg + p.margin)
        .fold(0.1_f64, f64::max);
    let root = BitMapBackend::new(out, (960, 540)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(0.0..max_games * 1.04, (low - 0.05)..(high + 0.05))
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("games of self-play (thousands)")
        .y_desc("points a game against pubeval")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:+.1}"))
        .label_style(("sans-serif", 15))
        .draw()
        .map_err(|e| err(&e))?;
    let xy = |p: &Point| (p.games as f64 / 1000.0, p.ppg);
    // The interval of each checkpoint as a vertical bar.
    chart
        .draw_series(points.iter().map(|p| {
            let x = p.games as f64 / 1000.0;
            PathElement::new(
                vec![(x, p.ppg - p.margin), (x, p.ppg + p.margin)],
                BLUE.mix(0.5).stroke_width(2),
            )
        }))
        .map_err(|e| err(&e))?;
    chart
        .draw_series(LineSeries::new(points.iter().map(xy), BLUE.stroke_width(2)))
        .map_err(|e| err(&e))?
        .label("points a game (bars: 95 % interval)")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE.stroke_width(2)));
    chart
        .draw_series(points.iter().map(|p| Circle::new(xy(p), 4, BLUE.filled())))
        .map_err(|e| err(&e))?;
    // The line of an even score.
    chart
        .draw_series(LineSeries::new(
            [(0.0, 0.0), (max_games * 1.04, 0.0)],
            BLACK.mix(0.4),
        ))
        .map_err(|e| err(&e))?;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .label_font(("sans-serif", 15))
        .border_style(BLACK.mix(0.3))
        .background_style(WHITE)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}
