//! Files of several games: where one game ends and the next begins.

/// The games of a text, each with its first line (from 1).
///
/// A game is a run of header lines then move lines. A header line after move lines, a header
/// whose name the game already has, or a line of moves after a line of moves ending with a
/// result token, starts the next game. Comments
/// (from `comment` to the end of the line) and blank lines go with the game before; a text
/// without a header or a move holds no game. `is_header` and `is_result` tell the format's
/// header lines and result tokens, `tag_name` the name the format's reader gives a header
/// line (from the raw line), `None` for none.
pub fn split_games(
    text: &str,
    comment: char,
    is_header: impl Fn(&str) -> bool,
    is_result: impl Fn(&str) -> bool,
    tag_name: impl Fn(&str) -> Option<String>,
) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut current = String::new();
    let mut first = 1;
    let (mut moves_seen, mut ended, mut any) = (false, false, false);
    let mut names: Vec<String> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split(comment).next().unwrap_or("").trim();
        // A header line is one before its comment is cut: a tag value may hold the comment
        // character (`[Event "Club #3"]`), and the tag readers read whole lines.
        let whole = line.trim();
        let header_line = if !whole.is_empty() && is_header(whole) {
            Some(whole)
        } else {
            (!code.is_empty() && is_header(code)).then_some(code)
        };
        let header = header_line.is_some();
        let moves = !header && !code.is_empty();
        // The tag's name as the format's reader takes it from the raw line.
        let name = header_line.and_then(|_| tag_name(line));
        let repeated = name.as_ref().is_some_and(|n| names.contains(n));
        if (header && (moves_seen || repeated)) || (moves && ended) {
            if any {
                out.push((first, core::mem::take(&mut current)));
            }
            current.clear();
            first = i + 1;
            moves_seen = false;
            ended = false;
            any = false;
            names.clear();
        }
        names.extend(name);
        any |= header || moves;
        if moves {
            moves_seen = true;
            ended = code.split_whitespace().next_back().is_some_and(&is_result);
        }
        current.push_str(line);
        current.push('\n');
    }
    if any {
        out.push((first, current));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_split_at_headers_after_moves_and_after_results() {
        let header = |l: &str| l.starts_with('[');
        let name = |l: &str| {
            crate::record::tags::read_tag(l, crate::record::tags::TagSyntax::Loose)
                .ok()
                .flatten()
                .map(|t| t.name)
        };
        let result = |t: &str| t == "1-0" || t == "*";
        let text =
            "# two games\n[A \"1\"]\n1. x y\n2. z 1-0\n# between\n1. x *\n\n[B \"2\"]\n1. y\n";
        let games = split_games(text, '#', header, result, name);
        let firsts: Vec<usize> = games.iter().map(|g| g.0).collect();
        assert_eq!(firsts, [1, 6, 8]);
        assert!(games[0].1.ends_with("# between\n"));
        assert!(split_games(" \n# nothing\n", '#', header, result, name).is_empty());
        // A game without moves ends where a header it already has comes again.
        let two = split_games(
            "[A \"1\"]\n[B \"x\"]\n\n[A \"2\"]\n",
            '#',
            header,
            result,
            name,
        );
        assert_eq!(two.len(), 2);
        // Names with spaces are whole names: `Player 1` and `Player 2` are two tags.
        let one = split_games(
            "[Player 1 \"a\"]\n[Player 2 \"b\"]\n1. x\n",
            '#',
            header,
            result,
            name,
        );
        assert_eq!(one.len(), 1);
    }
}
