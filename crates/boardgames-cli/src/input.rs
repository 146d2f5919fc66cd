//! Reading a whole input file (or standard input for `-`) as text, with the kit's messages.

use std::fs::File;
use std::io::{self, BufRead, Read, Write};
use std::path::Path;

use crate::Exit;

/// The text of `path`, or of `stdin` when `path` is `-`.
///
/// `Ok(Err(exit))` when the file cannot be read or is not UTF-8: the reason is on `err` and
/// the exit status is [`Exit::BadInput`].
///
/// # Errors
/// Only errors writing `err`.
pub fn read_text(
    path: &Path,
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
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Ok(text)),
        Err(_) => {
            writeln!(err, "error: {name} is not UTF-8 text")?;
            Ok(Err(Exit::BadInput))
        }
    }
}
