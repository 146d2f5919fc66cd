//! Record files: APGN replay (one game or all of a file), `replay --jsonl` over the JSON
//! lines of the reference corpora, and `convert` between APGN, the plain Aba-Pro record and
//! JSON lines.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;

use boardgames_cli::replay::{json_lines, replay_text};
use boardgames_cli::{Exit, GameCli};
use boardgames_core::abalone::record::apgn::{looks_like_apgn, read_apgn, write_apgn, write_game};
use boardgames_core::abalone::record::{GameRecord, JsonGame};
use boardgames_core::abalone::{Abalone, Layout, Notation};
use boardgames_core::Game;

use crate::abalone::AbaloneCli;

pub use boardgames_cli::input::read_text;

/// What `replay FILE` was asked.
pub struct ReplayOptions {
    /// The file's name, for messages.
    pub name: String,
    /// Only this game of a file of several (from 1).
    pub game: Option<usize>,
    /// Only the final board and result.
    pub quiet: bool,
    /// ANSI colours.
    pub colour: bool,
}

/// `replay FILE`: an APGN file game by game (or the one `--game N` names), checked against
/// the rules; any other text as the plain Aba-Pro record of [`GameCli::read_record`].
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn replay_file<const SEATS: usize>(
    cli: &AbaloneCli<SEATS>,
    text: &str,
    options: &ReplayOptions,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    if !looks_like_apgn(text) {
        if options.game.is_some_and(|n| n != 1) {
            writeln!(err, "error: the record holds one game; --game must be 1")?;
            return Ok(Exit::BadInput);
        }
        return replay_text(cli, text, options.quiet, options.colour, out, err);
    }
    if SEATS != 2 {
        writeln!(
            err,
            "error: APGN records are two-player games (leave out --players)"
        )?;
        return Ok(Exit::BadInput);
    }
    let games = match read_apgn(text) {
        Ok(games) => games,
        Err(e) => {
            writeln!(err, "error: {}: {e}", options.name)?;
            return Ok(Exit::BadInput);
        }
    };
    let chosen: Vec<(usize, &GameRecord)> = match options.game {
        None => games.iter().enumerate().collect(),
        Some(n) if (1..=games.len()).contains(&n) => vec![(n - 1, &games[n - 1])],
        Some(n) => {
            writeln!(
                err,
                "error: --game {n}: the file holds {} game{}",
                games.len(),
                if games.len() == 1 { "" } else { "s" }
            )?;
            return Ok(Exit::BadInput);
        }
    };
    let mut exit = Exit::Success;
    for (i, game) in chosen {
        if games.len() > 1 {
            writeln!(
                out,
                "== game {} of {}: {}",
                i + 1,
                games.len(),
                game.label()
            )?;
        }
        // The game's own text, in the form the plain reader takes (Variant, tags, moves).
        let mut kit_err = Vec::new();
        let shown = replay_text(
            cli,
            &write_game(game),
            options.quiet,
            options.colour,
            out,
            &mut kit_err,
        )?;
        match (shown, game.check()) {
            (_, Err(e)) => {
                writeln!(err, "error: {e}")?;
                exit = Exit::Failure;
            }
            (Exit::Success, Ok(_)) => {}
            (other, Ok(_)) => {
                err.write_all(&kit_err)?;
                exit = other;
            }
        }
        if let Some(result) = game.result {
            writeln!(
                out,
                "recorded: {result}{}",
                game.termination
                    .as_deref()
                    .map(|t| format!(" ({t})"))
                    .unwrap_or_default()
            )?;
        }
    }
    Ok(exit)
}

/// `replay --jsonl`: one JSON line per game (as in the reference `real/games.jsonl`) in, one
/// report line out (`id`, `legal_plies`, `first_illegal`, `captured`, `legal_move_counts`,
/// `final_position`). A line that is not a game gives `line N: reason` on `err` and no
/// output; the exit status is then [`Exit::Failure`].
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn replay_jsonl(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    json_lines(input, out, err, |line| {
        JsonGame::from_json(line)
            .map(|game| game.report())
            .map_err(|e| e.to_string())
    })
}

/// `replay --jsonl FILE` with the file opened (or standard input for `-`).
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn replay_jsonl_file(
    path: &Path,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    if path == Path::new("-") {
        return replay_jsonl(stdin, out, err);
    }
    match File::open(path) {
        Ok(f) => replay_jsonl(&mut BufReader::new(f), out, err),
        Err(e) => {
            writeln!(err, "error: cannot read {}: {e}", path.display())?;
            Ok(Exit::BadInput)
        }
    }
}

/// The formats `convert --to` writes.
pub const FORMATS: [&str; 2] = ["json", "apgn"];

/// The games of a record text in any format read here: JSON lines (as `real/games.jsonl`),
/// APGN, or the plain Aba-Pro record (`[Layout "..."]` header, numbered moves).
///
/// # Errors
/// Why the text is none of them, with the line (and column where the format gives one).
pub fn read_games<const SEATS: usize>(
    cli: &AbaloneCli<SEATS>,
    text: &str,
) -> Result<Vec<GameRecord>, String> {
    if SEATS != 2 {
        return Err("APGN and JSON records are two-player games (leave out --players)".to_owned());
    }
    if text.trim_start().starts_with('{') {
        let mut games = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let record = JsonGame::from_json(line.trim())
                .and_then(|g| g.to_game_record())
                .map_err(|e| format!("line {}: {e}", i + 1))?;
            games.push(record);
        }
        return Ok(games);
    }
    if looks_like_apgn(text) {
        return read_apgn(text).map_err(|e| e.to_string());
    }
    let record = cli.read_record(text)?;
    let mut start = record.start.to_setup();
    start.move_limit = None;
    let layout = Layout::ALL
        .into_iter()
        .find(|&l| Abalone::new(l).to_setup() == start)
        .ok_or("the record starts from a position that is no layout; APGN and JSON records start from a layout")?;
    let moves = record
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.parse::<Notation>()
                .map_err(|e| format!("move {} ({s}): {e}", i + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut game = GameRecord {
        layout,
        moves,
        ..GameRecord::default()
    };
    for (name, value) in record.tags {
        match name.as_str() {
            "Layout" | "Variant" => {}
            "Result" => game.result = value.parse().ok(),
            _ => game.tags.push((name, value)),
        }
    }
    Ok(vec![game])
}

/// `convert`: the games of `text` written as `to` (`json`: one line per game as
/// `real/games.jsonl`; `apgn`).
///
/// # Errors
/// Why the text is not a record, or `to` is not a format.
pub fn convert<const SEATS: usize>(
    cli: &AbaloneCli<SEATS>,
    text: &str,
    to: &str,
) -> Result<String, String> {
    let games = read_games(cli, text)?;
    match to.to_ascii_lowercase().as_str() {
        "apgn" => Ok(write_apgn(&games)),
        "json" => {
            let mut out = String::new();
            for game in &games {
                let line = serde_json::to_string(&JsonGame::from_game_record(game))
                    .map_err(|e| e.to_string())?;
                out.push_str(&line);
                out.push('\n');
            }
            Ok(out)
        }
        other => Err(format!(
            "cannot write {other:?}: formats are {}",
            FORMATS.join(", ")
        )),
    }
}
