//! The checker game without the cube, for `replay` of simple records, `perft` and `moves`:
//! [`BackgammonCli`]. Its record format is the core's simple record
//! ([`boardgames_core::backgammon::record::Turns`], one turn a line).

use boardgames_cli::{Formats, GameCli};
use boardgames_core::backgammon::record::{Turns, TurnsError};
use boardgames_core::backgammon::Backgammon;
use boardgames_core::record::Applied;
use boardgames_core::{Game, Seat, Turn};

use crate::report::{self, MovesReport};

pub use boardgames_core::backgammon::record::turns::{from_ids, from_xgid};

/// The checker game from a given start position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BackgammonCli {
    /// The position new games and records without a header start from.
    pub start: Backgammon,
}

/// The `moves --jsonl` mode.
type MovesMode = fn(&str) -> Result<MovesReport, String>;

impl GameCli for BackgammonCli {
    type Game = Backgammon;
    type RecordError = TurnsError;
    type ReplayLines = boardgames_cli::jsonl::NoLines;
    type MovesLines = MovesMode;

    fn start(&self) -> Backgammon {
        self.start
    }

    fn formats(&self) -> Formats<'_, Self> {
        vec![Box::new(Turns {
            default: self.start,
        })]
    }

    /// Match records have their own `replay --jsonl` (see `records`).
    fn replay_lines(&self) -> Option<Self::ReplayLines> {
        None
    }

    fn moves_lines(&self) -> Option<MovesMode> {
        Some(report::report)
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
}
