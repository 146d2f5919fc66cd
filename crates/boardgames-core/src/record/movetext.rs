//! Move text: the moves of a record after their move numbers, `1. K10 L9 2. N10 M10 ...`, in
//! lines of a given width, then the result token: one writer for every game's records.

/// How a format lays out its move text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// Moves after each move number: 2 in two-player games (`1. K10 L9`), the seat count in a
    /// multi-player record.
    pub per_number: usize,
    /// A space between the number and the first move (`1. a1b2`), or none (`1.a1b2`).
    pub spaced: bool,
    /// The widest line, in characters; `None` writes one line. A move number stays on the
    /// line of its moves.
    pub width: Option<usize>,
    /// The result token goes at the end of the last line whatever its length (APGN), rather
    /// than with the last move number and its moves, wrapped with them (pente.org).
    pub result_on_last_line: bool,
}

impl MoveText {
    /// Writes `moves` with their numbers and `result` (if any), lines separated by `\n`, no
    /// line break at the end. No moves and no result give an empty text.
    pub fn write<S: AsRef<str>>(&self, moves: &[S], result: Option<&str>) -> String {
        let per = self.per_number.max(1);
        let mut groups: Vec<String> = moves
            .chunks(per)
            .enumerate()
            .map(|(i, chunk)| {
                let mut group = format!("{}.", i + 1);
                for (k, mv) in chunk.iter().enumerate() {
                    if k > 0 || self.spaced {
                        group.push(' ');
                    }
                    group.push_str(mv.as_ref());
                }
                group
            })
            .collect();
        let tail = match (result, groups.last_mut()) {
            (Some(r), Some(last)) if !self.result_on_last_line => {
                last.push(' ');
                last.push_str(r);
                None
            }
            (Some(r), None) if !self.result_on_last_line => {
                groups.push(r.to_owned());
                None
            }
            (other, _) => other,
        };
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for group in groups {
            let full = self
                .width
                .is_some_and(|w| !line.is_empty() && line.len() + 1 + group.len() > w);
            if full {
                lines.push(core::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&group);
        }
        if let Some(r) = tail {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(r);
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_LINE: MoveText = MoveText {
        per_number: 2,
        spaced: true,
        width: None,
        result_on_last_line: false,
    };

    #[test]
    fn numbers_moves_and_result() {
        assert_eq!(
            ONE_LINE.write(&["K10", "L9", "N10"], Some("1-0")),
            "1. K10 L9 2. N10 1-0"
        );
        assert_eq!(ONE_LINE.write::<&str>(&[], Some("*")), "*");
        assert_eq!(ONE_LINE.write::<&str>(&[], None), "");
        let glued = MoveText {
            per_number: 3,
            spaced: false,
            ..ONE_LINE
        };
        assert_eq!(glued.write(&["a", "b", "c", "d"], None), "1.a b c 2.d");
    }

    #[test]
    fn wrapping_keeps_a_number_with_its_moves() {
        let moves: Vec<String> = (0..40).map(|i| format!("m{i:02}")).collect();
        let wrapped = MoveText {
            width: Some(30),
            ..ONE_LINE
        };
        let text = wrapped.write(&moves, Some("0-1"));
        assert!(text.lines().all(|l| l.len() <= 30), "{text}");
        // The result stays with the last move number and its moves.
        assert!(text.ends_with(" 20. m38 m39 0-1"), "{text}");
        assert!(text.lines().all(|l| !l.ends_with('.')), "{text}");
        let last = MoveText {
            result_on_last_line: true,
            ..wrapped
        };
        // Hand-worked: "20. m38 m39" is 11 characters; the result joins it whatever the width.
        assert!(last
            .write(&moves, Some("1/2-1/2"))
            .ends_with("20. m38 m39 1/2-1/2"));
    }
}
