//! The checker game without the cube, for `replay` of simple records, `perft` and `moves`:
//! [`BackgammonCli`]. Its record format is the core's simple record
//! ([`boardgames_core::backgammon::record::Turns`], one turn a line).

use crate::jsonl::{replay_line, JsonlReport};
use boardgames_cli::{Formats, GameCli, MoveListing, RecordFormat, View};
use boardgames_core::backgammon::record::{Turns, TurnsError};
use boardgames_core::backgammon::{Backgammon, Dice, Match};
use boardgames_core::record::Applied;
use boardgames_core::{Game, Seat, Turn};

use crate::report::{self, MovesReport};

use boardgames_core::backgammon::record::turns::{from_ids, from_xgid};

/// The checker game from a given start position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BackgammonCli {
    /// The position new games and records without a header start from (with its dice for
    /// `moves`).
    pub start: Backgammon,
    /// The roll `moves` lists when the position it reaches has none (the `--dice` after
    /// turns played first).
    pub roll: Option<Dice>,
}

impl BackgammonCli {
    /// The start of the command line's options: the position of a gnubg Position ID (X on
    /// roll, or the side on roll and the dice of `match_id`), of an XGID, or the standard
    /// start; then `dice`, when given, as its roll.
    ///
    /// # Errors
    /// Why an ID does not describe a position.
    pub fn at(
        position_id: Option<&str>,
        match_id: Option<&str>,
        xgid: Option<&str>,
        dice: Option<Dice>,
    ) -> Result<BackgammonCli, String> {
        // The IDs are checked as every command checks them (as the match game reads them),
        // then the checker game is taken from them.
        let mut start = match (position_id, match_id, xgid) {
            (Some(pid), Some(mid), _) => {
                Match::from_ids(pid.trim(), mid.trim()).map_err(|e| e.to_string())?;
                from_ids(pid, match_id).map_err(|e| e.to_string())?
            }
            (Some(pid), None, _) => from_ids(pid, None).map_err(|e| e.to_string())?,
            (None, _, Some(x)) => {
                let position = from_xgid(x).map_err(|e| e.to_string())?;
                Match::from_xgid(x.trim()).map_err(|e| e.to_string())?;
                position
            }
            (None, _, None) => Backgammon::new(),
        };
        if dice.is_some() {
            start.set_dice(dice);
        }
        Ok(BackgammonCli { start, roll: None })
    }
}

/// The `moves --jsonl` mode.
type MovesMode = fn(&str) -> Result<MovesReport, String>;

/// The `replay --jsonl` mode: match games as JSON lines.
type ReplayMode = fn(&str) -> Result<JsonlReport, String>;

impl GameCli for BackgammonCli {
    type Game = Backgammon;
    type RecordError = TurnsError;
    type ReplayLines = ReplayMode;
    type MovesLines = MovesMode;

    fn start(&self) -> Backgammon {
        self.start
    }

    fn formats(&self) -> Formats<'_, Self> {
        vec![RecordFormat::new(Turns {
            default: self.start,
        })]
    }

    /// The diagram's board, its checkers in colour when the view is in colour.
    fn render(&self, pos: &Backgammon, view: &View) -> String {
        let text = pos.board_diagram();
        if view.colour {
            crate::paint::paint(&text)
        } else {
            text
        }
    }

    /// The diagram's status line: who is to roll or play, the cube, or who won.
    fn status(&self, pos: &Backgammon) -> Option<String> {
        Some(pos.status_line())
    }

    /// The games of a match as JSON lines (the reference data's `real.jsonl`), replayed
    /// against the match's rules: the program's `replay --jsonl`.
    fn replay_lines(&self) -> Option<ReplayMode> {
        Some(replay_line)
    }

    fn moves_lines(&self) -> Option<MovesMode> {
        Some(report::report)
    }

    /// The plays of the position's roll, one per line, `<play>  <Position ID>` sorted by
    /// play (the Position ID of the result, the opponent on roll); the count, the side, the
    /// roll and the position's ID on standard error.
    fn list_moves(&self, pos: &Backgammon) -> Result<MoveListing, String> {
        let mut pos = *pos;
        if pos.dice().is_none() && !pos.is_over() {
            pos.set_dice(self.roll);
        }
        let pos = &pos;
        let Some(dice) = pos.dice() else {
            return Err(
                "no roll: give --dice (e.g. --dice 31), or a Match ID or XGID with the dice"
                    .to_owned(),
            );
        };
        if pos.is_over() {
            return Ok(MoveListing {
                lines: Vec::new(),
                summary: "the game is over: no plays".to_owned(),
            });
        }
        let mut results = report::results(pos, dice);
        results.sort_by(|x, y| x.play.cmp(&y.play));
        let width = results.iter().map(|r| r.play.len()).max().unwrap_or(0);
        Ok(MoveListing {
            lines: results
                .iter()
                .map(|r| format!("{:<width$}  {}", r.play, r.pid))
                .collect(),
            summary: format!(
                "{} plays for {} with {dice} (Position ID {})",
                results.len(),
                pos.side(),
                pos.position_id()
            ),
        })
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
        step: Applied<Backgammon>,
        _after: &Backgammon,
    ) -> String {
        match step {
            Applied::Chance(d) => format!("{} rolls {d}", before.side()),
            Applied::Move(p) => p.to_string(),
        }
    }

    fn describe_end(&self, pos: &Backgammon) -> String {
        match pos.win() {
            Some((w, k)) => {
                let pts = k.points(pos.cube_value());
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
}
