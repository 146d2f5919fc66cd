//! The static evaluation of a two-player Abalone position, on the colour bitboards: every
//! term is a handful of shifts, masks and popcounts, with no allocation.

use boardgames_core::abalone::{Abalone, Cell, Move, EJECTED_TO_WIN, INDEX_RANGE};
use boardgames_core::Game;

use crate::evaluator::Evaluator;

/// The index step of each direction in [`Direction::ALL`](boardgames_core::abalone::Direction)
/// order (`E, NE, NW, W, SW, SE`), on the padded grid of `boardgames-core` (rows of 10 bits).
const STEPS: [i32; 6] = [1, 11, 10, -1, -11, -10];

/// The set whose bit `x` is bit `x + k` of `bits` (the cell `k` indices ahead of each cell);
/// indices outside `0..128` read as empty.
#[inline(always)]
const fn ahead(bits: u128, k: i32) -> u128 {
    if k >= 0 {
        bits >> k
    } else {
        bits << -k
    }
}

/// The hex distance of a cell (row, number) to the centre E5 (row 4, number 5).
const fn distance(row: usize, number: usize) -> usize {
    let dr = row as isize - 4;
    let dn = number as isize - 5;
    let d = dr - dn;
    let (a, b, c) = (dr.abs(), dn.abs(), d.abs());
    let m = if a > b { a } else { b };
    (if m > c { m } else { c }) as usize
}

/// `RINGS[d]`: the cells at distance `d` from E5 (1, 6, 12, 18 and 24 cells); `RINGS[4]`
/// is the rim.
const RINGS: [u128; 5] = {
    let mut rings = [0u128; 5];
    let mut i = 0;
    while i < INDEX_RANGE {
        if let Some(c) = Cell::from_index(i) {
            rings[distance(c.row(), c.number())] |= 1 << i;
        }
        i += 1;
    }
    rings
};

/// Every cell of the board.
const BOARD: u128 = RINGS[0] | RINGS[1] | RINGS[2] | RINGS[3] | RINGS[4];

/// The distance to E5 of padded-grid index `i` (0 for indices that are no cell).
#[inline(always)]
fn dist(i: i32) -> i32 {
    usize::try_from(i)
        .ok()
        .and_then(|i| DISTANCE.get(i))
        .copied()
        .unwrap_or(0)
}

/// The distance to E5 of each padded-grid index (0 for indices that are no cell).
const DISTANCE: [i32; 128] = {
    let mut d = [0i32; 128];
    let mut i = 0;
    while i < INDEX_RANGE {
        if let Some(c) = Cell::from_index(i) {
            d[i] = distance(c.row(), c.number()) as i32;
        }
        i += 1;
    }
    d
};

/// The ejecting moves of the side with marbles `own` against `opp`, and the opposing
/// marbles they would push off: `(moves, marbles)`, counted over the six directions.
#[inline(always)]
fn ejections(own: u128, opp: u128) -> (u32, u32) {
    let (mut moves, mut marbles) = (0, 0);
    for k in STEPS {
        // Opposing marbles with the edge right behind them in this direction.
        let edge = opp & !ahead(BOARD, k);
        if edge == 0 {
            continue;
        }
        let two = own & ahead(own, k);
        let three = two & ahead(own, 2 * k);
        // 2:1 and 3:1 pushing the edge marble off; 3:2 pushing the pair in front of it.
        let t21 = two & ahead(edge, 2 * k);
        let t31 = three & ahead(edge, 3 * k);
        let pair = opp & ahead(edge, k);
        let t32 = three & ahead(pair, 3 * k);
        moves += (t21 | t31 | t32).count_ones();
        let victims = edge & (ahead(t21, -2 * k) | ahead(t31, -3 * k) | ahead(t32, -4 * k));
        marbles += victims.count_ones();
    }
    (moves, marbles)
}

/// Whether the side with marbles `own` has an ejecting move against `opp`.
#[inline(always)]
fn can_eject(own: u128, opp: u128) -> bool {
    STEPS.into_iter().any(|k| {
        let edge = opp & !ahead(BOARD, k);
        let two = own & ahead(own, k);
        let three = two & ahead(own, 2 * k);
        (two & ahead(edge, 2 * k))
            | (three & ahead(edge, 3 * k))
            | (three & ahead(opp & ahead(edge, k), 3 * k))
            != 0
    })
}

/// The static evaluation of two-player Abalone (see the module docs of
/// [`abalone`](super) for the weights).
///
/// From the side to move's point of view, in hundredths of a marble:
///
/// * **ejected** (dominant): 1000 per marble of difference, 600 more for standing at five;
/// * **centre**: 12 per step of the summed hex distances of each side's marbles to E5;
/// * **cohesion**: 4 per pair of neighbouring own marbles;
/// * **edge danger**: 20 per own marble on the rim, 150 per own marble the opponent can push
///   off next move (the side to move can take one of its threats: 400 for having one);
/// * **move limit**: with a limit set and 8 plies or fewer left, the positional terms fade
///   and the side ahead on ejected marbles gets up to 4000 more (the limit decides on them).
///
/// Move hints: ejecting pushes first, then other pushes (sumito, more pushed first), then
/// in-line moves by their marbles and their gain toward the centre, broadside moves last.
/// A position where the side to move can eject a marble is not quiet.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AbaloneEval;

/// Weights of the terms (see [`AbaloneEval`]).
const EJECTED: i32 = super::MARBLE_WORTH;
const AT_FIVE: i32 = 600;
const CENTRE: i32 = 12;
const COHESION: i32 = 4;
const RIM: i32 = 20;
const THREATENED: i32 = 150;
const TO_EJECT: i32 = 400;
/// Plies before a move limit from which the limit is taken into account.
const LIMIT_HORIZON: i32 = 8;
const LIMIT_LEAD: i32 = 4000;

/// The positional terms of one side: centre, cohesion, rim.
#[inline(always)]
fn shape(own: u128) -> i32 {
    let centre = (own & RINGS[1]).count_ones() as i32
        + 2 * (own & RINGS[2]).count_ones() as i32
        + 3 * (own & RINGS[3]).count_ones() as i32
        + 4 * (own & RINGS[4]).count_ones() as i32;
    let pairs = (own & ahead(own, 1)).count_ones()
        + (own & ahead(own, 11)).count_ones()
        + (own & ahead(own, 10)).count_ones();
    -CENTRE * centre + COHESION * pairs as i32 - RIM * (own & RINGS[4]).count_ones() as i32
}

impl AbaloneEval {
    /// The score of `pos` for the side to move (also at a finished position, where it
    /// is the score of the side that would move).
    #[must_use]
    pub fn score(pos: &Abalone) -> i32 {
        let me = pos.side_to_move();
        let them = me.other();
        let own = pos.marbles(me).bits();
        let opp = pos.marbles(them).bits();
        let (mine, theirs) = (pos.ejected_by(me) as i32, pos.ejected_by(them) as i32);
        let lead = mine - theirs;
        let mut material = EJECTED * lead;
        let five = EJECTED_TO_WIN as i32 - 1;
        if mine == five {
            material += AT_FIVE;
        }
        if theirs == five {
            material -= AT_FIVE;
        }
        let (my_moves, _) = ejections(own, opp);
        let (_, my_danger) = ejections(opp, own);
        let threats = if my_moves > 0 { TO_EJECT } else { 0 } - THREATENED * my_danger as i32;
        let positional = shape(own) - shape(opp) + threats;
        let Some(limit) = pos.move_limit() else {
            return material + positional;
        };
        let left = (limit.saturating_sub(pos.ply())).min(LIMIT_HORIZON as usize) as i32;
        if left >= LIMIT_HORIZON {
            return material + positional;
        }
        // The limit decides on the ejected marbles: the lead counts more as it nears, and
        // the position (which has no time left to tell) less.
        let decided = LIMIT_LEAD * (LIMIT_HORIZON - left) / LIMIT_HORIZON * lead.signum();
        material + decided + positional * left / LIMIT_HORIZON
    }

    /// Whether `mv` pushes a marble off the board at `pos` (its shape says it pushes, and the
    /// cell behind the last pushed marble is off the board).
    #[inline]
    fn ejecting(mv: Move) -> bool {
        let pushed = mv.pushed();
        if pushed == 0 {
            return false;
        }
        let k = STEPS[mv.direction().index()];
        let beyond = mv.tail().index() as i32 + k * (mv.marbles() + pushed) as i32;
        !(0..128).contains(&beyond) || BOARD >> beyond & 1 == 0
    }
}

impl Evaluator<Abalone> for AbaloneEval {
    fn evaluate(&self, pos: &Abalone) -> i32 {
        AbaloneEval::score(pos)
    }

    fn is_quiet(&self, pos: &Abalone) -> bool {
        if pos.turn() == boardgames_core::Turn::Over {
            return true;
        }
        let me = pos.side_to_move();
        !can_eject(pos.marbles(me).bits(), pos.marbles(me.other()).bits())
    }

    fn move_hint(&self, _pos: &Abalone, mv: Move) -> i32 {
        let k = STEPS[mv.direction().index()];
        let tail = mv.tail().index() as i32;
        if mv.pushed() > 0 {
            let base = if AbaloneEval::ejecting(mv) {
                40_000
            } else {
                20_000
            };
            return base + 1000 * mv.pushed() as i32 - 100 * mv.marbles() as i32;
        }
        if mv.is_broadside() {
            // Each marble moves one step in the direction: the change of their distances.
            let a = STEPS[mv.axis().index()];
            let gain: i32 = (0..mv.marbles() as i32)
                .map(|i| {
                    let c = tail + i * a;
                    dist(c) - dist(c + k)
                })
                .sum();
            return 10 * gain;
        }
        // In-line: the tail's cell empties, the cell ahead of the front fills.
        let front = tail + k * mv.marbles() as i32;
        let gain = dist(tail) - dist(front);
        1000 * mv.marbles() as i32 + 100 * gain
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::abalone::Layout;
    use boardgames_core::rand::SeedableRng;
    use boardgames_core::search::random_move;
    use boardgames_core::ChaCha8Rng;

    #[test]
    fn the_rings_cover_the_board() {
        let sizes: Vec<u32> = RINGS.iter().map(|r| r.count_ones()).collect();
        assert_eq!(sizes, [1, 6, 12, 18, 24]);
        assert_eq!(RINGS[0], 1 << Cell::CENTRE.index());
    }

    /// The bitboard counts of ejecting moves agree with the library's moves, in positions
    /// of random games (which eject often).
    #[test]
    fn ejections_agree_with_the_library() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut seen = 0;
        for layout in [Layout::Standard, Layout::BelgianDaisy, Layout::GermanDaisy] {
            for _ in 0..20 {
                let mut pos = Abalone::new(layout).unwrap();
                pos.set_move_limit(Some(400));
                while let Some(mv) = random_move(&pos, &mut rng) {
                    let me = pos.side_to_move();
                    let (own, opp) = (pos.marbles(me).bits(), pos.marbles(me.other()).bits());
                    let moves = pos.moves();
                    let ejecting: Vec<Move> =
                        moves.iter().copied().filter(|m| m.ejects()).collect();
                    assert_eq!(ejections(own, opp).0 as usize, ejecting.len(), "{pos}");
                    assert_eq!(can_eject(own, opp), !ejecting.is_empty(), "{pos}");
                    for m in moves.iter() {
                        assert_eq!(AbaloneEval::ejecting(*m), m.ejects(), "{m}");
                    }
                    seen += ejecting.len();
                    pos.play_unchecked(mv);
                }
            }
        }
        assert!(seen > 100, "{seen}");
    }

    #[test]
    fn hints_order_ejections_then_pushes_then_in_line_then_broadside() {
        // Black's E6-E8 can push White's E9 off (3:1 from E6, 2:1 from E7); B1-B3 and A1-A3
        // have in-line and broadside moves.
        let setup: boardgames_core::abalone::Setup = "wwwww/www3/7/8/5bbbw/8/7/bbbbbb/bbbbb b 0-5"
            .parse()
            .expect("a setup");
        let pos = setup.into_position().expect("a position");
        let eval = AbaloneEval;
        let moves = pos.moves();
        let hint = |text: &str| eval.move_hint(&pos, pos.parse_move(text).expect("legal"));
        let best = moves
            .iter()
            .max_by_key(|&&m| eval.move_hint(&pos, m))
            .expect("moves");
        assert!(best.ejects());
        // A 3-marble in-line move toward the centre before a broadside one.
        assert!(
            hint("b2c3") > hint("b1b3c1"),
            "{} {}",
            hint("b2c3"),
            hint("b1b3c1")
        );
        assert!(hint("e6e7") > hint("b2c3"));
        assert!(!eval.is_quiet(&pos));
        assert!(eval.is_quiet(&Abalone::new(Layout::Standard).unwrap()));
    }
}
