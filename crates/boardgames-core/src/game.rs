//! The trait family every game implements and every frontend and generic algorithm uses.
//!
//! A game is a position type implementing [`Game`]. Positions are small values; search
//! copies them (copy-make) instead of undoing moves. The shape follows the lessons of
//! chess libraries such as shakmaty and cozy-chess and of OpenSpiel's game API:
//!
//! * **Setup vs position.** A [`Game::Setup`] is a plain description that may be impossible;
//!   [`Game::from_setup`] checks it and returns the position or an error listing what is wrong.
//!   Text formats parse into a setup ([`core::str::FromStr`]) and a position prints back to one
//!   with [`Game::to_setup`].
//! * **Moves.** [`Game::Move`] is a `Copy` value of a few bytes. Its text form, the
//!   [`Game::Notation`], parses without a position and is then resolved against one with
//!   [`Game::resolve`], because the same text can mean different things in different positions.
//! * **Whose turn.** [`Game::turn`] says whether a seat is to move, chance is to act (dice), or
//!   the game is over.
//! * **Move lists** live on the stack: [`Game::MoveList`] is an [`arrayvec::ArrayVec`] with a
//!   documented worst-case capacity.

use core::fmt::{self, Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use arrayvec::ArrayVec;

/// The most seats any game of this crate has (six-player Abalone).
pub const MAX_SEATS: usize = 6;

/// The most distinct outcomes one chance node may have (36 ordered rolls of two dice).
pub const MAX_CHANCE_OUTCOMES: usize = 36;

/// The outcomes of a chance node with their probabilities, on the stack.
pub type ChanceList<C> = ArrayVec<(C, Probability), MAX_CHANCE_OUTCOMES>;

/// A player's place at the table, numbered from 0 in turn order.
///
/// Range: `0..seat_count` of the game, at most `0..6`. Seat 0 moves first. Record formats
/// that number players from 1 (pente.org's "player 1") add one when printing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, `0..6`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl Display for Seat {
    /// Prints the seat as players usually count them, from 1: `player 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}

/// A side that wins or loses together, numbered from 0.
///
/// In two-player games and three-player Abalone every seat is its own team (team `n` = seat
/// `n`). In four- and six-player Abalone the seats form two teams, 0 and 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Team(pub u8);

/// Who acts next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The player in this seat chooses a move.
    Seat(Seat),
    /// Chance acts: pick one of [`Game::chance_outcomes`] and apply it with
    /// [`Game::apply_chance`] (for example a roll of the dice).
    Chance,
    /// The game is over; [`Game::outcome`] says how it ended. No move is accepted.
    Over,
}

/// An exact probability `numerator / denominator`, as chance outcomes carry.
///
/// Exact fractions let generic code sum and compare weights without rounding: Backgammon's
/// rolls are `1/36` (doubles) and `2/36` (others).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Probability {
    /// The numerator, `<= denominator`.
    pub numerator: u32,
    /// The denominator, `> 0`.
    pub denominator: u32,
}

impl Probability {
    /// A probability `numerator / denominator`; callers keep `0 < denominator` and
    /// `numerator <= denominator`.
    #[must_use]
    pub const fn new(numerator: u32, denominator: u32) -> Self {
        Probability {
            numerator,
            denominator,
        }
    }

    /// The probability as a float in `0.0..=1.0`.
    #[must_use]
    pub fn as_f64(self) -> f64 {
        f64::from(self.numerator) / f64::from(self.denominator)
    }
}

impl Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// One team won, scoring `points` (1 for games without stakes; Backgammon counts gammons,
    /// backgammons and the cube).
    Win {
        /// The winning team.
        winner: Team,
        /// Points won, at least 1.
        points: u32,
    },
    /// Nobody won.
    Draw,
}

/// The result of a finished game with each seat's score.
///
/// `scores[s]` is the game's own tally for seat `s`: stones captured (Pente), marbles ejected
/// (Abalone), checkers borne off (the checker game `Backgammon`), points won in the session
/// (a backgammon `Match`: the match score, or the money game's points, each stopping at
/// 32767). Its length is the seat count.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// Win or draw.
    pub result: GameResult,
    /// Per-seat scores, one per seat in seat order.
    pub scores: ArrayVec<u32, MAX_SEATS>,
}

impl Outcome {
    /// The winning team, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Team> {
        match self.result {
            GameResult::Win { winner, .. } => Some(winner),
            GameResult::Draw => None,
        }
    }
}

/// A stack buffer of moves: the fixed-capacity list that [`Game::legal_moves`] fills.
///
/// Implemented for every `ArrayVec<M, N>`; the capacity `N` chosen by each game is the
/// worst-case number of legal moves in any position of that game, so pushes never fail.
pub trait MoveList<M>: Default + Debug + core::ops::Deref<Target = [M]> {
    /// Appends a move. Panics if the documented capacity is exceeded (a bug in the game).
    fn push(&mut self, mv: M);
    /// Removes every move.
    fn clear(&mut self);
}

impl<M: Debug, const N: usize> MoveList<M> for ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, mv: M) {
        ArrayVec::push(self, mv);
    }
    #[inline]
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }
}

/// A game position and its rules.
///
/// Implementors are small `Clone` values (copy-make). Every method that takes outside input
/// returns a `Result` and never panics; a rejected move leaves the position unchanged.
pub trait Game: Clone + Eq + Hash + Debug + Display + Send + Sync + Sized + 'static {
    /// A move: a few bytes, printed in the game's canonical notation by `Display`.
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// The worst-case move list of this game on the stack.
    type MoveList: MoveList<Self::Move>;
    /// A move as written, parsed without a position (see [`Game::resolve`]).
    type Notation: FromStr<Err = Self::NotationError> + Display + Debug + Clone + PartialEq;
    /// Why a text is not valid move notation.
    type NotationError: std::error::Error + Send + Sync + 'static;
    /// Why a move (or notation) is not legal in this position.
    type IllegalMove: std::error::Error + Send + Sync + 'static;
    /// A plain description of a position, possibly impossible; text formats parse into it.
    type Setup: Clone + Debug + Display + FromStr<Err = Self::SetupError>;
    /// Why a setup (text or value) is not a valid position; lists every problem found.
    type SetupError: std::error::Error + Send + Sync + 'static;
    /// One outcome of a chance node (a roll of the dice). Games without chance use
    /// [`NoChance`].
    type Chance: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// A chance outcome as written (a roll `31`), parsed without a position and resolved
    /// against one with [`Game::resolve_chance`], as moves are. Games without chance use
    /// [`NoChance`], whose text never parses.
    type ChanceNotation: FromStr<Err: std::error::Error + Send + Sync + 'static>
        + Display
        + Debug
        + Clone
        + PartialEq
        + Send
        + Sync
        + 'static;

    /// The game's name, for messages and record headers (e.g. `"Pente"`).
    fn name(&self) -> &'static str;

    /// The number of seats, `2..=6`.
    fn seat_count(&self) -> usize;

    /// The team a seat plays for. Default: every seat is its own team.
    fn team_of(&self, seat: Seat) -> Team {
        Team(seat.0)
    }

    /// The number of teams, `1..=6`: one more than the highest [`Game::team_of`] of any
    /// seat. Default: worked out from `team_of`.
    fn team_count(&self) -> usize {
        (0..self.seat_count())
            .filter_map(|s| u8::try_from(s).ok())
            .map(|s| usize::from(self.team_of(Seat(s)).0) + 1)
            .max()
            .unwrap_or(1)
    }

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// Appends every legal move to `moves` (cleared first), each exactly once.
    ///
    /// Empty when [`Game::turn`] is not [`Turn::Seat`].
    fn legal_moves(&self, moves: &mut Self::MoveList);

    /// The legal moves as a new stack list; see [`Game::legal_moves`].
    fn moves(&self) -> Self::MoveList {
        let mut list = Self::MoveList::default();
        self.legal_moves(&mut list);
        list
    }

    /// How many legal moves there are. Games override it with a bulk count.
    fn count_legal_moves(&self) -> usize {
        self.moves().len()
    }

    /// perft to depth 2 ([`perft`](crate::search::perft)`(self, 2)`): the leaves two plies
    /// (moves or chance outcomes) ahead, counted as `perft` counts them; 0 when the game is
    /// over. Games override it with a bulk count that never builds the positions one ply
    /// ahead; the default plays each move.
    fn count_replies(&self) -> u64 {
        crate::search::count_replies_by_play(self)
    }

    /// The `n`-th legal move in [`Game::legal_moves`] order, or `None` when `n` is out of
    /// range. Games override it to pick a move without building the list (random playouts).
    fn nth_legal_move(&self, n: usize) -> Option<Self::Move> {
        self.moves().get(n).copied()
    }

    /// Whether `mv` is legal here. Must agree exactly with [`Game::legal_moves`].
    fn is_legal(&self, mv: Self::Move) -> bool;

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`Game::IllegalMove`] saying why the move is not legal (game over, wrong phase, occupied,
    /// ...); the position is then unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::IllegalMove>;

    /// Plays a move known to be legal (taken from [`Game::legal_moves`]) without checking.
    ///
    /// On an illegal move the position may become inconsistent or the call may panic; it is
    /// never undefined behaviour.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Resolves parsed notation to a legal move of this position.
    ///
    /// # Errors
    /// [`Game::IllegalMove`] when the notation names no legal move here.
    fn resolve(&self, notation: &Self::Notation) -> Result<Self::Move, Self::IllegalMove>;

    /// The canonical notation of a move of this position.
    fn notation(&self, mv: Self::Move) -> Self::Notation;

    /// The distinct chance outcomes with their probabilities when [`Game::turn`] is
    /// [`Turn::Chance`]; empty otherwise. The probabilities sum to 1. At most
    /// [`MAX_CHANCE_OUTCOMES`] (Backgammon has 21 distinct rolls). Default: no chance.
    fn chance_outcomes(&self) -> ChanceList<Self::Chance> {
        ChanceList::new()
    }

    /// Applies a chance outcome at a chance node.
    ///
    /// # Errors
    /// [`Game::IllegalMove`] when it is not chance's turn or the outcome is not one of
    /// [`Game::chance_outcomes`]; the position is then unchanged.
    fn apply_chance(&mut self, outcome: Self::Chance) -> Result<(), Self::IllegalMove>;

    /// Resolves a chance outcome as written to one of [`Game::chance_outcomes`].
    ///
    /// # Errors
    /// [`Game::IllegalMove`] when chance is not to act or the text names no outcome here.
    fn resolve_chance(
        &self,
        notation: &Self::ChanceNotation,
    ) -> Result<Self::Chance, Self::IllegalMove>;

    /// The notation of a chance outcome of this position; [`Game::resolve_chance`] gives the
    /// outcome back.
    fn chance_notation(&self, outcome: Self::Chance) -> Self::ChanceNotation;

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// Checks a setup and turns it into a position.
    ///
    /// # Errors
    /// [`Game::SetupError`] listing every reason the setup is not a valid position.
    fn from_setup(setup: Self::Setup) -> Result<Self, Self::SetupError>;

    /// The setup describing this position; `from_setup(to_setup())` gives the position back.
    fn to_setup(&self) -> Self::Setup;

    /// A 64-bit hash of the position, equal for equal positions. Default: a fixed-key hash of
    /// the `Hash` implementation (stable within one build); games may override it with an
    /// incremental Zobrist hash.
    fn zobrist(&self) -> u64 {
        use core::hash::Hasher;
        let mut h = Fnv1a::default();
        self.hash(&mut h);
        h.finish()
    }

    /// Parses and resolves a move written in the game's notation.
    ///
    /// # Errors
    /// [`MoveError::Notation`] when the text is not notation, [`MoveError::Illegal`] when it
    /// names no legal move here.
    fn parse_move(
        &self,
        text: &str,
    ) -> Result<Self::Move, MoveError<Self::NotationError, Self::IllegalMove>> {
        let notation: Self::Notation = text.trim().parse().map_err(MoveError::Notation)?;
        self.resolve(&notation).map_err(MoveError::Illegal)
    }

    /// The position key for transposition tables and repetition checks: equal for positions
    /// whose futures are the same by the rules: the board, the side to move and what the
    /// rules depend on (scores that end the game, plies left before a move limit), never a
    /// ply counter the rules ignore. Default: [`Game::zobrist`], for games whose `Eq` holds
    /// nothing else.
    fn key(&self) -> u64 {
        self.zobrist()
    }

    /// Parses and resolves a chance outcome written in the game's notation (`31`).
    ///
    /// # Errors
    /// [`MoveError::Notation`] when the text is no outcome's notation, [`MoveError::Illegal`]
    /// when it names no outcome here.
    #[allow(clippy::type_complexity)]
    fn parse_chance(
        &self,
        text: &str,
    ) -> Result<Self::Chance, MoveError<<Self::ChanceNotation as FromStr>::Err, Self::IllegalMove>>
    {
        let notation: Self::ChanceNotation = text.trim().parse().map_err(MoveError::Notation)?;
        self.resolve_chance(&notation).map_err(MoveError::Illegal)
    }

    /// Parses a position from its setup text and checks it.
    ///
    /// # Errors
    /// [`Game::SetupError`] when the text does not parse or describes an invalid position.
    fn from_text(text: &str) -> Result<Self, Self::SetupError> {
        Self::from_setup(text.parse()?)
    }
}

/// Why a move text could not be played: bad notation, or notation of a move not legal here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError<N, I>
where
    N: std::error::Error + 'static,
    I: std::error::Error + 'static,
{
    /// The text is not valid move notation.
    #[error("bad notation: {0}")]
    Notation(#[source] N),
    /// The notation is valid but names no legal move in this position.
    #[error("illegal move: {0}")]
    Illegal(#[source] I),
}

/// The 64-bit FNV-1a hasher behind the default [`Game::zobrist`]: fixed, key-free, so
/// the same position gives the same value in every run.
#[derive(Debug, Clone, Copy)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl core::hash::Hasher for Fnv1a {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The chance outcome type of games without chance: it has no values, so
/// [`Game::apply_chance`] can never be called with one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NoChance {}

impl Display for NoChance {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl FromStr for NoChance {
    type Err = NoChanceError;

    /// Always fails: a game without chance has no chance outcome to write.
    fn from_str(_: &str) -> Result<Self, NoChanceError> {
        Err(NoChanceError)
    }
}

/// Why a text is not a chance outcome of a game without chance: there are none.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("this game has no chance outcomes")]
pub struct NoChanceError;

/// Games whose rules are unchanged by some transformations of the board (rotations and
/// reflections): the dihedral group D4 of Pente's square board, D6 of Abalone's hexagon.
///
/// For machine-learning users (data augmentation) and opening books (canonical forms). For
/// every transform `t`, position `p` and legal move `m` of `p`:
/// `p.transformed(t).legal moves == { transform_move(m, t) }` and playing commutes with `t`.
pub trait Symmetric: Game {
    /// One element of the symmetry group.
    type Transform: Copy + Eq + Debug + Send + Sync + 'static;

    /// Every element of the group, the identity first.
    fn transforms() -> &'static [Self::Transform];

    /// The position with the board transformed (everything else unchanged).
    fn transformed(&self, t: Self::Transform) -> Self;

    /// A move transformed the same way.
    fn transform_move(mv: Self::Move, t: Self::Transform) -> Self::Move;
}
