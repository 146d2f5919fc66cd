//! Cubeless games between checker players: the choice of a play by a score of the boards it
//! leads to, the players of the network and of pubeval, a game from the opening roll to
//! its end, and a series between two players.

use boardgames_core::backgammon::{board_of, generate};
use boardgames_core::backgammon::{Backgammon, Board, Dice, Side, TurnSink};
use boardgames_core::rand::{Rng, RngCore};

use super::net::Network;
use super::nets::Networks;
use super::pubeval::{has_contact, PubEval};

/// Something that chooses a checker play: given the board, the side on roll and its dice,
/// the board after its play (one of the distinct results of the roll).
pub trait CheckerPlayer {
    /// The board after `side` plays `dice` on `board` (the game not over).
    fn choose(&mut self, board: &Board, side: Side, dice: Dice) -> Board;
}

/// A sink keeping the best-scoring result board (the first of equal scores).
struct Best<F> {
    side: Side,
    score: F,
    best: Option<(f32, Board)>,
}

impl<F: FnMut(&Board) -> f32> TurnSink for Best<F> {
    fn clear(&mut self) {
        self.best = None;
    }

    fn push(&mut self, mover: u128, opponent: u128, _hits: u32, _steps: &[(u8, u8)]) {
        let after = board_of(self.side, mover, opponent);
        let s = (self.score)(&after);
        if self.best.is_none_or(|(b, _)| s > b) {
            self.best = Some((s, after));
        }
    }
}

/// The result of `side`'s roll `dice` on `board` with the highest `score` (the first of
/// equal scores, in the move generator's order); the board itself when nothing can be
/// played. No allocation.
pub fn best_result(
    board: &Board,
    side: Side,
    dice: Dice,
    score: impl FnMut(&Board) -> f32,
) -> Board {
    let mut sink = Best {
        side,
        score,
        best: None,
    };
    generate(board, side, dice, &mut sink);
    sink.best.map_or(*board, |(_, b)| b)
}

/// The network's player: the play after which the other side, on roll, has the lowest
/// cubeless equity (0-ply).
impl CheckerPlayer for &Network {
    fn choose(&mut self, board: &Board, side: Side, dice: Dice) -> Board {
        best_result(board, side, dice, |after| self.play_value(after, side))
    }
}

/// The networks' player: the play after which the other side, on roll, has the lowest
/// cubeless equity by the network of the position's class (0-ply).
impl CheckerPlayer for &Networks {
    fn choose(&mut self, board: &Board, side: Side, dice: Dice) -> Board {
        best_result(board, side, dice, |after| self.play_value(after, side))
    }
}

/// Pubeval's player: the play with its best score, with the race weights when the
/// position before the play had no contact.
impl CheckerPlayer for PubEval {
    fn choose(&mut self, board: &Board, side: Side, dice: Dice) -> Board {
        let race = !has_contact(board, side);
        best_result(board, side, dice, |after| PubEval::score(after, side, race))
    }
}

/// How a cubeless game ended: the winner and the points (1 single, 2 gammon, 3 backgammon).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The side that bore off first.
    pub winner: Side,
    /// 1, 2 or 3.
    pub points: u32,
    /// The plays made, both sides.
    pub plays: u32,
}

/// The points of a won board: 1, 2 for a gammon, 3 for a backgammon; `None` while nobody
/// has won.
#[must_use]
pub fn points_won(board: &Board) -> Option<(Side, u32)> {
    let side = if board.has_won(Side::X) {
        Side::X
    } else {
        Side::O
    };
    let pos = Backgammon::from_parts(*board, side, None, 1).ok()?;
    pos.win().map(|(winner, kind)| (winner, kind.multiplier()))
}

/// One die.
fn die(rng: &mut impl RngCore) -> u8 {
    rng.random_range(1..=6)
}

/// The opening roll: each side throws one die, again while they are equal; the higher die
/// moves first, playing both.
pub fn opening_roll(rng: &mut impl RngCore) -> (Side, Dice) {
    loop {
        let (x, o) = (die(rng), die(rng));
        if x != o {
            let side = if x > o { Side::X } else { Side::O };
            if let Ok(dice) = Dice::new(x, o) {
                return (side, dice);
            }
        }
    }
}

/// A roll of two dice.
pub fn roll(rng: &mut impl RngCore) -> Dice {
    loop {
        if let Ok(d) = Dice::new(die(rng), die(rng)) {
            return d;
        }
    }
}

/// A cubeless game from the standard start: `players[0]` plays X, `players[1]` O, the dice
/// from `rng`. `observe` sees each position before its side rolls (the side on roll, the
/// board) and the board after its play.
pub fn play_game(
    players: [&mut dyn CheckerPlayer; 2],
    rng: &mut impl RngCore,
    mut observe: impl FnMut(Side, &Board, &Board),
) -> GameResult {
    let mut board = Board::standard();
    let (mut side, mut dice) = opening_roll(rng);
    let mut plays = 0;
    loop {
        let after = players[side.index()].choose(&board, side, dice);
        observe(side, &board, &after);
        plays += 1;
        if let Some((winner, points)) = points_won(&after) {
            return GameResult {
                winner,
                points,
                plays,
            };
        }
        board = after;
        side = side.other();
        dice = roll(rng);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::train::series;

    #[test]
    fn the_best_result_by_a_score_worked_by_hand() {
        // X: a checker on its 6-point and one on its 1-point, 13 off; O far away. 61 has two
        // results: 6/off 1/off (all 15 off), or 6/5 5/off (the 6 from the 5-point, the
        // highest once the 6-point is empty), which leaves the checker on the 1-point.
        let mut board = Board::EMPTY;
        board.set_count(Side::X, 6, 1);
        board.set_count(Side::X, 1, 1);
        board.set_count(Side::X, 0, 13);
        board.set_count(Side::O, 1, 15);
        let dice = Dice::new(6, 1).unwrap();
        let most = best_result(&board, Side::X, dice, |b| f32::from(b.off(Side::X)));
        assert_eq!(most.off(Side::X), 15);
        let fewest = best_result(&board, Side::X, dice, |b| -f32::from(b.off(Side::X)));
        assert_eq!(fewest.off(Side::X), 14);
        assert_eq!(fewest.count(Side::X, 1), 1);
    }

    #[test]
    fn points_of_a_won_board_worked_by_hand() {
        let mut board = Board::EMPTY;
        board.set_count(Side::X, 0, 15);
        // O has borne one off: a single game.
        board.set_count(Side::O, 0, 1);
        board.set_count(Side::O, 3, 14);
        assert_eq!(points_won(&board), Some((Side::X, 1)));
        // None off, all in its home board: a gammon.
        board.set_count(Side::O, 0, 0);
        board.set_count(Side::O, 3, 15);
        assert_eq!(points_won(&board), Some((Side::X, 2)));
        // One still in X's home board (O's 20-point): a backgammon.
        board.set_count(Side::O, 3, 14);
        board.set_count(Side::O, 20, 1);
        assert_eq!(points_won(&board), Some((Side::X, 3)));
        assert_eq!(points_won(&Board::standard()), None);
    }

    #[test]
    fn a_player_against_itself_with_paired_dice_scores_nothing() {
        // Each pair of games has the same dice with the sides swapped: the same player on
        // both sides plays the second game as the mirror of the first.
        let r = series(&mut PubEval, &mut PubEval, 20, 9);
        assert_eq!(r.games, 20);
        assert_eq!(r.points, 0);
        assert_eq!(r.wins, 10);
        // A network against pubeval: the same series twice gives the same result.
        let net = Network::random(8, 2).unwrap();
        let a = series(&mut &net, &mut PubEval, 10, 4);
        let b = series(&mut &net, &mut PubEval, 10, 4);
        assert_eq!(a, b);
    }
}
