//! The Pente / Keryo-Pente position and its rules.

use core::fmt;

use arrayvec::ArrayVec;

use super::bitboard::{self, Bitboard};
use super::error::{IllegalMove, SetupError, SyntaxProblem};
use super::point::{Point, PointError, ROW_BITS, SIZE};
use super::setup::Setup;
use crate::game::{Game, GameResult, NoChance, Outcome, Seat, Team, Turn};

/// The ruleset: plain Pente or Keryo-Pente.
///
/// Rules: `docs/rules/pente.md` (seed 002 for Keryo-Pente; the published Pente rules and
/// pente.org for Pente).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Variant {
    /// Pente: captures of exactly two stones; ten captured stones win.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "pente"))]
    Pente,
    /// Keryo-Pente: captures of exactly two or three stones; fifteen captured stones win.
    #[cfg_attr(feature = "serde", serde(rename = "keryo-pente"))]
    KeryoPente,
}

impl Variant {
    /// Stones captured that win the game: 10 (Pente, five pairs) or 15 (Keryo-Pente).
    #[must_use]
    pub const fn captures_to_win(self) -> u16 {
        match self {
            Variant::Pente => 10,
            Variant::KeryoPente => 15,
        }
    }

    /// The longest run of flanked stones that is captured: 2 (Pente) or 3 (Keryo-Pente).
    /// Runs of two up to this length are captured; longer runs never are.
    #[must_use]
    pub const fn longest_capture(self) -> usize {
        match self {
            Variant::Pente => 2,
            Variant::KeryoPente => 3,
        }
    }

    /// The name used in records and JSON: `pente` or `keryo-pente`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Pente => "pente",
            Variant::KeryoPente => "keryo-pente",
        }
    }

    /// The game name pente.org writes in its `[Game ...]` tag: `Pente` or `Keryo-Pente`.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Pente => "Pente",
            Variant::KeryoPente => "Keryo-Pente",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Variant {
    type Err = SetupError;

    /// Accepts `pente`, `keryo-pente`, `keryo`, `keryopente` in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pente" => Ok(Variant::Pente),
            "keryo-pente" | "keryo" | "keryopente" | "keryo_pente" => Ok(Variant::KeryoPente),
            other => Err(SyntaxProblem::Variant {
                text: other.to_owned(),
            }
            .into()),
        }
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum EndReason {
    /// The mover made five or more in a row.
    #[cfg_attr(feature = "serde", serde(rename = "five"))]
    Five,
    /// The mover reached the capture threshold.
    #[cfg_attr(feature = "serde", serde(rename = "captures"))]
    Captures,
    /// Both at once, on the same move.
    #[cfg_attr(feature = "serde", serde(rename = "five+captures"))]
    FiveAndCaptures,
    /// The board filled up without a winner.
    #[cfg_attr(feature = "serde", serde(rename = "draw-board-full"))]
    BoardFull,
}

impl EndReason {
    /// The name used in the expected-results format: `five`, `captures`, `five+captures`,
    /// `draw-board-full`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Five => "five",
            EndReason::Captures => "captures",
            EndReason::FiveAndCaptures => "five+captures",
            EndReason::BoardFull => "draw-board-full",
        }
    }
}

/// Worst-case number of legal moves: every point of the empty board.
pub const MAX_MOVES: usize = SIZE * SIZE;

/// The legal moves of a Pente position, on the stack.
pub type MoveList = ArrayVec<Point, MAX_MOVES>;

/// Stones removed by one placement: at most 8 directions x 3 stones.
pub type Removed = ArrayVec<Point, 24>;

/// The eight line directions as index steps: E, W, N, S, NE, SW, NW, SE.
const DIRECTIONS: [isize; 8] = [
    1,
    -1,
    ROW_BITS as isize,
    -(ROW_BITS as isize),
    ROW_BITS as isize + 1,
    -(ROW_BITS as isize + 1),
    ROW_BITS as isize - 1,
    -(ROW_BITS as isize - 1),
];

/// The points the tournament rule forbids for player 1's second stone: the 5 x 5 square
/// centred on K10 (Chebyshev distance <= 2).
fn tournament_zone() -> Bitboard {
    Point::all()
        .filter(|p| p.distance(Point::CENTRE) <= 2)
        .collect()
}

/// A Pente or Keryo-Pente position: the stones, whose turn, the captures, and whether the
/// game is over.
///
/// Rules implemented (`docs/rules/pente.md`, `docs/rules/pente-facts.md`):
/// 19 x 19 board, player 1 (seat 0) first on K10; the tournament rule (on by default) keeps
/// player 1's second stone (ply 3) outside the 5 x 5 square around K10; a placement flanking
/// exactly two (Pente) or two or three (Keryo-Pente) opponent stones against an own stone
/// captures them, in all 8 directions at once, never four or more, never across the edge;
/// placing into a flanked gap is safe; five or more in a row wins; 10 (Pente) or 15 (Keryo)
/// captured stones win; a full board without a winner is a draw.
///
/// About 110 bytes; `Copy`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Pente {
    stones: [Bitboard; 2],
    captures: [u16; 2],
    ply: u16,
    variant: Variant,
    tournament_rule: bool,
    end: Option<EndReason>,
}

/// What one placement did: the stones it captured.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Placement {
    /// The points emptied by captures, in the order found.
    pub removed: Removed,
}

/// Where player 1's second stone may go.
///
/// Rule source: the tournament rule of `docs/rules/pente.md` (from the Keryo-Pente rule
/// sheet): the first player's second stone may not be placed inside the 5 x 5 square centred
/// on K10.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum OpeningRule {
    /// The tournament rule: player 1's second stone stays outside the 5 x 5 centre square
    /// (pente.org's rated games; the setup text writes `tournament`).
    #[default]
    Tournament,
    /// No restriction on player 1's second stone (the setup text writes `free`).
    Free,
}

impl OpeningRule {
    /// [`OpeningRule::Tournament`] when `on`, else [`OpeningRule::Free`] (for records that
    /// store the rule as a flag, such as the JSON record's `tournament_rule`).
    #[must_use]
    pub const fn from_tournament_rule(on: bool) -> OpeningRule {
        if on {
            OpeningRule::Tournament
        } else {
            OpeningRule::Free
        }
    }
}

impl Pente {
    /// The empty board of a variant under an opening rule, player 1 to move.
    ///
    /// ```
    /// use boardgames_core::pente::{OpeningRule, Pente, Variant};
    ///
    /// let pos = Pente::new(Variant::KeryoPente, OpeningRule::Tournament);
    /// assert!(pos.tournament_rule());
    /// ```
    #[must_use]
    pub fn new(variant: Variant, rule: OpeningRule) -> Pente {
        Pente {
            stones: [Bitboard::EMPTY; 2],
            captures: [0; 2],
            ply: 0,
            variant,
            tournament_rule: rule == OpeningRule::Tournament,
            end: None,
        }
    }

    /// The opening rule in force.
    #[must_use]
    pub fn opening_rule(&self) -> OpeningRule {
        if self.tournament_rule {
            OpeningRule::Tournament
        } else {
            OpeningRule::Free
        }
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Whether the tournament rule is in force.
    #[must_use]
    pub fn tournament_rule(&self) -> bool {
        self.tournament_rule
    }

    /// Stones placed so far (the ply count), `0..`.
    #[must_use]
    pub fn ply(&self) -> usize {
        usize::from(self.ply)
    }

    /// The seat to move (0 = player 1) if the game were not over: it alternates every ply.
    #[must_use]
    pub fn side_to_move(&self) -> Seat {
        Seat((self.ply % 2) as u8)
    }

    /// Opponent stones captured by each seat: `[by player 1, by player 2]`.
    #[must_use]
    pub fn captures(&self) -> [u16; 2] {
        self.captures
    }

    /// The stones of a seat (0 or 1).
    #[must_use]
    pub fn stones(&self, seat: Seat) -> &Bitboard {
        &self.stones[seat.index() & 1]
    }

    /// The empty points.
    #[must_use]
    pub fn empty_points(&self) -> Bitboard {
        bitboard::ALL.minus(&self.stones[0].union(&self.stones[1]))
    }

    /// Who holds a point: `Some(seat)` or `None` when empty.
    #[must_use]
    pub fn at(&self, p: Point) -> Option<Seat> {
        if self.stones[0].contains(p) {
            Some(Seat(0))
        } else if self.stones[1].contains(p) {
            Some(Seat(1))
        } else {
            None
        }
    }

    /// Why the game ended, or `None` while it goes on.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The points where a stone may go now: the legal moves as a set (none once the game is
    /// over; K10 alone at the first move; with the tournament rule, no point within two of
    /// K10 at the first player's second move). [`Game::legal_moves`] lists them in index
    /// order.
    ///
    /// ```
    /// use boardgames_core::pente::{OpeningRule, Pente, Variant};
    /// use boardgames_core::Game;
    ///
    /// let pos = Pente::new(Variant::Pente, OpeningRule::Tournament);
    /// assert_eq!(pos.legal_points().count(), 1); // K10
    /// assert_eq!(pos.legal_points().count(), pos.moves().len());
    /// ```
    #[must_use]
    pub fn legal_points(&self) -> Bitboard {
        if self.end.is_some() {
            return Bitboard::EMPTY;
        }
        match self.ply {
            0 => [Point::CENTRE].into_iter().collect(),
            2 if self.tournament_rule => self.empty_points().minus(&tournament_zone()),
            _ => self.empty_points(),
        }
    }

    /// Why `p` may not be played, or `Ok` when it may.
    fn check(&self, p: Point) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if self.ply == 0 && p != Point::CENTRE {
            return Err(IllegalMove::FirstNotCentre(p));
        }
        if self.at(p).is_some() {
            return Err(IllegalMove::Occupied(p));
        }
        if self.ply == 2 && self.tournament_rule && p.distance(Point::CENTRE) <= 2 {
            return Err(IllegalMove::TournamentRule(p));
        }
        Ok(())
    }

    /// Places a stone, reporting what it captured.
    ///
    /// # Errors
    /// [`IllegalMove`] (game over, first stone not on K10, occupied point, tournament rule);
    /// the position is then unchanged.
    pub fn place(&mut self, p: Point) -> Result<Placement, IllegalMove> {
        self.check(p)?;
        let mut placement = Placement::default();
        self.place_unchecked(p, Some(&mut placement.removed));
        Ok(placement)
    }

    /// Places a stone known to be legal; records the removed stones in `removed` if given.
    #[inline]
    fn place_unchecked(&mut self, p: Point, mut removed: Option<&mut Removed>) {
        let me = usize::from(self.ply % 2);
        let them = me ^ 1;
        self.stones[me].insert(p);
        let origin = p.index() as isize;
        let longest = self.variant.longest_capture() as isize;
        let mut captured = 0u16;
        for d in DIRECTIONS {
            // Count the opponent's run next to the new stone (up to one past the longest
            // capturable run), then look for an own stone right after it.
            let mut run = 0;
            while run <= longest && self.stones[them].has_index(origin + (run + 1) * d) {
                run += 1;
            }
            if (2..=longest).contains(&run) && self.stones[me].has_index(origin + (run + 1) * d) {
                for k in 1..=run {
                    let q = Point::from_index((origin + k * d) as usize)
                        .expect("a stone's index is a board point");
                    self.stones[them].remove(q);
                    if let Some(r) = removed.as_deref_mut() {
                        r.push(q);
                    }
                }
                captured += run as u16;
            }
        }
        self.captures[me] += captured;
        self.ply += 1;

        let five = self.makes_five(p, me);
        let by_captures = captured > 0 && self.captures[me] >= self.variant.captures_to_win();
        self.end = match (five, by_captures) {
            (true, true) => Some(EndReason::FiveAndCaptures),
            (true, false) => Some(EndReason::Five),
            (false, true) => Some(EndReason::Captures),
            (false, false) if self.empty_points().is_empty() => Some(EndReason::BoardFull),
            (false, false) => None,
        };
    }

    /// Whether the stone at `p` of seat `me` is part of five or more in a row.
    #[inline]
    fn makes_five(&self, p: Point, me: usize) -> bool {
        let own = &self.stones[me];
        let origin = p.index() as isize;
        DIRECTIONS.chunks_exact(2).any(|pair| {
            let mut len = 1;
            for &d in pair {
                let mut k = 1;
                while k <= 4 && own.has_index(origin + k * d) {
                    k += 1;
                }
                len += k - 1;
            }
            len >= 5
        })
    }

    /// Whether seat `me` has five or more in a row anywhere on the board.
    pub(super) fn has_five_anywhere(&self, me: usize) -> bool {
        self.stones[me].iter().any(|p| self.makes_five(p, me))
    }

    /// Builds a position from its parts without any check (the setup module checks).
    pub(super) fn from_parts(
        variant: Variant,
        tournament_rule: bool,
        ply: u16,
        captures: [u16; 2],
        stones: [Bitboard; 2],
        end: Option<EndReason>,
    ) -> Pente {
        Pente {
            stones,
            captures,
            ply,
            variant,
            tournament_rule,
            end,
        }
    }

    /// The same position with other stones (for board transforms that keep every count).
    pub(super) fn with_stones(&self, stones: [Bitboard; 2]) -> Pente {
        Pente { stones, ..*self }
    }

    /// The winner's seat, if the game was won.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        match self.end {
            Some(EndReason::BoardFull) | None => None,
            // The game ends on the winning move, so the winner is the last mover.
            Some(_) => Some(Seat(((self.ply + 1) % 2) as u8)),
        }
    }
}

impl Default for Pente {
    /// Pente with the tournament rule, on the empty board.
    fn default() -> Self {
        Pente::new(Variant::Pente, OpeningRule::Tournament)
    }
}

impl fmt::Debug for Pente {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pente({})", self.to_setup())
    }
}

impl fmt::Display for Pente {
    /// A board diagram: row 19 at the top, `X` for player 1, `O` for player 2, `.` empty,
    /// `+` on the empty centre, coordinates on every side, then the capture counts and the
    /// state of the game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_board(f)?;
        writeln!(f)?;
        self.write_status(f)
    }
}

impl Pente {
    /// The diagram of the `Display` without its last line, the state of the game: the board
    /// with its coordinates, then the rules, the ply and the capture counts.
    #[must_use]
    pub fn board_diagram(&self) -> String {
        let mut text = String::new();
        // Writing to a `String` cannot fail.
        let _ = self.write_board(&mut text);
        text
    }

    /// The last line of the `Display`: who is to move, or how the game ended.
    #[must_use]
    pub fn status_line(&self) -> String {
        let mut text = String::new();
        let _ = self.write_status(&mut text);
        text
    }

    /// Writes the diagram's board, coordinates, rules, ply and captures, the last line
    /// without a line break.
    fn write_board(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let letters: String = (0..SIZE)
            .map(|c| format!(" {}", Point::new(c, 0).map_or('?', |p| p.letter())))
            .collect();
        writeln!(f, "   {letters}")?;
        for row in (0..SIZE).rev() {
            write!(f, "{:>2} ", row + 1)?;
            for col in 0..SIZE {
                let p = Point::new(col, row).expect("in range");
                let c = match self.at(p) {
                    Some(Seat(0)) => 'X',
                    Some(_) => 'O',
                    None if p == Point::CENTRE => '+',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f, " {:<2}", row + 1)?;
        }
        writeln!(f, "   {letters}")?;
        write!(
            f,
            "{} ({} rule) | ply {} | captured: X {} / O {} (win at {})",
            self.variant.title(),
            if self.tournament_rule {
                "tournament"
            } else {
                "no tournament"
            },
            self.ply,
            self.captures[0],
            self.captures[1],
            self.variant.captures_to_win(),
        )
    }

    /// Writes the diagram's status line: who is to move, or how the game ended.
    fn write_status(&self, f: &mut impl fmt::Write) -> fmt::Result {
        match (self.end, self.winner()) {
            (Some(reason), Some(w)) => write!(f, "game over: {w} wins by {}", reason.name()),
            (Some(_), None) => write!(f, "game over: draw, the board is full"),
            (None, _) => write!(
                f,
                "{} ({}) to move",
                self.side_to_move(),
                if self.ply.is_multiple_of(2) { 'X' } else { 'O' }
            ),
        }
    }
}

impl Game for Pente {
    type Move = Point;
    type MoveList = MoveList;
    type Notation = Point;
    type NotationError = PointError;
    type IllegalMove = IllegalMove;
    type Setup = Setup;
    type SetupError = SetupError;
    type Chance = NoChance;
    type ChanceNotation = NoChance;

    fn name(&self) -> &'static str {
        self.variant.title()
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.end.is_some() {
            Turn::Over
        } else {
            Turn::Seat(self.side_to_move())
        }
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        moves.extend(self.legal_points().iter());
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.legal_points().count()
    }

    #[inline]
    fn nth_legal_move(&self, n: usize) -> Option<Point> {
        self.legal_points().nth(n)
    }

    fn is_legal(&self, mv: Point) -> bool {
        self.check(mv).is_ok()
    }

    fn play(&mut self, mv: Point) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.place_unchecked(mv, None);
        Ok(())
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Point) {
        self.place_unchecked(mv, None);
    }

    fn resolve(&self, notation: &Point) -> Result<Point, IllegalMove> {
        self.check(*notation).map(|()| *notation)
    }

    fn notation(&self, mv: Point) -> Point {
        mv
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

    /// The stones, the captures, the variant and rule and the end; the ply only as far as
    /// the rules look at it: the side to move, and the first and third plies (the first
    /// stone on K10, the tournament rule's second stone of player 1).
    fn key(&self) -> u64 {
        use core::hash::{Hash, Hasher};
        let ply = if self.ply < 3 {
            self.ply
        } else {
            3 + self.ply % 2
        };
        let mut h = crate::game::Fnv1a::default();
        (
            self.stones,
            self.captures,
            ply,
            self.variant,
            self.tournament_rule,
            self.end,
        )
            .hash(&mut h);
        h.finish()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end?;
        let result = match self.winner() {
            Some(w) => GameResult::Win {
                winner: Team(w.0),
                points: 1,
            },
            None => GameResult::Draw,
        };
        Some(Outcome {
            result,
            scores: self.captures.iter().map(|&c| u32::from(c)).collect(),
        })
    }

    fn from_setup(setup: Setup) -> Result<Self, SetupError> {
        setup.into_position()
    }

    fn to_setup(&self) -> Setup {
        Setup::of(self)
    }
}
