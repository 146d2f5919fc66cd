//! Pente's hooks for the frontend kit: records, move descriptions, the board in colour.

use boardgames_cli::{GameCli, Record, Step};
use boardgames_core::pente::record::pgn::{read_pgn, write_pgn};
use boardgames_core::pente::record::{self, JsonRecord, ReplayReport};
use boardgames_core::pente::{Pente, Point, Variant};
use boardgames_core::Seat;

/// Pente or Keryo-Pente with the options of the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PenteCli {
    /// The ruleset of new games and of move-list records.
    pub variant: Variant,
    /// Whether the tournament rule applies to new games and move-list records.
    pub tournament_rule: bool,
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

impl GameCli for PenteCli {
    type Game = Pente;
    type Report = ReplayReport;

    fn start(&self) -> Pente {
        Pente::new(self.variant, self.tournament_rule)
    }

    /// A JSON record (text starting with `{`) carries its own variant and tournament rule; a
    /// pente.org PGN-like file takes them from its `Game` and `Rated` tags, and a bare move
    /// list from the options of the command line.
    fn read_record(&self, text: &str) -> Result<Record<Pente>, String> {
        if text.trim_start().starts_with('{') {
            let rec = JsonRecord::from_json(text.trim())
                .map_err(|e| format!("{e} (for one JSON record per line use replay --jsonl)"))?;
            let mut tags = Vec::new();
            if let Some(id) = &rec.id {
                tags.push(("Id".to_owned(), id.clone()));
            }
            for (key, name) in [("site", "Site"), ("event", "Event"), ("date", "Date")] {
                if let Some(v) = rec.extra.get(key).and_then(|v| v.as_str()) {
                    tags.push((name.to_owned(), v.to_owned()));
                }
            }
            if let Some(result) = &rec.result {
                tags.push(("Result".to_owned(), result.clone()));
            }
            return Ok(Record {
                start: Pente::new(rec.variant, rec.tournament_rule),
                steps: rec.moves,
                tags,
            });
        }
        if text.trim().is_empty() {
            return Err("the input is empty: no record to read".to_owned());
        }
        let rec = read_pgn(text, self.variant, self.tournament_rule).map_err(|e| e.to_string())?;
        // The tags as the file writes them (the rules they set are shown with the board).
        let tags = record::parse_tags(text);
        Ok(Record {
            start: Pente::new(rec.variant, rec.tournament_rule),
            steps: rec.moves.iter().map(ToString::to_string).collect(),
            tags,
        })
    }

    fn record_formats(&self) -> &'static [&'static str] {
        &["pgn", "json"]
    }

    /// Reads a JSON record (text starting with `{`) or a pente.org game file / move list, and
    /// writes it as a pente.org game file (`pgn`) or one JSON record line (`json`).
    fn convert(&self, text: &str, to: &str) -> Result<String, String> {
        let record = if text.trim_start().starts_with('{') {
            JsonRecord::from_json(text.trim())
                .and_then(|r| r.to_game_record())
                .map_err(|e| e.to_string())?
        } else {
            read_pgn(text, self.variant, self.tournament_rule).map_err(|e| e.to_string())?
        };
        match to {
            "pgn" => Ok(write_pgn(&record)),
            "json" => serde_json::to_string(&JsonRecord::from_game_record(&record))
                .map_err(|e| e.to_string()),
            other => Err(format!("no record format {other:?} (pgn, json)")),
        }
    }

    fn batch_report(&self, line: &str) -> Result<ReplayReport, String> {
        JsonRecord::from_json(line)
            .map(|rec| ReplayReport::of(&rec))
            .map_err(|e| e.to_string())
    }

    /// The board with player 1's stones in red and player 2's in blue when `colour` is set.
    fn render(&self, pos: &Pente, colour: bool) -> String {
        let text = pos.to_string();
        if !colour {
            return text;
        }
        // Only the 19 board rows hold stones; the header rows hold column letters (O too).
        text.lines()
            .enumerate()
            .map(|(i, line)| {
                if (1..=19).contains(&i) {
                    line.replace('X', "\x1b[1;31mX\x1b[0m")
                        .replace('O', "\x1b[1;34mO\x1b[0m")
                } else {
                    line.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn seat_name(&self, _pos: &Pente, seat: Seat) -> String {
        format!("{seat} ({})", mark(seat))
    }

    /// The point, then the stones it captured and the capture counts, and the end it made.
    fn describe_step(&self, before: &Pente, step: &Step<Pente>, after: &Pente) -> String {
        let point = match step {
            Step::Move(p) => *p,
            Step::Chance(c) => match *c {},
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

    /// pente.org move-list text with the result: `1. K10 L9 2. ... 1-0`.
    fn write_record(&self, _start: &Pente, steps: &[Step<Pente>], end: &Pente) -> String {
        let points: Vec<Point> = steps
            .iter()
            .map(|s| match s {
                Step::Move(p) => *p,
                Step::Chance(c) => match *c {},
            })
            .collect();
        let moves = record::write_move_list(&points);
        let result = self.result_token(end);
        if moves.is_empty() {
            result
        } else {
            format!("{moves} {result}")
        }
    }
}
