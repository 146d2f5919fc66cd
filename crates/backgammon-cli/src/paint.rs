//! Colour for the board diagram: X's checkers red, O's blue (as the other programs colour
//! their first and second player), the frame and the labels as they are.

/// The diagram `text` with the checkers of its board rows (the lines between the frame's
/// `|`) in ANSI colour. The other lines (point numbers, pip counts, the status) are unchanged.
pub fn paint(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.starts_with('|') {
                line.replace('X', "\x1b[1;31mX\x1b[0m")
                    .replace('O', "\x1b[1;34mO\x1b[0m")
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::paint;
    use boardgames_core::backgammon::Backgammon;

    #[test]
    fn only_the_checkers_are_coloured() {
        let text = Backgammon::new().to_string();
        let painted = paint(&text);
        // The start has 15 checkers a side on 4 points each, drawn as 5 + 5 + 3 + 2 = 15
        // symbols a side (no stack is taller than five).
        assert_eq!(painted.matches("\x1b[1;31mX\x1b[0m").count(), 15);
        assert_eq!(painted.matches("\x1b[1;34mO\x1b[0m").count(), 15);
        // Without the escapes the diagram is the same text.
        let plain = painted
            .replace("\x1b[1;31m", "")
            .replace("\x1b[1;34m", "")
            .replace("\x1b[0m", "");
        assert_eq!(plain, text.trim_end_matches('\n'));
        assert!(painted.contains("X: pips 167"));
    }
}
