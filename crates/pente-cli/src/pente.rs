//! Pente's hooks for the frontend kit: its record formats, move descriptions, the board in
//! colour.

use boardgames_ai::registry::Engines;
use boardgames_ai::Engine;
use boardgames_cli::jsonl::NoLines;
use boardgames_cli::{Formats, GameCli, Presentation, RecordFormat, View};
use boardgames_core::pente::record::{
    JsonRecord, PenteJson, PenteMoveList, PenteOrg, RecordError, ReplayReport,
};
use boardgames_core::pente::{OpeningRule, Pente, Point, Variant};
use boardgames_core::record::{label, replay, Applied, Format, Record, Tags};
use boardgames_core::Seat;

/// Pente or Keryo-Pente with the options of the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PenteCli {
    /// The ruleset of new games and of move-list records.
    pub variant: Variant,
    /// Whether the tournament rule applies to new games and move-list records.
    pub tournament_rule: bool,
    /// A start position instead of the empty board (`--position`, the position string of
    /// `docs/pente.md`, which carries its own variant and rule).
    pub position: Option<Pente>,
}

/// `X` for player 1, `O` for player 2, as the board diagram marks their stones.
fn mark(seat: Seat) -> char {
    if seat.0 == 0 {
        'X'
    } else {
        'O'
    }
}

fn captured(pos: &Pente) -> String {
    let [x, o] = pos.captures();
    format!("captured: X {x} / O {o}")
}

/// The board of `pos`'s diagram (its `Display` without the status line) with `last` between
/// brackets and the stones in colour when `colour` is set. Rows 19 to 1 are lines 1 to 19,
/// the point of column `c` at character `4 + 2c`.
fn board(pos: &Pente, last: Option<Point>, colour: bool) -> String {
    let text = pos.board_diagram();
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let mut line = line.to_owned();
            if let Some(p) = last.filter(|p| i == 19 - p.row()) {
                let at = 4 + 2 * p.col();
                if line.is_char_boundary(at - 1) && line.len() > at + 1 {
                    line.replace_range(at - 1..at, "(");
                    line.replace_range(at + 1..at + 2, ")");
                }
            }
            // Only the 19 board rows hold stones; the header rows hold column letters (O too).
            if colour && (1..=19).contains(&i) {
                line.replace('X', "\x1b[1;31mX\x1b[0m")
                    .replace('O', "\x1b[1;34mO\x1b[0m")
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// How `replay` shows a JSON record: its id, site, event, date and result.
struct JsonTags;

impl Presentation<Pente, RecordError> for JsonTags {
    fn shown_tags(&self, record: &Record<Pente>) -> Tags {
        let mut tags: Tags = ["Id", "Site", "Event", "Date"]
            .iter()
            .filter_map(|&name| record.tag(name).map(|v| (name.to_owned(), v.to_owned())))
            .collect();
        if let Some(result) = record.result {
            tags.push(("Result".to_owned(), result.token().to_owned()));
        }
        tags
    }
}

impl GameCli for PenteCli {
    type Game = Pente;
    type RecordError = RecordError;
    type ReplayLines = fn(&str) -> Result<ReplayReport, RecordError>;
    type MovesLines = NoLines;

    fn start(&self) -> Pente {
        self.position.unwrap_or_else(|| {
            Pente::new(
                self.variant,
                OpeningRule::from_tournament_rule(self.tournament_rule),
            )
        })
    }

    /// The alpha-beta engine of `boardgames-ai` at `level` (default level 4).
    fn engine(&self, level: Option<u8>) -> Option<Box<dyn Engine<Pente>>> {
        Pente::engine(level)
    }

    fn default_level(&self) -> Option<String> {
        Some(Pente::DEFAULT_LEVEL.to_string())
    }

    fn describe_score(&self, score: i32) -> String {
        Pente::describe_score(score)
    }

    /// A JSON record (`{"variant", "tournament_rule", "moves": [...]}`, the form of the
    /// reference data's `games.jsonl`), replayed to its last position; or, without `moves`,
    /// the JSON form of a position (`{"variant", "tournament_rule", "ply", "captures",
    /// "player1", "player2"}`, docs/pente.md).
    fn position_of(&self, json: &str) -> Result<Pente, String> {
        let is_position = serde_json::from_str::<serde_json::Value>(json)
            .is_ok_and(|v| v.get("moves").is_none() && v.get("player1").is_some());
        if is_position {
            return serde_json::from_str::<Pente>(json).map_err(|e| e.to_string());
        }
        let mut records = PenteJson.read(json).map_err(|e| e.to_string())?;
        let record = match (records.pop(), records.is_empty()) {
            (Some(r), true) => r,
            _ => return Err("expected one JSON record".to_owned()),
        };
        let trace = replay(&record);
        if let Some(bad) = &trace.illegal {
            return Err(format!("ply {}: {:?}: {}", bad.ply, bad.written, bad.error));
        }
        Ok(*trace.last())
    }

    /// The JSON form of the position (docs/pente.md), which `position_of` reads.
    fn position_json(&self, pos: &Pente) -> Option<String> {
        serde_json::to_string(pos).ok()
    }

    /// pente.org game files and move lists (`pgn`: their `Game` and `Rated` tags give the
    /// rules, else the options of the command line), JSON records (`json`, which carry their
    /// own; `replay` shows their id, site, event, date and result), and the bare move list
    /// (`movelist`, what `selfplay` writes).
    fn formats(&self) -> Formats<'_, Self> {
        let default = self.start();
        vec![
            RecordFormat::new(PenteOrg::new(default)),
            RecordFormat::new(PenteJson).shown_with(JsonTags),
            RecordFormat::new(PenteMoveList { default }),
        ]
    }

    /// pente.org game files: their `Game` and `Rated` tags state the rules, so that what
    /// `record`, `save` and `play --record` write replays under the rules it was played by,
    /// whatever the options of `replay`.
    fn record_format(&self) -> &'static str {
        "pgn"
    }

    /// The bare move list for Pente with the tournament rule (what `replay` reads by
    /// default); other rules as a pente.org game, whose `Game` and `Rated` tags say them, so
    /// that the records replay under their own rules.
    fn write_record(&self, start: &Pente, steps: &[Applied<Pente>], end: &Pente) -> String {
        let standard = start.variant() == Variant::Pente && start.tournament_rule();
        let written = Record::of_game(start, steps).ok().and_then(|mut record| {
            record.result = self.recorded_result(end);
            if standard {
                PenteMoveList { default: *start }.write(&[record]).ok()
            } else {
                PenteOrg::new(*start).write(&[record]).ok()
            }
        });
        written.unwrap_or_else(|| "the game cannot be written as a record".to_owned())
    }

    /// The expected-results report of each JSON record.
    fn replay_lines(&self) -> Option<Self::ReplayLines> {
        Some(|line| JsonRecord::from_json(line).map(|rec| ReplayReport::of(&rec)))
    }

    fn moves_lines(&self) -> Option<NoLines> {
        None
    }

    fn record_label(&self, record: &Record<Pente>) -> String {
        label(&record.tags, ["Player 1 Name", "Player 2 Name"])
    }

    /// The board with player 1's stones in red and player 2's in blue in colour.
    fn render(&self, pos: &Pente, view: &View) -> String {
        board(pos, None, view.colour)
    }

    /// Who is to move, or how the game ended (the diagram's last line).
    fn status(&self, pos: &Pente) -> Option<String> {
        Some(pos.status_line())
    }

    /// The board with the stone just placed between brackets, `(X)`.
    fn render_after(
        &self,
        _before: &Pente,
        step: Applied<Pente>,
        after: &Pente,
        view: &View,
    ) -> String {
        let point = match step {
            Applied::Move(p) => p,
            Applied::Chance(c) => match c {},
        };
        board(after, Some(point), view.colour)
    }

    fn seat_name(&self, _pos: &Pente, seat: Seat) -> String {
        format!("{seat} ({})", mark(seat))
    }

    /// The point, then the stones it captured and the capture counts, and the end it made.
    fn describe_step(&self, before: &Pente, step: Applied<Pente>, after: &Pente) -> String {
        let point = match step {
            Applied::Move(p) => p,
            Applied::Chance(c) => match c {},
        };
        let mover = before.side_to_move();
        let them = Seat(mover.0 ^ 1);
        let mut removed: Vec<Point> = before
            .stones(them)
            .minus(after.stones(them))
            .iter()
            .collect();
        removed.sort_by_key(ToString::to_string);
        let mut text = point.to_string();
        if !removed.is_empty() {
            let names: Vec<String> = removed.iter().map(ToString::to_string).collect();
            text.push_str(&format!(
                " captures {} ({})",
                names.join(" "),
                captured(after)
            ));
        }
        if let Some(reason) = after.end_reason() {
            text.push_str(&format!(": {}", reason.name()));
        }
        text
    }

    fn describe_end(&self, pos: &Pente) -> String {
        match (pos.end_reason(), pos.winner()) {
            (Some(reason), Some(w)) => format!(
                "{} wins by {} at ply {} ({})",
                self.seat_name(pos, w),
                reason.name(),
                pos.ply(),
                captured(pos)
            ),
            (Some(_), None) => format!("draw, the board is full at ply {}", pos.ply()),
            (None, _) => format!(
                "no end by the rules after {} plies, {} to move ({})",
                pos.ply(),
                self.seat_name(pos, pos.side_to_move()),
                captured(pos)
            ),
        }
    }
}
