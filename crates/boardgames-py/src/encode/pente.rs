//! Pente and Keryo-Pente: action `row * 19 + column` (361 actions, `A1` is 0, `T19` 360);
//! observation planes `[5, 19, 19]`.

use boardgames_core::pente::{Pente, Point, SIZE};
use boardgames_core::{Game, NoChance, Seat};

use super::{Encoding, RuleValue};

/// Planes of the observation: own stones, the opponent's, "the observer is to move", own
/// captured stones / captures to win, the opponent's (the last three constant planes).
const PLANES: usize = 5;
const AREA: usize = SIZE * SIZE;

fn index(p: Point) -> u32 {
    (p.row() * SIZE + p.col()) as u32
}

impl Encoding for Pente {
    fn action_count(&self) -> usize {
        AREA
    }

    fn chance_count(&self) -> usize {
        0
    }

    fn action_of(&self, mv: Point) -> u32 {
        index(mv)
    }

    fn chance_action(&self, outcome: NoChance) -> u32 {
        match outcome {}
    }

    fn describe_action(&self, action: u32) -> String {
        let a = action as usize;
        Point::new(a % SIZE, a / SIZE).map_or_else(|| format!("action {action}"), |p| p.to_string())
    }

    /// The tournament rule (the variant is the class: `Pente` or `KeryoPente`).
    fn rules(&self) -> Vec<(&'static str, RuleValue)> {
        vec![("tournament_rule", RuleValue::Flag(self.tournament_rule()))]
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![PLANES, SIZE, SIZE]
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let other = Seat(1 - seat.0.min(1));
        for (plane, who) in [seat, other].into_iter().enumerate() {
            for p in self.stones(who).iter() {
                out[plane * AREA + index(p) as usize] = 1.0;
            }
        }
        let to_win = f32::from(self.variant().captures_to_win());
        let captures = self.captures();
        let constants = [
            if self.side_to_move() == seat && self.outcome().is_none() {
                1.0
            } else {
                0.0
            },
            f32::from(captures[seat.index().min(1)]) / to_win,
            f32::from(captures[other.index()]) / to_win,
        ];
        for (k, value) in constants.into_iter().enumerate() {
            out[(2 + k) * AREA..(3 + k) * AREA].fill(value);
        }
    }
}
