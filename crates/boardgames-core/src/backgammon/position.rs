//! The backgammon position and its rules behind [`Game`]: the roll as a chance node, then
//! the distinct full plays of that roll.

use arrayvec::ArrayVec;

use super::board::{Board, Side, BAR, HOME_MASK};
use super::dice::Dice;
use super::error::{IllegalPlay, SetupError, SetupProblem};
use super::ids;
use super::movegen::{self, TurnSink, MAX_PLAYS};
use super::notation::PlayNotation;
use super::play::Play;
use super::setup::Setup;
use crate::game::{ChanceList, Game, GameResult, Outcome, Seat, Team, Turn};

/// The legal plays of one roll on the stack: at most [`MAX_PLAYS`] (a proven bound).
pub type PlayList = ArrayVec<Play, MAX_PLAYS>;

/// How big a win is: the multiplier of the cube value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum WinKind {
    /// The loser has borne off at least one checker: 1 x cube.
    Single = 1,
    /// The loser has borne off none: 2 x cube.
    Gammon = 2,
    /// Gammon, and the loser still has a checker on the bar or in the winner's home board:
    /// 3 x cube.
    Backgammon = 3,
}

impl WinKind {
    /// The multiplier, 1, 2 or 3.
    #[must_use]
    pub const fn multiplier(self) -> u32 {
        self as u32
    }

    /// What this win is worth with the cube at `cube`: the multiplier times the cube
    /// (saturating, although a `u16` cube times 3 always fits).
    #[must_use]
    pub const fn points(self, cube: u16) -> u32 {
        (cube as u32).saturating_mul(self.multiplier())
    }
}

/// A backgammon position: the checkers, the side to roll or to play, the dice once rolled,
/// and the cube value the game is played for.
///
/// Turns go: [`Turn::Chance`] (the roll; [`Game::chance_outcomes`] lists the 21 distinct rolls
/// with probability `1/36` for doubles and `2/36` for others), then [`Turn::Seat`] with the
/// distinct full plays of that roll as legal moves (each a [`Play`]), then the other side
/// rolls. Seat 0 is [`Side::X`], seat 1 is [`Side::O`]. The game is over the moment one side
/// has borne off all 15 checkers; [`Game::outcome`] then gives the points (single, gammon,
/// backgammon times the cube value) and each side's checkers borne off as the scores.
///
/// `Copy`, 48 bytes. The doubling cube's actions live in the match layer
/// ([`super::Match`]); this type only records the cube value for the points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Backgammon {
    board: Board,
    side: Side,
    dice: Option<Dice>,
    cube: u16,
}

impl Default for Backgammon {
    fn default() -> Self {
        Backgammon::new()
    }
}

impl Backgammon {
    /// The standard start, X to roll, cube 1.
    #[must_use]
    pub const fn new() -> Backgammon {
        Backgammon {
            board: Board::standard(),
            side: Side::X,
            dice: None,
            cube: 1,
        }
    }

    /// A position from its parts.
    ///
    /// # Errors
    /// [`SetupError`] listing every problem of the board (15 checkers a side, no point shared)
    /// or of the cube value (a power of two up to 32768).
    pub fn from_parts(
        board: Board,
        side: Side,
        dice: Option<Dice>,
        cube: u16,
    ) -> Result<Backgammon, SetupError> {
        let mut problems = board.problems();
        if !cube.is_power_of_two() {
            problems.push(SetupProblem::Cube { value: cube });
        }
        if problems.is_empty() {
            Ok(Backgammon {
                board,
                side,
                dice,
                cube,
            })
        } else {
            Err(SetupError::new(problems))
        }
    }

    /// The checkers.
    #[inline]
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side on roll: to roll ([`Turn::Chance`]) or, once rolled, to play.
    #[inline]
    #[must_use]
    pub const fn side(&self) -> Side {
        self.side
    }

    /// The dice rolled, `None` before the roll.
    #[inline]
    #[must_use]
    pub const fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// The cube value the game is played for (1, 2, 4, ...).
    #[inline]
    #[must_use]
    pub const fn cube_value(&self) -> u16 {
        self.cube
    }

    /// Sets the cube value (a power of two; other values are ignored).
    pub fn set_cube_value(&mut self, value: u16) {
        if value.is_power_of_two() {
            self.cube = value;
        }
    }

    /// Sets (or clears) the dice without any check, e.g. for analysis of a position given
    /// with its roll. Use [`Game::apply_chance`] in play.
    pub fn set_dice(&mut self, dice: Option<Dice>) {
        self.dice = dice;
    }

    /// The same position with `side` on roll; the dice, if any, are kept ([`set_dice`]
    /// changes them).
    ///
    /// [`set_dice`]: Backgammon::set_dice
    #[must_use]
    pub fn with_side(mut self, side: Side) -> Backgammon {
        self.side = side;
        self
    }

    /// Whether the game is over (a side has borne off all 15 checkers).
    #[inline]
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.board.has_won(Side::X) || self.board.has_won(Side::O)
    }

    /// The winner and the size of the win, once the game is over.
    #[must_use]
    pub fn win(&self) -> Option<(Side, WinKind)> {
        let winner = Side::BOTH.into_iter().find(|&s| self.board.has_won(s))?;
        let loser = winner.other();
        let kind = if self.board.off(loser) > 0 {
            WinKind::Single
        } else {
            // The loser's own points 19..=24 are the winner's home board.
            let in_winner_home = self.board.occupied(loser) & (HOME_MASK << 18 | 1 << BAR);
            if in_winner_home != 0 {
                WinKind::Backgammon
            } else {
                WinKind::Gammon
            }
        };
        Some((winner, kind))
    }

    /// Generates the distinct results of `dice` for the side on roll into `sink` (no
    /// allocation; see [`movegen::generate`]). Works whether or not the dice are set.
    #[inline]
    pub fn generate<S: TurnSink>(&self, dice: Dice, sink: &mut S) {
        movegen::generate(&self.board, self.side, dice, sink);
    }

    /// The number of distinct results of `dice` for the side on roll.
    #[must_use]
    pub fn count_plays(&self, dice: Dice) -> usize {
        let mut c = movegen::CountSink(0);
        self.generate(dice, &mut c);
        c.0
    }

    /// The `n`-th of [`Backgammon::plays`] (0-based), found without building the list.
    #[must_use]
    pub fn nth_play(&self, dice: Dice, n: usize) -> Option<Play> {
        let mut sink = movegen::NthSink::new(n);
        if !self.is_over() {
            self.generate(dice, &mut sink);
        }
        sink.found
    }

    /// The legal plays of `dice` for the side on roll, each leading to a distinct position.
    #[must_use]
    pub fn plays(&self, dice: Dice) -> PlayList {
        let mut list = PlayList::new();
        if !self.is_over() {
            self.generate(dice, &mut list);
        }
        list
    }

    /// Whether `play` is one of [`Backgammon::plays`] of `dice`: the list is built in place
    /// rather than returned (it is large to move).
    pub(crate) fn has_play(&self, dice: Dice, play: &Play) -> bool {
        let mut list = PlayList::new();
        if !self.is_over() {
            self.generate(dice, &mut list);
        }
        list.contains(play)
    }

    /// The position after the side on roll plays `play` (assumed legal): the other side is
    /// then to roll.
    #[must_use]
    pub fn after(&self, play: &Play) -> Backgammon {
        Backgammon {
            board: movegen::apply_play(&self.board, self.side, play),
            side: self.side.other(),
            dice: None,
            cube: self.cube,
        }
    }

    /// The gnubg Position ID with the side on roll to play.
    #[must_use]
    pub fn position_id(&self) -> String {
        ids::position_id(&self.board, self.side)
    }

    /// The position of a gnubg Position ID with `side` on roll, no dice, cube 1.
    ///
    /// # Errors
    /// [`ids::board_from_position_id`]'s.
    pub fn from_position_id(text: &str, side: Side) -> Result<Backgammon, super::IdError> {
        let board = ids::board_from_position_id(text, side)?;
        Ok(Backgammon {
            board,
            side,
            dice: None,
            cube: 1,
        })
    }

    /// The checker position of a gnubg Position ID and Match ID: the board seen from the
    /// Match ID's side on roll, its dice if rolled, its cube value. Nothing else of the Match
    /// ID is checked against the rules (see [`super::Match`] for the whole session), but a
    /// game said to be played at a score that already ended the match is refused.
    ///
    /// # Errors
    /// [`super::IdError`] when either ID does not decode, or for that score.
    pub fn from_ids(position_id: &str, match_id: &str) -> Result<Backgammon, super::IdError> {
        let m = ids::MatchId::decode(match_id)?;
        let mut pos = Backgammon::from_position_id(position_id, m.dice_owner)?;
        if m.match_length > 0
            && m.score.iter().any(|&s| s >= m.match_length)
            && m.state == ids::GameState::Playing
        {
            return Err(super::IdError::new(
                "Match ID",
                match_id,
                "a score reaches the match length while a game is played",
            ));
        }
        pos.cube = 1u16 << m.cube_log2.min(15);
        pos.dice = m.dice;
        Ok(pos)
    }

    /// The gnubg Match ID of this position played as a money game with a centred cube of
    /// this value and the Jacoby rule (as gnubg reports a position set up by hand).
    #[must_use]
    pub fn money_match_id(&self) -> String {
        let mut m = ids::MatchId::money(self.side, self.dice);
        m.cube_log2 = self.cube.trailing_zeros() as u8;
        if self.is_over() {
            m.state = ids::GameState::Over;
        }
        m.encode()
    }

    fn seat_of(side: Side) -> Seat {
        Seat(side as u8)
    }

    fn legal_error(&self, play: &Play) -> IllegalPlay {
        match (self.is_over(), self.dice) {
            (true, _) => IllegalPlay::GameOver,
            (false, None) => IllegalPlay::NotRolled,
            (false, Some(d)) => IllegalPlay::NotLegal {
                play: PlayNotation::of(play),
                dice: d,
                legal: self.plays(d).to_vec(),
            },
        }
    }
}

impl core::fmt::Display for Backgammon {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        super::diagram::write_diagram(f, self)
    }
}

impl Game for Backgammon {
    type Move = Play;
    type MoveList = PlayList;
    type Notation = PlayNotation;
    type NotationError = super::error::NotationError;
    type IllegalMove = IllegalPlay;
    type Setup = Setup;
    type SetupError = SetupError;
    type Chance = Dice;
    type ChanceNotation = Dice;

    fn name(&self) -> &'static str {
        "Backgammon"
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn team_of(&self, seat: Seat) -> Team {
        Team(seat.0)
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Over
        } else if self.dice.is_none() {
            Turn::Chance
        } else {
            Turn::Seat(Self::seat_of(self.side))
        }
    }

    fn legal_moves(&self, moves: &mut PlayList) {
        moves.clear();
        if let (false, Some(d)) = (self.is_over(), self.dice) {
            self.generate(d, moves);
        }
    }

    fn count_legal_moves(&self) -> usize {
        match (self.is_over(), self.dice) {
            (false, Some(d)) => self.count_plays(d),
            _ => 0,
        }
    }

    fn nth_legal_move(&self, n: usize) -> Option<Play> {
        self.dice.and_then(|d| self.nth_play(d, n))
    }

    fn is_legal(&self, mv: Play) -> bool {
        match (self.is_over(), self.dice) {
            (false, Some(d)) => self.has_play(d, &mv),
            _ => false,
        }
    }

    fn play(&mut self, mv: Play) -> Result<(), IllegalPlay> {
        if !self.is_legal(mv) {
            return Err(self.legal_error(&mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: Play) {
        *self = self.after(&mv);
    }

    fn resolve(&self, notation: &PlayNotation) -> Result<Play, IllegalPlay> {
        match (self.is_over(), self.dice) {
            (true, _) => Err(IllegalPlay::GameOver),
            (false, None) => Err(IllegalPlay::NotRolled),
            (false, Some(d)) => {
                let mut list = PlayList::new();
                self.generate(d, &mut list);
                notation.resolve(&list, d)
            }
        }
    }

    fn notation(&self, mv: Play) -> PlayNotation {
        PlayNotation::of(&mv)
    }

    fn chance_outcomes(&self) -> ChanceList<Dice> {
        let mut list = ChanceList::new();
        if self.turn() == Turn::Chance {
            list.extend(Dice::all().map(|d| (d, d.probability())));
        }
        list
    }

    fn apply_chance(&mut self, outcome: Dice) -> Result<(), IllegalPlay> {
        self.resolve_chance(&outcome)?;
        self.dice = Some(outcome);
        Ok(())
    }

    /// The roll itself, while the dice are to be rolled.
    fn resolve_chance(&self, notation: &Dice) -> Result<Dice, IllegalPlay> {
        match (self.is_over(), self.dice) {
            (true, _) => Err(IllegalPlay::GameOver),
            (false, Some(rolled)) => Err(IllegalPlay::AlreadyRolled(rolled)),
            (false, None) => Ok(*notation),
        }
    }

    fn chance_notation(&self, outcome: Dice) -> Dice {
        outcome
    }

    fn outcome(&self) -> Option<Outcome> {
        let (winner, kind) = self.win()?;
        Some(Outcome {
            result: GameResult::Win {
                winner: Team(winner as u8),
                points: kind.points(self.cube),
            },
            scores: Side::BOTH
                .iter()
                .map(|&s| u32::from(self.board.off(s)))
                .collect(),
        })
    }

    fn from_setup(setup: Setup) -> Result<Backgammon, SetupError> {
        setup.into_position()
    }

    fn to_setup(&self) -> Setup {
        Setup::of(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<Backgammon>(), 48);
        assert_eq!(core::mem::size_of::<Play>(), 10);
    }

    #[test]
    fn win_kinds() {
        // Hand-worked: X has borne off all; O has none off and a checker on its bar.
        let mut b = Board::EMPTY;
        b.set_count(Side::X, 0, 15);
        b.set_count(Side::O, 24, 14);
        b.set_count(Side::O, BAR, 1);
        let pos = Backgammon::from_parts(b, Side::O, None, 2).unwrap();
        assert_eq!(pos.win(), Some((Side::X, WinKind::Backgammon)));
        assert_eq!(pos.turn(), Turn::Over);
        match pos.outcome().unwrap().result {
            GameResult::Win { points, .. } => assert_eq!(points, 6),
            GameResult::Draw => unreachable!(),
        }
        // One O checker off: a single game.
        b.set_count(Side::O, BAR, 0);
        b.set_count(Side::O, 0, 1);
        let pos = Backgammon::from_parts(b, Side::O, None, 1).unwrap();
        assert_eq!(pos.win(), Some((Side::X, WinKind::Single)));
    }
}
