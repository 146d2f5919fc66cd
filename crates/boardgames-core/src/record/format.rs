//! A record file format: [`Format`], one implementation per format in its game's folder.

use super::Record;
use crate::game::Game;

/// A file format of a game's records: how to recognise it, read every record of a text and
/// write records back.
///
/// Implemented once per format in the game's folder (pente.org files, APGN, match text,
/// JSON lines, ...). Formats that need options to read (the ruleset of a bare move list)
/// hold them as fields. Writing then reading gives the same records back, within what the
/// text can hold: the tag syntax writes a line break in a name or value as a space, the
/// strict syntax (APGN) a name character other than a letter, digit or `_` as `_`, the
/// loose one (pente.org, Aba-Pro, match comments) drops surrounding spaces of values and reads
/// a repeated tag name as the start of the next game; a format without tags or results (a
/// move list, `turns`) drops them; a format of one game refuses several records.
pub trait Format<G: Game> {
    /// Why a text is not a record of this format, with where (line, column) it went wrong.
    type Error: std::error::Error + Send + Sync + 'static;

    /// The format's name, lower case (`pgn`, `apgn`, `json`, `mat`): what `convert --to`
    /// takes.
    fn name(&self) -> &'static str;

    /// Whether `text` looks like this format: a cheap test of its first lines, to choose a
    /// reader; reading may still fail.
    fn detect(&self, text: &str) -> bool;

    /// Every record of the text, in order (an empty file may hold none).
    ///
    /// # Errors
    /// [`Format::Error`] for the first thing that does not read.
    fn read(&self, text: &str) -> Result<Vec<Record<G>>, Self::Error>;

    /// The text of `records` in this format, ending with a line break.
    ///
    /// # Errors
    /// [`Format::Error`] when a record cannot be written in this format (a start position
    /// the format has no way to state).
    fn write(&self, records: &[Record<G>]) -> Result<String, Self::Error>;
}
