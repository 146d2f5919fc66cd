//! Abalone for 2, 3, 4 and 6 players: 2,562 actions over the 61 cells, observation planes
//! `[3 * seats + 1, 9, 9]`.
//!
//! Cells are numbered `0..61` row by row from `A1` (`A1..A5` are 0..4, `B1` is 5, `E5` is
//! 30, `I9` is 60). Directions are numbered as the rules' `Direction`: E 0, NE 1, NW 2, W 3,
//! SW 4, SE 5.
//!
//! * In-line moves (a single marble included), actions `0..1098`:
//!   `(cell * 6 + direction) * 3 + (marbles - 1)`, where `cell` is the rearmost marble of
//!   the line and the line runs from it in `direction`. Whether marbles are pushed (sumito)
//!   follows from the position, not the action.
//! * Broadside moves, actions `1098..2562`:
//!   `1098 + ((cell * 3 + axis) * 2 + (marbles - 2)) * 4 + k`, where the line runs from
//!   `cell` along `axis` (E, NE or NW: 0, 1, 2) and `k` is the rank of the direction among
//!   the four directions not parallel to the axis, in the order above.

use boardgames_core::abalone::{
    Cell, Colour, Direction, Move, Position, CELL_COUNT, EJECTED_TO_WIN,
};
use boardgames_core::{Game, NoChance, Seat};

use super::{Encoding, RuleValue};

const IN_LINE: u32 = (CELL_COUNT * 6 * 3) as u32;
const BROADSIDE: u32 = (CELL_COUNT * 3 * 2 * 4) as u32;
const SIDE: usize = 9;
const AREA: usize = SIDE * SIDE;

/// The first cell index of each row, `A` to `I` (rows of 5, 6, 7, 8, 9, 8, 7, 6, 5 cells).
const ROW_START: [usize; 9] = [0, 5, 11, 18, 26, 35, 43, 50, 56];

/// The cell's index `0..61`.
fn dense(cell: Cell) -> usize {
    let row = cell.row();
    let first = if row > 3 { row - 3 } else { 1 };
    ROW_START[row] + cell.number() - first
}

/// The cell of index `0..61`.
fn cell_of(index: usize) -> Option<Cell> {
    let row = ROW_START.iter().rposition(|&s| s <= index)?;
    let first = if row > 3 { row - 3 } else { 1 };
    Cell::new(row, index - ROW_START[row] + first).filter(|c| dense(*c) == index)
}

/// The rank of `dir` among the four directions not parallel to `axis`.
fn side_rank(axis: Direction, dir: Direction) -> u32 {
    Direction::ALL
        .iter()
        .filter(|d| d.index() % 3 != axis.index())
        .position(|&d| d == dir)
        .unwrap_or(0) as u32
}

/// The move shape an action stands for: `(cell, axis, marbles, direction)`.
fn shape(action: u32) -> Option<(Cell, Direction, usize, Direction)> {
    if action < IN_LINE {
        let marbles = (action % 3) as usize + 1;
        let dir = Direction::from_index((action / 3 % 6) as usize);
        Some((cell_of((action / 18) as usize)?, dir, marbles, dir))
    } else if action < IN_LINE + BROADSIDE {
        let b = action - IN_LINE;
        let k = (b % 4) as usize;
        let marbles = (b / 4 % 2) as usize + 2;
        let axis = Direction::from_index((b / 8 % 3) as usize);
        let dir = *Direction::ALL
            .iter()
            .filter(|d| d.index() % 3 != axis.index())
            .nth(k)?;
        Some((cell_of((b / 24) as usize)?, axis, marbles, dir))
    } else {
        None
    }
}

impl<const SEATS: usize> Encoding for Position<SEATS> {
    fn action_count(&self) -> usize {
        (IN_LINE + BROADSIDE) as usize
    }

    fn chance_count(&self) -> usize {
        0
    }

    fn action_of(&self, mv: Move) -> u32 {
        let cell = dense(mv.tail()) as u32;
        let marbles = mv.marbles() as u32;
        if mv.is_broadside() {
            let axis = mv.axis();
            IN_LINE
                + ((cell * 3 + axis.index() as u32) * 2 + (marbles - 2)) * 4
                + side_rank(axis, mv.direction())
        } else {
            (cell * 6 + mv.direction().index() as u32) * 3 + (marbles - 1)
        }
    }

    /// A seat with no legal move: the game ends here as a time-out of that seat would end
    /// it, judged by the marbles ejected (the side that ejected more wins, a tie at the top
    /// is a draw); the setup keeps it (`timed_out`).
    fn adjudicate_stuck(&mut self) -> bool {
        if self.outcome().is_some() || self.count_legal_moves() > 0 {
            return false;
        }
        self.time_out(self.side_to_move()).is_ok()
    }

    fn chance_action(&self, outcome: NoChance) -> u32 {
        match outcome {}
    }

    fn describe_action(&self, action: u32) -> String {
        match shape(action) {
            Some((cell, axis, marbles, dir)) if axis == dir => {
                format!("in-line: {marbles} marble(s) from {cell} to {}", dir.name())
            }
            Some((cell, axis, marbles, dir)) => format!(
                "broadside: {marbles} marbles from {cell} along {} to {}",
                axis.name(),
                dir.name()
            ),
            None => format!("action {action}"),
        }
    }

    /// The number of players and the move limit (0 for none).
    fn rules(&self) -> Vec<(&'static str, RuleValue)> {
        let limit = self.move_limit().map_or(0, |n| n as u64);
        vec![
            ("players", RuleValue::Count(SEATS as u64)),
            ("move_limit", RuleValue::Count(limit)),
        ]
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![3 * SEATS + 1, SIDE, SIDE]
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let me = seat.index() % SEATS;
        let over = self.outcome().is_some();
        for k in 0..SEATS {
            let who = (me + k) % SEATS;
            let Some(colour) = Colour::of_seat(Seat(who as u8)) else {
                continue;
            };
            for cell in Cell::all() {
                if self.at(cell) == Some(colour) {
                    out[k * AREA + cell.row() * SIDE + cell.number() - 1] = 1.0;
                }
            }
            let to_move = !over && self.side_to_move() == colour;
            let lost = self.lost(colour) as f32 / EJECTED_TO_WIN as f32;
            out[(SEATS + k) * AREA..(SEATS + k + 1) * AREA].fill(if to_move { 1.0 } else { 0.0 });
            out[(2 * SEATS + k) * AREA..(2 * SEATS + k + 1) * AREA].fill(lost);
        }
        for cell in Cell::all() {
            out[3 * SEATS * AREA + cell.row() * SIDE + cell.number() - 1] = 1.0;
        }
    }
}
