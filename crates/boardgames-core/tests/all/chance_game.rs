//! A tiny test-only game that shows the trait family expresses what Backgammon and
//! multi-player Abalone need: a chance node with weighted outcomes, four seats in two teams,
//! and per-seat scores. The generic algorithms and the conformance kit run on it unchanged.
//!
//! Rules of "Race to 8": four seats, partners 0 & 2 against 1 & 3. Each turn starts with a
//! roll of a three-sided die weighted 1/6, 2/6, 3/6 for 1, 2, 3. The seat to move then either
//! runs its token forward by the roll or steps it forward by one. The first token to reach 8
//! wins for its team.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;
use boardgames_core::conformance::{check_position, check_random_games, Report};
use boardgames_core::search::{perft, random_playout};
use boardgames_core::{ChanceList, Game, GameResult, Outcome, Probability, Seat, Team, Turn};
use rand::SeedableRng;

const GOAL: u8 = 8;

/// A promise the race breaks on purpose, for one test's thread, to see the kit catch it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    None,
    /// A key that changes at every call, so equal positions differ.
    UnstableKey,
    /// One key for every position.
    ConstantKey,
    /// A win for a team the game does not have.
    NoSuchWinner,
    /// A win worth no points.
    PointlessWin,
    /// No scores in the outcome.
    NoScores,
    /// A seat in a team the game does not have.
    NoSuchTeam,
}

thread_local! {
    static FAULT: std::cell::Cell<Fault> = const { std::cell::Cell::new(Fault::None) };
    static CALLS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn fault() -> Fault {
    FAULT.with(std::cell::Cell::get)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Race {
    tokens: [u8; 4],
    seat: u8,
    roll: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum RaceMove {
    Run,
    Step,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
struct RaceError(String);

impl fmt::Display for RaceMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RaceMove::Run => "run",
            RaceMove::Step => "step",
        })
    }
}

impl FromStr for RaceMove {
    type Err = RaceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "run" => Ok(RaceMove::Run),
            "step" => Ok(RaceMove::Step),
            _ => Err(RaceError(format!("{s:?} is not run or step"))),
        }
    }
}

impl fmt::Display for Race {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.tokens;
        write!(
            f,
            "{},{},{},{} {} {}",
            t[0],
            t[1],
            t[2],
            t[3],
            self.seat,
            self.roll.unwrap_or(0)
        )
    }
}

impl FromStr for Race {
    type Err = RaceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || RaceError(format!("bad race setup {s:?}"));
        let mut fields = s.split(' ');
        let mut tokens = [0u8; 4];
        let list: Vec<u8> = fields
            .next()
            .ok_or_else(bad)?
            .split(',')
            .map(|t| t.parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        if list.len() != 4 {
            return Err(bad());
        }
        tokens.copy_from_slice(&list);
        let seat = fields.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let roll: u8 = fields.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
        Ok(Race {
            tokens,
            seat,
            roll: (roll > 0).then_some(roll),
        })
    }
}

impl Race {
    fn new() -> Race {
        Race {
            tokens: [0; 4],
            seat: 0,
            roll: None,
        }
    }
    fn over(&self) -> bool {
        self.tokens.iter().any(|&t| t >= GOAL)
    }
}

impl Game for Race {
    type Move = RaceMove;
    type MoveList = ArrayVec<RaceMove, 2>;
    type Notation = RaceMove;
    type NotationError = RaceError;
    type IllegalMove = RaceError;
    type Setup = Race;
    type SetupError = RaceError;
    type Chance = u8;
    type ChanceNotation = u8;

    fn name(&self) -> &'static str {
        "Race to 8"
    }
    fn seat_count(&self) -> usize {
        4
    }
    fn team_of(&self, seat: Seat) -> Team {
        if fault() == Fault::NoSuchTeam && seat.0 == 3 {
            return Team(4);
        }
        Team(seat.0 % 2)
    }
    fn key(&self) -> u64 {
        match fault() {
            Fault::UnstableKey => CALLS.with(|c| {
                c.set(c.get() + 1);
                c.get()
            }),
            Fault::ConstantKey => 0,
            _ => self.zobrist(),
        }
    }
    fn turn(&self) -> Turn {
        match (self.over(), self.roll) {
            (true, _) => Turn::Over,
            (false, None) => Turn::Chance,
            (false, Some(_)) => Turn::Seat(Seat(self.seat)),
        }
    }
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        if let Turn::Seat(_) = self.turn() {
            moves.push(RaceMove::Run);
            if self.roll != Some(1) {
                moves.push(RaceMove::Step); // with a roll of 1, run and step are the same move
            }
        }
    }
    fn is_legal(&self, mv: RaceMove) -> bool {
        self.moves().contains(&mv)
    }
    fn play(&mut self, mv: RaceMove) -> Result<(), RaceError> {
        if !self.is_legal(mv) {
            return Err(RaceError(format!("{mv} is not legal now")));
        }
        self.play_unchecked(mv);
        Ok(())
    }
    fn play_unchecked(&mut self, mv: RaceMove) {
        let roll = self.roll.take().expect("a seat moves after the roll");
        let by = if mv == RaceMove::Run { roll } else { 1 };
        self.tokens[usize::from(self.seat)] += by;
        self.seat = (self.seat + 1) % 4;
    }
    fn resolve(&self, n: &RaceMove) -> Result<RaceMove, RaceError> {
        if self.is_legal(*n) {
            Ok(*n)
        } else {
            Err(RaceError(format!("{n} is not legal now")))
        }
    }
    fn notation(&self, mv: RaceMove) -> RaceMove {
        mv
    }
    fn chance_outcomes(&self) -> ChanceList<u8> {
        let mut list = ChanceList::new();
        if self.turn() == Turn::Chance {
            for face in 1..=3 {
                list.push((face, Probability::new(u32::from(face), 6)));
            }
        }
        list
    }
    fn apply_chance(&mut self, outcome: u8) -> Result<(), RaceError> {
        if self.turn() != Turn::Chance || !(1..=3).contains(&outcome) {
            return Err(RaceError(format!("cannot roll {outcome} now")));
        }
        self.roll = Some(outcome);
        Ok(())
    }
    fn resolve_chance(&self, notation: &u8) -> Result<u8, RaceError> {
        if self.turn() != Turn::Chance || !(1..=3).contains(notation) {
            return Err(RaceError(format!("cannot roll {notation} now")));
        }
        Ok(*notation)
    }
    fn chance_notation(&self, outcome: u8) -> u8 {
        outcome
    }
    fn outcome(&self) -> Option<Outcome> {
        let winner = self.tokens.iter().position(|&t| t >= GOAL)?;
        let winner = match fault() {
            Fault::NoSuchWinner => Team(7),
            _ => self.team_of(Seat(winner as u8)),
        };
        let points = u32::from(fault() != Fault::PointlessWin);
        let mut scores: ArrayVec<u32, 6> = self.tokens.iter().map(|&t| u32::from(t)).collect();
        if fault() == Fault::NoScores {
            scores.clear();
        }
        Some(Outcome {
            result: GameResult::Win { winner, points },
            scores,
        })
    }
    fn from_setup(setup: Race) -> Result<Race, RaceError> {
        if setup.seat > 3 || setup.roll.is_some_and(|r| r > 3) {
            return Err(RaceError(format!("impossible race {setup}")));
        }
        Ok(setup)
    }
    fn to_setup(&self) -> Race {
        *self
    }
}

fn both_moves(_: &Race) -> Vec<RaceMove> {
    vec![RaceMove::Run, RaceMove::Step]
}

#[test]
fn conformance_kit_runs_on_a_game_with_chance_and_teams() {
    let report = check_random_games(&Race::new(), 50, 100, 5, both_moves).unwrap();
    assert_eq!(report.finished, 50);
    assert!(report.chance_nodes > 50);
    let mut report = Report::default();
    let finished: Race = "8,0,0,0 1 0".parse().unwrap();
    check_position(&finished, &both_moves(&finished), &mut report).unwrap();
    assert_eq!((report.finished, report.refused), (1, 2));
}

#[test]
fn the_kit_catches_broken_keys_outcomes_and_teams() {
    let finished: Race = "8,0,0,0 1 0".parse().unwrap();
    for (broken, says) in [
        (Fault::UnstableKey, "another key"),
        (Fault::ConstantKey, "differ but have the same key"),
        (Fault::NoSuchWinner, "a win for team 7 of 2"),
        (Fault::PointlessWin, "worth 0 points"),
        (Fault::NoScores, "0 scores for 4 seats"),
        (Fault::NoSuchTeam, "team 2 of 5 has no seat"),
    ] {
        FAULT.with(|f| f.set(broken));
        let random = check_random_games(&Race::new(), 20, 100, 5, both_moves).map(|_| ());
        let end = check_position(&finished, &[], &mut Report::default());
        FAULT.with(|f| f.set(Fault::None));
        let error = random
            .and(end)
            .expect_err(&format!("the kit finds {broken:?}"));
        assert!(error.what.contains(says), "{broken:?}: {error}");
    }
}

#[test]
fn perft_expands_chance_without_using_a_ply() {
    // Hand-worked: from the start, roll 1 (one move) or 2 or 3 (two moves each) = 5 leaves at
    // depth 1. At depth 2 each of those positions rolls again: 5 * 5 = 25.
    assert_eq!(perft(&Race::new(), 1), 5);
    assert_eq!(perft(&Race::new(), 2), 25);
}

#[test]
fn outcomes_name_the_team_and_carry_per_seat_scores() {
    let mut race: Race = "3,6,7,0 2 3".parse().unwrap();
    race.play(RaceMove::Step).unwrap();
    let outcome = race.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Team(0)), "seat 2 plays for team 0");
    assert_eq!(&outcome.scores[..], &[3, 6, 8, 0]);
    let mut r: Race = "7,0,3,0 0 3".parse().unwrap();
    r.play(RaceMove::Step).unwrap();
    assert_eq!(r.turn(), Turn::Over);
    assert!(r.play(RaceMove::Run).is_err());
}

#[test]
fn random_playouts_sample_the_dice() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let mut wins = [0usize; 2];
    for _ in 0..500 {
        let p = random_playout(&Race::new(), &mut rng, 1000);
        let w = p
            .last
            .outcome()
            .and_then(|o| o.winner())
            .expect("the race ends");
        wins[usize::from(w.0)] += 1;
    }
    // Team 0 moves first each round, so it should win more often, but both teams win.
    assert!(wins[0] > wins[1] && wins[1] > 50, "{wins:?}");
}
