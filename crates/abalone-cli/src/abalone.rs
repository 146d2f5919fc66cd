//! Abalone's hooks for the frontend kit: Aba-Pro records, the hexagonal board with the last
//! move, how moves and results are told, the time-out; for 2, 3, 4 and 6 players.

use boardgames_cli::{GameCli, Record, Step};
use boardgames_core::abalone::{
    Bitboard, Cell, Colour, EndReason, Layout, MultiLayout, Position, ROWS,
};
use boardgames_core::{Game, Seat, Team};

use crate::report::{self, MovesReport};

/// Abalone for `SEATS` players with the options of the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct AbaloneCli<const SEATS: usize> {
    /// `--layout`, when given (two players).
    pub layout: Option<Layout>,
    /// `--layout`, when given (three, four or six players).
    pub multi_layout: Option<MultiLayout>,
    /// `--position`, when given: the game starts there instead of at a layout.
    pub position: Option<Position<SEATS>>,
    /// `--move-limit`: the game is adjudicated after this many plies.
    pub move_limit: Option<u16>,
}

/// Reads a position given as text: the compact position string (`docs/abalone.md`) or the
/// neutral JSON position.
///
/// # Errors
/// Why the text is neither, or describes an impossible position.
pub fn parse_position<const SEATS: usize>(text: &str) -> Result<Position<SEATS>, String> {
    let text = text.trim();
    if text.starts_with('{') {
        serde_json::from_str(text).map_err(|e| format!("not a JSON position: {e}"))
    } else {
        Position::<SEATS>::from_text(text).map_err(|e| e.to_string())
    }
}

/// The name a player is called: `Black (@)`, `White (O)`, `Red (X)`.
pub fn colour_name(colour: Colour) -> String {
    format!("{colour} ({})", colour.symbol())
}

fn colour_of(seat: Seat) -> Colour {
    Colour::of_seat(seat).unwrap_or(Colour::Black)
}

/// How a team is called: `Black (@)` with two or three players, `team Black (@) + Red (X)`
/// with teams.
fn team_label<const SEATS: usize>(team: Team) -> String {
    let names: Vec<String> = Position::<SEATS>::team_colours(team)
        .map(colour_name)
        .collect();
    if names.len() > 1 {
        format!("team {}", names.join(" + "))
    } else {
        names.join("")
    }
}

/// The colour name with the team, `Red (X, team 1)`, when there are teams.
fn seat_label<const SEATS: usize>(colour: Colour) -> String {
    let team = Position::<SEATS>::team(colour as usize);
    if Position::<SEATS>::team_count() == 2 && SEATS > 2 {
        format!("{colour} ({}, team {})", colour.symbol(), team.0 + 1)
    } else {
        colour_name(colour)
    }
}

/// `ejected by Black (@) 1, by White (O) 3 (six win)` (opposing marbles pushed off by each
/// seat), with the teams' totals when there are teams.
fn ejected<const SEATS: usize>(pos: &Position<SEATS>) -> String {
    let by: Vec<String> = Colour::SEATS[..SEATS]
        .iter()
        .map(|&c| format!("by {} {}", colour_name(c), pos.ejected_by(c)))
        .collect();
    let mut text = format!("ejected {}", by.join(", "));
    if SEATS > 2 && Position::<SEATS>::team_count() == 2 {
        let teams: Vec<String> = (0..2)
            .map(|t| format!("team {} {}", t + 1, pos.team_ejected(Team(t))))
            .collect();
        text.push_str(&format!("; {}", teams.join(", ")));
    }
    text.push_str(" (six win)");
    text
}

/// `ejected: Black (@) 1, White (O) 3` and the teams' totals, for results.
fn counts<const SEATS: usize>(pos: &Position<SEATS>) -> String {
    let by: Vec<String> = Colour::SEATS[..SEATS]
        .iter()
        .map(|&c| format!("{} {}", colour_name(c), pos.ejected_by(c)))
        .collect();
    let mut text = format!("ejected: {}", by.join(", "));
    if SEATS > 2 && Position::<SEATS>::team_count() == 2 {
        let teams: Vec<String> = (0..2)
            .map(|t| format!("team {} {}", t + 1, pos.team_ejected(Team(t))))
            .collect();
        text.push_str(&format!("; {}", teams.join(", ")));
    }
    text
}

/// The ANSI style of a colour's marbles. Two players keep their red and blue; with more
/// players each seat is shown in the colour it is named after (black as grey).
fn seat_style(c: Colour, seats: usize) -> &'static str {
    match (c, seats) {
        (Colour::Black, 2) => "1;31",
        (Colour::White, 2) => "1;34",
        (Colour::Black, _) => "1;90",
        (Colour::White, _) => "1;97",
        (Colour::Red, _) => "1;31",
        (Colour::Green, _) => "1;32",
        (Colour::Yellow, _) => "1;33",
        (Colour::Purple, _) => "1;35",
    }
}

/// The result tokens a record may end with (three players: `1-0-0`, `0-1-0`, `0-0-1`).
const RESULT_TOKENS: [&str; 8] = [
    "1-0", "0-1", "1/2-1/2", "*", "½-½", "1-0-0", "0-1-0", "0-0-1",
];

/// One `[Name "value"]` header line, or `None` when the line is not one.
fn header(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

impl<const SEATS: usize> AbaloneCli<SEATS> {
    fn with_limit(&self, mut pos: Position<SEATS>) -> Position<SEATS> {
        if self.move_limit.is_some() {
            pos.set_move_limit(self.move_limit);
        }
        pos
    }

    /// The cells that took part in the last move, as they stand after it: the marbles that
    /// moved and the opposing marbles they pushed.
    fn moved_cells(before: &Position<SEATS>, after: &Position<SEATS>) -> Bitboard {
        Colour::SEATS[..SEATS]
            .iter()
            .copied()
            .map(|c| {
                after
                    .marbles(c)
                    .intersection(before.marbles(c).complement())
            })
            .fold(Bitboard::EMPTY, Bitboard::union)
    }

    /// The hexagon, row I at the top, with the cells in `marked` highlighted (colour only).
    fn board(pos: &Position<SEATS>, marked: Bitboard, colour: bool) -> String {
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
                let style = pos.at(cell).map_or("2", |c| seat_style(c, SEATS));
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
    fn status(&self, pos: &Position<SEATS>) -> String {
        match pos.end_reason() {
            None => format!("{} to move", seat_label::<SEATS>(pos.side_to_move())),
            Some(_) => match pos.winning_team() {
                Some(w) => format!("game over: {} wins", team_label::<SEATS>(w)),
                None => "game over: draw".to_owned(),
            },
        }
    }

    /// The layout a record header names, for this number of players.
    fn header_layout(value: &str) -> Result<(Position<SEATS>, String), String> {
        if SEATS == 2 {
            if let Ok(multi) = value.parse::<MultiLayout>() {
                return Err(format!(
                    "layout {multi} is for {} players: give --players {}",
                    multi.players(),
                    multi.players()
                ));
            }
            let layout: Layout = value
                .parse()
                .map_err(|e: boardgames_core::abalone::LayoutError| e.to_string())?;
            let pos = Self::two_player(layout)
                .ok_or_else(|| "a two-player layout needs --players 2".to_owned())?;
            return Ok((pos, layout.to_string()));
        }
        let layout: MultiLayout = value.parse().map_err(|_| {
            format!(
                "unknown layout {value:?} (expected three_players, four_players, four_players_rows or six_players)"
            )
        })?;
        let pos = Position::<SEATS>::from_layout(layout).ok_or_else(|| {
            format!(
                "layout {layout} is for {} players: give --players {}",
                layout.players(),
                layout.players()
            )
        })?;
        Ok((pos, layout.to_string()))
    }

    /// The start of a two-player layout, when this game has two seats.
    fn two_player(layout: Layout) -> Option<Position<SEATS>> {
        boardgames_core::abalone::Abalone::new(layout)
            .to_setup()
            .into_game::<SEATS>()
            .ok()
    }

    /// The named layout a start position is (with the move limit of `limit`), if any.
    fn layout_name(start: &Position<SEATS>, limit: Option<u16>) -> Option<String> {
        let same = |mut p: Position<SEATS>| {
            p.set_move_limit(limit);
            p == *start
        };
        if SEATS == 2 {
            Layout::ALL
                .into_iter()
                .find(|&l| Self::two_player(l).is_some_and(same))
                .map(|l| l.to_string())
        } else {
            MultiLayout::ALL
                .into_iter()
                .find(|&l| Position::<SEATS>::from_layout(l).is_some_and(same))
                .map(|l| l.to_string())
        }
    }

    fn step_move(step: &Step<Position<SEATS>>) -> boardgames_core::abalone::Move {
        match step {
            Step::Move(mv) => *mv,
            Step::Chance(c) => match *c {},
        }
    }
}

impl<const SEATS: usize> GameCli for AbaloneCli<SEATS> {
    type Game = Position<SEATS>;
    type Report = MovesReport;

    fn start(&self) -> Position<SEATS> {
        let pos = match (self.position, self.multi_layout) {
            (Some(pos), _) => pos,
            (None, Some(layout)) => {
                Position::<SEATS>::from_layout(layout).unwrap_or_else(Position::<SEATS>::start)
            }
            (None, None) => self
                .layout
                .and_then(Self::two_player)
                .unwrap_or_else(Position::<SEATS>::start),
        };
        self.with_limit(pos)
    }

    /// An Aba-Pro record: `[Layout "belgian_daisy"]` or `[Position "..."]` header lines (other
    /// `[Name "value"]` lines are tags), `#` comments, then the moves with or without their
    /// numbers (`1.a1b2 i5h5 2.a2b3 ...`) and an optional result (`1-0`, `0-1`, `1/2-1/2`,
    /// `*`). Without a header the game starts from `--layout` or `--position`.
    fn read_record(&self, text: &str) -> Result<Record<Position<SEATS>>, String> {
        let mut start: Option<(Position<SEATS>, String)> = None;
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
                        let (pos, name) = Self::header_layout(value)
                            .map_err(|e| format!("line {line_no}: {e}"))?;
                        start = Some((pos, format!("layout {name}")));
                        tags.push(("Layout".to_owned(), name));
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
                    (Some(l), _) if Self::two_player(l) != Some(pos) => {
                        Some(format!("--layout {l}"))
                    }
                    (_, Some(p)) if p != pos => Some("--position".to_owned()),
                    _ => match self.multi_layout {
                        Some(l) if Position::<SEATS>::from_layout(l) != Some(pos) => {
                            Some(format!("--layout {l}"))
                        }
                        _ => None,
                    },
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
        report::of_line::<SEATS>(line)
    }

    fn render(&self, pos: &Position<SEATS>, colour: bool) -> String {
        format!(
            "{}\n{}",
            Self::board(pos, Bitboard::EMPTY, colour),
            self.status(pos)
        )
    }

    /// The board with the last move's marbles highlighted (in colour) and named below it.
    fn render_after(
        &self,
        before: &Position<SEATS>,
        step: &Step<Position<SEATS>>,
        after: &Position<SEATS>,
        colour: bool,
    ) -> String {
        let marked = Self::moved_cells(before, after);
        format!(
            "{}\nlast move: {} {}\n{}",
            Self::board(after, marked, colour),
            seat_label::<SEATS>(before.side_to_move()),
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
            "teams (4 and 6 players): an in-line line may go on through partners' marbles but",
            "  must start (its trailing marble) with your own; broadside moves use own marbles only",
        ]
        .iter()
        .map(|&l| l.to_owned())
        .collect()
    }

    fn seat_name(&self, _pos: &Position<SEATS>, seat: Seat) -> String {
        seat_label::<SEATS>(colour_of(seat))
    }

    /// `a1b2 (3 in-line)`, `c3c5d4 (2 broadside)`, `e5e6 (sumito 3:2)`, `g5f4 (sumito 2:1,
    /// ejects a White marble: Black has ejected 1)`.
    fn describe_step(
        &self,
        before: &Position<SEATS>,
        step: &Step<Position<SEATS>>,
        after: &Position<SEATS>,
    ) -> String {
        let mv = Self::step_move(step);
        let kind = if mv.is_broadside() {
            format!("{} broadside", mv.marbles())
        } else if mv.pushed() > 0 {
            format!("sumito {}:{}", mv.marbles(), mv.pushed())
        } else {
            format!("{} in-line", mv.marbles())
        };
        let mover = before.side_to_move();
        let mut text = format!("{mv} ({kind}");
        for &victim in &Colour::SEATS[..SEATS] {
            if after.lost(victim) > before.lost(victim) {
                text.push_str(&format!(
                    ", ejects a {victim} marble: {mover} has ejected {}",
                    after.ejected_by(mover)
                ));
            }
        }
        text.push(')');
        if after.end_reason() == Some(EndReason::SixEjected) {
            text.push_str(": six ejected, the game is won");
        }
        text
    }

    fn describe_end(&self, pos: &Position<SEATS>) -> String {
        let counts = counts(pos);
        let verdict = match pos.winning_team() {
            Some(w) => format!("{} wins", team_label::<SEATS>(w)),
            None => "draw".to_owned(),
        };
        match pos.end_reason() {
            None => format!(
                "the game goes on after {} plies, {} to move ({counts})",
                pos.ply(),
                seat_label::<SEATS>(pos.side_to_move())
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
            // An end reason this program does not know yet.
            Some(_) => format!("{verdict} at ply {} ({counts})", pos.ply()),
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2` with two sides (two players or two teams); with three
    /// players `1-0-0`, `0-1-0` or `0-0-1` for the winner's seat; `*` while it goes on.
    fn result_token(&self, pos: &Position<SEATS>) -> String {
        if pos.end_reason().is_none() {
            return "*".to_owned();
        }
        match pos.winning_team() {
            None => "1/2-1/2".to_owned(),
            Some(t) => (0..Position::<SEATS>::team_count())
                .map(|i| if i == usize::from(t.0) { "1" } else { "0" })
                .collect::<Vec<_>>()
                .join("-"),
        }
    }

    fn time_out(&self, pos: &Position<SEATS>, seat: Seat) -> Option<Position<SEATS>> {
        let mut pos = *pos;
        pos.time_out(colour_of(seat)).ok().map(|()| pos)
    }

    /// An Aba-Pro record that [`GameCli::read_record`] reads back: the layout (or position)
    /// header, then `1.a1b2 i5h5 2.a2b3 ...` (a number before each round of the table) and
    /// the result.
    fn write_record(
        &self,
        start: &Position<SEATS>,
        steps: &[Step<Position<SEATS>>],
        end: &Position<SEATS>,
    ) -> String {
        let limit = start.move_limit().and_then(|l| u16::try_from(l).ok());
        let layout = Self::layout_name(start, limit);
        let mut text = match layout {
            Some(ref l) => format!("[Layout \"{l}\"]\n"),
            None => format!("[Position \"{}\"]\n", start.to_setup()),
        };
        if let (Some(_), Some(n)) = (&layout, limit) {
            text.push_str(&format!("[MoveLimit \"{n}\"]\n"));
        }
        let mut words = Vec::new();
        for (i, step) in steps.iter().enumerate() {
            let mv = Self::step_move(step);
            if i % SEATS == 0 {
                words.push(format!("{}.{mv}", i / SEATS + 1));
            } else {
                words.push(mv.to_string());
            }
        }
        words.push(self.result_token(end));
        text.push_str(&words.join(" "));
        text
    }
}
