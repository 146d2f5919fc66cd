//! The two-player Abalone position and its rules.

use core::fmt;

use arrayvec::ArrayVec;

use super::bitboard::{ahead, nth_bit, Bitboard, BOARD};
use super::cell::{Cell, Direction, ROWS};
use super::error::IllegalMove;
use super::layout::Layout;
use super::moves::Move;
use super::notation::{Notation, NotationError};
use super::setup::{Setup, SetupError};
use super::{movegen, rules};
use crate::game::{Game, GameResult, NoChance, Outcome, Seat, Team, Turn};

/// Marbles each side starts with in the two-player game.
pub const MARBLES: usize = 14;

/// Opponent marbles a side must eject to win.
pub const EJECTED_TO_WIN: usize = 6;

/// Worst-case number of legal moves: at most 14 own marbles, each the tail of at most one
/// in-line move per direction (`14 * 6`) and of at most one 2- and one 3-marble line per axis,
/// each with 4 broadside directions (`14 * 3 * 4 * 2`): 420.
pub const MAX_MOVES: usize = MARBLES * 6 + MARBLES * 3 * 4 * 2;

/// The legal moves of a position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// A side: the colour of its marbles. Black is seat 0 and moves first in every layout.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Colour {
    /// Black (`@` in diagrams, `b` in position strings): seat 0, starts on rows A-C.
    Black = 0,
    /// White (`O`, `w`): seat 1, starts on rows G-I.
    White = 1,
}

impl Colour {
    /// Both colours in seat order.
    pub const ALL: [Colour; 2] = [Colour::Black, Colour::White];

    /// The seat playing this colour (Black 0, White 1).
    #[inline]
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    /// The colour of seat 0 or 1; `None` for other seats.
    pub const fn of_seat(seat: Seat) -> Option<Colour> {
        match seat.0 {
            0 => Some(Colour::Black),
            1 => Some(Colour::White),
            _ => None,
        }
    }

    /// The other colour.
    #[inline]
    pub const fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    /// The letter of position strings: `b` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Colour::Black => 'b',
            Colour::White => 'w',
        }
    }

    /// The diagram symbol: `@` (Black) or `O` (White).
    pub const fn symbol(self) -> char {
        match self {
            Colour::Black => '@',
            Colour::White => 'O',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "Black",
            Colour::White => "White",
        })
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// The last mover ejected the sixth opposing marble and won (seeds 000, 003).
    SixEjected,
    /// This side's time ran out; the side that ejected more marbles wins, equal counts are a
    /// draw (seed 000, timed variant; the draw is standard practice).
    TimeOut(Colour),
    /// The agreed number of plies was played; adjudicated like a time-out (tournament
    /// software practice).
    MoveLimit,
}

/// A two-player Abalone position: the marbles, whose turn, the ejected counts, the plies
/// played and how the game ended, if it did.
///
/// Rules (`../shared/rules/abalone.md`, seeds 000 and 003): see [`rules`](super) and
/// `docs/abalone.md`. The representation keeps one [`Bitboard`] per seat and per-seat
/// counts, so that more seats can join; this type plays the two-player game.
///
/// About 48 bytes; `Copy`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Abalone {
    marbles: [Bitboard; 2],
    /// Marbles of each colour pushed off the board (`captured.<colour>` of the JSON format).
    lost: [u8; 2],
    to_move: Colour,
    ply: u16,
    /// Plies after which the game is adjudicated; 0 = no limit.
    move_limit: u16,
    end: Option<EndReason>,
}

impl Abalone {
    /// The starting position of a layout, Black to move, no move limit.
    pub fn new(layout: Layout) -> Abalone {
        let (black, white) = layout.cells();
        Abalone {
            marbles: [black, white],
            lost: [0; 2],
            to_move: Colour::Black,
            ply: 0,
            move_limit: 0,
            end: None,
        }
    }

    /// Builds a position from checked parts (the setup module checks).
    pub(super) fn from_parts(
        marbles: [Bitboard; 2],
        lost: [u8; 2],
        to_move: Colour,
        ply: u16,
        move_limit: u16,
        end: Option<EndReason>,
    ) -> Abalone {
        Abalone {
            marbles,
            lost,
            to_move,
            ply,
            move_limit,
            end,
        }
    }

    /// The colour to move (the side that would move if the game were not over).
    #[inline]
    pub fn side_to_move(&self) -> Colour {
        self.to_move
    }

    /// The marbles of a colour.
    #[inline]
    pub fn marbles(&self, colour: Colour) -> Bitboard {
        self.marbles[colour as usize]
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> Bitboard {
        self.marbles[0].union(self.marbles[1]).complement()
    }

    /// The colour of the marble on a cell, or `None` when it is empty.
    pub fn at(&self, cell: Cell) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|&c| self.marbles[c as usize].contains(cell))
    }

    /// Marbles of `colour` pushed off the board so far, `0..=6` (its losses: the JSON
    /// format's `captured.<colour>`).
    #[inline]
    pub fn lost(&self, colour: Colour) -> usize {
        usize::from(self.lost[colour as usize])
    }

    /// Opposing marbles `colour` has ejected, `0..=6` (its score).
    #[inline]
    pub fn ejected_by(&self, colour: Colour) -> usize {
        self.lost(colour.other())
    }

    /// Plies played, counted from the setup (0 at a layout's start).
    #[inline]
    pub fn ply(&self) -> usize {
        usize::from(self.ply)
    }

    /// The move limit in plies, if one is set.
    pub fn move_limit(&self) -> Option<usize> {
        (self.move_limit > 0).then_some(usize::from(self.move_limit))
    }

    /// Sets or clears a move limit: when `ply` reaches `limit` (1..=65535 plies counted by
    /// [`Abalone::ply`]) the game ends and is adjudicated like a time-out: the side that
    /// ejected more marbles wins, equal counts are a draw. A limit already reached ends a
    /// running game at once; a finished game stays as it is. `None` or `Some(0)` clears it.
    pub fn set_move_limit(&mut self, limit: Option<u16>) {
        self.move_limit = limit.unwrap_or(0);
        if self.end.is_none() && self.move_limit > 0 && self.ply >= self.move_limit {
            self.end = Some(EndReason::MoveLimit);
        }
    }

    /// Ends the game because `colour`'s clock ran out (the caller keeps the clocks). The side
    /// that ejected more marbles wins, equal counts are a draw (seed 000).
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game has already ended; nothing changes then.
    pub fn time_out(&mut self, colour: Colour) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.end = Some(EndReason::TimeOut(colour));
        Ok(())
    }

    /// Why the game ended, or `None` while it goes on.
    #[inline]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The winner of a finished game; `None` while it goes on or when it was drawn.
    pub fn winner(&self) -> Option<Colour> {
        match self.end? {
            // The game ends on the ejecting move, so the winner is the last mover.
            EndReason::SixEjected => Some(self.to_move.other()),
            EndReason::TimeOut(_) | EndReason::MoveLimit => {
                let (b, w) = (
                    self.ejected_by(Colour::Black),
                    self.ejected_by(Colour::White),
                );
                match b.cmp(&w) {
                    core::cmp::Ordering::Greater => Some(Colour::Black),
                    core::cmp::Ordering::Less => Some(Colour::White),
                    core::cmp::Ordering::Equal => None,
                }
            }
        }
    }

    /// The own and opposing sets of the side to move, as raw bits.
    #[inline(always)]
    fn sides(&self) -> (u128, u128) {
        let me = self.to_move as usize;
        (self.marbles[me].0, self.marbles[me ^ 1].0)
    }

    /// Why `mv` may not be played here, or `Ok`.
    fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let me = self.to_move as usize;
        rules::check(self.marbles[me], self.marbles[me ^ 1], mv)
    }

    /// Plays a move known to be legal.
    #[inline]
    fn apply(&mut self, mv: Move) {
        #[inline(always)]
        fn bit(i: i32) -> u128 {
            if (0..128).contains(&i) {
                1 << i
            } else {
                0
            }
        }
        let me = self.to_move as usize;
        let them = me ^ 1;
        let tail = mv.tail().index() as i32;
        let d = mv.direction().delta();
        let k = mv.marbles() as i32;
        if mv.is_broadside() {
            let a = mv.axis().delta();
            let mut line = bit(tail) | bit(tail + a);
            if k == 3 {
                line |= bit(tail + 2 * a);
            }
            self.marbles[me].0 ^= line | ahead(line, -d);
        } else {
            let front = bit(tail + k * d);
            self.marbles[me].0 ^= bit(tail) | front;
            let pushed = mv.pushed() as i32;
            if pushed > 0 {
                self.marbles[them].0 &= !front;
                let dst = bit(tail + (k + pushed) * d) & BOARD;
                if dst == 0 {
                    self.lost[them] = self.lost[them].saturating_add(1);
                } else {
                    self.marbles[them].0 |= dst;
                }
            }
        }
        self.to_move = self.to_move.other();
        self.ply = self.ply.saturating_add(1);
        if usize::from(self.lost[them]) >= EJECTED_TO_WIN {
            self.end = Some(EndReason::SixEjected);
        } else if self.move_limit > 0 && self.ply >= self.move_limit {
            self.end = Some(EndReason::MoveLimit);
        }
    }

    /// The in-line move with trailing marble `tail` in direction `dir`, with its counts.
    ///
    /// # Errors
    /// Why there is no such legal move here.
    pub fn in_line_move(&self, tail: Cell, dir: Direction) -> Result<Move, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let me = self.to_move as usize;
        let (marbles, pushed) = rules::in_line(self.marbles[me], self.marbles[me ^ 1], tail, dir)?;
        Move::in_line(tail, dir, marbles, pushed)
            .ok_or_else(|| IllegalMove::Malformed(format!("{tail} {dir}")))
    }
}

impl Default for Abalone {
    /// The standard layout.
    fn default() -> Self {
        Abalone::new(Layout::Standard)
    }
}

impl fmt::Debug for Abalone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Abalone({})", self.to_setup())
    }
}

impl fmt::Display for Abalone {
    /// A hexagon diagram, row I at the top: `@` Black, `O` White, `.` empty; row letters on
    /// the left, diagonal numbers along the bottom-right edge; then the ejected counts and
    /// the state of the game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..ROWS).rev() {
            let indent = row.abs_diff(4);
            write!(f, "{:indent$}{} ", "", (b'A' + row as u8) as char)?;
            for number in 1..=9 {
                if let Some(cell) = Cell::new(row, number) {
                    let c = self.at(cell).map_or('.', Colour::symbol);
                    write!(f, " {c}")?;
                }
            }
            if row < 4 {
                write!(f, " {}", row + 6)?;
            }
            writeln!(f)?;
        }
        writeln!(f, "{:7}1 2 3 4 5", "")?;
        write!(
            f,
            "ejected: by Black (@) {}, by White (O) {} (six win) | ply {}",
            self.ejected_by(Colour::Black),
            self.ejected_by(Colour::White),
            self.ply
        )?;
        if let Some(limit) = self.move_limit() {
            write!(f, " of {limit}")?;
        }
        writeln!(f)?;
        match (self.end, self.winner()) {
            (None, _) => write!(f, "{} ({}) to move", self.to_move, self.to_move.symbol()),
            (Some(reason), winner) => {
                let why = match reason {
                    EndReason::SixEjected => "six marbles ejected".to_owned(),
                    EndReason::TimeOut(c) => format!("{c}'s time ran out"),
                    EndReason::MoveLimit => "move limit reached".to_owned(),
                };
                match winner {
                    Some(w) => write!(f, "game over ({why}): {w} wins"),
                    None => write!(f, "game over ({why}): draw"),
                }
            }
        }
    }
}

impl Game for Abalone {
    type Move = Move;
    type MoveList = MoveList;
    type Notation = Notation;
    type NotationError = NotationError;
    type IllegalMove = IllegalMove;
    type Setup = Setup;
    type SetupError = SetupError;
    type Chance = NoChance;

    fn name(&self) -> &'static str {
        "Abalone"
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.end.is_some() {
            Turn::Over
        } else {
            Turn::Seat(self.to_move.seat())
        }
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        if self.end.is_some() {
            return;
        }
        let (own, opp) = self.sides();
        movegen::for_each_group(own, opp, |tails, dir, axis, shape| {
            let base = Move::base(dir, axis, shape);
            // Two 64-bit halves: bit scans of a `u64` are much cheaper than of a `u128`.
            let (mut lo, mut hi) = (tails as u64, (tails >> 64) as u64);
            while lo != 0 {
                moves.push(Move::from_base(base, lo.trailing_zeros()));
                lo &= lo - 1;
            }
            while hi != 0 {
                moves.push(Move::from_base(base, 64 + hi.trailing_zeros()));
                hi &= hi - 1;
            }
            false
        });
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.end.is_some() {
            return 0;
        }
        let (own, opp) = self.sides();
        movegen::count(own, opp)
    }

    fn nth_legal_move(&self, n: usize) -> Option<Move> {
        if self.end.is_some() {
            return None;
        }
        let (own, opp) = self.sides();
        let mut left = n;
        let mut found = None;
        movegen::for_each_group(own, opp, |tails, dir, axis, shape| {
            let here = tails.count_ones() as usize;
            if left < here {
                let i = nth_bit(tails, left) as u32;
                found = Some(Move::from_base(Move::base(dir, axis, shape), i));
                return true;
            }
            left -= here;
            false
        });
        found
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn resolve(&self, notation: &Notation) -> Result<Move, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let malformed = || IllegalMove::Malformed(notation.to_string());
        match *notation {
            Notation::InLine { trailing, to } => match trailing.line_to(to) {
                Some((dir, 1)) => self.in_line_move(trailing, dir),
                _ => Err(malformed()),
            },
            Notation::Broadside { first, last, to } => {
                let (tail, end) = if first < last {
                    (first, last)
                } else {
                    (last, first)
                };
                let (Some((axis, len)), Some((dir, 1))) = (tail.line_to(end), first.line_to(to))
                else {
                    return Err(malformed());
                };
                let mv = Move::broadside(tail, axis, len + 1, dir).ok_or_else(malformed)?;
                self.check(mv).map(|()| mv)
            }
        }
    }

    fn notation(&self, mv: Move) -> Notation {
        Notation::of(mv)
    }

    fn apply_chance(&mut self, outcome: NoChance) -> Result<(), IllegalMove> {
        match outcome {}
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end?;
        let result = match self.winner() {
            Some(w) => GameResult::Win {
                winner: Team(w as u8),
                points: 1,
            },
            None => GameResult::Draw,
        };
        Some(Outcome {
            result,
            scores: Colour::ALL
                .iter()
                .map(|&c| self.ejected_by(c) as u32)
                .collect(),
        })
    }

    fn from_setup(setup: Setup) -> Result<Self, SetupError> {
        setup.into_position()
    }

    fn to_setup(&self) -> Setup {
        Setup::of(self)
    }
}
