//! The static evaluation of a Pente or Keryo-Pente position.

use boardgames_core::pente::{Pente, Point};
use boardgames_core::{Game, Seat};

use super::bits::{
    capture_lines, capture_points, five_points, four_points, has_five_point, near, window_cover,
    window_values, Bits, ALL, NEAR_SQUARES,
};
use super::threats::{ThreatLimits, ThreatSearch};
use crate::evaluator::{Evaluator, ProofSite};

/// The value of a window of five points holding `n` stones of one player and none of the
/// other (a five in the making), for `n` = 0..=4.
const WINDOW: [i32; 5] = [0, 1, 12, 150, 2_000];

/// The value of a window of five holding three stones of the side to move and none of the
/// other's, instead of `WINDOW[3]`: the side to move makes its four first, so its threes
/// weigh more than the opponent's (at equal time this scored better than the same windows
/// of both sides alike, `docs/strength.md`).
const MOVER_THREE: i32 = 250;

/// The value of a window of five holding two stones of the side to move and none of the
/// other's, instead of `WINDOW[2]`: for the same reason, its twos are a move from a three
/// (at equal time this scored better than `WINDOW[2]`, `docs/strength.md`).
const MOVER_TWO: i32 = 20;

/// A four of the side to move: it wins next move unless the game ends first.
const FOUR_TO_MOVE: i32 = 200_000;

/// Two fours of the opponent completed by different points: one block cannot stop both.
const DOUBLE_FOUR: i32 = 150_000;

/// Move-ordering bonuses: a point that makes or blocks a five, and one that captures.
const FIVE_HINT: i32 = 1_000;
const CAPTURE_HINT: i32 = 100;

/// The threat search at the root: threes too, up to 25 plies.
pub(crate) const ROOT_PROOF: ThreatLimits = ThreatLimits::threes(20_000, 25);

/// The threat search after each root move (the opponent's forced wins): fours and capture
/// threats, up to 25 plies.
pub(crate) const REPLY_PROOF: ThreatLimits = ThreatLimits::fours(300, 25);

/// The threat search near the horizon: fours and capture threats only, a few nodes.
pub(crate) const LEAF_PROOF: ThreatLimits = ThreatLimits::quick_fours(10, 21);

/// The plies before the horizon from which a node's moves are ordered by their windows too
/// ([`window_hint`]).
const WINDOW_HINTS_FROM: u32 = 2;

/// Each stone captured.
const CAPTURED: i32 = super::PAIR_WORTH / 2;

/// A capture the side to move can make now, and one the opponent threatens.
const CAPTURE_NOW: i32 = 400;
const CAPTURE_THREAT: i32 = 150;

/// Scores Pente and Keryo-Pente positions by the rules' ways to win: windows of five points
/// that one player alone occupies (more stones, more value; the side to move's twos and
/// threes more than the opponent's, since it makes its four first; a four of the side to
/// move is a win in one), the stones captured against the target (10, or 15 in
/// Keryo-Pente), and the captures each side can make next (pairs, and in Keryo-Pente
/// triples, flanked on one side with the other end empty). Candidates are the legal points
/// within two of a stone.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PenteEval;

impl PenteEval {
    /// The score for the side to move (see [`PenteEval`]); `pos` is not finished.
    fn score(pos: &Pente) -> i32 {
        let me = pos.side_to_move().index();
        let them = 1 - me;
        let stones = [Bits::of(pos.stones(Seat(0))), Bits::of(pos.stones(Seat(1)))];
        let empty = ALL.minus(stones[0]).minus(stones[1]);
        if !five_points(stones[me], empty).is_empty() {
            return FOUR_TO_MOVE;
        }
        let lines = window_values(stones, &window_weights(me));
        let mut score = lines[me] - lines[them];
        // Fours of the opponent completed by two different points: one block stops one.
        if five_points(stones[them], empty).count() >= 2 {
            score -= DOUBLE_FOUR;
        }
        let caps = pos.captures();
        let need = i32::from(pos.variant().captures_to_win());
        let (mine, theirs) = (i32::from(caps[me]), i32::from(caps[them]));
        score += (mine - theirs) * CAPTURED;
        // Near the target each capture weighs more.
        score += near_target(mine, need) - near_target(theirs, need);
        let longest = pos.variant().longest_capture();
        let now = capture_lines(stones[me], stones[them], empty, longest) as i32;
        let threat = capture_lines(stones[them], stones[me], empty, longest) as i32;
        score += now * CAPTURE_NOW - threat * CAPTURE_THREAT;
        score
    }
}

/// The values of [`window_values`] for each side when `me` is to move: `WINDOW[1..]`, with
/// [`MOVER_TWO`] and [`MOVER_THREE`] for the mover's windows of two and three.
fn window_weights(me: usize) -> [[i32; 4]; 2] {
    let plain = [WINDOW[1], WINDOW[2], WINDOW[3], WINDOW[4]];
    let mut weights = [plain; 2];
    weights[me][1] = MOVER_TWO;
    weights[me][2] = MOVER_THREE;
    weights
}

/// The bonus of having captured `stones` of `need`: nothing far from it, much one or two
/// captures away.
fn near_target(stones: i32, need: i32) -> i32 {
    match need - stones {
        ..=2 => 3_000,
        3..=4 => 800,
        5..=6 => 200,
        _ => 0,
    }
}

impl Evaluator<Pente> for PenteEval {
    fn evaluate(&self, pos: &Pente) -> i32 {
        PenteEval::score(pos)
    }

    /// No late move pruning: a Pente node has some 60 to 100 candidates, and the best reply
    /// is often a quiet point that the hints rank low (with the pruning, depth 2 lost most of
    /// its games against depth 1 in a trial of 39).
    fn late_move_pruning(&self) -> bool {
        false
    }

    /// Quiet when neither player has four stones in a window of five with the fifth point
    /// empty (a five the next move can make or must stop).
    fn is_quiet(&self, pos: &Pente) -> bool {
        let stones = [Bits::of(pos.stones(Seat(0))), Bits::of(pos.stones(Seat(1)))];
        let empty = ALL.minus(stones[0]).minus(stones[1]);
        stones.iter().all(|&mine| !has_five_point(mine, empty))
    }

    /// The legal points within two of a stone (every legal point on an empty board), and
    /// only the forced ones when a four stands:
    ///
    /// * when the side to move has a four, the points that make its five (a win now: no
    ///   other move is better);
    /// * else, when the opponent has a four, the points that block it or capture (any other
    ///   move leaves the four whole and loses to the five next move: only a capture takes
    ///   stones off the board).
    fn candidates(&self, pos: &Pente, out: &mut Vec<Point>) {
        MoveBoard::of(pos).candidates(pos, out);
    }

    /// [`PenteEval::candidates`] and [`PenteEval::move_hints`] from one look at the board.
    fn candidates_with_hints(&self, pos: &Pente, out: &mut Vec<Point>, hints: &mut Vec<i32>) {
        self.candidates_with_hints_at(pos, 0, out, hints);
    }

    /// [`PenteEval::candidates_with_hints`], and from two plies before the horizon on each
    /// point's windows too: what a stone there adds to its side's windows of five and blocks
    /// of the other's (nearer the horizon the better order costs more than it saves).
    fn candidates_with_hints_at(
        &self,
        pos: &Pente,
        depth: u32,
        out: &mut Vec<Point>,
        hints: &mut Vec<i32>,
    ) {
        let board = MoveBoard::of(pos);
        board.candidates(pos, out);
        board.hints(out, hints, depth >= WINDOW_HINTS_FROM);
    }

    /// The captures of the side to move and the points where it makes a four (a window of
    /// five with three of its stones and none of the opponent's): the moves that take stones
    /// or must be answered.
    fn tactical_moves(&self, pos: &Pente, out: &mut Vec<Point>) {
        out.clear();
        let me = pos.side_to_move().index();
        let stones = [Bits::of(pos.stones(Seat(0))), Bits::of(pos.stones(Seat(1)))];
        let empty = ALL.minus(stones[0]).minus(stones[1]);
        let longest = pos.variant().longest_capture();
        let (mine, theirs) = (stones[me], stones[1 - me]);
        let points =
            capture_points(mine, theirs, empty, longest).or(four_points(mine, theirs, empty));
        out.extend(Bits::of(&pos.legal_points()).and(points).board().iter());
    }

    /// [`PenteEval::move_hint`] plus the forced replies first: a point that makes or blocks
    /// a five, then the captures of the side to move, then the points where the opponent
    /// would capture.
    fn move_hints(&self, pos: &Pente, moves: &[Point], hints: &mut Vec<i32>) {
        MoveBoard::of(pos).hints(moves, hints, false);
    }

    /// The threat search's forced win ([`super::threats`]): at the root fours, capture
    /// threats and threes (`ROOT_PROOF`); after each root move and at the horizon, fours and
    /// capture threats only (`REPLY_PROOF`, `LEAF_PROOF`).
    fn forced_win(&self, pos: &Pente, site: ProofSite) -> Option<(Point, u32)> {
        let limits = match site {
            ProofSite::Root => ROOT_PROOF,
            ProofSite::Reply => REPLY_PROOF,
            ProofSite::Leaf => LEAF_PROOF,
        };
        let me = match pos.turn() {
            boardgames_core::Turn::Seat(me) => me,
            _ => return None,
        };
        ThreatSearch::new(limits)
            .prove(pos, me)
            .map(|win| (win.first, win.plies))
    }

    /// Stones next to the point count three, those two away one: play where the fight is.
    fn move_hint(&self, pos: &Pente, mv: Point) -> i32 {
        let stones = Bits::of(pos.stones(Seat(0))).or(Bits::of(pos.stones(Seat(1))));
        near_hint(stones, mv)
    }
}

/// What choosing and ordering the moves of a position needs, worked out once for both.
struct MoveBoard {
    /// The side to move, 0 or 1.
    me: usize,
    /// Each side's stones.
    stones: [Bits; 2],
    /// The empty points.
    empty: Bits,
    /// The longest line of stones a capture takes (2, or 3 in Keryo-Pente).
    longest: usize,
    /// The empty points where each side makes a five.
    fives: [Bits; 2],
}

impl MoveBoard {
    fn of(pos: &Pente) -> MoveBoard {
        let stones = [Bits::of(pos.stones(Seat(0))), Bits::of(pos.stones(Seat(1)))];
        let empty = ALL.minus(stones[0]).minus(stones[1]);
        MoveBoard {
            me: pos.side_to_move().index(),
            stones,
            empty,
            longest: pos.variant().longest_capture(),
            fives: stones.map(|mine| five_points(mine, empty)),
        }
    }

    /// The empty points where `side` captures now.
    fn captures_by(&self, side: usize) -> Bits {
        let (own, other) = (self.stones[side], self.stones[1 - side]);
        capture_points(own, other, self.empty, self.longest)
    }

    /// [`PenteEval::candidates`].
    fn candidates(&self, pos: &Pente, out: &mut Vec<Point>) {
        out.clear();
        let legal = pos.legal_points();
        let me = self.me;
        let all = self.stones[0].or(self.stones[1]);
        if all.is_empty() {
            out.extend(legal.iter());
            return;
        }
        let forced = if !self.fives[me].is_empty() {
            self.fives[me]
        } else if !self.fives[1 - me].is_empty() {
            self.fives[1 - me].or(self.captures_by(me))
        } else {
            near(all)
        };
        out.extend(Bits::of(&legal).and(forced).board().iter());
        if out.is_empty() {
            // The tournament rule may forbid every point near the stones.
            out.extend(legal.iter());
        }
    }

    /// [`PenteEval::move_hints`], with [`window_hint`] added when `windows` is set.
    fn hints(&self, moves: &[Point], hints: &mut Vec<i32>, windows: bool) {
        let fives = self.fives[0].or(self.fives[1]);
        let mine = self.captures_by(self.me);
        let theirs = self.captures_by(1 - self.me);
        let all = self.stones[0].or(self.stones[1]);
        let cover = windows.then(|| window_cover(self.stones));
        hints.clear();
        hints.extend(moves.iter().map(|&mv| {
            let i = mv.index();
            let forced = if fives.has(i) { FIVE_HINT } else { 0 };
            let captures = if mine.has(i) { CAPTURE_HINT } else { 0 };
            let guards = if theirs.has(i) { CAPTURE_HINT / 2 } else { 0 };
            let patterns = cover.as_ref().map_or(0, |c| window_hint(c, self.me, i));
            near_hint(all, mv) + forced + captures + guards + patterns
        }));
    }
}

/// About what a stone of side `me` on the point of bit index `i` changes in the windows of
/// five through it, by the plain values of [`WINDOW`] (the ordering does not use
/// [`MOVER_TWO`] or [`MOVER_THREE`]): each of its own windows that holds `n` of its stones
/// and none of the other's gains `WINDOW[n + 1] - WINDOW[n]`, and each of the opponent's
/// such windows, blocked, loses its `WINDOW[n]` (for `n` from 1 to 3, the windows of each
/// kind counted up to three; the windows of four are the five hints'). `cover` is
/// [`window_cover`] of the position.
fn window_hint(cover: &[[[Bits; 2]; 3]; 2], me: usize, i: usize) -> i32 {
    const GAIN: [i32; 3] = [
        WINDOW[2] - WINDOW[1],
        WINDOW[3] - WINDOW[2],
        WINDOW[4] - WINDOW[3],
    ];
    const BLOCK: [i32; 3] = [WINDOW[1], WINDOW[2], WINDOW[3]];
    let count = |[ones, twos]: [Bits; 2]| i32::from(ones.has(i)) + 2 * i32::from(twos.has(i));
    (0..3)
        .map(|n| GAIN[n] * count(cover[me][n]) + BLOCK[n] * count(cover[1 - me][n]))
        .sum()
}

/// [`PenteEval::move_hint`] of `mv` with `stones` on the board: three for each stone in the
/// 3 x 3 square around it, one for each other stone in the 5 x 5 square.
fn near_hint(stones: Bits, mv: Point) -> i32 {
    let i = mv.index();
    let inner = stones.and(NEAR_SQUARES[0][i]).count();
    let outer = stones.and(NEAR_SQUARES[1][i]).count();
    (2 * inner + outer) as i32
}

/// The first, cell-by-cell form of the evaluation, kept as the reference the bitboard form
/// must agree with.
#[cfg(test)]
mod reference {
    use boardgames_core::pente::{Pente, SIZE};
    use boardgames_core::{Game, Seat};

    use super::*;

    /// The four lines through a point: right, up, up-right, down-right.
    const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

    /// The board as one byte a point: 0 empty, 1 player 1, 2 player 2; row-major from A1; and
    /// the box around the stones (columns and rows, inclusive), where every line with a stone
    /// starts within 4.
    struct Grid {
        cells: [u8; SIZE * SIZE],
        cols: (isize, isize),
        rows: (isize, isize),
    }

    impl Grid {
        fn of(pos: &Pente) -> Grid {
            let mut cells = [0u8; SIZE * SIZE];
            let (mut cols, mut rows) = ((isize::MAX, isize::MIN), (isize::MAX, isize::MIN));
            for seat in 0..2u8 {
                for p in pos.stones(Seat(seat)).iter() {
                    cells[p.row() * SIZE + p.col()] = seat + 1;
                    let (c, r) = (p.col() as isize, p.row() as isize);
                    cols = (cols.0.min(c), cols.1.max(c));
                    rows = (rows.0.min(r), rows.1.max(r));
                }
            }
            Grid { cells, cols, rows }
        }

        /// The starts of every window or line that may hold a stone: the box widened by 4,
        /// within the board (empty when there is no stone).
        fn starts(&self) -> impl Iterator<Item = (isize, isize)> {
            let last = SIZE as isize - 1;
            let (c0, c1) = ((self.cols.0 - 4).max(0), (self.cols.1 + 4).min(last));
            let (r0, r1) = ((self.rows.0 - 4).max(0), (self.rows.1 + 4).min(last));
            (r0..=r1).flat_map(move |r| (c0..=c1).map(move |c| (c, r)))
        }

        /// The point `(col, row)`, `None` off the board.
        fn at(&self, col: isize, row: isize) -> Option<u8> {
            let size = SIZE as isize;
            ((0..size).contains(&col) && (0..size).contains(&row))
                .then(|| self.cells[(row * size + col) as usize])
        }
    }

    /// The score for the side to move (see [`PenteEval`]); `pos` is not finished.
    pub(super) fn score(pos: &Pente) -> i32 {
        let me = pos.side_to_move().index();
        let g = Grid::of(pos);
        let mut lines = [0i32; 2];
        // Fours: how many, and the empty point completing the first and a different one.
        let mut fours = [0u32; 2];
        let mut completion: [Option<(isize, isize)>; 2] = [None, None];
        let mut two_points = [false; 2];
        for &(dc, dr) in &DIRECTIONS {
            for (col, row) in g.starts() {
                {
                    if g.at(col + 4 * dc, row + 4 * dr).is_none() {
                        continue;
                    }
                    let mut count = [0usize; 3];
                    let mut empty = (col, row);
                    for k in 0..5 {
                        let (c, r) = (col + k * dc, row + k * dr);
                        let v = g.at(c, r).unwrap_or(0);
                        count[usize::from(v)] += 1;
                        if v == 0 {
                            empty = (c, r);
                        }
                    }
                    for s in 0..2 {
                        let (mine, theirs) = (count[s + 1], count[2 - s]);
                        if theirs == 0 && mine > 0 {
                            lines[s] += match (mine, s == me) {
                                (2, true) => MOVER_TWO,
                                (3, true) => MOVER_THREE,
                                _ => WINDOW[mine.min(4)],
                            };
                            if mine == 4 {
                                fours[s] += 1;
                                match completion[s] {
                                    None => completion[s] = Some(empty),
                                    Some(p) if p != empty => two_points[s] = true,
                                    Some(_) => {}
                                }
                            }
                        }
                    }
                }
            }
        }
        let them = 1 - me;
        if fours[me] > 0 {
            return FOUR_TO_MOVE;
        }
        let mut score = lines[me] - lines[them];
        if two_points[them] {
            score -= DOUBLE_FOUR;
        }
        let caps = pos.captures();
        let need = i32::from(pos.variant().captures_to_win());
        let (mine, theirs) = (i32::from(caps[me]), i32::from(caps[them]));
        score += (mine - theirs) * CAPTURED;
        // Near the target each capture weighs more.
        score += near_target(mine, need) - near_target(theirs, need);
        let longest = pos.variant().longest_capture();
        let [now, threat] = capture_chances(&g, me, longest);
        score += now * CAPTURE_NOW - threat * CAPTURE_THREAT;
        score
    }

    /// `[captures the side to move can make now, captures the opponent threatens]`: lines of a
    /// stone, then 2 (or up to `longest`) of the other player's, then an empty point.
    fn capture_chances(g: &Grid, me: usize, longest: usize) -> [i32; 2] {
        let mut out = [0i32; 2];
        let mover = (me + 1) as u8;
        for &(dc, dr) in &DIRECTIONS {
            for (col, row) in g.starts() {
                {
                    let Some(first) = g.at(col, row).filter(|&v| v != 0) else {
                        continue;
                    };
                    let other = 3 - first;
                    for len in 2..=longest as isize {
                        // Both ways along the line: stone, `len` of the other, empty.
                        for sign in [1, -1] {
                            let (sc, sr) = (dc * sign, dr * sign);
                            let flanked =
                                (1..=len).all(|k| g.at(col + k * sc, row + k * sr) == Some(other));
                            let open = g.at(col + (len + 1) * sc, row + (len + 1) * sr) == Some(0);
                            if flanked && open {
                                out[usize::from(first != mover)] += 1;
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether neither player has four in a window of five with the fifth point empty.
    pub(super) fn is_quiet(pos: &Pente) -> bool {
        let g = Grid::of(pos);
        for &(dc, dr) in &DIRECTIONS {
            for (col, row) in g.starts() {
                if g.at(col + 4 * dc, row + 4 * dr).is_none() {
                    continue;
                }
                let mut count = [0usize; 3];
                for k in 0..5 {
                    count[usize::from(g.at(col + k * dc, row + k * dr).unwrap_or(0))] += 1;
                }
                if count[0] == 1 && (count[1] == 4 || count[2] == 4) {
                    return false;
                }
            }
        }
        true
    }

    /// The legal points where the side to move captures, or makes a four: a window of five
    /// through the point holding three of its stones and none of the opponent's. By playing
    /// each legal point and by looking at every window through it.
    pub(super) fn tactical(pos: &Pente) -> Vec<boardgames_core::pente::Point> {
        let me = pos.side_to_move().index();
        let g = Grid::of(pos);
        let (mine, theirs) = (me as u8 + 1, 2 - me as u8);
        let makes_four = |p: boardgames_core::pente::Point| {
            let (c, r) = (p.col() as isize, p.row() as isize);
            DIRECTIONS.iter().any(|&(dc, dr)| {
                (-4..=0).any(|start| {
                    let cells: Option<Vec<u8>> = (start..start + 5)
                        .map(|k| g.at(c + k * dc, r + k * dr))
                        .collect();
                    cells.is_some_and(|cells| {
                        let count = |v| cells.iter().filter(|&&x| x == v).count();
                        count(mine) == 3 && count(theirs) == 0
                    })
                })
            })
        };
        pos.moves()
            .iter()
            .copied()
            .filter(|&p| {
                let mut next = *pos;
                next.play_unchecked(p);
                next.captures()[me] > pos.captures()[me] || makes_four(p)
            })
            .collect()
    }

    /// The legal points within two of a stone, by looking around each stone.
    pub(super) fn near(pos: &Pente) -> Vec<boardgames_core::pente::Point> {
        let mut near = [false; SIZE * SIZE];
        for seat in 0..2u8 {
            for p in pos.stones(Seat(seat)).iter() {
                let (c, r) = (p.col() as isize, p.row() as isize);
                for dr in -2..=2isize {
                    for dc in -2..=2isize {
                        let (x, y) = (c + dc, r + dr);
                        if (0..SIZE as isize).contains(&x) && (0..SIZE as isize).contains(&y) {
                            near[y as usize * SIZE + x as usize] = true;
                        }
                    }
                }
            }
        }
        pos.moves()
            .iter()
            .copied()
            .filter(|p| near[p.row() * SIZE + p.col()])
            .collect()
    }

    /// The move hint by looking at the 25 points around `mv`: three for a stone next to it,
    /// one for a stone two away.
    pub(super) fn move_hint(pos: &Pente, mv: boardgames_core::pente::Point) -> i32 {
        let (c, r) = (mv.col() as isize, mv.row() as isize);
        let mut hint = 0;
        for dr in -2..=2isize {
            for dc in -2..=2isize {
                let (x, y) = (c + dc, r + dr);
                let Some(p) = boardgames_core::pente::Point::new(x as usize, y as usize)
                    .filter(|_| x >= 0 && y >= 0)
                else {
                    continue;
                };
                if pos.at(p).is_some() {
                    hint += if dr.abs() <= 1 && dc.abs() <= 1 { 3 } else { 1 };
                }
            }
        }
        hint
    }
}

#[cfg(test)]
mod tests {
    use super::super::bits::window_cover;
    use boardgames_core::pente::{EndReason, OpeningRule, Pente, Variant};
    use boardgames_core::rand::SeedableRng;
    use boardgames_core::search::random_move;
    use boardgames_core::{ChaCha8Rng, Game, Turn};

    use super::*;

    /// The bitboard evaluation gives exactly the scores, quiet flags, tactical moves,
    /// candidates and move hints of the cell-by-cell reference on every position of 60 random
    /// games of both variants (with captures, fours and the board's edges).
    #[test]
    fn the_bitboard_evaluation_agrees_with_the_reference() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut checked, mut forced) = (0, 0);
        for game in 0..60 {
            let variant = if game % 2 == 0 {
                Variant::Pente
            } else {
                Variant::KeryoPente
            };
            let mut pos = Pente::new(variant, OpeningRule::Free);
            while let Turn::Seat(_) = pos.turn() {
                assert_eq!(PenteEval.evaluate(&pos), reference::score(&pos), "{pos:?}");
                assert_eq!(
                    PenteEval.is_quiet(&pos),
                    reference::is_quiet(&pos),
                    "{pos:?}"
                );
                let mut tactical = Vec::new();
                PenteEval.tactical_moves(&pos, &mut tactical);
                assert_eq!(tactical, reference::tactical(&pos), "{pos:?}");
                if pos.ply() > 0 {
                    let mut out = Vec::new();
                    PenteEval.candidates(&pos, &mut out);
                    if reference::is_quiet(&pos) {
                        assert_eq!(out, reference::near(&pos), "{pos:?}");
                    } else {
                        check_forced(&pos, &out);
                        forced += 1;
                    }
                    for &mv in &out {
                        assert_eq!(
                            PenteEval.move_hint(&pos, mv),
                            reference::move_hint(&pos, mv),
                            "{pos:?} {mv}"
                        );
                    }
                }
                checked += 1;
                let Some(mv) = random_move(&pos, &mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
        }
        assert!(checked > 8_000, "{checked}");
        assert!(forced > 2_000, "{forced}");
    }

    /// X (to move) has K10 and L10 on row 10, O only the corners A1 and A19 (the board's
    /// columns skip I). On row 10 the windows of five through M10 start at H10, J10, K10,
    /// L10 and M10: the first three hold K10 and L10 (two stones: M10 makes them three, each
    /// gaining 150 - 12 = 138), L10-P10 holds L10 alone (one: 12 - 1 = 11), M10-Q10 nothing;
    /// the other lines through M10 hold no stone. So X's stone on M10 is worth 3 x 138 + 11
    /// = 425 by the windows. For O, the same point blocks those windows: 3 x 12 + 1 = 37.
    /// H10 lies in two windows with both stones (G10-L10, H10-M10) and one with K10 alone
    /// (F10-K10): 2 x 138 + 11 = 287.
    #[test]
    fn the_window_hint_is_what_a_stone_adds_and_blocks() {
        use super::super::testing::{after, point};
        let x_to_move = after(Variant::Pente, &["K10", "A1", "L10", "A19"]);
        let pos = &x_to_move;
        let cover = window_cover([Bits::of(pos.stones(Seat(0))), Bits::of(pos.stones(Seat(1)))]);
        assert_eq!(window_hint(&cover, 0, point("M10").index()), 3 * 138 + 11);
        assert_eq!(window_hint(&cover, 1, point("M10").index()), 3 * 12 + 1);
        assert_eq!(window_hint(&cover, 0, point("H10").index()), 2 * 138 + 11);
        // A point in no window with a stone of either side: nothing.
        assert_eq!(window_hint(&cover, 0, point("K5").index()), 0);
    }

    /// Each kind of window through a point counts up to three. X has K10 and M10 on row 10
    /// and L9 and L11 in column L. Through L10, row 10's windows G10-L10 and L10-P10 hold one
    /// stone each and H10-M10, J10-N10, K10-O10 two; column L's likewise (L6-L10 and
    /// L10-L14 one, the other three two). Six windows of two and four of one: counted as
    /// three of each, 3 x 138 + 3 x 11 = 447 (not 6 x 138 + 4 x 11 = 872).
    #[test]
    fn the_window_hint_counts_each_kind_up_to_three() {
        use super::super::testing::{after, point};
        let pos = after(
            Variant::Pente,
            &["K10", "A1", "M10", "A19", "L9", "T1", "L11", "T19"],
        );
        let stones = [Bits::of(pos.stones(Seat(0))), Bits::of(pos.stones(Seat(1)))];
        let cover = window_cover(stones);
        assert_eq!(
            window_hint(&cover, 0, point("L10").index()),
            3 * 138 + 3 * 11
        );
    }

    /// The forced candidates of `pos` (a four stands) by the rules: among the points near
    /// the stones, when the side to move can make a five they are exactly the moves that make
    /// one; otherwise every point left out lets the opponent make a five at once.
    fn check_forced(pos: &Pente, out: &[Point]) {
        let near = reference::near(pos);
        assert!(out.iter().all(|p| near.contains(p)), "{pos:?} {out:?}");
        let me = pos.side_to_move();
        let wins_by_five = |pos: &Pente, mv: Point, seat: Seat| {
            let mut next = *pos;
            next.play_unchecked(mv);
            next.outcome().and_then(|o| o.winner()) == Some(pos.team_of(seat))
                && matches!(
                    next.end_reason(),
                    Some(EndReason::Five | EndReason::FiveAndCaptures)
                )
        };
        let fives: Vec<Point> = near
            .iter()
            .copied()
            .filter(|&mv| wins_by_five(pos, mv, me))
            .collect();
        if !fives.is_empty() {
            assert_eq!(out, fives, "{pos:?}");
            return;
        }
        for &mv in near.iter().filter(|mv| !out.contains(mv)) {
            let mut next = *pos;
            next.play_unchecked(mv);
            let them = next.side_to_move();
            let loses = next
                .legal_points()
                .iter()
                .any(|reply| wins_by_five(&next, reply, them));
            assert!(loses, "{pos:?}: {mv} left out but does not lose at once");
        }
    }
}
