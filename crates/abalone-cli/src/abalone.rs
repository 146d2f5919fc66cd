//! Abalone's hooks for the frontend kit: Aba-Pro records, the hexagonal board with the last
//! move marked and, in `play` against the computer, which seat is yours; how moves and results
//! are told, the time-out; for 2, 3, 4 and 6 players; the alpha-beta engine of
//! `boardgames-ai` for two players.

use std::time::Duration;

use boardgames_ai::registry::Engines;
use boardgames_ai::Engine;

use boardgames_cli::{Formats, GameCli, Presentation, RecordFormat, View};
use boardgames_core::abalone::record::{
    apgn, layout_of, AbaPro, AbaloneJson, Apgn, JsonGame, RecordError, ReplayReport,
};
use boardgames_core::abalone::{
    Bitboard, Cell, Colour, Direction, EndReason, Layout, Move, Position, ROWS,
};
use boardgames_core::record::{label, Applied, IllegalStep, Record, RecordedResult, Tags};
use boardgames_core::{Seat, Team};

use crate::report::{self, MovesReport};

/// Abalone for `SEATS` players with the options of the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct AbaloneCli<const SEATS: usize> {
    /// `--layout`, when given (a layout of `SEATS` players).
    pub layout: Option<Layout>,
    /// `--position`, when given: the game starts there instead of at a layout.
    pub position: Option<Position<SEATS>>,
    /// `--move-limit`: the game is adjudicated after this many plies.
    pub move_limit: Option<u16>,
    /// `--time-limit`: each side's time for the whole game in `play`.
    pub time_limit: Option<Duration>,
}

pub use boardgames_core::abalone::record::plain::parse_position;

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

/// Where the marbles `mv` shifted stand after it: the moving line and the opposing marbles
/// it pushed that are still on the board.
fn moved_cells(mv: Move) -> Bitboard {
    let dir = mv.direction();
    let mut cells: Bitboard = mv.cells().filter_map(|c| c.step(dir)).collect();
    let pushed = (1..=mv.pushed()).filter_map(|k| mv.tail().steps(dir, mv.marbles() + k));
    for cell in pushed {
        cells.insert(cell);
    }
    cells
}

/// The groups of adjacent cells of `cells`.
fn groups(cells: Bitboard) -> Vec<Bitboard> {
    let mut left = cells;
    let mut found = Vec::new();
    while let Some(seed) = left.iter().next() {
        let mut group = Bitboard::EMPTY;
        let mut todo = vec![seed];
        left.remove(seed);
        while let Some(cell) = todo.pop() {
            group.insert(cell);
            for next in Direction::ALL.iter().filter_map(|&d| cell.step(d)) {
                if left.contains(next) {
                    left.remove(next);
                    todo.push(next);
                }
            }
        }
        found.push(group);
    }
    found
}

/// Where `group` lies on the board as it is drawn (row I at the top): `at the bottom`, `on
/// the left`, `at the top right`, ..., or `in the middle`, from the direction of its centre
/// seen from E5.
fn compass(group: Bitboard) -> &'static str {
    const SIDES: [&str; 8] = [
        "on the right",
        "at the top right",
        "at the top",
        "at the top left",
        "on the left",
        "at the bottom left",
        "at the bottom",
        "at the bottom right",
    ];
    let n = group.count().max(1) as f64;
    // Cells as drawn: a row is a half cell right of the one below it, rows sqrt(3)/2 apart.
    let (x, y) = group.iter().fold((0.0, 0.0), |(x, y), c| {
        let (row, number) = (c.row() as f64, c.number() as f64);
        (
            x + number - row / 2.0 - 3.0,
            y + (row - 4.0) * 0.75f64.sqrt(),
        )
    });
    let (x, y) = (x / n, y / n);
    if x.hypot(y) < 1.0 {
        return "in the middle";
    }
    let sector = (y.atan2(x).to_degrees() + 360.0 + 22.5) / 45.0;
    SIDES[sector as usize % SIDES.len()]
}

/// The rows `group` spans: `rows A-C`, `row A`.
fn rows(group: Bitboard) -> String {
    let letters: Vec<char> = group.iter().map(Cell::letter).collect();
    match (letters.iter().min(), letters.iter().max()) {
        (Some(low), Some(high)) if low != high => format!("rows {low}-{high}"),
        (Some(row), _) => format!("row {row}"),
        _ => String::new(),
    }
}

/// Where the marbles of `colour` stand at `start`, by their groups of three or more
/// (`at the bottom (rows A-C)`, two daisies `at the bottom left (rows A-C) and at the top
/// right (rows G-I)`); `None` for more than two such groups or none.
fn home<const SEATS: usize>(start: &Position<SEATS>, colour: Colour) -> Option<String> {
    let parts: Vec<String> = groups(start.marbles(colour))
        .into_iter()
        .filter(|g| g.count() >= 3)
        .map(|g| format!("{} ({})", compass(g), rows(g)))
        .collect();
    (1..=2).contains(&parts.len()).then(|| parts.join(" and "))
}

/// With teams, `; your partner: Black (@)` or `; your partners: Black (@), Yellow (+)`.
fn partners<const SEATS: usize>(colour: Colour) -> String {
    if Position::<SEATS>::team_count() != 2 || SEATS == 2 {
        return String::new();
    }
    let team = Position::<SEATS>::team(colour as usize);
    let names: Vec<String> = Position::<SEATS>::team_colours(team)
        .filter(|&c| c != colour)
        .map(colour_name)
        .collect();
    let word = if names.len() > 1 {
        "partners"
    } else {
        "partner"
    };
    format!("; your {word}: {}", names.join(", "))
}

impl<const SEATS: usize> AbaloneCli<SEATS>
where
    Position<SEATS>: Engines,
{
    fn with_limit(&self, mut pos: Position<SEATS>) -> Position<SEATS> {
        if self.move_limit.is_some() {
            pos.set_move_limit(self.move_limit);
        }
        pos
    }

    /// One row of the hexagon: its letter, its cells, and the diagonal that ends there. The
    /// runs of cells in `marked` are between brackets, `(@ @ @)`, and highlighted in colour.
    fn row(pos: &Position<SEATS>, row: usize, marked: Bitboard, colour: bool) -> String {
        let mut text = " ".repeat(row.abs_diff(4));
        text.push((b'A' + row as u8) as char);
        text.push(' ');
        let mut in_run = false;
        for cell in (1..=9).filter_map(|number| Cell::new(row, number)) {
            let mark = marked.contains(cell);
            text.push(match (in_run, mark) {
                (false, true) => '(',
                (true, false) => ')',
                _ => ' ',
            });
            in_run = mark;
            let symbol = pos.at(cell).map_or('.', Colour::symbol);
            if colour {
                let style = pos.at(cell).map_or("2", |c| seat_style(c, SEATS));
                let highlight = if mark { ";4;7" } else { "" };
                text.push_str(&format!("\x1b[{style}{highlight}m{symbol}\x1b[0m"));
            } else {
                text.push(symbol);
            }
        }
        if in_run {
            text.push(')');
        }
        // The diagonals 6..9 end on the lower right edge.
        if row < 4 {
            text.push_str(&format!(" {}", row + 6));
        }
        text
    }

    /// The hexagon, row I at the top, with the cells in `marked` between brackets (and
    /// highlighted in colour).
    fn board(pos: &Position<SEATS>, marked: Bitboard, colour: bool) -> String {
        let mut text = String::new();
        for row in (0..ROWS).rev() {
            text.push_str(&Self::row(pos, row, marked, colour));
            text.push('\n');
        }
        text.push_str(&format!("{:8}1 2 3 4 5\n", ""));
        text.push_str(&format!("{} | ply {}", ejected(pos), pos.ply()));
        if let Some(limit) = pos.move_limit() {
            text.push_str(&format!(" of {limit}"));
        }
        text
    }

    /// The line that says which seat is yours against the computer in `play`: `you play Black
    /// (@), starting at the bottom (rows A-C)`, with the partners when there are teams; `None`
    /// elsewhere (no seat, or several, played at the keyboard: [`View::only_human`]).
    fn you(&self, view: &View) -> Option<String> {
        let colour = Colour::SEATS.get(view.only_human()?.index()).copied()?;
        let start = match home(&self.start(), colour) {
            Some(place) => format!(", starting {place}"),
            None => String::new(),
        };
        Some(format!(
            "you play {}{start}{}",
            seat_label::<SEATS>(colour),
            partners::<SEATS>(colour)
        ))
    }
}

impl<const SEATS: usize> AbaloneCli<SEATS> {
    /// How the start was chosen on the command line, for the plain record's message when a
    /// header names another.
    fn chosen(&self) -> Option<String> {
        match (self.layout, self.position) {
            (_, Some(_)) => Some("--position".to_owned()),
            (Some(l), _) => Some(format!("--layout {l}")),
            _ => None,
        }
    }
}

/// A short name for a record in messages: its `Id` tag, else its event, date and players.
fn record_label<const SEATS: usize>(record: &Record<Position<SEATS>>) -> String {
    label(&record.tags, ["Black", "White"])
}

/// How `replay` shows an APGN game: its header as it would be written (the layout by its full
/// name), its recorded result and how it ended; a step refused with its move number and side,
/// a file that does not read with the line and column of the problem.
struct ApgnShown;

impl<const SEATS: usize> Presentation<Position<SEATS>, RecordError> for ApgnShown {
    fn shown_tags(&self, record: &Record<Position<SEATS>>) -> Tags {
        let Ok(text) = apgn::write_game(record) else {
            return record.tags.clone();
        };
        boardgames_core::record::tags::read_loose_tags(&text)
            .into_iter()
            .map(|(name, value)| match name.as_str() {
                "Variant" => (
                    "Layout".to_owned(),
                    layout_of(&record.start).map_or(value, |l| l.to_string()),
                ),
                _ => (name, value),
            })
            .collect()
    }

    fn footer(&self, record: &Record<Position<SEATS>>) -> Option<String> {
        let result = record.result?;
        let how = record
            .tag("Termination")
            .map(|t| format!(" ({t})"))
            .unwrap_or_default();
        Some(format!("recorded: {result}{how}"))
    }

    /// `MIGS 1: move 2 (Black, ply 3) a1b2: reason`.
    fn illegal_step(
        &self,
        record: &Record<Position<SEATS>>,
        illegal: &IllegalStep<Position<SEATS>>,
    ) -> Option<String> {
        let side = if illegal.ply % 2 == 1 {
            Colour::Black
        } else {
            Colour::White
        };
        Some(format!(
            "{}: move {} ({side}, ply {}) {}: {}",
            record_label(record),
            illegal.ply.div_ceil(2),
            illegal.ply,
            illegal.written,
            illegal.error.reason()
        ))
    }

    fn read_error(&self, file: &str, error: &RecordError) -> String {
        boardgames_cli::common::cut_quoted(&format!("{file}: {error}"))
    }
}

/// The `moves --jsonl` mode of `SEATS` players.
type MovesMode = fn(&str) -> Result<MovesReport, String>;

impl<const SEATS: usize> GameCli for AbaloneCli<SEATS>
where
    Position<SEATS>: Engines,
{
    type Game = Position<SEATS>;
    type RecordError = RecordError;
    type ReplayLines = fn(&str) -> Result<ReplayReport, RecordError>;
    type MovesLines = MovesMode;

    fn start(&self) -> Position<SEATS> {
        let pos = match (self.position, self.layout) {
            (Some(pos), _) => pos,
            (None, layout) => layout
                .and_then(|l| Position::<SEATS>::new(l).ok())
                .unwrap_or_else(Position::<SEATS>::start),
        };
        self.with_limit(pos)
    }

    /// APGN (`apgn`, shown as [`ApgnShown`]), JSON lines as the reference corpora (`json`),
    /// and the plain Aba-Pro record (`abapro`, what `selfplay` writes; it reads any other
    /// text), which starts from `--layout` or `--position` when it names no start.
    fn formats(&self) -> Formats<'_, Self> {
        vec![
            RecordFormat::new(Apgn).shown_with(ApgnShown),
            RecordFormat::new(AbaloneJson),
            RecordFormat::new(AbaPro {
                default: self.start(),
                chosen: self.chosen(),
            }),
        ]
    }

    fn record_format(&self) -> &'static str {
        "abapro"
    }

    /// The reference replay report of each JSON game line.
    fn replay_lines(&self) -> Option<Self::ReplayLines> {
        Some(|line| JsonGame::from_json(line).and_then(|game| game.report()))
    }

    /// Every distinct resulting position of each JSON position (see [`report`]).
    fn moves_lines(&self) -> Option<MovesMode> {
        Some(report::of_line::<SEATS>)
    }

    fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// Two players: the alpha-beta engine of `boardgames-ai` at `level` (default level 5).
    /// Three, four and six players: its Monte Carlo tree search for teams (default level 4).
    fn engine(&self, level: Option<u8>) -> Option<Box<dyn Engine<Position<SEATS>>>> {
        Position::<SEATS>::engine(level)
    }

    fn describe_score(&self, score: i32) -> String {
        Position::<SEATS>::describe_score(score)
    }

    /// Two players' default and the multi-player one (the help is the same for every
    /// number of players).
    fn default_level(&self) -> Option<String> {
        Some(format!(
            "{} for two players, {} for three, four or six",
            Position::<2>::DEFAULT_LEVEL,
            Position::<3>::DEFAULT_LEVEL
        ))
    }

    /// What `moves --jsonl` reads as a position: the neutral JSON position (optional `ply`,
    /// `move_limit`, `timed_out`); a JSON string is read as a position string of
    /// docs/abalone.md. `--move-limit` applies to it as to the start.
    fn position_of(&self, json: &str) -> Result<Position<SEATS>, String> {
        let pos = match serde_json::from_str::<serde_json::Value>(json) {
            Ok(serde_json::Value::String(text)) => parse_position::<SEATS>(&text)?,
            Ok(value) => serde_json::from_value::<Position<SEATS>>(value)
                .map_err(|e| format!("position: {e}"))?,
            Err(e) => return Err(format!("not JSON: {e}")),
        };
        Ok(self.with_limit(pos))
    }

    /// The neutral JSON position, which `position_of` reads back.
    fn position_json(&self, pos: &Position<SEATS>) -> Option<String> {
        serde_json::to_string(pos).ok()
    }

    /// Two-sided results (two players or two teams); none with three players.
    fn recorded_result(&self, end: &Position<SEATS>) -> Option<RecordedResult> {
        end.end_reason()?;
        if Position::<SEATS>::team_count() != 2 {
            return None;
        }
        Some(match end.winning_team() {
            None => RecordedResult::Draw,
            Some(t) if t.0 == 0 => RecordedResult::FirstPlayerWins,
            Some(_) => RecordedResult::SecondPlayerWins,
        })
    }

    fn record_label(&self, record: &Record<Position<SEATS>>) -> String {
        record_label(record)
    }

    /// The board, then which seat is yours (in `play` against the computer).
    fn render(&self, pos: &Position<SEATS>, view: &View) -> String {
        let board = Self::board(pos, Bitboard::EMPTY, view.colour);
        match self.you(view) {
            Some(you) => format!("{board}\n{you}"),
            None => board,
        }
    }

    /// The board with the marbles of the last move between brackets (and highlighted in
    /// colour), the move named below it, then which seat is yours.
    fn render_after(
        &self,
        before: &Position<SEATS>,
        step: Applied<Position<SEATS>>,
        after: &Position<SEATS>,
        view: &View,
    ) -> String {
        let marked = match step {
            Applied::Move(mv) => moved_cells(mv),
            Applied::Chance(c) => match c {},
        };
        let mut text = format!(
            "{}\nlast move: {} {}",
            Self::board(after, marked, view.colour),
            seat_label::<SEATS>(before.side_to_move()),
            self.describe_step(before, step, after),
        );
        if let Some(you) = self.you(view) {
            text.push_str(&format!("\n{you}"));
        }
        text
    }

    /// Who is to move, or how the game ended.
    fn status(&self, pos: &Position<SEATS>) -> Option<String> {
        Some(match pos.end_reason() {
            None => format!("{} to move", seat_label::<SEATS>(pos.side_to_move())),
            Some(_) => match pos.winning_team() {
                Some(w) => format!("game over: {} wins", team_label::<SEATS>(w)),
                None => "game over: draw".to_owned(),
            },
        })
    }

    fn move_help(&self) -> Vec<String> {
        [
            "in-line (any single marble too): the trailing marble, then the cell it moves to;",
            "  a1b2 moves the row of 1 to 3 own marbles from A1 towards B2, pushing (sumito)",
            "  1 or 2 opposing marbles when it outnumbers them and the cell behind is free",
            "broadside: both ends of a line of 2 or 3, then where the first end goes: c3c5d4",
            "cells: rows A (bottom) to I (top), diagonals 1 to 9; either case works",
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
        step: Applied<Position<SEATS>>,
        after: &Position<SEATS>,
    ) -> String {
        let mv = match step {
            Applied::Move(mv) => mv,
            Applied::Chance(c) => match c {},
        };
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

    fn time_out(&self, pos: &Position<SEATS>, seat: Seat) -> Option<Position<SEATS>> {
        let mut pos = *pos;
        pos.time_out(colour_of(seat)).ok().map(|()| pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::abalone::record::apgn::read_apgn;
    use boardgames_core::abalone::Abalone;
    use boardgames_core::record::replay;

    #[test]
    fn an_apgn_game_names_its_move_number_side_and_reason() {
        // Hand-worked from the standard layout: Black a1b2 (A1, B2, C3 go north-east), White
        // i5h5, then Black a1b2 again: A1 is empty now.
        let games = read_apgn("[Event \"Test\"]\n\n1. a1b2 i5h5 2. a1b2 *\n").unwrap();
        let trace = replay(&games[0]);
        let bad = trace.illegal.as_ref().expect("refused");
        let message =
            Presentation::<Abalone, RecordError>::illegal_step(&ApgnShown, &games[0], bad)
                .expect("an APGN message");
        assert!(
            message.starts_with("Test: move 2 (Black, ply 3) a1b2: "),
            "{message}"
        );
        assert!(message.contains("A1"), "{message}");
    }
}
