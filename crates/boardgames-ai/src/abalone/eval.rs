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

/// The sumito moves of the side with marbles `own` against `opp` that push without
/// ejecting (the last pushed marble lands on an empty cell), counted over the six
/// directions: 2 push 1, 3 push 1 and 3 push 2 (in-line, `own`'s line in contact with
/// `opp`'s, the cell behind `opp`'s last marble empty). Each legal push counts once.
#[inline(always)]
fn sumitos(own: u128, opp: u128) -> u32 {
    let empty = BOARD & !own & !opp;
    let mut count = 0;
    for k in STEPS {
        let two = own & ahead(own, k);
        let three = two & ahead(own, 2 * k);
        let t21 = two & ahead(opp, 2 * k) & ahead(empty, 3 * k);
        let front = three & ahead(opp, 3 * k);
        let t31 = front & ahead(empty, 4 * k);
        let t32 = front & ahead(opp, 4 * k) & ahead(empty, 5 * k);
        count += (t21 | t31 | t32).count_ones();
    }
    count
}

/// The pairs of neighbouring marbles of `own` (the cohesion of a side: a compact group of
/// seven has 12, a line of three 2, scattered marbles none).
#[inline(always)]
fn pairs(own: u128) -> i32 {
    ((own & ahead(own, 1)).count_ones()
        + (own & ahead(own, 11)).count_ones()
        + (own & ahead(own, 10)).count_ones()) as i32
}

/// The summed hex distances of `own`'s marbles to the centre E5.
#[inline(always)]
fn centre_distance(own: u128) -> i32 {
    ((own & RINGS[1]).count_ones()
        + 2 * (own & RINGS[2]).count_ones()
        + 3 * (own & RINGS[3]).count_ones()
        + 4 * (own & RINGS[4]).count_ones()) as i32
}

/// The marbles of `own` on the rim (the 24 cells at distance 4 from E5).
#[inline(always)]
fn on_rim(own: u128) -> i32 {
    (own & RINGS[4]).count_ones() as i32
}

/// The static evaluation of two-player Abalone.
///
/// From the side to move's point of view, in hundredths of a marble; every term is the
/// side to move's value less the opponent's, so that a position and its colour-swapped
/// mirror score the same for the side to move:
///
/// * **ejected** (dominant): 1000 for the first marble a side ejects, 50 more for each
///   further one, and 600 more for standing at five. The rising value makes a
///   one-for-one exchange good for the side ahead (it nears six) and bad for the side behind;
/// * **centre**: 30 per step of the summed hex distances of each side's marbles to E5 in the
///   opening (no marble ejected yet), 18 later;
/// * **cohesion**: 10 per pair of neighbouring own marbles in the opening, 6 later;
/// * **rim**: 30 per own marble on the rim (a liability: only there can it be ejected);
/// * **ejection threats**: the side to move that can eject now gets 700; the opponent's
///   threats against it cost 120 for the first (it can answer one) and 400 for each further
///   one (it cannot answer two);
/// * **sumito**: 10 per push the side can make (pressure on the opponent's group);
/// * **attack when ahead**: with a lead of one to three marbles a side gets, per marble of
///   lead, 15 per opposing marble on the rim, 10 per push it can make, 40 per opposing
///   marble it threatens to eject, and 3 less per pair of the opponent's cohesion (a broken
///   group is worth more), so that it plays to win by six rather than waiting;
/// * **tempo**: 30 for the side to move (the static score otherwise favours the side that
///   has just moved, which swings the scores between odd and even depths);
/// * **move limit**: with a limit set and 8 plies or fewer left, the positional terms fade
///   and the side ahead on ejected marbles gets up to 4000 more (the limit decides on them).
///
/// Move hints: ejecting pushes first, then other pushes (sumito, more pushed first), then
/// in-line moves by their marbles and their gain toward the centre, broadside moves last.
/// A position where the side to move can eject a marble is not quiet.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AbaloneEval;

/// The value of `n` ejected marbles: 1000 for the first, 50 more for each further one
/// (1000, 2050, 3150, 4300, 5500).
#[inline(always)]
const fn material(n: i32) -> i32 {
    EJECTED * n + CONVEX * n * (n - 1) / 2
}

/// Material: the first ejected marble (see [`material`]).
const EJECTED: i32 = super::MARBLE_WORTH;
/// Material: how much more each further ejected marble is worth than the one before.
const CONVEX: i32 = 50;
/// Material: a side standing at five ejected marbles, one from winning.
const AT_FIVE: i32 = 600;
/// Centre, in the opening (no marble ejected yet): per step of a marble's hex distance to E5.
const CENTRE_OPENING: i32 = 30;
/// Centre, after the first ejection.
const CENTRE: i32 = 18;
/// Cohesion, in the opening: per pair of neighbouring own marbles.
const COHESION_OPENING: i32 = 10;
/// Cohesion, after the first ejection.
const COHESION: i32 = 6;
/// Rim: per own marble on the rim (only there can a marble be ejected).
const RIM: i32 = 30;
/// Tempo: the side to move. Measured on 37 positions of engine games (both layouts),
/// scored by searches of depth 1 to 6: without it the scores at even depths fell below
/// those at odd depths by 7 to 57 on average (the side to move at the horizon was
/// undervalued); with 30 the mean differences are -21 to 27 and the mean size of the change
/// from one depth to the next fell from 93-243 to 76-212.
const TEMPO: i32 = 30;
/// Ejection threats: the side to move can eject a marble now.
const TO_EJECT: i32 = 700;
/// Ejection threats: the first opposing threat against the side to move (it can answer it).
const THREAT_ANSWERED: i32 = 120;
/// Ejection threats: each further opposing threat (two threats cannot both be answered).
const THREAT_UNANSWERED: i32 = 400;
/// Sumito: per push a side can make.
const SUMITO: i32 = 10;
/// Attack when ahead, per marble of lead (at most three): per opposing marble the side
/// ahead threatens to eject.
const AHEAD_THREAT: i32 = 40;
/// Attack when ahead, per marble of lead: per opposing marble on the rim.
const AHEAD_RIM: i32 = 15;
/// Attack when ahead, per marble of lead: per push the side ahead can make.
const AHEAD_SUMITO: i32 = 10;
/// Attack when ahead, per marble of lead: per pair of the opponent's cohesion (fewer is
/// better for the side ahead: a broken group).
const AHEAD_COHESION: i32 = 3;
/// Plies before a move limit from which the limit is taken into account.
const LIMIT_HORIZON: i32 = 8;
/// What the lead in ejected marbles is worth at the move limit itself.
const LIMIT_LEAD: i32 = 4000;

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
        let mut mat = material(mine) - material(theirs);
        let five = EJECTED_TO_WIN as i32 - 1;
        if mine == five {
            mat += AT_FIVE;
        }
        if theirs == five {
            mat -= AT_FIVE;
        }
        let opening = mine + theirs == 0;
        let (centre_w, cohesion_w) = if opening {
            (CENTRE_OPENING, COHESION_OPENING)
        } else {
            (CENTRE, COHESION)
        };
        let (my_pairs, their_pairs) = (pairs(own), pairs(opp));
        let (my_rim, their_rim) = (on_rim(own), on_rim(opp));
        let mut positional = -centre_w * (centre_distance(own) - centre_distance(opp))
            + cohesion_w * (my_pairs - their_pairs)
            - RIM * (my_rim - their_rim)
            + TEMPO;
        let (my_moves, my_threats) = ejections(own, opp);
        let (_, their_threats) = ejections(opp, own);
        if my_moves > 0 {
            positional += TO_EJECT;
        }
        if their_threats > 0 {
            positional -= THREAT_ANSWERED + THREAT_UNANSWERED * (their_threats as i32 - 1);
        }
        let (my_pushes, their_pushes) = (sumitos(own, opp) as i32, sumitos(opp, own) as i32);
        positional += SUMITO * (my_pushes - their_pushes);
        // Attack when ahead: the side with the lead (1 to 3 marbles counted) presses.
        let attack = |lead: i32, rim: i32, pushes: i32, threats: i32, their_pairs: i32| {
            lead.clamp(0, 3)
                * (AHEAD_RIM * rim + AHEAD_SUMITO * pushes + AHEAD_THREAT * threats
                    - AHEAD_COHESION * their_pairs)
        };
        positional += attack(lead, their_rim, my_pushes, my_threats as i32, their_pairs)
            - attack(-lead, my_rim, their_pushes, their_threats as i32, my_pairs);
        let Some(limit) = pos.move_limit() else {
            return mat + positional;
        };
        let left = (limit.saturating_sub(pos.ply())).min(LIMIT_HORIZON as usize) as i32;
        if left >= LIMIT_HORIZON {
            return mat + positional;
        }
        // The limit decides on the ejected marbles: the lead counts more as it nears, and
        // the position (which has no time left to tell) less.
        let decided = LIMIT_LEAD * (LIMIT_HORIZON - left) / LIMIT_HORIZON * lead.signum();
        mat + decided + positional * left / LIMIT_HORIZON
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

    use boardgames_core::abalone::Setup;

    /// The position with Black's marbles on `black`, White's on `white`, `turn` (`b` or `w`)
    /// to move and `captured` (`"<Black's losses>-<White's losses>"`), written as the
    /// position string (rows I down to A, each from its lowest number).
    fn position(black: &[&str], white: &[&str], turn: &str, captured: &str) -> Abalone {
        let mut rows = Vec::new();
        for row in (0..9u8).rev() {
            let mut text = String::new();
            let mut run = 0;
            for number in 1..=9u8 {
                let lo = 1.max(i32::from(row) - 3);
                let hi = 9.min(i32::from(row) + 5);
                if i32::from(number) < lo || i32::from(number) > hi {
                    continue;
                }
                let name = format!("{}{}", (b'A' + row) as char, number);
                let mark = if black.contains(&name.as_str()) {
                    'b'
                } else if white.contains(&name.as_str()) {
                    'w'
                } else {
                    run += 1;
                    continue;
                };
                if run > 0 {
                    text.push_str(&run.to_string());
                    run = 0;
                }
                text.push(mark);
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
            rows.push(text);
        }
        let text = format!("{} {turn} {captured}", rows.join("/"));
        let setup: Setup = text.parse().expect("a setup");
        setup.into_position().expect("a position")
    }

    /// The bits of the named cells.
    fn cells(names: &[&str]) -> u128 {
        names
            .iter()
            .map(|n| 1u128 << n.parse::<Cell>().expect("a cell").index())
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn the_helper_writes_the_standard_start() {
        let black = [
            "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6", "C3", "C4", "C5",
        ];
        let white = [
            "I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6", "H7", "H8", "H9", "G5", "G6", "G7",
        ];
        let pos = position(&black, &white, "b", "0-0");
        assert_eq!(pos, Abalone::new(Layout::Standard).unwrap());
    }

    /// Distances, rim and cohesion counted by hand: E5 is the centre (0), D4 and E6 touch
    /// it (1), C3 is two steps down-left (2), A1 and I9 are corners of the rim (4). A1, A2
    /// and B2 form a triangle: three pairs (A1-A2 east, A1-B2 north-east, A2-B2 north-west).
    #[test]
    fn centre_rim_and_cohesion_by_hand() {
        assert_eq!(centre_distance(cells(&["E5"])), 0);
        assert_eq!(centre_distance(cells(&["D4", "E6"])), 2);
        assert_eq!(centre_distance(cells(&["C3"])), 2);
        assert_eq!(centre_distance(cells(&["A1", "I9"])), 8);
        assert_eq!(on_rim(cells(&["A1", "E5", "I9", "C3"])), 2);
        assert_eq!(pairs(cells(&["A1", "A2", "B2"])), 3);
        assert_eq!(pairs(cells(&["A1", "A3", "C3"])), 0);
        // A line of three: two pairs.
        assert_eq!(pairs(cells(&["E3", "E4", "E5"])), 2);
    }

    /// The pushes counted by hand (own line on the left, `>` the direction east):
    /// E3 E4 > E5 with E6 empty: 2 push 1, and nothing else (one sumito). E1 E2 E3 > E4 E5
    /// with E6 empty: 3 push 2 from E1; E2 E3 against E4 E5 is pac; 3 push 1 from E1 is no
    /// push (two opposing marbles): one sumito. E3 E4 > E5 E6: pac, none. E3 E4 > E5 with
    /// an own marble on E6: blocked, none. E7 E8 > E9 ejects: it is no sumito of this count.
    #[test]
    fn sumitos_by_hand() {
        assert_eq!(sumitos(cells(&["E3", "E4"]), cells(&["E5"])), 1);
        assert_eq!(sumitos(cells(&["E1", "E2", "E3"]), cells(&["E4", "E5"])), 1);
        assert_eq!(sumitos(cells(&["E3", "E4"]), cells(&["E5", "E6"])), 0);
        assert_eq!(sumitos(cells(&["E3", "E4", "E6"]), cells(&["E5"])), 0);
        assert_eq!(sumitos(cells(&["E7", "E8"]), cells(&["E9"])), 0);
        // A line of three against one: 3 push 1 from E2 and 2 push 1 from E3.
        assert_eq!(sumitos(cells(&["E2", "E3", "E4"]), cells(&["E5"])), 2);
    }

    /// The sumito count agrees with the library's pushes that eject nothing, in positions of
    /// random games.
    #[test]
    fn sumitos_agree_with_the_library() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut seen = 0;
        for layout in [Layout::Standard, Layout::BelgianDaisy] {
            for _ in 0..10 {
                let mut pos = Abalone::new(layout).unwrap();
                pos.set_move_limit(Some(300));
                while let Some(mv) = random_move(&pos, &mut rng) {
                    let me = pos.side_to_move();
                    let (own, opp) = (pos.marbles(me).bits(), pos.marbles(me.other()).bits());
                    let pushes = pos
                        .moves()
                        .iter()
                        .filter(|m| m.pushed() > 0 && !m.ejects())
                        .count();
                    assert_eq!(sumitos(own, opp) as usize, pushes, "{pos}");
                    seen += pushes;
                    pos.play_unchecked(mv);
                }
            }
        }
        assert!(seen > 100, "{seen}");
    }

    /// Material: the first marble is worth 1000, each further one 50 more than the one
    /// before (1000, 1050, 1100, ...), so that 3-2 is worth 50 more to the side ahead than
    /// 2-1 on the same board (1100 against 1050: the lead of one is nearer six).
    #[test]
    fn material_rises_with_each_marble() {
        assert_eq!(material(0), 0);
        assert_eq!(material(1), 1000);
        assert_eq!(material(2), 2050);
        assert_eq!(material(5), 5500);
        let black = ["C3", "C4", "D4", "D5"];
        let white = ["G6", "G7", "F6", "F5"];
        // Black's losses first: "2-3" is Black ahead by 3 to 2.
        let ahead_3_2 = AbaloneEval::score(&position(&black, &white, "b", "2-3"));
        let ahead_2_1 = AbaloneEval::score(&position(&black, &white, "b", "1-2"));
        assert_eq!(ahead_3_2 - ahead_2_1, 50);
    }

    /// Centre: a lone Black marble on E5 (distance 0) against one on D4 (distance 1), White's
    /// lone marble on I9 both times; nothing else differs (no pairs, neither on the rim, no
    /// push), so the difference is the centre weight of one step: more in the opening
    /// (nothing ejected) than later (one marble each ejected).
    #[test]
    fn the_centre_counts_more_in_the_opening() {
        let at = |cell: &str, captured: &str| {
            AbaloneEval::score(&position(&[cell], &["I9"], "b", captured))
        };
        let opening = at("E5", "0-0") - at("D4", "0-0");
        let later = at("E5", "1-1") - at("D4", "1-1");
        assert!(opening > 0 && later > 0, "{opening} {later}");
        assert!(opening > later, "{opening} {later}");
    }

    /// Cohesion: Black's E4 with E3 (a pair) against E4 with G5 (apart); E3 and G5 are both
    /// two steps from E5, neither on the rim, so only the pair differs, and it counts more
    /// in the opening.
    #[test]
    fn a_pair_of_neighbours_scores_more_in_the_opening() {
        let at = |second: &str, captured: &str| {
            AbaloneEval::score(&position(&["E4", second], &["I9"], "b", captured))
        };
        let opening = at("E3", "0-0") - at("G5", "0-0");
        let later = at("E3", "1-1") - at("G5", "1-1");
        assert!(opening > later && later > 0, "{opening} {later}");
    }

    /// Rim: Black's lone marble on A1 (rim, distance 4) against B2 (distance 3): worse by a
    /// step of centre and by the rim liability, more than a step of centre alone (E5 against
    /// D4).
    #[test]
    fn a_marble_on_the_rim_is_a_liability() {
        let at = |cell: &str| AbaloneEval::score(&position(&[cell], &["I9"], "b", "1-1"));
        let rim_step = at("B2") - at("A1");
        let inner_step = at("E5") - at("D4");
        assert!(
            rim_step > inner_step && inner_step > 0,
            "{rim_step} {inner_step}"
        );
    }

    /// Ejection threats: Black's E7 E8 can push White's E9 off (2 push 1 east, at the edge).
    /// With Black to move that is nearly a marble: it scores over half a marble more than
    /// the board with the line broken (E6 E8: no threat; E6 is a step nearer the centre and
    /// the pair is gone, small terms against the threat). With White to move the same
    /// threat costs White less than it is worth to Black to move (White can answer one).
    /// Two threats cost White much more than one: E9 under E7 E8 and A5 under C5 B5 (south-
    /// east: C5, B5, A5 are one line and A5 is at the edge) against E9 alone (C5 B4 is a
    /// pair at the same distances, pointing past A5).
    #[test]
    fn ejection_threats() {
        let black_to_move = AbaloneEval::score(&position(&["E7", "E8"], &["E9"], "b", "0-0"));
        let broken = AbaloneEval::score(&position(&["E6", "E8"], &["E9"], "b", "0-0"));
        assert!(black_to_move - broken > 500, "{black_to_move} {broken}");
        // White to move: one threat against it. The same board without the threat (Black's
        // line broken) is better for White, but by less than the threat is worth to Black.
        let white_threatened = AbaloneEval::score(&position(&["E7", "E8"], &["E9"], "w", "0-0"));
        let white_safe = AbaloneEval::score(&position(&["E6", "E8"], &["E9"], "w", "0-0"));
        assert!(
            white_safe > white_threatened,
            "{white_safe} {white_threatened}"
        );
        assert!(white_safe - white_threatened < black_to_move - broken);
        // Two threats: White's E9 under E7 E8 (east) and A5 under C5 B5 (south-east: C5 is
        // row C number 5, B5 below it, A5 at the edge). White can answer one only.
        let two = AbaloneEval::score(&position(
            &["E7", "E8", "C5", "B5"],
            &["E9", "A5"],
            "w",
            "0-0",
        ));
        let one = AbaloneEval::score(&position(
            &["E7", "E8", "C5", "B4"],
            &["E9", "A5"],
            "w",
            "0-0",
        ));
        assert_eq!(
            ejections(cells(&["E7", "E8", "C5", "B5"]), cells(&["E9", "A5"])).1,
            2
        );
        assert_eq!(
            ejections(cells(&["E7", "E8", "C5", "B4"]), cells(&["E9", "A5"])).1,
            1
        );
        assert!(one - two > 300, "{one} {two}");
    }

    /// Attack when ahead, the rim: White's lone marble on I9 (a corner of the rim) against
    /// H8 (a step inside), Black's C3 C4 far away (no push, no threat). The rim marble is
    /// worse for White by a step of centre and the rim; with Black a marble ahead (2 to 1)
    /// it is worse by more, since Black presses on the rim.
    #[test]
    fn the_side_ahead_values_the_opponents_rim_marbles_more() {
        let at = |white: &str, captured: &str| {
            AbaloneEval::score(&position(&["C3", "C4"], &[white], "b", captured))
        };
        let level = at("I9", "1-1") - at("H8", "1-1");
        let ahead = at("I9", "1-2") - at("H8", "1-2");
        assert!(ahead > level && level > 0, "{ahead} {level}");
        // Behind (1 to 2) Black gets no such bonus: the same as level.
        let behind = at("I9", "2-1") - at("H8", "2-1");
        assert_eq!(behind, level);
    }

    /// Attack when ahead, cohesion: White's G6 G7 (a pair) against G6 F7 (apart; F7 is two
    /// steps from E5 like G7). Breaking White's pair is worth more to Black when it is ahead.
    #[test]
    fn the_side_ahead_values_a_broken_group_more() {
        let at = |white: &[&str], captured: &str| {
            AbaloneEval::score(&position(&["C3", "C4"], white, "b", captured))
        };
        let level = at(&["G6", "F7"], "1-1") - at(&["G6", "G7"], "1-1");
        let ahead = at(&["G6", "F7"], "1-2") - at(&["G6", "G7"], "1-2");
        assert!(ahead > level && level > 0, "{ahead} {level}");
    }

    /// Attack when ahead, pushes: Black's E2 E3 can push White's E4 (2 push 1, E5 empty),
    /// against E2 E3 with White on D5 (no contact: D5 touches neither; E4 and D5 are both
    /// one step from the centre). The push counts, and more for the side ahead.
    #[test]
    fn the_side_ahead_values_its_pushes_more() {
        let at = |white: &str, captured: &str| {
            AbaloneEval::score(&position(&["E2", "E3"], &[white], "b", captured))
        };
        let level = at("E4", "1-1") - at("D5", "1-1");
        let ahead = at("E4", "1-2") - at("D5", "1-2");
        assert!(ahead > level && level > 0, "{ahead} {level}");
    }

    /// The board turned half a turn with the colours swapped: the same game for the other
    /// side. The position string read backwards is the board turned (rows I..A become A..I,
    /// each row reversed), `b` and `w` swapped.
    fn mirrored(pos: &Abalone) -> Abalone {
        let text = pos.to_setup().to_string();
        let fields: Vec<&str> = text.split(' ').collect();
        let board: String = fields[0]
            .chars()
            .rev()
            .map(|c| match c {
                'b' => 'w',
                'w' => 'b',
                c => c,
            })
            .collect();
        let turn = if fields[1] == "b" { "w" } else { "b" };
        let (lost_black, lost_white) = fields[2].split_once('-').expect("two counts");
        let setup: Setup = format!("{board} {turn} {lost_white}-{lost_black}")
            .parse()
            .expect("a setup");
        setup.into_position().expect("a position")
    }

    /// Every term is the side to move's value less the opponent's on a board that looks the
    /// same from either side: a position and its mirror (turned, colours swapped) score the
    /// same for the side to move, in positions of random games of each layout.
    #[test]
    fn the_score_is_the_same_for_either_colour() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for layout in [Layout::Standard, Layout::BelgianDaisy, Layout::GermanDaisy] {
            for _ in 0..5 {
                let mut pos = Abalone::new(layout).unwrap();
                for _ in 0..150 {
                    let Some(mv) = random_move(&pos, &mut rng) else {
                        break;
                    };
                    pos.play_unchecked(mv);
                    if pos.turn() == boardgames_core::Turn::Over {
                        break;
                    }
                    let twin = mirrored(&pos);
                    assert_eq!(AbaloneEval::score(&pos), AbaloneEval::score(&twin), "{pos}");
                }
            }
        }
    }

    /// Tempo: the standard start is its own mirror (turned half a turn, colours swapped), so
    /// every other term cancels and the side to move's score is the tempo alone, positive.
    #[test]
    fn the_side_to_move_has_the_tempo() {
        let start = Abalone::new(Layout::Standard).unwrap();
        assert_eq!(AbaloneEval::score(&start), TEMPO);
        assert!(AbaloneEval::score(&start) > 0);
    }

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
