//! JSON lines (feature `serde`): the loop every game's JSON record format shares, one record
//! an object, one object a line.

use super::Record;
use crate::game::Game;

/// A game's JSON record type: one object a line, turned into a [`Record`] and back.
pub trait JsonLine<G: Game>: serde::Serialize + Sized {
    /// Why a line is not a record (the game's record error).
    type Error: std::error::Error;

    /// Reads one line (a JSON object).
    ///
    /// # Errors
    /// Why the line is not such an object, or not a record.
    fn read_line(line: &str) -> Result<Record<G>, Self::Error>;

    /// The JSON record of a record.
    ///
    /// # Errors
    /// When the record cannot be stated in this format.
    fn from_record(record: &Record<G>) -> Result<Self, Self::Error>;

    /// The error of a line of a text of several, naming the line (from 1).
    fn at_line(error: Self::Error, line: usize) -> Self::Error;

    /// The error of a record that does not serialise.
    fn not_written(error: serde_json::Error) -> Self::Error;
}

/// Every non-blank line of `text` read as a record; when the text has several lines, an
/// error names its line (`line 3: ...`).
///
/// # Errors
/// The first line that is not a record.
pub fn read_lines<G: Game, T: JsonLine<G>>(text: &str) -> Result<Vec<Record<G>>, T::Error> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    let several = lines.len() > 1;
    lines
        .into_iter()
        .map(|(i, line)| {
            T::read_line(line.trim()).map_err(|e| match several {
                true => T::at_line(e, i + 1),
                false => e,
            })
        })
        .collect()
}

/// The records as JSON lines, each line ending with a line break.
///
/// # Errors
/// The first record the format cannot state.
pub fn write_lines<G: Game, T: JsonLine<G>>(records: &[Record<G>]) -> Result<String, T::Error> {
    let mut out = String::new();
    for record in records {
        let json = serde_json::to_string(&T::from_record(record)?).map_err(T::not_written)?;
        out.push_str(&json);
        out.push('\n');
    }
    Ok(out)
}
