//! Keeping a game played in `play`: the `save FILE` command and `play --record FILE`; and
//! the games of `selfplay` and `arena --records`, one after another in a file.
//!
//! Both write the text the `record` command prints ([`GameCli::write_played`]). A file is
//! written whole to a temporary file in its folder, then renamed over the old one, so that
//! whenever the program stops (a crash, Ctrl-C) the file holds the last complete record.
//! For a game whose records the kit reads ([`GameCli::formats`]) the text is first read back
//! and replayed: a record that would not replay to the game is refused rather than written.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use boardgames_core::record::{replay, Applied, Format, Record};

use crate::common::{echo, Exit};
use crate::frontend::{format_for, format_named, GameCli};

/// Why a record was not saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// `save` without a file name.
    #[error("save needs a file name: save FILE")]
    NoFile,
    /// The file (or its temporary file beside it) could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file asked for.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: io::Error,
    },
    /// The record of the game does not read back as the game, so it is not written.
    #[error("the game cannot be saved as a record that replays: {0}")]
    NotReplayable(String),
}

/// The file name of `save`'s argument: the rest of the line, without one pair of quotes
/// around it.
///
/// # Errors
/// [`SaveError::NoFile`] when there is none.
pub fn file_name(rest: &str) -> Result<PathBuf, SaveError> {
    let rest = rest.trim();
    let unquoted = ['"', '\'']
        .iter()
        .find_map(|&q| rest.strip_prefix(q).and_then(|r| r.strip_suffix(q)))
        .unwrap_or(rest);
    if unquoted.trim().is_empty() {
        return Err(SaveError::NoFile);
    }
    Ok(PathBuf::from(unquoted))
}

/// The record of the game played from `start` through `steps` (ending at `end`), as the
/// `record` command prints it: [`GameCli::write_played`] as the game's format writes it
/// (what `convert` to that format writes too), ending with a line break.
pub fn record_text<C: GameCli>(
    cli: &C,
    start: &C::Game,
    steps: &[Applied<C::Game>],
    end: &C::Game,
) -> String {
    let mut text = cli.write_played(start, steps, end);
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Checks that `text`, the record of the game played from `start` through `steps` (ending at
/// `end`), reads back in the game's formats as one record that replays to the same position:
/// first that the game's record format ([`GameCli::record_format`]) can state the game (a
/// start it cannot state, say), then the text itself. A game without formats (whose program
/// reads its records itself) is not checked; one that checks its round trip itself
/// ([`GameCli::check_saved_records`]) only for the first.
///
/// # Errors
/// [`SaveError::NotReplayable`] saying what went wrong.
pub fn check_replays<C: GameCli>(
    cli: &C,
    text: &str,
    start: &C::Game,
    steps: &[Applied<C::Game>],
    end: &C::Game,
) -> Result<(), SaveError> {
    let formats = cli.formats();
    if let Some(format) = format_named::<C>(&formats, cli.record_format()) {
        let mut record = Record::of_game(start, steps).map_err(|e| {
            SaveError::NotReplayable(format!(
                "the moves do not replay from the start (a command changed the position): {e}"
            ))
        })?;
        record.result = cli.recorded_result(end);
        format
            .write(&[record])
            .map_err(|e| SaveError::NotReplayable(e.to_string()))?;
    }
    let Some(format) = format_for::<C>(&formats, text).filter(|_| cli.check_saved_records()) else {
        return Ok(());
    };
    let first = text.lines().next().unwrap_or("");
    let unreadable = |why: String| SaveError::NotReplayable(format!("{:?} {why}", echo(first)));
    let mut records = format
        .read(text)
        .map_err(|e| unreadable(format!("does not read: {e}")))?;
    let record = match (records.pop(), records.is_empty()) {
        (Some(record), true) => record,
        _ => return Err(unreadable("is not one record".to_owned())),
    };
    let trace = replay(&record);
    if let Some(bad) = &trace.illegal {
        return Err(SaveError::NotReplayable(format!(
            "its step {} ({:?}) is refused: {}",
            bad.index + 1,
            echo(&bad.written),
            bad.error
        )));
    }
    let mut expected = start.clone();
    for step in steps {
        if step.apply(&mut expected).is_err() {
            // The history holds a position set by a command: no record says it.
            return Err(SaveError::NotReplayable(
                "a command changed the position beside the moves".to_owned(),
            ));
        }
    }
    if *trace.last() != expected {
        return Err(SaveError::NotReplayable(
            "it replays to another position".to_owned(),
        ));
    }
    Ok(())
}

/// Writes `text` to `path` through a temporary file in the same folder, renamed over `path`
/// once complete and flushed to the disk.
///
/// # Errors
/// [`SaveError::Write`] with the system's reason; the temporary file is then removed.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), SaveError> {
    let failed = |source: io::Error| SaveError::Write {
        path: path.to_owned(),
        source,
    };
    let temporary = temporary_path(path).map_err(failed)?;
    let written = File::create(&temporary).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.sync_all()
    });
    let renamed = written.and_then(|()| fs::rename(&temporary, path));
    if let Err(e) = renamed {
        // Nothing more to do if the temporary file cannot be removed either.
        let _ = fs::remove_file(&temporary);
        return Err(failed(e));
    }
    Ok(())
}

/// `.NAME.PID.tmp` beside `path`.
fn temporary_path(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "that is a folder, not a file name",
        )
    })?;
    let mut temporary = std::ffi::OsString::from(".");
    temporary.push(name);
    temporary.push(format!(".{}.tmp", std::process::id()));
    Ok(path.with_file_name(temporary))
}

/// Saves the game played from `start` through `steps` (ending at `end`) to `path`: its record
/// checked ([`check_replays`]) and written ([`write_atomically`]).
///
/// # Errors
/// [`SaveError`] saying why nothing was written.
pub fn save<C: GameCli>(
    cli: &C,
    path: &Path,
    start: &C::Game,
    steps: &[Applied<C::Game>],
    end: &C::Game,
) -> Result<(), SaveError> {
    let text = record_text(cli, start, steps, end);
    check_replays(cli, &text, start, steps, end)?;
    write_atomically(path, &text)
}

/// `play --record FILE` before the game: the record of the game not yet played, checked and
/// written, so that a file that cannot be written is refused before anyone plays.
///
/// # Errors
/// As [`save`].
pub fn start_recording<C: GameCli>(cli: &C, path: &Path) -> Result<(), SaveError> {
    let start = cli.start();
    save(cli, path, &start, &[], &start)
}

/// The file of an arena's `--records` at `path`, created empty (`None` without a path). One
/// that cannot be created is reported on `err`, and its exit status returned.
///
/// # Errors
/// Only errors writing `err`.
pub fn records_file(
    path: Option<&Path>,
    err: &mut dyn Write,
) -> io::Result<Result<Option<BufWriter<File>>, Exit>> {
    let Some(path) = path else {
        return Ok(Ok(None));
    };
    match File::create(path) {
        Ok(f) => Ok(Ok(Some(BufWriter::new(f)))),
        Err(e) => {
            writeln!(err, "error: cannot write {}: {e}", path.display())?;
            Ok(Err(Exit::BadInput))
        }
    }
}

/// Writes one game's record as `arena --records` and `selfplay` write it: a comment line
/// `# HEADER`, the record ([`GameCli::write_record`]), a comment line `# result: ...`. The
/// game's formats read such a file back, comments and all.
///
/// # Errors
/// Only errors writing `file`.
pub fn write_game_record<C: GameCli>(
    cli: &C,
    file: &mut dyn Write,
    header: &str,
    start: &C::Game,
    steps: &[Applied<C::Game>],
    end: &C::Game,
) -> io::Result<()> {
    writeln!(file, "# {header}")?;
    writeln!(file, "{}", cli.write_record(start, steps, end).trim_end())?;
    writeln!(file, "# result: {}", cli.describe_end(end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_and_quotes() {
        assert!(matches!(file_name("  "), Err(SaveError::NoFile)));
        assert!(matches!(file_name("\"\""), Err(SaveError::NoFile)));
        assert_eq!(
            file_name(" my game.txt ").ok(),
            Some(PathBuf::from("my game.txt"))
        );
        assert_eq!(file_name("'a b.txt'").ok(), Some(PathBuf::from("a b.txt")));
        assert_eq!(file_name("\"x").ok(), Some(PathBuf::from("\"x")));
    }

    #[test]
    fn a_folder_or_a_missing_folder_is_not_written() {
        let dir = std::env::temp_dir().join(format!("boardgames-save-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("a folder");
        let e = write_atomically(&dir, "text").expect_err("a folder");
        assert!(e.to_string().starts_with("cannot write "), "{e}");
        let _ = fs::remove_dir(&dir);
        let missing = dir.join("no-such-folder-of-boardgames").join("x.txt");
        let e = write_atomically(&missing, "text").expect_err("no folder");
        assert!(
            e.to_string().contains("no-such-folder-of-boardgames"),
            "{e}"
        );
    }

    #[test]
    fn a_file_is_replaced_whole() {
        let path = std::env::temp_dir().join(format!("boardgames-save-{}.txt", std::process::id()));
        write_atomically(&path, "first\n").expect("written");
        write_atomically(&path, "second\n").expect("written again");
        assert_eq!(fs::read_to_string(&path).ok().as_deref(), Some("second\n"));
        let _ = fs::remove_file(&path);
    }
}
