//! A tiny game with a chance node, for the kit's own tests.
//!
//! Dice race: two seats; every turn starts with a roll of a three-sided die (1 with
//! probability 1/2, 2 and 3 with 1/4 each), then the seat to move advances by 1 up to the roll.
//! The first to reach 7 wins and scores 1 point.

use core::fmt;
use std::num::ParseIntError;

use arrayvec::ArrayVec;
use boardgames_core::{ChanceList, Game, GameResult, Outcome, Probability, Seat, Team, Turn};

use boardgames_core::record::{replay, Format, Record, Step};

use crate::frontend::{CommandHelp, CommandOutput, Formats, GameCli, RecordFormat};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Race {
    totals: [u8; 2],
    to_move: u8,
    roll: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused(pub &'static str);

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for Refused {}

impl fmt::Display for Race {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "race {} - {}", self.totals[0], self.totals[1])
    }
}

impl Race {
    fn winner(&self) -> Option<u8> {
        (0..2u8).find(|&s| self.totals[usize::from(s)] >= 7)
    }
}

impl Game for Race {
    type Move = u8;
    type MoveList = ArrayVec<u8, 3>;
    type Notation = u8;
    type NotationError = ParseIntError;
    type IllegalMove = Refused;
    type Setup = String;
    type SetupError = core::convert::Infallible;
    type Chance = u8;
    type ChanceNotation = u8;

    fn name(&self) -> &'static str {
        "Dice race"
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.winner().is_some() {
            Turn::Over
        } else if self.roll.is_none() {
            Turn::Chance
        } else {
            Turn::Seat(Seat(self.to_move))
        }
    }
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        if let (Turn::Seat(_), Some(r)) = (self.turn(), self.roll) {
            moves.extend(1..=r);
        }
    }
    fn is_legal(&self, mv: u8) -> bool {
        self.moves().contains(&mv)
    }
    fn play(&mut self, mv: u8) -> Result<(), Refused> {
        if self.turn() == Turn::Over {
            return Err(Refused("game over"));
        }
        if !self.is_legal(mv) {
            return Err(Refused("more than the roll"));
        }
        self.play_unchecked(mv);
        Ok(())
    }
    fn play_unchecked(&mut self, mv: u8) {
        let s = usize::from(self.to_move);
        self.totals[s] = self.totals[s].saturating_add(mv);
        self.roll = None;
        if self.winner().is_none() {
            self.to_move ^= 1;
        }
    }
    fn resolve(&self, notation: &u8) -> Result<u8, Refused> {
        if self.turn() == Turn::Over {
            Err(Refused("game over"))
        } else if self.is_legal(*notation) {
            Ok(*notation)
        } else {
            Err(Refused("more than the roll"))
        }
    }
    fn notation(&self, mv: u8) -> u8 {
        mv
    }
    fn chance_outcomes(&self) -> ChanceList<u8> {
        let mut list = ChanceList::new();
        if self.turn() == Turn::Chance {
            list.push((1, Probability::new(1, 2)));
            list.push((2, Probability::new(1, 4)));
            list.push((3, Probability::new(1, 4)));
        }
        list
    }
    fn apply_chance(&mut self, outcome: u8) -> Result<(), Refused> {
        if self.turn() != Turn::Chance || !(1..=3).contains(&outcome) {
            return Err(Refused("not a roll here"));
        }
        self.roll = Some(outcome);
        Ok(())
    }
    fn resolve_chance(&self, notation: &u8) -> Result<u8, Refused> {
        if self.turn() != Turn::Chance || !(1..=3).contains(notation) {
            return Err(Refused("not a roll here"));
        }
        Ok(*notation)
    }
    fn chance_notation(&self, outcome: u8) -> u8 {
        outcome
    }
    fn outcome(&self) -> Option<Outcome> {
        let w = self.winner()?;
        Some(Outcome {
            result: GameResult::Win {
                winner: Team(w),
                points: 1,
            },
            scores: self.totals.iter().map(|&t| u32::from(t)).collect(),
        })
    }
    fn from_setup(_: String) -> Result<Self, core::convert::Infallible> {
        Ok(Race::default())
    }
    fn to_setup(&self) -> String {
        String::new()
    }
}

/// Why a words record does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordsError(pub String);

impl fmt::Display for WordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WordsError {}

/// The race's record: steps separated by spaces, a roll then a move, again and again.
pub struct Words;

impl Format<Race> for Words {
    type Error = WordsError;

    fn name(&self) -> &'static str {
        "words"
    }

    fn detect(&self, _text: &str) -> bool {
        true
    }

    fn read(&self, text: &str) -> Result<Vec<Record<Race>>, WordsError> {
        if text.contains('!') {
            return Err(WordsError("'!' is not a step".to_owned()));
        }
        let steps = text
            .split_whitespace()
            .enumerate()
            .map(|(i, w)| {
                let n: u8 = w.parse().map_err(|e| WordsError(format!("{w:?}: {e}")))?;
                Ok(if i % 2 == 0 {
                    Step::Chance(n)
                } else {
                    Step::Move(n)
                })
            })
            .collect::<Result<Vec<_>, WordsError>>()?;
        Ok(vec![Record {
            start: Race::default(),
            tags: vec![("Event".to_owned(), "test".to_owned())],
            steps,
            result: None,
            notes: Vec::new(),
        }])
    }

    fn write(&self, records: &[Record<Race>]) -> Result<String, WordsError> {
        let mut out = String::new();
        for r in records {
            let words: Vec<String> = r.steps.iter().map(ToString::to_string).collect();
            out.push_str(&words.join(" "));
            out.push('\n');
        }
        Ok(out)
    }
}

/// The number of steps of a words record that replays to its end.
fn steps_of(line: &str) -> Result<usize, String> {
    let records = Words.read(line).map_err(|e| e.to_string())?;
    let record = records.first().ok_or("no record")?;
    let trace = replay(record);
    match trace.illegal {
        Some(bad) => Err(format!("step {}: {}", bad.index + 1, bad.error)),
        None => Ok(record.steps.len()),
    }
}

/// The dice race's frontend: records are steps separated by spaces.
pub struct RaceCli;

impl GameCli for RaceCli {
    type Game = Race;
    type RecordError = WordsError;
    type ReplayLines = fn(&str) -> Result<usize, String>;
    type MovesLines = crate::jsonl::NoLines;

    fn start(&self) -> Race {
        Race::default()
    }

    fn formats(&self) -> Formats<'_, Self> {
        vec![RecordFormat::new(Words)]
    }

    fn replay_lines(&self) -> Option<Self::ReplayLines> {
        Some(steps_of)
    }

    fn moves_lines(&self) -> Option<Self::MovesLines> {
        None
    }

    fn commands(&self) -> Vec<CommandHelp> {
        vec![
            CommandHelp {
                name: "score",
                help: "show the totals",
            },
            CommandHelp {
                name: "restart",
                help: "back to the start (undo takes it back)",
            },
        ]
    }

    fn command(
        &self,
        pos: &Race,
        name: &str,
        _args: &str,
    ) -> Option<Result<CommandOutput<Race>, String>> {
        match name {
            "score" => Some(Ok(CommandOutput::Print(format!("totals {:?}", pos.totals)))),
            "restart" if *pos == Race::default() => Some(Err("already at the start".to_owned())),
            "restart" => Some(Ok(CommandOutput::Replace(
                Race::default(),
                "restarted".to_owned(),
            ))),
            _ => None,
        }
    }
}
