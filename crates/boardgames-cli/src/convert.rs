//! `convert`: a record file from one of the game's record formats into another.
//!
//! The game says which formats it writes ([`GameCli::record_formats`]) and reads any of its
//! formats, recognised from the text ([`GameCli::convert`]).

use std::io::{self, BufRead, Write};

use crate::args::ConvertArgs;
use crate::frontend::GameCli;
use crate::{input, Exit};

/// Runs `convert`: reads the file (or standard input for `-`), writes the record in the
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
    let formats = cli.record_formats();
    let to = args.to.to_ascii_lowercase();
    if !formats.contains(&to.as_str()) {
        let known = if formats.is_empty() {
            "none".to_owned()
        } else {
            formats.join(", ")
        };
        writeln!(
            err,
            "error: cannot write {:?}: formats are {known}",
            args.to
        )?;
        return Ok(Exit::BadInput);
    }
    let text = match input::read_text(&args.file, stdin, err)? {
        Ok(text) => text,
        Err(exit) => return Ok(exit),
    };
    match cli.convert(&text, &to) {
        Ok(converted) => {
            out.write_all(converted.as_bytes())?;
            if !converted.ends_with('\n') {
                writeln!(out)?;
            }
            Ok(Exit::Success)
        }
        Err(message) => {
            writeln!(err, "error: {}: {message}", args.file.display())?;
            Ok(Exit::BadInput)
        }
    }
}
