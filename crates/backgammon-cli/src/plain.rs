//! The checker game without the cube, for `replay`, `perft` and `moves`: [`BackgammonCli`].
//!
//! # Records (`replay`)
//! A small text format, one turn per line:
//!
//! ```text
//! # a comment
//! Position ID: 4HPwATDgc/ABMA      (optional start; with Match ID: ... for the side on roll)
//! 31: 8/5 6/5
//! 64: 24/18 13/9
//! 66: pass
//! ```
//!
//! The start is the standard position with X on roll unless a header gives another:
//! `Position ID: ID` (X on roll), with `Match ID: ID` for the side on roll and the dice, or
//! `XGID=...`. Each turn is `dice: play` in gnubg notation (`pass`, or nothing after the
//! colon, when the roll cannot be played); a start that already has its dice begins with a
//! play alone. Line breaks are optional: `31: 8/5 6/5 64: 24/18 13/9` reads the same.

use boardgames_cli::{GameCli, Record, Step};
use boardgames_core::backgammon::{Backgammon, Setup, Side, Xgid};
use boardgames_core::{Game, Seat, Turn};

use crate::report::{self, MovesReport};

/// The checker game from a given start position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BackgammonCli {
    /// The position new games and records without a header start from.
    pub start: Backgammon,
}

/// The position of a gnubg Position ID (X on roll), with a Match ID for the side on roll and
/// the dice.
///
/// # Errors
/// Why an ID does not decode.
pub fn from_ids(position_id: &str, match_id: Option<&str>) -> Result<Backgammon, String> {
    match match_id {
        Some(mid) => {
            Backgammon::from_ids(position_id.trim(), mid.trim()).map_err(|e| e.to_string())
        }
        None => {
            Backgammon::from_position_id(position_id.trim(), Side::X).map_err(|e| e.to_string())
        }
    }
}

/// The position of an XGID (with or without `XGID=`).
///
/// # Errors
/// Why the XGID does not read.
pub fn from_xgid(text: &str) -> Result<Backgammon, String> {
    let x: Xgid = text.trim().parse().map_err(|e| format!("{e}"))?;
    Setup::from_xgid(&x)
        .into_position()
        .map_err(|e| e.to_string())
}

/// Whether `token` is a roll followed by a colon (`31:`), and the roll's text.
fn roll_prefix(token: &str) -> Option<(&str, &str)> {
    let (dice, rest) = token.split_once(':')?;
    let ok = dice.len() == 2 && dice.bytes().all(|b| (b'1'..=b'6').contains(&b));
    ok.then_some((dice, rest))
}

/// Reads a record (see the module docs) from `default` when it has no header.
///
/// # Errors
/// A message naming the line of a bad header.
pub fn read_record(text: &str, default: Backgammon) -> Result<Record<Backgammon>, String> {
    let mut pid: Option<String> = None;
    let mut mid: Option<String> = None;
    let mut xgid: Option<String> = None;
    let mut tags = Vec::new();
    let mut body = String::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        let lower = line.to_ascii_lowercase();
        let header = |names: &[&str]| {
            names.iter().find_map(|n| {
                lower
                    .starts_with(n)
                    .then(|| line.get(n.len()..).unwrap_or("").trim().to_owned())
            })
        };
        if let Some(v) = header(&["position id:", "positionid:", "pid:"]) {
            tags.push(("Position ID".to_owned(), v.clone()));
            pid = Some(v);
        } else if let Some(v) = header(&["match id:", "matchid:", "mid:"]) {
            tags.push(("Match ID".to_owned(), v.clone()));
            mid = Some(v);
        } else if lower.starts_with("xgid=") {
            tags.push(("XGID".to_owned(), line.to_owned()));
            xgid = Some(line.to_owned());
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    let start = match (&pid, &xgid) {
        (Some(_), Some(_)) => return Err("give a Position ID or an XGID, not both".to_owned()),
        (Some(p), None) => from_ids(p, mid.as_deref())?,
        (None, Some(x)) => from_xgid(x)?,
        (None, None) if mid.is_some() => return Err("a Match ID needs a Position ID".to_owned()),
        (None, None) => default,
    };
    // The play being read: `Some` from a roll (or a start with dice) to the next roll.
    let mut steps = Vec::new();
    let mut play: Option<Vec<&str>> = start.dice().map(|_| Vec::new());
    for token in body.split_whitespace() {
        if let Some((dice, rest)) = roll_prefix(token) {
            if let Some(words) = play.take() {
                steps.push(if words.is_empty() {
                    "pass".to_owned()
                } else {
                    words.join(" ")
                });
            }
            steps.push(dice.to_owned());
            play = Some(if rest.is_empty() {
                Vec::new()
            } else {
                vec![rest]
            });
        } else {
            match play.as_mut() {
                Some(words) => words.push(token),
                // A play with no roll before it: the replay reports it at this step.
                None => steps.push(token.to_owned()),
            }
        }
    }
    // A roll at the very end with nothing after it stays to be played.
    if let Some(words) = play.filter(|w| !w.is_empty()) {
        steps.push(words.join(" "));
    }
    Ok(Record { start, steps, tags })
}

impl GameCli for BackgammonCli {
    type Game = Backgammon;
    type Report = MovesReport;

    fn start(&self) -> Backgammon {
        self.start
    }

    fn read_record(&self, text: &str) -> Result<Record<Backgammon>, String> {
        read_record(text, self.start)
    }

    fn batch_report(&self, line: &str) -> Result<MovesReport, String> {
        report::report(line)
    }

    fn seat_name(&self, _pos: &Backgammon, seat: Seat) -> String {
        if seat.0 == 0 { "X" } else { "O" }.to_owned()
    }

    fn move_separator(&self) -> &'static str {
        ", "
    }

    fn describe_step(
        &self,
        before: &Backgammon,
        step: &Step<Backgammon>,
        _after: &Backgammon,
    ) -> String {
        match step {
            Step::Chance(d) => format!("{} rolls {d}", before.side()),
            Step::Move(p) => p.to_string(),
        }
    }

    fn describe_end(&self, pos: &Backgammon) -> String {
        match pos.win() {
            Some((w, k)) => {
                let pts = k.multiplier() * u32::from(pos.cube_value());
                let what = match k.multiplier() {
                    1 => "a single game",
                    2 => "a gammon",
                    _ => "a backgammon",
                };
                let unit = if pts == 1 { "point" } else { "points" };
                format!("{w} wins {what}: {pts} {unit}")
            }
            None => match pos.turn() {
                Turn::Chance => format!("game goes on, {} to roll", pos.side()),
                _ => match pos.dice() {
                    Some(d) => format!("game goes on, {} to play {d}", pos.side()),
                    None => format!("game goes on, {} to play", pos.side()),
                },
            },
        }
    }

    fn result_token(&self, pos: &Backgammon) -> String {
        match pos.win() {
            Some((w, k)) => format!(
                "# {w} wins {}",
                k.multiplier() * u32::from(pos.cube_value())
            ),
            None => String::new(),
        }
    }

    /// The record format of the module docs, one turn a line.
    fn write_record(
        &self,
        start: &Backgammon,
        steps: &[Step<Backgammon>],
        end: &Backgammon,
    ) -> String {
        let mut lines = Vec::new();
        if *start != Backgammon::new() {
            lines.push(format!("XGID={}", Setup::of(start)));
        }
        let mut line = String::new();
        for step in steps {
            match step {
                Step::Chance(d) => {
                    if !line.is_empty() {
                        lines.push(core::mem::take(&mut line));
                    }
                    line = format!("{d}:");
                }
                Step::Move(p) => {
                    line.push(' ');
                    line.push_str(&p.to_string());
                    lines.push(core::mem::take(&mut line).trim().to_owned());
                }
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
        let token = self.result_token(end);
        if !token.is_empty() {
            lines.push(token);
        }
        lines.join("\n")
    }
}
