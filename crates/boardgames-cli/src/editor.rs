//! Line editing and history for `play` at a terminal, by `rustyline`: the arrow keys move in
//! the line and through the lines typed before, as in a shell.

use std::io;

use crate::repl::LineEditor;

/// The terminal's line editor, with the session's history (not kept after it ends).
pub struct TerminalEditor {
    editor: rustyline::DefaultEditor,
}

impl TerminalEditor {
    /// An editor on the process's terminal.
    ///
    /// # Errors
    /// When the terminal cannot be set up for editing.
    pub fn new() -> io::Result<TerminalEditor> {
        rustyline::DefaultEditor::new()
            .map(|editor| TerminalEditor { editor })
            .map_err(io::Error::other)
    }
}

impl LineEditor for TerminalEditor {
    /// A line, kept in the history unless blank; the end of the input (Ctrl-D) and an
    /// interrupt (Ctrl-C) both end the game, as `quit` does.
    fn read_line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        match self.editor.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    // A history that cannot take the line only loses the recall.
                    let _ = self.editor.add_history_entry(line.as_str());
                }
                Ok(Some(line))
            }
            Err(
                rustyline::error::ReadlineError::Eof | rustyline::error::ReadlineError::Interrupted,
            ) => Ok(None),
            Err(e) => Err(io::Error::other(e)),
        }
    }
}
