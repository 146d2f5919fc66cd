//! `replay`: the records of a file step by step, or `--jsonl` batch reports.
//!
//! # Records
//! The input (a file or standard input) is read by the game's format that detects it
//! ([`GameCli::formats`]). For each record (only the one `--game N` names, when given): a line
//! `== game I of N: label` when the file holds several, the tags (`Event: Turn-based Game`),
//! one line per step (`  12. player 2: L9`, with what [`GameCli::describe_step`] adds), then
//! the final board and the result. The first step the rules refuse stops that record's
//! replay: the board before it is shown and standard error names its ply and the reason; the
//! exit status is then [`Exit::Failure`], after the other records.
//!
//! # Batch (`--jsonl`)
//! One input per line, the game's [`GameCli::replay_lines`] report of each as a line of JSON
//! (see [`crate::jsonl::json_lines`]).

use std::io::{self, BufRead, Write};

use boardgames_core::record::{
    replay as replay_record, Applied, Format, IllegalStep, Record, Trace,
};
use boardgames_core::{Game, Turn};

use crate::args::ReplayArgs;
use crate::common::{cut_quoted, step_label, step_reason, Exit};
use crate::frontend::{format_for, FormatOf, GameCli, View};
use crate::{input, jsonl};

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
    if args.jsonl {
        let Some(mode) = cli.replay_lines() else {
            writeln!(err, "error: this game has no replay --jsonl mode")?;
            return Ok(Exit::BadInput);
        };
        return input::with_lines(&args.file, stdin, err, |lines, err| {
            jsonl::json_lines(&mode, lines, out, err)
        });
    }
    let formats = cli.formats();
    let text = match input::read_for_formats(cli, &formats, &args.file, stdin, err)? {
        Ok(text) => text,
        Err(exit) => return Ok(exit),
    };
    let Some(format) = format_for::<C>(&formats, &text) else {
        writeln!(err, "error: this game reads no record files")?;
        return Ok(Exit::BadInput);
    };
    let records = match format.read(&text) {
        Ok(records) if records.is_empty() => {
            writeln!(err, "error: {}", input::EMPTY_INPUT)?;
            return Ok(Exit::BadInput);
        }
        Ok(records) => records,
        Err(e) => {
            let file = args.file.display().to_string();
            let message = format.presentation().read_error(&file, &e);
            writeln!(err, "error: {message}")?;
            return Ok(Exit::BadInput);
        }
    };
    if let Some(report) = format.presentation().report(&records, args, out, err) {
        return report;
    }
    let n = records.len();
    let chosen: Vec<(usize, &Record<C::Game>)> = match args.game {
        None => records.iter().enumerate().collect(),
        Some(k) if (1..=n).contains(&(k as usize)) => {
            vec![(k as usize - 1, &records[k as usize - 1])]
        }
        Some(_) if n == 1 => {
            writeln!(err, "error: the record holds one game; --game must be 1")?;
            return Ok(Exit::BadInput);
        }
        Some(k) => {
            writeln!(err, "error: --game {k}: the file holds {n} games")?;
            return Ok(Exit::BadInput);
        }
    };
    let mut exit = Exit::Success;
    for (i, record) in chosen {
        if n > 1 {
            writeln!(
                out,
                "== game {} of {n}: {}",
                i + 1,
                cli.record_label(record)
            )?;
        }
        match show_record(cli, format, record, args, out, err)? {
            Exit::Success => {}
            // A step that is not notation at all outweighs a refused legal-looking one.
            Exit::BadInput => exit = Exit::BadInput,
            other if exit == Exit::Success => exit = other,
            _ => {}
        }
        if let Some(footer) = format.presentation().footer(record) {
            writeln!(out, "{footer}")?;
        }
    }
    Ok(exit)
}

/// Replays one record, printing its tags, each step (unless `--quiet`), the final board and
/// the result on `out`; the first refused step goes to `err`.
///
/// # Errors
/// Only errors writing `out` or `err`.
fn show_record<C: GameCli>(
    cli: &C,
    format: &FormatOf<'_, C>,
    record: &Record<C::Game>,
    args: &ReplayArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    for (tag, value) in format.presentation().shown_tags(record) {
        writeln!(out, "{tag}: {value}")?;
    }
    let trace = replay_record(record);
    if !args.quiet {
        let mut ply = 0;
        for (before, step, after) in trace.steps() {
            let who = who(cli, before);
            let what = cli.describe_step(before, step, after);
            if matches!(step, Applied::Move(_)) {
                ply += 1;
                writeln!(out, "{ply:>4}. {who}: {what}")?;
            } else {
                writeln!(out, "      {who}: {what}")?;
            }
        }
    }
    let view = View::colour(args.color.for_stdout());
    writeln!(out, "{}", cli.render(trace.last(), &view))?;
    if let Some(bad) = &trace.illegal {
        if let Some(status) = cli.status(trace.last()) {
            writeln!(out, "{status}")?;
        }
        let message = format
            .presentation()
            .illegal_step(record, bad)
            .unwrap_or_else(|| illegal_line(cli, &trace, bad));
        writeln!(err, "error: {message}")?;
        // Text that is no step at all cannot be parsed (2); a step refused by the rules is 1.
        return Ok(if bad.error.is_notation() {
            Exit::BadInput
        } else {
            Exit::Failure
        });
    }
    // A finished game's result is the line below: no status line to repeat it.
    if let Some(status) = cli
        .status(trace.last())
        .filter(|_| trace.last().turn() != Turn::Over)
    {
        writeln!(out, "{status}")?;
    }
    writeln!(out, "result: {}", cli.describe_end(trace.last()))?;
    Ok(Exit::Success)
}

/// Who acts at `pos`: the seat's name, `chance`, or `game over` when nobody does.
pub fn who<C: GameCli>(cli: &C, pos: &C::Game) -> String {
    match pos.turn() {
        Turn::Seat(s) => cli.seat_name(pos, s),
        Turn::Chance => "chance".to_owned(),
        Turn::Over => "game over".to_owned(),
    }
}

/// The kit's message for a refused step: `ply N (seat): "step": reason`, or `chance before
/// ply N: ...` at a chance node.
pub fn illegal_line<C: GameCli>(
    cli: &C,
    trace: &Trace<C::Game>,
    bad: &IllegalStep<C::Game>,
) -> String {
    let pos = trace.last();
    // At a chance node the label already says who acts.
    let who = match pos.turn() {
        Turn::Chance => String::new(),
        _ => format!(" ({})", who(cli, pos)),
    };
    cut_quoted(&format!(
        "{}{who}: {:?}: {}",
        step_label(pos, bad.ply),
        bad.written.trim(),
        step_reason(pos, bad)
    ))
}
