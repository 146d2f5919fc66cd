//! The JSON-lines loop behind every `--jsonl` mode, and [`Report`], what a mode does with one
//! line.

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use crate::common::Exit;

/// A `--jsonl` batch mode: the report of one input line.
///
/// Implemented for every `fn(&str) -> Result<O, E>`, so a game names its modes as function
/// pointers: `type ReplayLines = fn(&str) -> Result<ReplayReport, RecordError>;`.
pub trait Report {
    /// One output line, serialised as JSON with its fields in declaration order.
    type Output: serde::Serialize;
    /// Why a line is not an input of the mode.
    type Error: Display;

    /// The report of one input line (trimmed, never blank).
    ///
    /// # Errors
    /// Why the line is not an input of the mode.
    fn report(&self, line: &str) -> Result<Self::Output, Self::Error>;
}

impl<O: serde::Serialize, E: Display> Report for fn(&str) -> Result<O, E> {
    type Output = O;
    type Error = E;

    fn report(&self, line: &str) -> Result<O, E> {
        self(line)
    }
}

/// The mode of a game that has none (its hook returns `None`).
pub type NoLines = fn(&str) -> Result<(), core::convert::Infallible>;

/// Runs a mode over `input`: each non-blank line's report is written as one line of JSON on
/// `out`, in input order (a byte-order mark before the first line is skipped). A line that
/// is not UTF-8, or that the mode refuses, gives
/// `line N: reason` on `err` and no output line; the others are still processed, and the
/// exit status is then [`Exit::Failure`]. Blank lines are skipped (no output line). Input
/// that cannot be read (a directory, a device error) stops the loop with
/// [`Exit::BadInput`].
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn json_lines<R: Report>(
    mode: &R,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
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
                // The input cannot be read (a directory, a device error): exit status 2.
                writeln!(err, "error: reading line {}: {e}", line_no + 1)?;
                return Ok(Exit::BadInput);
            }
        }
        line_no += 1;
        // A byte-order mark some editors put first is no part of the text (as in records).
        let bytes = match buf.strip_prefix(b"\xef\xbb\xbf") {
            Some(rest) if line_no == 1 => rest,
            _ => &buf[..],
        };
        let Ok(line) = std::str::from_utf8(bytes) else {
            writeln!(err, "line {line_no}: not UTF-8 text")?;
            bad += 1;
            continue;
        };
        if line.trim().is_empty() {
            continue;
        }
        let json = mode
            .report(line.trim())
            .map_err(|e| e.to_string())
            .and_then(|r| serde_json::to_string(&r).map_err(|e| e.to_string()));
        match json {
            Ok(json) => {
                writeln!(out, "{json}")?;
                // At once, so that a program on the other end of a pipe gets each answer.
                out.flush()?;
            }
            Err(e) => {
                writeln!(err, "line {line_no}: {e}")?;
                bad += 1;
            }
        }
    }
    if bad > 0 {
        let lines = if bad == 1 { "line" } else { "lines" };
        writeln!(err, "error: {bad} bad input {lines}")?;
        return Ok(Exit::Failure);
    }
    Ok(Exit::Success)
}
