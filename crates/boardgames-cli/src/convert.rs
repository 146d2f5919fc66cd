//! `convert`: a record file from one of the game's record formats into another.
//!
//! The input format is recognised from the text ([`GameCli::formats`]: the first that detects
//! it, else the last); the output is written by the format named by `--to`.

use std::io::{self, BufRead, Write};

use boardgames_core::record::Format;

use crate::args::ConvertArgs;
use crate::common::{cut_quoted, Exit};
use crate::frontend::{format_for, format_named, GameCli};
use crate::input;

/// Runs `convert`: reads the file (or standard input for `-`), writes its records in the
/// format asked for on `out`; problems go to `err`.
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn convert<C: GameCli>(
    cli: &C,
    args: &ConvertArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let formats = cli.formats();
    let to = args.to.to_ascii_lowercase();
    let Some(target) = format_named::<C>(&formats, &to) else {
        let names: Vec<&str> = formats.iter().map(|f| f.name()).collect();
        let known = if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(", ")
        };
        writeln!(
            err,
            "error: cannot write {:?}: formats are {known}",
            args.to
        )?;
        return Ok(Exit::BadInput);
    };
    let text = match input::read_for_formats(cli, &formats, &args.file, stdin, err)? {
        Ok(text) => text,
        Err(exit) => return Ok(exit),
    };
    let records = match format_for::<C>(&formats, &text).map(|from| from.read(&text)) {
        Some(Ok(records)) if records.is_empty() => {
            writeln!(err, "error: {}", input::EMPTY_INPUT)?;
            return Ok(Exit::BadInput);
        }
        Some(Ok(records)) => records,
        None => Vec::new(),
        Some(Err(e)) => {
            let message = format!("{}: {e}", args.file.display());
            writeln!(err, "error: {}", cut_quoted(&message))?;
            return Ok(Exit::BadInput);
        }
    };
    let written = target.write(&records);
    match written {
        Ok(converted) => {
            out.write_all(converted.as_bytes())?;
            if !converted.is_empty() && !converted.ends_with('\n') {
                writeln!(out)?;
            }
            Ok(Exit::Success)
        }
        Err(e) => {
            writeln!(err, "error: {}: {e}", args.file.display())?;
            Ok(Exit::BadInput)
        }
    }
}
