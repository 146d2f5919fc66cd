//! The Abalone position for 2, 3, 4 or 6 players and its rules.

use core::fmt;

use arrayvec::ArrayVec;

use super::bitboard::{ahead, nth_bit, Bitboard, BOARD};
use super::cell::{Cell, Direction, ROWS};
use super::error::{IllegalMove, SetupError};
use super::layout::{Layout, LayoutError};
use super::movegen::Sides;
use super::moves::Move;
use super::notation::{Notation, NotationError};
use super::setup::Setup;
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

/// A seat's colour. Black is seat 0 and moves first in every layout; in the two-player game
/// only Black and White play, with more players the colours follow the seats: Red seat 2,
/// Green 3, Yellow 4, Purple 5.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Colour {
    /// Black (`@` in diagrams, `b` in position strings): seat 0, starts on rows A-C.
    #[default]
    Black = 0,
    /// White (`O`, `w`): seat 1, starts on rows G-I.
    White = 1,
    /// Red (`X`, `r`): seat 2, with three or more players.
    Red = 2,
    /// Green (`#`, `g`): seat 3, with four or six players.
    Green = 3,
    /// Yellow (`+`, `y`): seat 4, with six players.
    Yellow = 4,
    /// Purple (`*`, `p`): seat 5, with six players.
    Purple = 5,
}

impl Colour {
    /// The two colours of the two-player game, in seat order.
    pub const ALL: [Colour; 2] = [Colour::Black, Colour::White];

    /// The six colours in seat order; a game of `n` players uses the first `n`.
    pub const SEATS: [Colour; 6] = [
        Colour::Black,
        Colour::White,
        Colour::Red,
        Colour::Green,
        Colour::Yellow,
        Colour::Purple,
    ];

    /// The seat playing this colour (Black 0, White 1, ... Purple 5).
    #[inline]
    #[must_use]
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    /// The colour of a seat; `None` for seats past 5.
    #[must_use]
    pub const fn of_seat(seat: Seat) -> Option<Colour> {
        if (seat.0 as usize) < 6 {
            Some(Colour::SEATS[seat.0 as usize])
        } else {
            None
        }
    }

    /// The two-player opponent: Black for White and White for Black (other colours are
    /// returned unchanged; with more players use the seats).
    #[inline]
    #[must_use]
    pub const fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
            c => c,
        }
    }

    /// `black`, `white`, `red`, `green`, `yellow` or `purple`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Purple => "purple",
        }
    }

    /// The letter of position strings: `b`, `w`, `r`, `g`, `y` or `p`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Colour::Black => 'b',
            Colour::White => 'w',
            Colour::Red => 'r',
            Colour::Green => 'g',
            Colour::Yellow => 'y',
            Colour::Purple => 'p',
        }
    }

    /// The colour of a position-string letter, in either case.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Colour> {
        match letter.to_ascii_lowercase() {
            'b' => Some(Colour::Black),
            'w' => Some(Colour::White),
            'r' => Some(Colour::Red),
            'g' => Some(Colour::Green),
            'y' => Some(Colour::Yellow),
            'p' => Some(Colour::Purple),
            _ => None,
        }
    }

    /// The diagram symbol: `@` (Black), `O` (White), `X` (Red), `#` (Green), `+` (Yellow),
    /// `*` (Purple).
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Colour::Black => '@',
            Colour::White => 'O',
            Colour::Red => 'X',
            Colour::Green => '#',
            Colour::Yellow => '+',
            Colour::Purple => '*',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "Black",
            Colour::White => "White",
            Colour::Red => "Red",
            Colour::Green => "Green",
            Colour::Yellow => "Yellow",
            Colour::Purple => "Purple",
        })
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum EndReason {
    /// The last mover ejected the sixth opposing marble and won (seeds 000, 003); with three
    /// players their own sixth, with teams their team's sixth (seed 004).
    SixEjected,
    /// This side's time ran out; the side (player or team) that ejected more marbles wins,
    /// equal counts at the top are a draw (seed 000, timed variant; the draw is standard
    /// practice).
    TimeOut(Colour),
    /// The agreed number of plies was played; adjudicated like a time-out (tournament
    /// software practice).
    MoveLimit,
}

/// An Abalone position for `SEATS` players (2, 3, 4 or 6): one [`Bitboard`] per seat, whose
/// turn, the marbles each colour lost and each seat ejected, the plies played and how the game
/// ended, if it did. Use the aliases [`Abalone`] (two players), [`Abalone3`], [`Abalone4`] and
/// [`Abalone6`].
///
/// Rules (`docs/rules/abalone.md`, seeds 000, 003 and 004): see [`rules`](super) and
/// `docs/abalone.md`. Three players play each for themselves; four players form two teams of
/// two (seats 0 and 2 against 1 and 3, partners opposite), six players two teams of three
/// (seats 0, 2, 4 against 1, 3, 5, seated alternately). The turn passes to the next seat.
///
/// `Copy`; the two-player position is 48 bytes.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position<const SEATS: usize> {
    marbles: [Bitboard; SEATS],
    /// Marbles of each colour pushed off the board (`captured.<colour>` of the JSON format).
    lost: [u8; SEATS],
    /// Opposing marbles each seat pushed off (its score).
    ejected: [u8; SEATS],
    to_move: Colour,
    ply: u16,
    /// Plies after which the game is adjudicated; 0 = no limit.
    move_limit: u16,
    end: Option<EndReason>,
}

/// Two-player Abalone, Black against White.
pub type Abalone = Position<2>;
/// Three-player Abalone, each for themselves, 11 marbles each.
pub type Abalone3 = Position<3>;
/// Four-player Abalone, two teams of two, 9 marbles each.
pub type Abalone4 = Position<4>;
/// Six-player Abalone, two teams of three, 6 marbles each.
pub type Abalone6 = Position<6>;

/// Marbles each seat starts with in the seed's layouts: 14 with two players, 11 with three,
/// 9 with four, 6 with six (seed 004); 0 for unsupported counts.
#[must_use]
pub const fn marbles_per_seat(seats: usize) -> usize {
    match seats {
        2 => MARBLES,
        3 => 11,
        4 => 9,
        6 => 6,
        _ => 0,
    }
}

impl Abalone {
    /// The winner of a finished game; `None` while it goes on or when it was drawn.
    #[must_use]
    pub fn winner(&self) -> Option<Colour> {
        self.winning_team().and_then(|t| Colour::of_seat(Seat(t.0)))
    }
}

impl<const SEATS: usize> Position<SEATS> {
    /// Stops the build for seat counts other than 2, 3, 4 and 6.
    const SUPPORTED: () = assert!(
        SEATS == 2 || SEATS == 3 || SEATS == 4 || SEATS == 6,
        "Abalone is played by 2, 3, 4 or 6 players"
    );

    /// Whether the seats form two teams (four and six players).
    const TEAMS: bool = SEATS == 4 || SEATS == 6;

    /// The starting position of a layout for this many players, Black (seat 0) to move, no
    /// move limit.
    ///
    /// # Errors
    /// [`LayoutError::Players`] when the layout is for another number of players.
    pub fn new(layout: Layout) -> Result<Self, LayoutError> {
        layout.check_players(SEATS)?;
        Ok(Self::of_cells(layout.cells()))
    }

    /// The usual start: the standard layout with two players, the layout with the seed's
    /// marble count otherwise ([`Layout::default_for`]).
    #[must_use]
    pub fn start() -> Self {
        Self::of_cells(Layout::default_for(SEATS).unwrap_or_default().cells())
    }

    /// The start with these marbles, seat by seat, Black (seat 0) to move.
    fn of_cells(cells: Vec<Bitboard>) -> Self {
        let mut marbles = [Bitboard::EMPTY; SEATS];
        for (m, c) in marbles.iter_mut().zip(cells) {
            *m = c;
        }
        Self::from_parts(marbles, [0; SEATS], [0; SEATS], Colour::Black, 0, 0, None)
    }

    /// Builds a position from checked parts (the setup module checks).
    pub(super) fn from_parts(
        marbles: [Bitboard; SEATS],
        lost: [u8; SEATS],
        ejected: [u8; SEATS],
        to_move: Colour,
        ply: u16,
        move_limit: u16,
        end: Option<EndReason>,
    ) -> Self {
        let () = Self::SUPPORTED;
        Position {
            marbles,
            lost,
            ejected,
            to_move,
            ply,
            move_limit,
            end,
        }
    }

    /// The number of players, `SEATS`.
    #[must_use]
    pub const fn players(&self) -> usize {
        SEATS
    }

    /// The team of a seat: the seat itself with two or three players; with four and six,
    /// team 0 (seats 0, 2, 4) and team 1 (seats 1, 3, 5).
    #[inline]
    #[must_use]
    pub const fn team(seat: usize) -> Team {
        if Self::TEAMS {
            Team((seat % 2) as u8)
        } else {
            Team(seat as u8)
        }
    }

    /// The number of teams: 2 with two, four and six players, 3 with three.
    #[must_use]
    pub const fn team_count() -> usize {
        if Self::TEAMS {
            2
        } else {
            SEATS
        }
    }

    /// The colours playing for a team, in seat order.
    pub fn team_colours(team: Team) -> impl Iterator<Item = Colour> {
        (0..SEATS)
            .filter(move |&s| Self::team(s) == team)
            .map(|s| Colour::SEATS[s])
    }

    /// The colour to move (the seat that would move if the game were not over).
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Colour {
        self.to_move
    }

    /// The marbles of a colour (empty for colours not in this game).
    #[inline]
    #[must_use]
    pub fn marbles(&self, colour: Colour) -> Bitboard {
        self.marbles
            .get(colour as usize)
            .copied()
            .unwrap_or_default()
    }

    /// The empty cells.
    #[must_use]
    pub fn empty_cells(&self) -> Bitboard {
        self.marbles
            .iter()
            .fold(Bitboard::EMPTY, |a, &b| a.union(b))
            .complement()
    }

    /// The colour of the marble on a cell, or `None` when it is empty.
    #[must_use]
    pub fn at(&self, cell: Cell) -> Option<Colour> {
        (0..SEATS)
            .find(|&s| self.marbles[s].contains(cell))
            .map(|s| Colour::SEATS[s])
    }

    /// Marbles of `colour` pushed off the board so far (its losses: the JSON format's
    /// `captured.<colour>`).
    #[inline]
    #[must_use]
    pub fn lost(&self, colour: Colour) -> usize {
        self.lost
            .get(colour as usize)
            .map_or(0, |&n| usize::from(n))
    }

    /// Opposing marbles the seat of `colour` has ejected, `0..=6` (its score).
    #[inline]
    #[must_use]
    pub fn ejected_by(&self, colour: Colour) -> usize {
        self.ejected
            .get(colour as usize)
            .map_or(0, |&n| usize::from(n))
    }

    /// Opposing marbles a team has ejected: the sum over its seats, `0..=6`; six win.
    #[must_use]
    pub fn team_ejected(&self, team: Team) -> usize {
        (0..SEATS)
            .filter(|&s| Self::team(s) == team)
            .map(|s| usize::from(self.ejected[s]))
            .sum()
    }

    /// Plies played, counted from the setup (0 at a layout's start). The count stops at 65535,
    /// the setup string's `ply=` range: a move limit is at most 65535 plies, so no limit
    /// needs more.
    #[inline]
    #[must_use]
    pub fn ply(&self) -> usize {
        usize::from(self.ply)
    }

    /// The move limit in plies, if one is set.
    #[must_use]
    pub fn move_limit(&self) -> Option<usize> {
        (self.move_limit > 0).then_some(usize::from(self.move_limit))
    }

    /// Sets or clears a move limit: when `ply` reaches `limit` (1..=65535 plies counted by
    /// [`Position::ply`]) the game ends and is adjudicated like a time-out: the side (player
    /// or team) that ejected more marbles wins, equal counts at the top are a draw. `None` or
    /// `Some(0)` clears it.
    ///
    /// A limit already reached ends a running game at once; the limit kept is then the ply
    /// (a position never stands past its limit, as its [`Setup`](super::Setup) says). A
    /// finished game stays as it is, its limit too: clearing the limit of a game that the
    /// limit ended would leave an end no setup describes.
    pub fn set_move_limit(&mut self, limit: Option<u16>) {
        if self.end.is_some() {
            return;
        }
        self.move_limit = limit.unwrap_or(0);
        if self.move_limit > 0 && self.ply >= self.move_limit {
            self.move_limit = self.ply;
            self.end = Some(EndReason::MoveLimit);
        }
    }

    /// Ends the game because `colour`'s clock ran out (the caller keeps the clocks). The side
    /// (player or team) that ejected more marbles wins, equal counts at the top are a draw
    /// (seed 000).
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game has already ended, [`IllegalMove::NotSeated`]
    /// when `colour` plays no seat here (Red with two players, say); nothing changes then.
    pub fn time_out(&mut self, colour: Colour) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if colour as usize >= SEATS {
            return Err(IllegalMove::NotSeated(colour));
        }
        self.end = Some(EndReason::TimeOut(colour));
        Ok(())
    }

    /// Why the game ended, or `None` while it goes on.
    #[inline]
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The team with the most ejected marbles, `None` when two or more share the top count.
    fn leading_team(&self) -> Option<Team> {
        let mut best: Option<(usize, Team)> = None;
        let mut tied = false;
        for t in 0..Self::team_count() {
            let team = Team(t as u8);
            let n = self.team_ejected(team);
            match best {
                Some((b, _)) if n < b => {}
                Some((b, _)) if n == b => tied = true,
                _ => {
                    best = Some((n, team));
                    tied = false;
                }
            }
        }
        if tied {
            None
        } else {
            best.map(|(_, t)| t)
        }
    }

    /// The winning team of a finished game (with two or three players the team of a seat is
    /// the seat); `None` while it goes on or when it was drawn.
    #[must_use]
    pub fn winning_team(&self) -> Option<Team> {
        match self.end? {
            EndReason::SixEjected => (0..Self::team_count())
                .map(|t| Team(t as u8))
                .find(|&t| self.team_ejected(t) >= EJECTED_TO_WIN),
            EndReason::TimeOut(_) | EndReason::MoveLimit => self.leading_team(),
        }
    }

    /// The own, friendly and opposing sets of the seat to move.
    #[inline(always)]
    fn sides(&self) -> Sides {
        if SEATS == 2 {
            let me = self.to_move as usize & 1;
            return Sides::alone(self.marbles[me].0, self.marbles[me ^ 1].0);
        }
        let me = self.to_move as usize;
        let team = Self::team(me);
        let mut sides = Sides {
            own: 0,
            fr: 0,
            opp: 0,
        };
        for (s, m) in self.marbles.iter().enumerate() {
            if s == me {
                sides.own = m.0;
            }
            if Self::team(s) == team {
                sides.fr |= m.0;
            } else {
                sides.opp |= m.0;
            }
        }
        sides
    }

    /// Why `mv` may not be played here, or `Ok`.
    fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        rules::check(self.sides(), mv)
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
        let me = if SEATS == 2 {
            self.to_move as usize & 1
        } else {
            self.to_move as usize % SEATS
        };
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
        } else if SEATS == 2 {
            let them = me ^ 1;
            let front = bit(tail + k * d);
            self.marbles[me].0 ^= bit(tail) | front;
            let pushed = mv.pushed() as i32;
            if pushed > 0 {
                self.marbles[them].0 &= !front;
                let dst = bit(tail + (k + pushed) * d) & BOARD;
                if dst == 0 {
                    self.lost[them] = self.lost[them].saturating_add(1);
                    self.ejected[me] = self.ejected[me].saturating_add(1);
                } else {
                    self.marbles[them].0 |= dst;
                }
            }
        } else {
            // The line may hold partners' marbles and push marbles of several colours: every
            // marble of the line and of the pushed group moves one step, colour by colour.
            let pushed = mv.pushed() as i32;
            let line = (0..k).fold(0, |acc, i| acc | bit(tail + i * d));
            let push = (k..k + pushed).fold(0, |acc, i| acc | bit(tail + i * d));
            let team = Self::team(me);
            for s in 0..SEATS {
                let m = self.marbles[s].0;
                let part = m & if Self::team(s) == team { line } else { push };
                if part == 0 {
                    continue;
                }
                let moved = ahead(part, -d) & BOARD;
                self.marbles[s].0 = (m & !part) | moved;
                if moved.count_ones() < part.count_ones() {
                    self.lost[s] = self.lost[s].saturating_add(1);
                    self.ejected[me] = self.ejected[me].saturating_add(1);
                }
            }
        }
        self.to_move = if SEATS == 2 {
            if me == 0 {
                Colour::White
            } else {
                Colour::Black
            }
        } else {
            Colour::SEATS[(me + 1) % SEATS]
        };
        self.ply = self.ply.saturating_add(1);
        let won = if SEATS == 2 {
            usize::from(self.lost[me ^ 1]) >= EJECTED_TO_WIN
        } else {
            self.team_ejected(Self::team(me)) >= EJECTED_TO_WIN
        };
        if won {
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
        let (marbles, pushed) = rules::in_line(self.sides(), tail, dir)?;
        Move::in_line(tail, dir, marbles, pushed).ok_or(IllegalMove::MalformedInLine { tail, dir })
    }

    /// How a team is called: the colour with two or three players (`Black`), the partners'
    /// colours with teams (`Black+Red`).
    #[must_use]
    pub fn team_name(team: Team) -> String {
        Self::team_colours(team)
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join("+")
    }
}

impl Default for Abalone {
    /// The standard layout.
    fn default() -> Self {
        Abalone::start()
    }
}

impl<const SEATS: usize> fmt::Debug for Position<SEATS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Abalone({})", self.to_setup())
    }
}

impl<const SEATS: usize> fmt::Display for Position<SEATS> {
    /// A hexagon diagram, row I at the top: each colour's symbol (`@` Black, `O` White, `X`
    /// Red, `#` Green, `+` Yellow, `*` Purple), `.` empty; row letters on the left, diagonal
    /// numbers along the bottom-right edge; then the ejected counts and the state of the game.
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
        let by: Vec<String> = Colour::SEATS[..SEATS]
            .iter()
            .map(|&c| format!("by {c} ({}) {}", c.symbol(), self.ejected_by(c)))
            .collect();
        write!(f, "ejected: {} (six win)", by.join(", "))?;
        if Self::TEAMS {
            let teams: Vec<String> = (0..2)
                .map(|t| {
                    let team = Team(t);
                    format!("{} {}", Self::team_name(team), self.team_ejected(team))
                })
                .collect();
            write!(f, "; teams {}", teams.join(", "))?;
        }
        write!(f, " | ply {}", self.ply)?;
        if let Some(limit) = self.move_limit() {
            write!(f, " of {limit}")?;
        }
        writeln!(f)?;
        match (self.end, self.winning_team()) {
            (None, _) => write!(f, "{} ({}) to move", self.to_move, self.to_move.symbol()),
            (Some(reason), winner) => {
                let why = match reason {
                    EndReason::SixEjected => "six marbles ejected".to_owned(),
                    EndReason::TimeOut(c) => format!("{c}'s time ran out"),
                    EndReason::MoveLimit => "move limit reached".to_owned(),
                };
                match winner {
                    Some(w) => write!(f, "game over ({why}): {} wins", Self::team_name(w)),
                    None => write!(f, "game over ({why}): draw"),
                }
            }
        }
    }
}

impl<const SEATS: usize> Game for Position<SEATS> {
    type Move = Move;
    type MoveList = MoveList;
    type Notation = Notation;
    type NotationError = NotationError;
    type IllegalMove = IllegalMove;
    type Setup = Setup;
    type SetupError = SetupError;
    type Chance = NoChance;
    type ChanceNotation = NoChance;

    fn name(&self) -> &'static str {
        "Abalone"
    }

    fn seat_count(&self) -> usize {
        SEATS
    }

    fn team_of(&self, seat: Seat) -> Team {
        Self::team(seat.index())
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
        movegen::for_each_group(self.sides(), |tails, dir, axis, shape| {
            let base = Move::base(dir, axis, shape);
            // One loop over the whole set rather than one per 64-bit half: its exit, mispredicted
            // about once per nonempty set, is the main cost of building the list.
            let mut t = tails;
            while t != 0 {
                moves.push(Move::from_base(base, t.trailing_zeros()));
                t &= t - 1;
            }
            false
        });
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.end.is_some() {
            return 0;
        }
        movegen::count(self.sides())
    }

    fn count_replies(&self) -> u64 {
        if SEATS != 2 {
            return crate::search::count_replies_by_play(self);
        }
        if self.end.is_some() || (self.move_limit > 0 && self.ply + 1 >= self.move_limit) {
            // Every move ends the game: no replies.
            return 0;
        }
        let them = self.to_move as usize & 1 ^ 1;
        let eject_wins = usize::from(self.lost[them]) + 1 >= EJECTED_TO_WIN;
        movegen::count_replies(self.sides(), eject_wins)
    }

    fn nth_legal_move(&self, n: usize) -> Option<Move> {
        if self.end.is_some() {
            return None;
        }
        let mut left = n;
        let mut found = None;
        movegen::for_each_group(self.sides(), |tails, dir, axis, shape| {
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
        let malformed = || IllegalMove::Malformed(*notation);
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

    fn resolve_chance(&self, notation: &NoChance) -> Result<NoChance, IllegalMove> {
        match *notation {}
    }

    fn chance_notation(&self, outcome: NoChance) -> NoChance {
        outcome
    }

    /// The marbles, the ejected counts, the side to move and the end; the ply only as the
    /// plies left before a move limit (without one the rules never look at it), so that a
    /// board repeated later in the game has the same key.
    fn key(&self) -> u64 {
        use core::hash::{Hash, Hasher};
        let plies_left = match self.move_limit {
            0 => 0,
            limit => limit.saturating_sub(self.ply),
        };
        let mut h = crate::game::Fnv1a::default();
        (
            self.marbles,
            self.lost,
            self.ejected,
            self.to_move,
            self.end,
            (self.move_limit > 0, plies_left),
        )
            .hash(&mut h);
        h.finish()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end?;
        let result = match self.winning_team() {
            Some(winner) => GameResult::Win { winner, points: 1 },
            None => GameResult::Draw,
        };
        Some(Outcome {
            result,
            scores: self.ejected.iter().map(|&n| u32::from(n)).collect(),
        })
    }

    fn from_setup(setup: Setup) -> Result<Self, SetupError> {
        setup.into_game()
    }

    fn to_setup(&self) -> Setup {
        Setup::of(self)
    }
}
