//! Abalone for three, four and six players: Monte Carlo tree search with a team-aware leaf
//! ([`TeamLeaf`]) and its levels.
//!
//! | level | budget | what it sees |
//! |---|---|---|
//! | 1 | 1,000 iterations | ejections a move or two ahead |
//! | 2 | 10,000 iterations | a few moves of every seat |
//! | 3 | 100,000 iterations | deeper threats |
//! | 4 (default) | 300,000 iterations | |
//! | 5 | 1,000,000 iterations | the strongest, slowest |
//!
//! As with two players, a level is a count of iterations, never a clock, so that it plays the
//! same moves on every machine; on one core of a 2-core development machine, with four
//! players, level 3 answers in about a quarter of a second, level 4, the default, in about
//! half a second and level 5 in one to two seconds (a person playing against five computer
//! seats waits for each of them).
//!
//! Every seat plays for its team (three players: each seat alone; four and six: two teams
//! of partners): at each seat's turn the tree search takes the move best for that seat's
//! team, so partners help each other and the others' moves are searched as their own best.

use std::sync::LazyLock;

use boardgames_core::abalone::{Bitboard, Cell, Position};
use boardgames_core::{Team, MAX_SEATS};

use crate::budget::Budget;
use crate::mcts::{Leaf, Mcts, TeamValues};

/// The default level of the multi-player engines.
pub const MULTI_DEFAULT_LEVEL: u8 = 4;

/// Values a multi-player position by the marbles each team has ejected and lost, and how
/// many of its marbles sit on the rim of the board (where they can be pushed off): each
/// team's strength `ejected - lost - rim / 8` (in marbles) turned into shares by a softmax
/// (one marble ahead is worth about e : 1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamLeaf;

/// Hex distance of a cell from the centre E5, 0 to 4.
fn centre_distance(cell: Cell) -> i32 {
    let dr = cell.row() as i32 - 4;
    let dn = cell.number() as i32 - 5;
    dr.abs().max(dn.abs()).max((dr - dn).abs())
}

/// Whether a cell is on the rim (distance 4 from the centre).
fn on_rim(cell: Cell) -> bool {
    centre_distance(cell) == 4
}

/// The 24 cells of the rim, as a set.
static RIM: LazyLock<Bitboard> = LazyLock::new(|| Cell::all().filter(|&c| on_rim(c)).collect());

impl<const SEATS: usize> Leaf<Position<SEATS>> for TeamLeaf {
    fn playout_plies(&self) -> usize {
        0
    }

    fn value(&self, pos: &Position<SEATS>, values: &mut TeamValues) {
        let teams = Position::<SEATS>::team_count().min(MAX_SEATS);
        let mut strength = [0.0f32; MAX_SEATS];
        for (t, s) in strength.iter_mut().enumerate().take(teams) {
            let team = Team(t as u8);
            let mut lost = 0usize;
            let mut rim = 0usize;
            for colour in Position::<SEATS>::team_colours(team) {
                lost += pos.lost(colour);
                rim += pos.marbles(colour).intersection(*RIM).count();
            }
            *s = pos.team_ejected(team) as f32 - lost as f32 - rim as f32 / 8.0;
        }
        let top = strength[..teams].iter().copied().fold(f32::MIN, f32::max);
        let mut sum = 0.0;
        values.fill(0.0);
        for (v, s) in values.iter_mut().zip(strength).take(teams) {
            *v = (s - top).exp();
            sum += *v;
        }
        for v in &mut values[..teams] {
            *v /= sum;
        }
    }
}

/// The budget of a multi-player level, 1 to 5 (other values are clamped):
///
/// | level | budget |
/// |---|---|
/// | 1 | 1,000 iterations |
/// | 2 | 10,000 iterations |
/// | 3 | 100,000 iterations |
/// | 4 (default) | 300,000 iterations |
/// | 5 | 1,000,000 iterations |
///
/// No level has a clock, so a level plays the same moves on every machine.
#[must_use]
pub fn multi_budget(level: u8) -> Budget {
    Budget::nodes(match level.clamp(1, 5) {
        1 => 1_000,
        2 => 10_000,
        3 => 100_000,
        4 => 300_000,
        _ => 1_000_000,
    })
}

/// The engine of a multi-player level for `SEATS` players (see the module docs), seeded
/// with `seed`.
#[must_use]
pub fn multi_engine<const SEATS: usize>(level: u8, seed: u64) -> Mcts<Position<SEATS>, TeamLeaf> {
    let level = level.clamp(1, 5);
    Mcts::new(
        format!("monte carlo level {level}"),
        TeamLeaf,
        multi_budget(level),
        1.0,
        seed,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rim_is_the_24_outer_cells() {
        assert_eq!(Cell::all().filter(|&c| on_rim(c)).count(), 24);
        assert_eq!(RIM.count(), 24);
        assert!(RIM.contains(Cell::all().next().unwrap()));
        assert!(!RIM.contains(Cell::CENTRE));
        assert_eq!(centre_distance(Cell::CENTRE), 0);
    }
}
