//! Abalone's hooks for the frontend kit: Aba-Pro records, the hexagonal board with the last
//! move, how moves and results are told, the time-out.

use boardgames_cli::{GameCli, Record, Step};
use boardgames_core::abalone::{Abalone, Bitboard, Cell, Colour, EndReason, Layout, ROWS};
use boardgames_core::{Game, Seat};

use crate::report::{self, MovesReport};

/// Two-player Abalone with the options of the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct AbaloneCli {
    /// `--layout`, when given.
    pub layout: Option<Layout>,
    /// `--position`, when given: the game starts there instead of at a layout.
    pub position: Option<Abalone>,
    /// `--move-limit`: the game is adjudicated after this many plies.
    pub move_limit: Option<u16>,
}

/// Reads a position given as text: the compact position string (`docs/abalone.md`) or the
/// neutral JSON position.
///
/// # Errors
/// Why the text is neither, or describes an impossible position.
pub fn parse_position(text: &str) -> Result<Abalone, String> {
    let text = text.trim();
    if text.starts_with('{') {
        serde_json::from_str(text).map_err(|e| format!("not a JSON position: {e}"))
    } else {
        Abalone::from_text(text).map_err(|e| e.to_string())
    }
}

/// The name a player is called: `Black (@)`, `White (O)`.
pub fn colour_name(colour: Colour) -> String {
    format!("{colour} ({})", colour.symbol())
}

fn colour_of(seat: Seat) -> Colour {
    Colour::of_seat(seat).unwrap_or(Colour::Black)
}

/// `ejected: Black (@) 1, White (O) 3` (opposing marbles pushed off by each side).
fn ejected(pos: &Abalone) -> String {
    format!(
        "ejected by Black (@) {}, by White (O) {} (six win)",
        pos.ejected_by(Colour::Black),
        pos.ejected_by(Colour::White)
    )
}

/// The result tokens a record may end with.
const RESULT_TOKENS: [&str; 5] = ["1-0", "0-1", "1/2-1/2", "*", "½-½"];

/// One `[Name "value"]` header line, or `None` when the line is not one.
fn header(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

impl AbaloneCli {
    fn with_limit(&self, mut pos: Abalone) -> Abalone {
        if self.move_limit.is_some() {
            pos.set_move_limit(self.move_limit);
        }
        pos
    }

    /// The cells that took part in the last move, as they stand after it: the marbles that
    /// moved and the opposing marbles they pushed.
    fn moved_cells(before: &Abalone, after: &Abalone) -> Bitboard {
        Colour::ALL
            .into_iter()
            .map(|c| {
                after
                    .marbles(c)
                    .intersection(before.marbles(c).complement())
            })
            .fold(Bitboard::EMPTY, Bitboard::union)
    }

    /// The hexagon, row I at the top, with the cells in `marked` highlighted (colour only).
    fn board(pos: &Abalone, marked: Bitboard, colour: bool) -> String {
        let mut text = String::new();
        for row in (0..ROWS).rev() {
            let indent = row.abs_diff(4);
            text.push_str(&" ".repeat(indent));
            text.push((b'A' + row as u8) as char);
            text.push(' ');
            for number in 1..=9 {
                let Some(cell) = Cell::new(row, number) else {
                    continue;
                };
                text.push(' ');
                let symbol = pos.at(cell).map_or('.', Colour::symbol);
                if !colour {
                    text.push(symbol);
                    continue;
                }
                let style = match pos.at(cell) {
                    Some(Colour::Black) => "1;31",
                    Some(Colour::White) => "1;34",
                    None => "2",
                };
                let mark = if marked.contains(cell) { ";4;7" } else { "" };
                text.push_str(&format!("\x1b[{style}{mark}m{symbol}\x1b[0m"));
            }
            // The diagonals 6..9 end on the lower right edge.
            if row < 4 {
                text.push_str(&format!(" {}", row + 6));
            }
            text.push('\n');
        }
        text.push_str(&format!("{:8}1 2 3 4 5\n", ""));
        text.push_str(&format!("{} | ply {}", ejected(pos), pos.ply()));
        if let Some(limit) = pos.move_limit() {
            text.push_str(&format!(" of {limit}"));
        }
        text
    }

    /// The last line under the board: who is to move, or how the game ended.
    fn status(&self, pos: &Abalone) -> String {
        match pos.end_reason() {
            None => format!("{} to move", colour_name(pos.side_to_move())),
            Some(_) => match pos.winner() {
                Some(w) => format!("game over: {} wins", colour_name(w)),
                None => "game over: draw".to_owned(),
            },
        }
    }

    fn step_move(step: &Step<Abalone>) -> boardgames_core::abalone::Move {
        match step {
            Step::Move(mv) => *mv,
            Step::Chance(c) => match *c {},
        }
    }
}

impl GameCli for AbaloneCli {
    type Game = Abalone;
    type Report = MovesReport;

    fn start(&self) -> Abalone {
        let pos = match self.position {
            Some(pos) => pos,
            None => Abalone::new(self.layout.unwrap_or_default()),
        };
        self.with_limit(pos)
    }

    /// An Aba-Pro record: `[Layout "belgian_daisy"]` or `[Position "..."]` header lines (other
    /// `[Name "value"]` lines are tags), `#` comments, then the moves with or without their
    /// numbers (`1.a1b2 i5h5 2.a2b3 ...`) and an optional result (`1-0`, `0-1`, `1/2-1/2`,
    /// `*`). Without a header the game starts from `--layout` or `--position`.
    fn read_record(&self, text: &str) -> Result<Record<Abalone>, String> {
        let mut start: Option<(Abalone, String)> = None;
        let mut limit = None;
        let mut tags = Vec::new();
        let mut steps = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if line.starts_with('[') {
                let (name, value) = header(line).ok_or_else(|| {
                    format!("line {line_no}: {line:?} is not a header like [Layout \"standard\"]")
                })?;
                match name.to_ascii_lowercase().as_str() {
                    "layout" | "variant" => {
                        let layout: Layout =
                            value.parse().map_err(|e| format!("line {line_no}: {e}"))?;
                        start = Some((Abalone::new(layout), format!("layout {layout}")));
                        tags.push(("Layout".to_owned(), layout.to_string()));
                    }
                    "position" | "setup" => {
                        let pos =
                            parse_position(value).map_err(|e| format!("line {line_no}: {e}"))?;
                        start = Some((pos, "a position".to_owned()));
                        tags.push(("Position".to_owned(), value.to_owned()));
                    }
                    "movelimit" => {
                        let n: u16 = value.parse().map_err(|_| {
                            format!("line {line_no}: move limit {value:?} is not 1..=65535")
                        })?;
                        limit = Some(n);
                        tags.push(("MoveLimit".to_owned(), value.to_owned()));
                    }
                    _ => tags.push((name.to_owned(), value.to_owned())),
                }
                continue;
            }
            for token in line.split_whitespace() {
                if RESULT_TOKENS.contains(&token) {
                    continue;
                }
                // `12.a1b2`, `12.`, `12...i5h5`: the move number is dropped.
                let mv = token.rsplit('.').next().unwrap_or(token);
                if !mv.is_empty() {
                    steps.push(mv.to_owned());
                }
            }
        }
        let start = match start {
            None => self.start(),
            Some((pos, what)) => {
                let conflict = match (self.layout, self.position) {
                    (Some(l), _) if Abalone::new(l) != pos => Some(format!("--layout {l}")),
                    (_, Some(p)) if p != pos => Some("--position".to_owned()),
                    _ => None,
                };
                if let Some(option) = conflict {
                    return Err(format!(
                        "the record starts from {what}, but {option} says otherwise (leave the option out)"
                    ));
                }
                let pos = self.with_limit(pos);
                match limit {
                    Some(n) => {
                        let mut pos = pos;
                        pos.set_move_limit(Some(n));
                        pos
                    }
                    None => pos,
                }
            }
        };
        Ok(Record { start, steps, tags })
    }

    /// The `moves --jsonl` report of one line (see [`report`]).
    fn batch_report(&self, line: &str) -> Result<MovesReport, String> {
        report::of_line(line)
    }

    fn render(&self, pos: &Abalone, colour: bool) -> String {
        format!(
            "{}\n{}",
            Self::board(pos, Bitboard::EMPTY, colour),
            self.status(pos)
        )
    }

    /// The board with the last move's marbles highlighted (in colour) and named below it.
    fn render_after(
        &self,
        before: &Abalone,
        step: &Step<Abalone>,
        after: &Abalone,
        colour: bool,
    ) -> String {
        let marked = Self::moved_cells(before, after);
        format!(
            "{}\nlast move: {} {}\n{}",
            Self::board(after, marked, colour),
            colour_name(before.side_to_move()),
            self.describe_step(before, step, after),
            self.status(after)
        )
    }

    fn move_help(&self) -> Vec<String> {
        [
            "in-line (any single marble too): the trailing marble, then the cell it moves to;",
            "  a1b2 moves the row of 1 to 3 own marbles from A1 towards B2, pushing (sumito)",
            "  1 or 2 opposing marbles when it outnumbers them and the cell behind is free",
            "broadside: both ends of a line of 2 or 3, then where the first end goes: c3c5d4",
            "cells: rows A (bottom, Black's side) to I, diagonals 1 to 9; either case works",
        ]
        .iter()
        .map(|&l| l.to_owned())
        .collect()
    }

    fn seat_name(&self, _pos: &Abalone, seat: Seat) -> String {
        colour_name(colour_of(seat))
    }

    /// `a1b2 (3 in-line)`, `c3c5d4 (2 broadside)`, `e5e6 (sumito 3:2)`, `g5f4 (sumito 2:1,
    /// ejects a White marble: Black has ejected 1)`.
    fn describe_step(&self, before: &Abalone, step: &Step<Abalone>, after: &Abalone) -> String {
        let mv = Self::step_move(step);
        let kind = if mv.is_broadside() {
            format!("{} broadside", mv.marbles())
        } else if mv.pushed() > 0 {
            format!("sumito {}:{}", mv.marbles(), mv.pushed())
        } else {
            format!("{} in-line", mv.marbles())
        };
        let them = before.side_to_move().other();
        let mut text = format!("{mv} ({kind}");
        if after.lost(them) > before.lost(them) {
            let mover = before.side_to_move();
            text.push_str(&format!(
                ", ejects a {them} marble: {mover} has ejected {}",
                after.ejected_by(mover)
            ));
        }
        text.push(')');
        if after.end_reason() == Some(EndReason::SixEjected) {
            text.push_str(": six ejected, the game is won");
        }
        text
    }

    fn describe_end(&self, pos: &Abalone) -> String {
        let counts = format!(
            "ejected: Black (@) {}, White (O) {}",
            pos.ejected_by(Colour::Black),
            pos.ejected_by(Colour::White)
        );
        let verdict = match pos.winner() {
            Some(w) => format!("{} wins", colour_name(w)),
            None => "draw".to_owned(),
        };
        match pos.end_reason() {
            None => format!(
                "the game goes on after {} plies, {} to move ({counts})",
                pos.ply(),
                colour_name(pos.side_to_move())
            ),
            Some(EndReason::SixEjected) => {
                format!("{verdict}: six marbles ejected at ply {} ({counts})", pos.ply())
            }
            Some(EndReason::TimeOut(c)) => format!(
                "{verdict} on time: {}'s time ran out at ply {}; more marbles ejected wins, equal is a draw ({counts})",
                colour_name(c),
                pos.ply()
            ),
            Some(EndReason::MoveLimit) => format!(
                "{verdict} at the move limit of {} plies; more marbles ejected wins, equal is a draw ({counts})",
                pos.ply()
            ),
        }
    }

    fn time_out(&self, pos: &Abalone, seat: Seat) -> Option<Abalone> {
        let mut pos = *pos;
        pos.time_out(colour_of(seat)).ok().map(|()| pos)
    }

    /// An Aba-Pro record that [`GameCli::read_record`] reads back: the layout (or position)
    /// header, then `1.a1b2 i5h5 2.a2b3 ...` and the result.
    fn write_record(&self, start: &Abalone, steps: &[Step<Abalone>], end: &Abalone) -> String {
        let limit = start.move_limit().and_then(|l| u16::try_from(l).ok());
        let layout = Layout::ALL.into_iter().find(|&l| {
            let mut p = Abalone::new(l);
            p.set_move_limit(limit);
            p == *start
        });
        let mut text = match layout {
            Some(l) => format!("[Layout \"{l}\"]\n"),
            None => format!("[Position \"{}\"]\n", start.to_setup()),
        };
        if let (Some(_), Some(n)) = (layout, limit) {
            text.push_str(&format!("[MoveLimit \"{n}\"]\n"));
        }
        let mut words = Vec::new();
        for (i, step) in steps.iter().enumerate() {
            let mv = Self::step_move(step);
            if i % 2 == 0 {
                words.push(format!("{}.{mv}", i / 2 + 1));
            } else {
                words.push(mv.to_string());
            }
        }
        words.push(self.result_token(end));
        text.push_str(&words.join(" "));
        text
    }
}
