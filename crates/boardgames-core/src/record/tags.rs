//! Header tags, `[Name "value"]`, as pente.org's game files, APGN and the comments of
//! backgammon match files write them: one reader and one writer for all of them.
//!
//! Two syntaxes are met:
//!
//! * [`TagSyntax::Strict`] (APGN, after PGN): the name is letters, digits and `_`; the value
//!   is in double quotes, where `\"` is a quote and `\\` a backslash; one tag a line.
//!   Anything else is a [`TagError`] with its column.
//! * [`TagSyntax::Loose`] (pente.org's files, comments of match files): the name is
//!   everything before the first `"` (so pente.org's `[Player 1 Name "P1"]` gives
//!   `Player 1 Name`) and the value everything between the first and the last `"` (after a
//!   single `"`, the rest of the line); an unquoted value is the rest of the line after the
//!   name's first word. Such lines never fail: a line that holds no name is no tag.

/// Tags in file order, `(name, value)`.
pub type Tags = Vec<(String, String)>;

/// Which tag syntax a format uses (see the module docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TagSyntax {
    /// APGN's: a name of letters, digits and `_`, a quoted value with escapes.
    Strict,
    /// pente.org's and match files': the name before the first quote, the value to the last.
    Loose,
}

/// A tag line that does not read, with the column (from 1, in characters) of the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct TagError {
    /// Column of the problem, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: &'static str,
}

/// One tag as read, with the column (from 1) where its value starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The name.
    pub name: String,
    /// The value, unescaped.
    pub value: String,
    /// Column of the value's first character, from 1.
    pub value_column: usize,
}

/// Whether a line is a tag line: `[` ... `]` once trimmed.
#[must_use]
pub fn is_tag_line(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('[') && line.ends_with(']')
}

/// Reads a tag line (the `[` may follow leading spaces).
///
/// # Errors
/// [`TagError`] in the strict syntax for a missing name, an unquoted or unclosed value, a
/// missing `]` or text after it. In the loose syntax `Ok(None)` for a line without a name.
pub fn read_tag(line: &str, syntax: TagSyntax) -> Result<Option<Tag>, TagError> {
    match syntax {
        TagSyntax::Strict => read_strict(line).map(Some),
        TagSyntax::Loose => Ok(read_loose(line)),
    }
}

fn read_loose(line: &str) -> Option<Tag> {
    let inner = line.trim();
    let inner = inner.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, value) = match (inner.find('"'), inner.rfind('"')) {
        (Some(first), Some(last)) if last > first => (&inner[..first], &inner[first + 1..last]),
        // A single quote opens a value that runs to the end; the name stays before it (a
        // name never holds a quote, so what is written reads back).
        (Some(first), _) => (&inner[..first], &inner[first + 1..]),
        _ => inner.split_once(char::is_whitespace).unwrap_or((inner, "")),
    };
    let name = name.trim();
    (!name.is_empty()).then(|| Tag {
        name: name.to_owned(),
        value: value.trim().to_owned(),
        value_column: 0,
    })
}

fn read_strict(line: &str) -> Result<Tag, TagError> {
    let chars: Vec<char> = line.chars().collect();
    let bad = |column: usize, message: &'static str| TagError { column, message };
    let mut at = chars.iter().position(|&c| c == '[').unwrap_or(0) + 1;
    let name_start = at;
    while at < chars.len() && (chars[at].is_ascii_alphanumeric() || chars[at] == '_') {
        at += 1;
    }
    let name: String = chars[name_start..at].iter().collect();
    if name.is_empty() {
        return Err(bad(
            name_start + 1,
            "a tag line is [Name \"value\"]: the name (letters, digits, _) is missing",
        ));
    }
    while at < chars.len() && chars[at].is_whitespace() {
        at += 1;
    }
    if chars.get(at) != Some(&'"') {
        return Err(bad(at + 1, "expected the tag's value in double quotes"));
    }
    at += 1;
    let value_column = at + 1;
    let mut value = String::new();
    loop {
        match chars.get(at) {
            None => {
                return Err(bad(
                    value_column - 1,
                    "the tag's value has no closing quote",
                ))
            }
            Some('"') => break,
            Some('\\') if matches!(chars.get(at + 1), Some('"' | '\\')) => {
                value.extend(chars.get(at + 1));
                at += 2;
            }
            Some(&c) => {
                value.push(c);
                at += 1;
            }
        }
    }
    at += 1;
    while at < chars.len() && chars[at].is_whitespace() {
        at += 1;
    }
    if chars.get(at) != Some(&']') {
        return Err(bad(at + 1, "expected ] after the tag's value"));
    }
    at += 1;
    while at < chars.len() && chars[at].is_whitespace() {
        at += 1;
    }
    if at < chars.len() && chars[at] != ';' {
        return Err(bad(
            at + 1,
            "unexpected text after the tag (one tag a line)",
        ));
    }
    Ok(Tag {
        name,
        value,
        value_column,
    })
}

/// The tags of every tag line of a text, in order, read loosely (lines that are no tag are
/// skipped).
pub fn read_loose_tags(text: &str) -> Tags {
    text.lines()
        .filter(|l| is_tag_line(l))
        .filter_map(read_loose)
        .map(|t| (t.name, t.value))
        .collect()
}

/// Writes `[Name "value"]` and a line break, so that the tag reads back in `syntax`: a line
/// break (`\n`) in the name or value becomes a space. Strict: `"` and `\` escaped in the
/// value, a name character other than a letter, digit or `_` written as `_`. Loose: the
/// value as it is (the loose syntax has no escape, and its reader takes everything between
/// the first and the last quote, so quotes inside read back); a `"` in the name becomes a
/// space (the reader ends the name at the first quote). A name left blank is written `_`.
pub fn write_tag(out: &mut String, name: &str, value: &str, syntax: TagSyntax) {
    out.push('[');
    out.push_str(&written_name(name, syntax));
    out.push_str(" \"");
    for c in value.chars() {
        match (syntax, c) {
            (TagSyntax::Strict, '"' | '\\') => {
                out.push('\\');
                out.push(c);
            }
            (_, '\n') => out.push(' '),
            (_, c) => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// A tag's name as [`write_tag`] writes it.
fn written_name(name: &str, syntax: TagSyntax) -> String {
    let name: String = match syntax {
        TagSyntax::Strict => name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect(),
        TagSyntax::Loose => name
            .chars()
            .map(|c| if matches!(c, '"' | '\n') { ' ' } else { c })
            .collect(),
    };
    if name.trim().is_empty() {
        "_".to_owned()
    } else {
        name
    }
}

/// A tag's name as reading gives it back after [`write_tag`]: written (a `"` becoming a
/// space, say), then trimmed. Writers compare it with the names of their own fields, so
/// that a tag never reads back as one.
#[must_use]
pub fn name_as_read(name: &str, syntax: TagSyntax) -> String {
    written_name(name, syntax).trim().to_owned()
}

/// The value of the first tag called `name` (exact match), if any.
#[must_use]
pub fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// A short name for a game in messages: its `Id` tag, else its `Event`, `Date` and the two
/// player tags (`players`, e.g. `["Black", "White"]`) that are present, joined by commas, else
/// `game`.
#[must_use]
pub fn label(tags: &[(String, String)], players: [&str; 2]) -> String {
    if let Some(id) = tag(tags, "Id") {
        return id.to_owned();
    }
    let parts: Vec<&str> = ["Event", "Date", players[0], players[1]]
        .iter()
        .filter_map(|t| tag(tags, t))
        .collect();
    if parts.is_empty() {
        "game".to_owned()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &[(&str, &str)]) -> Tags {
        p.iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn labels_prefer_the_id_then_event_date_and_players() {
        let players = ["Black", "White"];
        assert_eq!(
            label(&pairs(&[("Event", "E"), ("Id", "x1")]), players),
            "x1"
        );
        assert_eq!(
            label(&pairs(&[("White", "W"), ("Event", "E")]), players),
            "E, W"
        );
        assert_eq!(label(&pairs(&[("Round", "3")]), players), "game");
        assert_eq!(tag(&pairs(&[("A", "1"), ("A", "2")]), "A"), Some("1"));
    }

    #[test]
    fn loose_tags_take_names_with_spaces_and_bare_values() {
        let text = "[Game \"Pente\"]\n  [Player 1 Name \"P1\"] \n[Round -]\n[]\n1. K10";
        assert_eq!(
            read_loose_tags(text),
            pairs(&[("Game", "Pente"), ("Player 1 Name", "P1"), ("Round", "-")])
        );
    }

    #[test]
    fn strict_tags_escape_and_locate_problems() {
        let t = read_tag("[Event \"a \\\"b\\\" \\\\\"]", TagSyntax::Strict)
            .unwrap()
            .unwrap();
        assert_eq!((t.name.as_str(), t.value.as_str()), ("Event", "a \"b\" \\"));
        let mut out = String::new();
        write_tag(&mut out, "Event", "a \"b\" \\", TagSyntax::Strict);
        assert_eq!(out, "[Event \"a \\\"b\\\" \\\\\"]\n");
        for (line, column) in [
            ("[Event x]", 8),
            ("[Event \"x]", 8),
            ("[Event \"x\" y]", 12),
            ("[\"x\"]", 2),
            ("[Event \"x\"] [Site \"y\"]", 13),
        ] {
            let err = read_tag(line, TagSyntax::Strict).unwrap_err();
            assert_eq!(err.column, column, "{line}");
        }
        let mut loose = String::new();
        write_tag(&mut loose, "Event", "say \"hi\"", TagSyntax::Loose);
        assert_eq!(loose, "[Event \"say \"hi\"\"]\n");
        // And it reads back as it was.
        let t = read_loose(loose.trim_end()).expect("a tag");
        assert_eq!((t.name.as_str(), t.value.as_str()), ("Event", "say \"hi\""));
    }

    #[test]
    fn what_is_written_reads_back_as_one_tag_line() {
        for syntax in [TagSyntax::Strict, TagSyntax::Loose] {
            for (name, value) in [
                ("Event", "a\nb"),
                ("Event", "a\r\nb\n"),
                ("Bad Name", "x"),
                ("Na\"me]", "x"),
                ("", "x"),
                ("Site", "[brackets] \"and\" \\"),
            ] {
                let mut out = String::new();
                write_tag(&mut out, name, value, syntax);
                assert_eq!(out.lines().count(), 1, "{out:?}");
                let tag = read_tag(out.trim_end(), syntax)
                    .unwrap_or_else(|e| panic!("{out:?}: {e}"))
                    .unwrap_or_else(|| panic!("{out:?}: no tag"));
                // The value back, line breaks as spaces.
                assert_eq!(tag.value.trim(), value.replace('\n', " ").trim(), "{out:?}");
            }
        }
    }
}
