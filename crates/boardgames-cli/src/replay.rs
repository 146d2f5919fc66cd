//! `replay`: a record step by step, or `--jsonl` batch reports.
//!
//! # One record
//! The input (a file or standard input) is read with [`GameCli::read_record`]. The tags are
//! printed first (`Event: Turn-based Game`), then one line per step (`  12. player 2: L9`, with
//! what [`GameCli::describe_step`] adds), then the final board and the result. The first step
//! the rules refuse stops the replay: the board before it is shown and standard error names its
//! ply and the reason; the exit status is then [`Exit::Failure`].
//!
//! # Batch (`--jsonl`)
//! One record per input line; for each, one line of [`GameCli::batch_report`] serialised as
//! JSON on standard output, in input order. Blank lines are skipped. A line that is not a
//! record gives `line N: reason` on standard error, no output line, and processing goes on; the
//! exit status is then [`Exit::Failure`].

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;

use boardgames_core::Game;

use crate::args::ReplayArgs;
use crate::frontend::{apply_text, GameCli, Step};
use crate::{step_label, Exit};

/// Runs `replay` as described in the module docs; `stdin` is read when the file is `-`.
///
/// # Errors
/// Only errors writing `out` or `err`; input problems are reported on `err` and in the
/// returned [`Exit`].
pub fn replay<C: GameCli>(
    cli: &C,
    args: &ReplayArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let name = args.file.display().to_string();
    let from_stdin = args.file == Path::new("-");
    if args.jsonl {
        if from_stdin {
            return batch(cli, stdin, out, err);
        }
        return match File::open(&args.file) {
            Ok(file) => batch(cli, &mut BufReader::new(file), out, err),
            Err(e) => {
                writeln!(err, "error: cannot read {name}: {e}")?;
                Ok(Exit::BadInput)
            }
        };
    }
    let text = match crate::input::read_text(&args.file, stdin, err)? {
        Ok(text) => text,
        Err(exit) => return Ok(exit),
    };
    replay_text(cli, &text, args.quiet, args.colour, out, err)
}

/// Replays one record given as text, printing each step (unless `quiet`), the final board and
/// the result on `out`; problems go to `err`.
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn replay_text<C: GameCli>(
    cli: &C,
    text: &str,
    quiet: bool,
    colour: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let record = match cli.read_record(text) {
        Ok(r) => r,
        Err(e) => {
            writeln!(err, "error: not a game record: {e}")?;
            return Ok(Exit::BadInput);
        }
    };
    for (tag, value) in &record.tags {
        writeln!(out, "{tag}: {value}")?;
    }
    let mut pos = record.start.clone();
    let mut ply = 0;
    for text in &record.steps {
        let before = pos.clone();
        let who = match pos.turn() {
            boardgames_core::Turn::Seat(s) => cli.seat_name(&pos, s),
            _ => "chance".to_owned(),
        };
        let at = step_label(&pos, ply + 1);
        match apply_text(cli, &mut pos, text) {
            Ok(step) => {
                if let Step::Move(_) = step {
                    ply += 1;
                }
                if !quiet {
                    let what = cli.describe_step(&before, &step, &pos);
                    match step {
                        Step::Move(_) => writeln!(out, "{ply:>4}. {who}: {what}")?,
                        Step::Chance(_) => writeln!(out, "      {who}: {what}")?,
                    }
                }
            }
            Err(e) => {
                writeln!(out, "{}", cli.render(&before, colour))?;
                writeln!(err, "error: {at} ({who}): {e}")?;
                return Ok(Exit::Failure);
            }
        }
    }
    writeln!(out, "{}", cli.render(&pos, colour))?;
    writeln!(out, "result: {}", cli.describe_end(&pos))?;
    Ok(Exit::Success)
}

/// `replay --jsonl`: one report line per record line (see the module docs).
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn batch<C: GameCli>(
    cli: &C,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    json_lines(input, out, err, |line| cli.batch_report(line))
}

/// The JSON-lines loop behind every `--jsonl` mode: each non-blank input line goes to
/// `report`, whose result is written as one line of JSON on `out`, in input order. A line
/// that is not UTF-8, or that `report` refuses, gives `line N: reason` on `err` and no output
/// line; the others are still processed, and the exit status is then [`Exit::Failure`].
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn json_lines<R: serde::Serialize>(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    mut report: impl FnMut(&str) -> Result<R, String>,
) -> io::Result<Exit> {
    let mut bad = 0usize;
    let mut line_no = 0usize;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                writeln!(err, "error: reading line {}: {e}", line_no + 1)?;
                bad += 1;
                break;
            }
        }
        line_no += 1;
        let Ok(line) = std::str::from_utf8(&buf) else {
            writeln!(err, "line {line_no}: not UTF-8 text")?;
            bad += 1;
            continue;
        };
        if line.trim().is_empty() {
            continue;
        }
        let json =
            report(line.trim()).and_then(|r| serde_json::to_string(&r).map_err(|e| e.to_string()));
        match json {
            Ok(json) => writeln!(out, "{json}")?,
            Err(e) => {
                writeln!(err, "line {line_no}: {e}")?;
                bad += 1;
            }
        }
    }
    if bad > 0 {
        writeln!(err, "error: {bad} bad input line(s)")?;
        return Ok(Exit::Failure);
    }
    Ok(Exit::Success)
}
