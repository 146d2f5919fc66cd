//! The input of a command: a whole file (or standard input for `-`) as text, or its lines, with
//! the kit's messages; the position a move list given on the command line leads to.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

use boardgames_core::record::{replay, Format};

use crate::common::{step_label, step_reason, Exit};
use crate::frontend::{format_for, Formats, GameCli};

/// What every program says of an input with no record in it (`replay`, `convert`).
pub const EMPTY_INPUT: &str = "not a game record: the input is empty: no record to read";

/// The text of `path`, or of `stdin` when `path` is `-`, without a leading byte-order mark.
/// Text that is not UTF-8 is refused, or read with replacement characters when `lossy`.
///
/// `Ok(Err(exit))` when the file cannot be read or is not UTF-8: the reason is on `err` and
/// the exit status is [`Exit::BadInput`].
///
/// # Errors
/// Only errors writing `err`.
pub fn read_text(
    path: &Path,
    lossy: bool,
    stdin: &mut dyn BufRead,
    err: &mut dyn Write,
) -> io::Result<Result<String, Exit>> {
    let name = path.display();
    let mut bytes = Vec::new();
    let read = if path == Path::new("-") {
        stdin.read_to_end(&mut bytes)
    } else {
        File::open(path).and_then(|mut f| f.read_to_end(&mut bytes))
    };
    if let Err(e) = read {
        writeln!(err, "error: cannot read {name}: {e}")?;
        return Ok(Err(Exit::BadInput));
    }
    // A byte-order mark some editors put first is no part of the text.
    let bytes = bytes
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(&bytes)
        .to_vec();
    if lossy {
        return Ok(Ok(String::from_utf8_lossy(&bytes).into_owned()));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Ok(text)),
        Err(_) => {
            writeln!(err, "error: {name} is not UTF-8 text")?;
            Ok(Err(Exit::BadInput))
        }
    }
}

/// The text of a record file as `replay` and `convert` read it: with `lossy` (a game whose
/// record files may carry names in a legacy 8-bit encoding), bytes that are not UTF-8 become
/// U+FFFD in a text that `recognised` accepts (one of the game's formats detects it); any
/// other text that is not UTF-8 is refused as such.
///
/// # Errors
/// Only errors writing `err`.
pub fn read_record_text(
    path: &Path,
    lossy: bool,
    recognised: impl Fn(&str) -> bool,
    stdin: &mut dyn BufRead,
    err: &mut dyn Write,
) -> io::Result<Result<String, Exit>> {
    let text = match read_text(path, lossy, stdin, err)? {
        Ok(text) => text,
        Err(exit) => return Ok(Err(exit)),
    };
    if lossy && text.contains('\u{FFFD}') && !recognised(&text) {
        writeln!(err, "error: {} is not UTF-8 text", path.display())?;
        return Ok(Err(Exit::BadInput));
    }
    Ok(Ok(text))
}

/// The text of a record file for `replay` and `convert`: [`read_record_text`], lossy where
/// the game reads legacy encodings and one of `formats` recognises the text.
///
/// # Errors
/// Only errors writing `err`.
pub fn read_for_formats<C: GameCli>(
    cli: &C,
    formats: &Formats<'_, C>,
    path: &Path,
    stdin: &mut dyn BufRead,
    err: &mut dyn Write,
) -> io::Result<Result<String, Exit>> {
    read_record_text(
        path,
        cli.lossy_input(),
        |text| formats.iter().any(|f| f.detect(text)),
        stdin,
        err,
    )
}

/// Runs `f` on the lines of `path`, or of `stdin` when `path` is `-`; a file that cannot be
/// opened gives its reason on `err` and [`Exit::BadInput`].
///
/// # Errors
/// Only errors writing `err`, and those of `f`.
pub fn with_lines(
    path: &Path,
    stdin: &mut dyn BufRead,
    err: &mut dyn Write,
    f: impl FnOnce(&mut dyn BufRead, &mut dyn Write) -> io::Result<Exit>,
) -> io::Result<Exit> {
    if path == Path::new("-") {
        return f(stdin, err);
    }
    match File::open(path) {
        Ok(file) => f(&mut BufReader::new(file), err),
        Err(e) => {
            writeln!(err, "error: cannot read {}: {e}", path.display())?;
            Ok(Exit::BadInput)
        }
    }
}

/// The position after a move list given on the command line: the words joined by spaces and
/// read as a record by the game's formats, then replayed; the start position when it is
/// empty.
///
/// # Errors
/// A message naming the bad step and its ply (`ply 3: "K10": illegal move: occupied`), or why
/// the text is not a record.
pub fn position_after<C: GameCli>(cli: &C, words: &[String]) -> Result<C::Game, String> {
    if words.iter().all(|w| w.trim().is_empty()) {
        return Ok(cli.start());
    }
    let text = words.join(" ");
    let formats = cli.formats();
    let format = format_for::<C>(&formats, &text).ok_or("this game reads no move lists")?;
    let mut records = format.read(&text).map_err(|e| e.to_string())?;
    if records.len() > 1 {
        return Err("the moves make several games".to_owned());
    }
    let Some(record) = records.pop() else {
        return Ok(cli.start());
    };
    let trace = replay(&record);
    if let Some(bad) = &trace.illegal {
        let pos = trace.last();
        return Err(format!(
            "{}: {:?}: {}",
            step_label(pos, bad.ply),
            bad.written.trim(),
            step_reason(pos, bad)
        ));
    }
    Ok(trace.last().clone())
}
