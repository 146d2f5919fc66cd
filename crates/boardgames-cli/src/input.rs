//! The input of a command: a whole file (or standard input for `-`) as text, or its lines, with
//! the kit's messages.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

use crate::Exit;

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
