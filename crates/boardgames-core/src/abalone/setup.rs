//! Abalone setups: a plain description of a position, its compact text form (the position
//! string), the neutral JSON form, and the checks that turn it into a [`Position`].
//!
//! # Position string
//!
//! Three fields separated by spaces, then optional `key=value` fields:
//!
//! ```text
//! <board> <turn> <captured>-<captured>[-...] [ejected=N-N-...] [ply=N] [limit=N] [timeout=C]
//! wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0-0
//! ```
//!
//! * board: the 9 rows from I (top) down to A, separated by `/`; within a row from the
//!   lowest number up, a colour letter for a marble (`b` Black, `w` White, `r` Red, `g`
//!   Green, `y` Yellow, `p` Purple), a digit 1..9 for that many empty cells. Rows I..A hold
//!   5, 6, 7, 8, 9, 8, 7, 6, 5 cells and each must be covered exactly.
//! * turn: the letter of the colour to move.
//! * captured: marbles of each colour pushed off the board, in seat order (Black's losses,
//!   White's, then Red's, ...). The number of counts is the number of players: 2, 3, 4 or
//!   6; the two-player string is unchanged.
//! * `ejected=N-N-...`: with three or more players, the opposing marbles each seat pushed
//!   off (its score; default all 0). With two players it follows from `captured`.
//! * `ply=N`: plies played (default 0); `limit=N`: move limit in plies (default none);
//!   `timeout=C`: that colour's time ran out and the game ended. Each `key=` field at most
//!   once, in any order.
//!
//! Letters are accepted in either case and print in lower case.
//!
//! # JSON
//!
//! The neutral position format of `crates/boardgames-core/tests/data/abalone/reference-data.md`, section 4:
//! `{"black":["A1",...],"white":[...],"turn":"black","captured":{"black":0,"white":0}}`,
//! plus `ply`, `move_limit` and `timed_out` when they are not the defaults. With more players
//! the lists and `captured` counts of `red`, `green`, `yellow` and `purple` join in (as
//! many as there are players beyond two) and `ejected` gives each colour's score:
//! `{"black":[..],"white":[..],"red":[..],"turn":"red","captured":{"black":1,"white":0,"red":0},
//! "ejected":{"black":0,"white":0,"red":1}}`.

use core::fmt;
use core::str::FromStr;

use super::bitboard::Bitboard;
use super::cell::{Cell, ROWS};
use super::error::{SetupError, SetupProblem, SyntaxProblem};
use super::position::{marbles_per_seat, Abalone, Colour, EndReason, Position, EJECTED_TO_WIN};
use crate::game::Team;

/// A count per colour: marbles of each colour pushed off the board (the JSON `captured`
/// object), or opposing marbles each colour's seat ejected (`ejected`). The counts of Red,
/// Green, Yellow and Purple are present only in games with those seats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Captured {
    /// Black's count.
    pub black: u32,
    /// White's count.
    pub white: u32,
    /// Red's count (three or more players).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub red: Option<u32>,
    /// Green's count (four or six players).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub green: Option<u32>,
    /// Yellow's count (six players).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub yellow: Option<u32>,
    /// Purple's count (six players).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub purple: Option<u32>,
}

impl Captured {
    /// Two-player counts (Black's, White's).
    #[must_use]
    pub const fn two(black: u32, white: u32) -> Captured {
        Captured {
            black,
            white,
            red: None,
            green: None,
            yellow: None,
            purple: None,
        }
    }

    /// The counts of the first `counts.len()` colours in seat order (missing ones 0, extra
    /// ones ignored past six).
    #[must_use]
    pub fn of_counts(counts: &[u32]) -> Captured {
        let get = |i: usize| counts.get(i).copied();
        Captured {
            black: get(0).unwrap_or(0),
            white: get(1).unwrap_or(0),
            red: get(2),
            green: get(3),
            yellow: get(4),
            purple: get(5),
        }
    }

    /// The count of a colour (0 when absent).
    #[must_use]
    pub fn get(&self, colour: Colour) -> u32 {
        self.slot(colour).unwrap_or(0)
    }

    fn slot(&self, colour: Colour) -> Option<u32> {
        match colour {
            Colour::Black => Some(self.black),
            Colour::White => Some(self.white),
            Colour::Red => self.red,
            Colour::Green => self.green,
            Colour::Yellow => self.yellow,
            Colour::Purple => self.purple,
        }
    }

    /// The colours with a count, past Black and White.
    fn extra(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::SEATS[2..]
            .iter()
            .copied()
            .filter(|&c| self.slot(c).is_some())
    }
}

/// An Abalone position as plain data, possibly impossible; [`Setup::into_position`] (two
/// players) and [`Setup::into_game`] (any number) check it.
///
/// The number of players is the number of colours with a marble list: Black and White
/// always, then Red (three), Green (four), Yellow and Purple (six).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// Cells holding Black marbles.
    pub black: Vec<Cell>,
    /// Cells holding White marbles.
    pub white: Vec<Cell>,
    /// Cells holding Red marbles (three or more players).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub red: Option<Vec<Cell>>,
    /// Cells holding Green marbles (four or six players).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub green: Option<Vec<Cell>>,
    /// Cells holding Yellow marbles (six players).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub yellow: Option<Vec<Cell>>,
    /// Cells holding Purple marbles (six players).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub purple: Option<Vec<Cell>>,
    /// The colour to move.
    pub turn: Colour,
    /// Marbles of each colour already pushed off.
    pub captured: Captured,
    /// Opposing marbles each colour's seat has pushed off (three or more players; with two it
    /// follows from `captured`).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub ejected: Option<Captured>,
    /// Plies played so far, `0..=65535`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub ply: u32,
    /// Move limit in plies, `1..=65535`, if one is set.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub move_limit: Option<u32>,
    /// The colour whose time ran out, if the game ended so.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub timed_out: Option<Colour>,
}

#[cfg(feature = "serde")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Setup {
    /// The setup of a position; cell lists ascending.
    #[must_use]
    pub fn of<const SEATS: usize>(pos: &Position<SEATS>) -> Setup {
        let list = |c: Colour| -> Vec<Cell> { pos.marbles(c).iter().collect() };
        let extra = |c: Colour| (SEATS > c as usize).then(|| list(c));
        let counts = |f: &dyn Fn(Colour) -> usize| -> Vec<u32> {
            Colour::SEATS[..SEATS]
                .iter()
                .map(|&c| f(c) as u32)
                .collect()
        };
        Setup {
            black: list(Colour::Black),
            white: list(Colour::White),
            red: extra(Colour::Red),
            green: extra(Colour::Green),
            yellow: extra(Colour::Yellow),
            purple: extra(Colour::Purple),
            turn: pos.side_to_move(),
            captured: Captured::of_counts(&counts(&|c| pos.lost(c))),
            ejected: (SEATS > 2).then(|| Captured::of_counts(&counts(&|c| pos.ejected_by(c)))),
            ply: pos.ply() as u32,
            move_limit: pos.move_limit().map(|l| l as u32),
            timed_out: match pos.end_reason() {
                Some(EndReason::TimeOut(c)) => Some(c),
                _ => None,
            },
        }
    }

    /// The marble list of a colour (`None` when the colour has none in this setup).
    #[must_use]
    pub fn cells(&self, colour: Colour) -> Option<&[Cell]> {
        match colour {
            Colour::Black => Some(&self.black),
            Colour::White => Some(&self.white),
            Colour::Red => self.red.as_deref(),
            Colour::Green => self.green.as_deref(),
            Colour::Yellow => self.yellow.as_deref(),
            Colour::Purple => self.purple.as_deref(),
        }
    }

    /// The number of players: 2 plus the colours past White with a marble list.
    #[must_use]
    pub fn players(&self) -> usize {
        2 + Colour::SEATS[2..]
            .iter()
            .filter(|&&c| self.cells(c).is_some())
            .count()
    }

    /// The neutral JSON position, only its position fields (the colours' lists, `turn`,
    /// `captured` and, with more than two players, `ejected`), as the canonical string of the
    /// reference data: keys sorted, no spaces, cell lists sorted. Sorting positions by this
    /// string gives the order of the `results` of the move corpora (`docs/abalone.md`,
    /// "JSON").
    ///
    /// ```
    /// use boardgames_core::Game;
    /// use boardgames_core::abalone::{Abalone, Setup};
    ///
    /// let setup: Setup = "5/6/7/8/4b4/8/7/6/4w w 0-2 ply=9".parse()?;
    /// assert_eq!(
    ///     setup.canonical_string(),
    ///     r#"{"black":["E5"],"captured":{"black":0,"white":2},"turn":"white","white":["A5"]}"#
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn canonical_string(&self) -> String {
        let list = |cells: &[Cell]| {
            let mut sorted = cells.to_vec();
            sorted.sort();
            let names: Vec<String> = sorted.iter().map(|c| format!("\"{c}\"")).collect();
            format!("[{}]", names.join(","))
        };
        let counts = |c: &Captured| {
            let mut keys: Vec<(&str, u32)> = vec![("black", c.black), ("white", c.white)];
            keys.extend(c.extra().map(|col| (col.name(), c.get(col))));
            keys.sort();
            let parts: Vec<String> = keys.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
            format!("{{{}}}", parts.join(","))
        };
        let mut fields: Vec<(&str, String)> = Colour::SEATS
            .iter()
            .filter_map(|&c| self.cells(c).map(|l| (c.name(), list(l))))
            .collect();
        fields.push(("captured", counts(&self.captured)));
        if let Some(e) = &self.ejected {
            fields.push(("ejected", counts(e)));
        }
        fields.push(("turn", format!("\"{}\"", self.turn.name())));
        fields.sort();
        let parts: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        format!("{{{}}}", parts.join(","))
    }

    /// Checks the setup and builds a two-player position; see [`Setup::into_game`].
    ///
    /// # Errors
    /// [`SetupError`] listing every problem.
    pub fn into_position(self) -> Result<Abalone, SetupError> {
        self.into_game()
    }

    /// Checks the setup and builds the position of a `SEATS`-player game, deriving whether and
    /// how the game ended.
    ///
    /// Checks: the setup has `SEATS` players (colours with a list) and the turn is one of
    /// them; no cell is listed twice (in one list or two); each colour's marbles on the board
    /// plus those captured are at most the layouts' count (14, 11, 9 or 6 a seat); with two,
    /// four and six players each captured count is at most 6; the ejected counts match the
    /// captured ones (with two players they are derived; with teams each team ejected exactly
    /// the other team's lost marbles; with three, in total); at most one side (player or team)
    /// has ejected six and it is not to move (the game ended on its move: its last seat moved
    /// last); `ply` and `move_limit` fit in 1..=65535 (`ply` from 0) and `ply` does not pass
    /// the limit; a timed-out game did not also end otherwise.
    ///
    /// # Errors
    /// [`SetupError`] listing every problem.
    pub fn into_game<const SEATS: usize>(self) -> Result<Position<SEATS>, SetupError> {
        self.check_players::<SEATS>()?;
        let mut problems = Vec::new();
        self.check_seated::<SEATS>(&mut problems);
        let sets = self.marble_sets::<SEATS>(&mut problems);
        let colours = &Colour::SEATS[..SEATS.min(6)];
        let captured: [u32; SEATS] = core::array::from_fn(|i| self.captured.get(colours[i]));
        let lost = check_marble_counts(&sets, &captured, &mut problems);
        let ejected_counts = self.ejected_counts(&captured, &mut problems);
        check_ejections(&captured, &ejected_counts, &mut problems);
        let ejected = ejected_counts.map(|n| n.min(u32::from(u8::MAX)) as u8);
        let mut end = self.six_ejected(&ejected_counts, &mut problems);
        let (ply, limit) = self.ply_and_limit(&mut problems);
        if end.is_none() && limit > 0 && ply >= limit {
            end = Some(EndReason::MoveLimit);
        }
        if let Some(c) = self.timed_out {
            if c as usize >= SEATS {
                problems.push(SetupProblem::TimeOutNotSeated { colour: c });
            }
            match end {
                Some(end) => problems.push(SetupProblem::TimeOutAfterEnd { colour: c, end }),
                None => end = Some(EndReason::TimeOut(c)),
            }
        }
        if !problems.is_empty() {
            return Err(SetupError::new(problems));
        }
        Ok(Position::from_parts(
            sets, lost, ejected, self.turn, ply, limit, end,
        ))
    }
}

/// The checks of [`Setup::into_game`], by concern, each adding what it finds wrong to
/// `problems` in the order the error lists them.
impl Setup {
    /// The setup has `SEATS` players: the colours of the first `SEATS` seats have lists, no
    /// other colour has one.
    fn check_players<const SEATS: usize>(&self) -> Result<(), SetupError> {
        let players = self.players();
        let pattern_ok = Colour::SEATS[2..]
            .iter()
            .enumerate()
            .all(|(i, &c)| self.cells(c).is_some() == (i + 2 < players));
        if players == SEATS && pattern_ok {
            return Ok(());
        }
        let found: Vec<Colour> = Colour::SEATS
            .into_iter()
            .filter(|&c| self.cells(c).is_some())
            .collect();
        Err(SetupProblem::Players {
            seats: SEATS,
            found,
        }
        .into())
    }

    /// The turn and every count given belong to a seat of the game.
    fn check_seated<const SEATS: usize>(&self, problems: &mut Vec<SetupProblem>) {
        if self.turn as usize >= SEATS {
            problems.push(SetupProblem::TurnNotSeated {
                turn: self.turn,
                seats: SEATS,
            });
        }
        for c in self.captured.extra().chain(
            self.ejected
                .iter()
                .flat_map(|e| e.extra().collect::<Vec<_>>()),
        ) {
            if c as usize >= SEATS {
                problems.push(SetupProblem::CountNotSeated { colour: c });
            }
        }
    }

    /// The marbles of each seat; a cell listed twice (in one list or two) is a problem.
    fn marble_sets<const SEATS: usize>(
        &self,
        problems: &mut Vec<SetupProblem>,
    ) -> [Bitboard; SEATS] {
        let mut sets = [Bitboard::EMPTY; SEATS];
        for (i, &colour) in Colour::SEATS[..SEATS.min(6)].iter().enumerate() {
            for &c in self.cells(colour).unwrap_or(&[]) {
                if sets.iter().any(|s| s.contains(c)) {
                    problems.push(SetupProblem::ListedTwice(c));
                }
                sets[i].insert(c);
            }
        }
        sets
    }

    /// The marbles each seat ejected: derived from the captured counts with two players (and
    /// checked against those given), given (default 0) with more.
    fn ejected_counts<const SEATS: usize>(
        &self,
        captured: &[u32; SEATS],
        problems: &mut Vec<SetupProblem>,
    ) -> [u32; SEATS] {
        if SEATS != 2 {
            let given = self.ejected.unwrap_or_default();
            return core::array::from_fn(|i| given.get(Colour::SEATS[i]));
        }
        let derived = [captured[1 % SEATS], captured[0]];
        let derived: [u32; SEATS] = core::array::from_fn(|i| derived[i % 2]);
        if let Some(e) = &self.ejected {
            if e.black != derived[0] || e.white != derived[1 % SEATS] {
                problems.push(SetupProblem::EjectedMismatch {
                    ejected: [e.black, e.white],
                    captured: [captured[0], captured[1 % SEATS]],
                });
            }
        }
        derived
    }

    /// The end by six ejected marbles, when a side (player or team) has ejected six: at most
    /// one side has, and it moved last (with teams, its last seat ejected the sixth).
    fn six_ejected<const SEATS: usize>(
        &self,
        ejected_counts: &[u32; SEATS],
        problems: &mut Vec<SetupProblem>,
    ) -> Option<EndReason> {
        let team_count = Position::<SEATS>::team_count();
        let six = |t: usize| team_sum(ejected_counts, Team(t as u8), true) >= EJECTED_TO_WIN as u64;
        let winners: Vec<usize> = (0..team_count).filter(|&t| six(t)).collect();
        let last_mover = (self.turn as usize + SEATS - 1) % SEATS;
        let last = Colour::SEATS[last_mover];
        match winners.as_slice() {
            [] => None,
            [t] => {
                let team = Team(*t as u8);
                let last_team = Position::<SEATS>::team(last_mover);
                if last_team == team && team_count < SEATS && ejected_counts[last_mover] == 0 {
                    // Teams: the move that ended the game ejected the team's sixth marble.
                    problems.push(SetupProblem::SixEjectedNotByLast {
                        seats: SEATS,
                        team,
                        last,
                    });
                }
                if last_team != team {
                    problems.push(if SEATS == 2 {
                        SetupProblem::SixEjectedToMove { colour: self.turn }
                    } else {
                        SetupProblem::SixEjectedNotLast {
                            seats: SEATS,
                            team,
                            last,
                        }
                    });
                }
                Some(EndReason::SixEjected)
            }
            _ => {
                problems.push(if SEATS == 2 {
                    SetupProblem::BothLostSix
                } else {
                    SetupProblem::SeveralEjectedSix
                });
                None
            }
        }
    }

    /// The ply and the move limit (0 for none), each in 1..=65535 (the ply from 0), the ply
    /// not past the limit.
    fn ply_and_limit(&self, problems: &mut Vec<SetupProblem>) -> (u16, u16) {
        let ply = u16::try_from(self.ply).unwrap_or_else(|_| {
            problems.push(SetupProblem::Ply { ply: self.ply });
            0
        });
        let limit = match self.move_limit {
            None => 0,
            Some(l) => match u16::try_from(l) {
                Ok(l @ 1..) => {
                    if ply > l {
                        problems.push(SetupProblem::PastMoveLimit { ply, limit: l });
                    }
                    l
                }
                _ => {
                    problems.push(SetupProblem::MoveLimit { limit: l });
                    0
                }
            },
        };
        (ply, limit)
    }
}

/// The marbles each seat lost (its captured count, at most 255); each seat's marbles on the
/// board plus those captured are at most the layouts' count, each captured count at most 6
/// (but with three players).
fn check_marble_counts<const SEATS: usize>(
    sets: &[Bitboard; SEATS],
    captured: &[u32; SEATS],
    problems: &mut Vec<SetupProblem>,
) -> [u8; SEATS] {
    let marbles = marbles_per_seat(SEATS);
    for (i, &colour) in Colour::SEATS[..SEATS.min(6)].iter().enumerate() {
        let on_board = sets[i].count();
        if SEATS != 3 && captured[i] > EJECTED_TO_WIN as u32 {
            problems.push(SetupProblem::TooManyCaptured {
                colour,
                captured: captured[i],
            });
        }
        if on_board as u64 + u64::from(captured[i]) > marbles as u64 {
            problems.push(SetupProblem::TooManyMarbles {
                colour,
                on_board,
                captured: captured[i],
                most: marbles,
            });
        }
    }
    captured.map(|n| n.min(u32::from(u8::MAX)) as u8)
}

/// The marbles the seats of `team` (`same`), or of the other teams, counted in `counts`.
fn team_sum<const SEATS: usize>(counts: &[u32; SEATS], team: Team, same: bool) -> u64 {
    (0..SEATS)
        .filter(|&s| (Position::<SEATS>::team(s) == team) == same)
        .map(|s| u64::from(counts[s]))
        .sum()
}

/// With more than two players the ejected counts agree with the captured ones: with teams
/// each team ejected exactly the other team's lost marbles; with three players, in total,
/// and no one more than the others lost.
fn check_ejections<const SEATS: usize>(
    captured: &[u32; SEATS],
    ejected_counts: &[u32; SEATS],
    problems: &mut Vec<SetupProblem>,
) {
    if SEATS <= 2 {
        return;
    }
    let total_lost: u64 = captured.iter().map(|&n| u64::from(n)).sum();
    let total_ejected: u64 = ejected_counts.iter().map(|&n| u64::from(n)).sum();
    if Position::<SEATS>::team_count() == 2 {
        for t in 0..2 {
            let team = Team(t);
            let (by, of_others) = (
                team_sum(ejected_counts, team, true),
                team_sum(captured, team, false),
            );
            if by != of_others {
                problems.push(SetupProblem::TeamEjected {
                    seats: SEATS,
                    team,
                    ejected: by,
                    lost: of_others,
                });
            }
        }
    } else if total_lost != total_ejected {
        problems.push(SetupProblem::TotalEjected {
            ejected: total_ejected,
            captured: total_lost,
        });
    } else {
        // Each player's ejections are marbles the others lost.
        for (i, &colour) in Colour::SEATS[..SEATS.min(6)].iter().enumerate() {
            let others_lost = total_lost - u64::from(captured[i]);
            if u64::from(ejected_counts[i]) > others_lost {
                problems.push(SetupProblem::EjectedMoreThanOthersLost {
                    colour,
                    ejected: u64::from(ejected_counts[i]),
                    others_lost,
                });
            }
        }
    }
}

/// Row lengths from row I (top) down to row A.
fn row_cells(row: usize) -> impl Iterator<Item = Cell> {
    (1..=9).filter_map(move |n| Cell::new(row, n))
}

/// `a-b-c`: counts joined by dashes.
fn dashed(counts: impl Iterator<Item = u32>) -> String {
    counts.map(|n| n.to_string()).collect::<Vec<_>>().join("-")
}

impl fmt::Display for Setup {
    /// The position string described in the module docs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut board = [None; 90];
        for colour in Colour::SEATS {
            for c in self.cells(colour).unwrap_or(&[]) {
                if let Some(slot) = board.get_mut(c.index()) {
                    *slot = Some(colour);
                }
            }
        }
        for row in (0..ROWS).rev() {
            let mut empty = 0;
            for cell in row_cells(row) {
                match board[cell.index()] {
                    None => empty += 1,
                    Some(colour) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", colour.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        let players = self.players();
        let colours = &Colour::SEATS[..players.min(6)];
        write!(
            f,
            " {} {}",
            self.turn.letter(),
            dashed(colours.iter().map(|&c| self.captured.get(c)))
        )?;
        if players > 2 {
            if let Some(e) = &self.ejected {
                if colours.iter().any(|&c| e.get(c) != 0) {
                    write!(f, " ejected={}", dashed(colours.iter().map(|&c| e.get(c))))?;
                }
            }
        }
        if self.ply != 0 {
            write!(f, " ply={}", self.ply)?;
        }
        if let Some(limit) = self.move_limit {
            write!(f, " limit={limit}")?;
        }
        if let Some(c) = self.timed_out {
            write!(f, " timeout={}", c.letter())?;
        }
        Ok(())
    }
}

fn parse_colour(field: usize, text: &str) -> Result<Colour, SyntaxProblem> {
    let mut chars = text.chars();
    let by_letter = match (chars.next(), chars.next()) {
        (Some(c), None) => Colour::from_letter(c),
        _ => None,
    };
    by_letter
        .or_else(|| {
            Colour::SEATS
                .into_iter()
                .find(|c| c.name().eq_ignore_ascii_case(text))
        })
        .ok_or_else(|| SyntaxProblem::Colour {
            field,
            text: text.to_owned(),
        })
}

fn parse_number(field: usize, text: &str) -> Result<u32, SyntaxProblem> {
    let not_a_number = || SyntaxProblem::Number {
        field,
        text: text.to_owned(),
    };
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(not_a_number());
    }
    text.parse().map_err(|_| not_a_number())
}

/// Dash-separated counts, 2, 3, 4 or 6 of them.
fn parse_counts(field: usize, text: &str) -> Result<Vec<u32>, SyntaxProblem> {
    let parts: Vec<&str> = text.split('-').collect();
    if ![2, 3, 4, 6].contains(&parts.len()) {
        return Err(SyntaxProblem::Counts {
            field,
            text: text.to_owned(),
        });
    }
    parts
        .iter()
        .map(|p| parse_number(field, p))
        .collect::<Result<Vec<u32>, SyntaxProblem>>()
}

impl FromStr for Setup {
    type Err = SetupError;

    /// Parses the position string described in the module docs.
    ///
    /// # Errors
    /// [`SetupError`] naming the field (and the row and character for the board) that is
    /// wrong.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() < 3 {
            return Err(SyntaxProblem::FieldCount {
                found: fields.len(),
            }
            .into());
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != ROWS {
            return Err(SyntaxProblem::Rows { found: rows.len() }.into());
        }
        let mut lists: [Vec<Cell>; 6] = Default::default();
        for (i, text) in rows.iter().enumerate() {
            let row = ROWS - 1 - i;
            let letter = (b'A' + row as u8) as char;
            let cells: Vec<Cell> = row_cells(row).collect();
            let mut at = 0usize;
            for (pos, ch) in text.chars().enumerate() {
                let too_long = || SyntaxProblem::RowTooLong {
                    row: letter,
                    cells: cells.len(),
                    at: pos + 1,
                };
                if let Some(colour) = Colour::from_letter(ch) {
                    let cell = *cells.get(at).ok_or_else(too_long)?;
                    lists[colour as usize].push(cell);
                    at += 1;
                    continue;
                }
                match ch {
                    '1'..='9' => {
                        at += ch as usize - '0' as usize;
                        if at > cells.len() {
                            return Err(too_long().into());
                        }
                    }
                    other => {
                        return Err(SyntaxProblem::Character {
                            row: letter,
                            at: pos + 1,
                            found: other,
                        }
                        .into())
                    }
                }
            }
            if at != cells.len() {
                return Err(SyntaxProblem::RowLength {
                    row: letter,
                    covers: at,
                    cells: cells.len(),
                }
                .into());
            }
        }
        let turn = parse_colour(2, fields[1])?;
        let counts = parse_counts(3, fields[2])?;
        let players = counts.len();
        for (i, list) in lists.iter().enumerate().skip(players) {
            if let Some(c) = list.first() {
                return Err(SyntaxProblem::MarbleWithoutCount {
                    colour: Colour::SEATS[i],
                    cell: *c,
                    players,
                }
                .into());
            }
        }
        let [black, white, red, green, yellow, purple] = lists;
        let extra = |i: usize, list: Vec<Cell>| (i < players).then_some(list);
        let mut setup = Setup {
            black,
            white,
            red: extra(2, red),
            green: extra(3, green),
            yellow: extra(4, yellow),
            purple: extra(5, purple),
            turn,
            captured: Captured::of_counts(&counts),
            ejected: None,
            ply: 0,
            move_limit: None,
            timed_out: None,
        };
        // The field that gave each key: ply, limit, timeout, ejected.
        let mut given: [(&str, usize); 4] =
            [("ply", 0), ("limit", 0), ("timeout", 0), ("ejected", 0)];
        for (i, field) in fields.iter().enumerate().skip(3) {
            let name = i + 1;
            let key = field.split_once('=').map_or("", |(k, _)| k);
            if let Some((key, first)) = given.iter_mut().find(|(k, _)| *k == key) {
                if *first != 0 {
                    return Err(SyntaxProblem::RepeatedField {
                        field: name,
                        key,
                        first: *first,
                    }
                    .into());
                }
                *first = name;
            }
            match field.split_once('=') {
                Some(("ply", v)) => setup.ply = parse_number(name, v)?,
                Some(("limit", v)) => setup.move_limit = Some(parse_number(name, v)?),
                Some(("timeout", v)) => setup.timed_out = Some(parse_colour(name, v)?),
                Some(("ejected", v)) => {
                    let e = parse_counts(name, v)?;
                    if e.len() != players {
                        return Err(SyntaxProblem::EjectedCounts {
                            field: name,
                            found: e.len(),
                            players,
                        }
                        .into());
                    }
                    setup.ejected = Some(Captured::of_counts(&e));
                }
                _ => {
                    return Err(SyntaxProblem::UnknownField {
                        field: name,
                        text: (*field).to_owned(),
                    }
                    .into())
                }
            }
        }
        if players > 2 && setup.ejected.is_none() {
            setup.ejected = Some(Captured::of_counts(&vec![0; players]));
        }
        Ok(setup)
    }
}

#[cfg(feature = "serde")]
impl<const SEATS: usize> serde::Serialize for Position<SEATS> {
    /// Serialises as its [`Setup`]: the neutral JSON position.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Setup::of(self).serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de, const SEATS: usize> serde::Deserialize<'de> for Position<SEATS> {
    /// Reads a [`Setup`] and checks it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Setup::deserialize(d)?
            .into_game()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abalone::Layout;
    use crate::Game;

    #[test]
    fn the_standard_layout_string() {
        let pos = Abalone::new(Layout::Standard).unwrap();
        let text = pos.to_setup().to_string();
        assert_eq!(text, "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0-0");
        assert_eq!(Abalone::from_text(&text), Ok(pos));
    }

    #[test]
    fn every_problem_is_listed() {
        let setup = Setup {
            black: vec!["A1".parse().unwrap(), "A1".parse().unwrap()],
            white: vec!["A1".parse().unwrap()],
            turn: Colour::White,
            captured: Captured::two(7, 6),
            ply: 70_000,
            move_limit: Some(0),
            ..Setup::default()
        };
        let err = setup.into_position().unwrap_err();
        // A1 twice (twice), 7 > 6, both six, ply, limit.
        assert_eq!(err.problems().len(), 6, "{err}");
    }

    #[test]
    fn bad_strings_name_the_field() {
        for (text, needle) in [
            ("", "at least 3 fields"),
            ("5/6/7/8/9/8/7/6 b 0-0", "8 rows, expected 9"),
            ("5/6/7/8/9/8/7/6/6 b 0-0", "row A"),
            ("5/6/7/8/9/8/7/6/4 b 0-0", "covers 4"),
            ("5/6/7/8/9/8/7/6/4x b 0-0", "'x'"),
            ("5/6/7/8/9/8/7/6/5 x 0-0", "field 2"),
            ("5/6/7/8/9/8/7/6/5 b 00", "field 3"),
            ("5/6/7/8/9/8/7/6/5 b 0--1", "field 3"),
            ("5/6/7/8/9/8/7/6/5 b 0-0 foo", "field 4"),
            ("5/6/7/8/9/8/7/6/5 b 0-0 ply=x", "field 4"),
        ] {
            let err = text.parse::<Setup>().unwrap_err().to_string();
            assert!(err.contains(needle), "{text:?}: {err}");
        }
    }
}
