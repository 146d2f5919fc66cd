//! Threat-space search for Pente and Keryo-Pente: proofs that the side to move wins by
//! force, found far beyond the full-width depth because only threats are searched.
//!
//! The attacker plays only moves that threaten to win, and the defender only the moves that
//! answer the threat; a line where the defender finds no answer is a forced win. Two orders
//! of threat, after Allis's threat-space search and Thomsen's lambda search:
//!
//! * **Threats to win at once** (a four: the next stone makes five; or a capture threat that
//!   would reach the capture target, 10 stones in Pente, 15 in Keryo-Pente). The defender's
//!   answers are found exactly: a move stops every win at once only if it takes a point of
//!   one (a five point or the capture point) or captures (in Pente a capture of a stone of the
//!   four breaks it), and each such move is played and checked. A chain of these threats
//!   (continuous fours, capture threats) is proven for every defence.
//! * **Threats to make such a chain** (an open or split three, a capture threat further from
//!   the target, a capture that opens a line): a move after which the attacker, given a
//!   second move in a row, would win by threats to win at once. The defender may answer with
//!   any point within two of a stone or of a point the attacker's chain used (a stone farther
//!   away touches no line, capture or point of that chain), and every such answer is searched.
//!
//! The attacker's own move must also stop the defender's wins at once (a four, a winning
//! capture), and a defender's capture that wins ends the line. Proofs are exact under the
//! rules of the core (checked against every defender move in the tests); only the
//! attacker's choice of threats is narrow, so that a win the search does not prove may still
//! exist. The search runs on copies of a small board (two stone sets and the capture
//! counts): no allocation per node. It deepens one attacker move at a time, fours and capture
//! threats alone first, then with threes, so that a proof found is about the shortest of
//! its kind.

use boardgames_core::pente::{Pente, Point};
use boardgames_core::{Game, Seat, Turn};

use super::bits::{
    capture_points, capture_threat_points, five_points, four_points, near, three_points, Bits, ALL,
    DIRECTIONS,
};

/// What a threat search may spend and look for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ThreatLimits {
    /// Nodes (positions) the search may visit before it gives up without a proof.
    pub nodes: u64,
    /// The longest forced win looked for, in plies (both sides' moves, the winning one
    /// included).
    pub max_plies: u32,
    /// Whether threats to make a chain of threats (open threes and the like) are tried, not
    /// only threats to win at once (fours and capture threats).
    pub threes: bool,
    /// Whether the search deepens one attacker move at a time (the proof found is then about
    /// the shortest), or looks to `max_plies` at once (cheaper; the first proof found).
    pub deepening: bool,
}

impl ThreatLimits {
    /// Threats to win at once only (continuous fours and capture threats), up to
    /// `max_plies`, within `nodes`, deepening.
    #[must_use]
    pub const fn fours(nodes: u64, max_plies: u32) -> ThreatLimits {
        ThreatLimits {
            nodes,
            max_plies,
            threes: false,
            deepening: true,
        }
    }

    /// [`ThreatLimits::fours`] without deepening: the cheap search the alpha-beta runs near
    /// its leaves.
    #[must_use]
    pub const fn quick_fours(nodes: u64, max_plies: u32) -> ThreatLimits {
        ThreatLimits {
            nodes,
            max_plies,
            threes: false,
            deepening: false,
        }
    }

    /// Threes too, up to `max_plies`, within `nodes`: the wider search of the root.
    #[must_use]
    pub const fn threes(nodes: u64, max_plies: u32) -> ThreatLimits {
        ThreatLimits {
            nodes,
            max_plies,
            threes: true,
            deepening: true,
        }
    }
}

/// A forced win proven by the threat search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ForcedWin {
    /// The first move of the win.
    pub first: Point,
    /// The plies to the win at most, whatever the defender does: the first move, the
    /// replies and the winning move (1 for a win at once).
    pub plies: u32,
}

/// Why a position cannot be searched for threats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThreatError {
    /// The game is over: nobody is to move.
    #[error("the game is over")]
    GameOver,
}

/// The side to move's forced win in `pos` by threats, if the search proves one within
/// `limits` (see the module docs).
///
/// # Errors
/// [`ThreatError::GameOver`] when the game is over.
pub fn forced_win(pos: &Pente, limits: &ThreatLimits) -> Result<Option<ForcedWin>, ThreatError> {
    let Turn::Seat(me) = pos.turn() else {
        return Err(ThreatError::GameOver);
    };
    Ok(ThreatSearch::new(*limits).prove(pos, me))
}

/// Whether the side to move of `pos` wins within `plies` against every defence by the
/// threat search's moves (`limits`): the search's first move is played by the core's rules,
/// then every legal answer of the defender, and so on to the win. The core is the referee,
/// so this checks a proof of [`forced_win`] independently of how the search found it.
/// `budget` bounds the positions checked: false when it runs out.
pub fn proof_holds(pos: &Pente, plies: u32, limits: &ThreatLimits, budget: &mut u64) -> bool {
    let Turn::Seat(me) = pos.turn() else {
        return false;
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let Some(win) = ThreatSearch::new(*limits).prove(pos, me) else {
        return false;
    };
    if win.plies > plies {
        return false;
    }
    let mut next = *pos;
    if next.play(win.first).is_err() {
        return false;
    }
    if next.winner() == Some(me) {
        return true;
    }
    if win.plies < 3 || next.winner().is_some() {
        return false;
    }
    next.moves().iter().all(|&reply| {
        let mut after = next;
        after.play_unchecked(reply);
        after.winner().is_none() && proof_holds(&after, win.plies - 2, limits, budget)
    })
}

/// A threat search with its node count (see the module docs and [`forced_win`]).
#[derive(Clone, Debug)]
pub struct ThreatSearch {
    limits: ThreatLimits,
    nodes: u64,
}

impl ThreatSearch {
    /// A search within `limits`.
    #[must_use]
    pub const fn new(limits: ThreatLimits) -> ThreatSearch {
        ThreatSearch { limits, nodes: 0 }
    }

    /// The nodes visited so far.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The forced win of `me`, the side to move of `pos` (`None` if not proven, the game
    /// is over, `me` is not to move, or the opening's special rules still hold).
    pub fn prove(&mut self, pos: &Pente, me: Seat) -> Option<ForcedWin> {
        // The first three stones follow the opening rules; no threat is possible before.
        if pos.ply() < 4 || pos.turn() != Turn::Seat(me) {
            return None;
        }
        let board = Board::of(pos);
        let a = me.index();
        let mut touched = Bits::default();
        // Fours and capture threats first, to the full length: cheap, and a long chain of
        // them is found before the threes take the budget.
        let passes: &[bool] = if self.limits.threes {
            &[false, true]
        } else {
            &[false]
        };
        for &threes in passes {
            let mut depth = if self.limits.deepening {
                1
            } else {
                self.limits.max_plies
            };
            while depth <= self.limits.max_plies {
                if let Some((plies, first)) = self.attack(&board, a, depth, threes, &mut touched) {
                    let first = Point::from_index(first)?;
                    return Some(ForcedWin { first, plies });
                }
                if self.exhausted() {
                    return None;
                }
                depth += 2;
            }
        }
        None
    }

    /// Whether the node budget is spent.
    fn exhausted(&self) -> bool {
        self.nodes >= self.limits.nodes
    }

    /// Counts a node; `true` when the budget is spent.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        self.exhausted()
    }

    /// The attacker `a` to move in `b`: a proof of its win within `depth` plies, as the
    /// plies it takes and the first move's index. `threes` allows threats to make a chain of
    /// threats. Every point the search plays or answers goes into `touched`.
    fn attack(
        &mut self,
        b: &Board,
        a: usize,
        depth: u32,
        threes: bool,
        touched: &mut Bits,
    ) -> Option<(u32, usize)> {
        if self.tick() {
            return None;
        }
        let d = 1 - a;
        let empty = b.empty();
        let now = b.wins(a, empty);
        if let Some(i) = first_index(now) {
            touched.0[i / 64] |= 1 << (i % 64);
            return Some((1, i));
        }
        if depth < 3 {
            return None;
        }
        let (mine, theirs) = (b.stones[a], b.stones[d]);
        let captures = capture_points(mine, theirs, empty, b.longest);
        // A win of the defender at once must be stopped: only by its point or a capture.
        let must_stop = b.wins(d, empty);
        let allowed = if must_stop.is_empty() {
            ALL
        } else {
            must_stop.or(captures)
        };
        let mut forcing = four_points(mine, theirs, empty).or(captures);
        if b.target.saturating_sub(b.caps[a]) <= b.longest as u16 {
            forcing = forcing.or(capture_threat_points(theirs, empty, b.longest));
        }
        forcing = forcing.and(allowed);
        for m in indices(forcing) {
            let mut next = *b;
            if next.place(a, m) {
                return Some((1, m));
            }
            let empty = next.empty();
            if !next.wins(d, empty).is_empty() {
                continue;
            }
            let threats = next.wins(a, empty);
            if threats.is_empty() {
                continue;
            }
            touched.0[m / 64] |= 1 << (m % 64);
            if let Some(plies) = self.defend_now(&next, d, depth - 1, threes, threats, touched) {
                return Some((plies + 1, m));
            }
            if self.exhausted() {
                return None;
            }
        }
        if !threes || depth < 5 {
            return None;
        }
        let mut slower = three_points(mine, theirs, empty);
        if b.target.saturating_sub(b.caps[a]) <= 2 * b.longest as u16 {
            slower = slower.or(capture_threat_points(theirs, empty, b.longest));
        }
        slower = slower.or(captures).minus(forcing).and(allowed);
        for m in indices(slower) {
            let mut next = *b;
            if next.place(a, m) {
                return Some((1, m));
            }
            let empty = next.empty();
            if !next.wins(d, empty).is_empty() || !next.wins(a, empty).is_empty() {
                continue;
            }
            // A threat if, given a second move in a row, the attacker wins by fours.
            let mut support = Bits::default();
            if self
                .attack(&next, a, depth - 2, false, &mut support)
                .is_none()
            {
                if self.exhausted() {
                    return None;
                }
                continue;
            }
            touched.0[m / 64] |= 1 << (m % 64);
            *touched = touched.or(support);
            if let Some(plies) = self.defend_later(&next, d, depth - 1, support, touched) {
                return Some((plies + 1, m));
            }
            if self.exhausted() {
                return None;
            }
        }
        None
    }

    /// The defender `d` to move in `b`, where the attacker wins at once at the points
    /// `threats`: the plies to the attacker's win if every answer loses within `depth`.
    fn defend_now(
        &mut self,
        b: &Board,
        d: usize,
        depth: u32,
        threes: bool,
        threats: Bits,
        touched: &mut Bits,
    ) -> Option<u32> {
        if self.tick() {
            return None;
        }
        let a = 1 - d;
        let empty = b.empty();
        *touched = touched.or(threats);
        // Any other move leaves a win at once standing (module docs).
        let answers = threats
            .or(capture_points(b.stones[d], b.stones[a], empty, b.longest))
            .and(empty);
        // No answer stops every threat: any move, then the win.
        let mut worst = 2;
        for r in indices(answers) {
            let mut next = *b;
            if next.place(d, r) {
                return None;
            }
            touched.0[r / 64] |= 1 << (r % 64);
            if !next.wins(a, next.empty()).is_empty() {
                continue;
            }
            let (plies, _) = self.attack(&next, a, depth - 1, threes, touched)?;
            worst = worst.max(plies + 1);
        }
        Some(worst)
    }

    /// The defender `d` to move in `b`, where the attacker, given a second move, wins by
    /// fours through the points `support`: the plies to the attacker's win if every answer
    /// within two of a stone or of `support` loses within `depth`.
    fn defend_later(
        &mut self,
        b: &Board,
        d: usize,
        depth: u32,
        support: Bits,
        touched: &mut Bits,
    ) -> Option<u32> {
        if self.tick() {
            return None;
        }
        let a = 1 - d;
        let empty = b.empty();
        let answers = near(b.stones[0].or(b.stones[1]).or(support)).and(empty);
        let mut worst = 2;
        for r in indices(answers) {
            let mut next = *b;
            if next.place(d, r) {
                return None;
            }
            let (plies, _) = self.attack(&next, a, depth - 1, true, touched)?;
            worst = worst.max(plies + 1);
        }
        Some(worst)
    }
}

/// The stones and capture counts of a position: what the threat search plays on.
#[derive(Copy, Clone, Debug)]
struct Board {
    /// Each side's stones (player 1's, player 2's).
    stones: [Bits; 2],
    /// Stones captured by each side.
    caps: [u16; 2],
    /// Captured stones that win (10, or 15 in Keryo-Pente).
    target: u16,
    /// The longest line of stones a capture takes (2, or 3 in Keryo-Pente).
    longest: usize,
}

impl Board {
    fn of(pos: &Pente) -> Board {
        Board {
            stones: [Bits::of(pos.stones(Seat(0))), Bits::of(pos.stones(Seat(1)))],
            caps: pos.captures(),
            target: pos.variant().captures_to_win(),
            longest: pos.variant().longest_capture(),
        }
    }

    fn empty(&self) -> Bits {
        ALL.minus(self.stones[0]).minus(self.stones[1])
    }

    /// Whether `side` has a stone at bit index `i` (off the board: no).
    fn has(&self, side: usize, i: isize) -> bool {
        usize::try_from(i).is_ok_and(|i| self.stones[side].has(i))
    }

    /// The stones a stone of `side` at the empty point `i` would capture.
    fn captured_at(&self, side: usize, i: usize) -> u16 {
        let other = 1 - side;
        let origin = i as isize;
        let longest = self.longest as isize;
        let mut captured = 0;
        for d in DIRECTIONS {
            let mut run = 0;
            while run <= longest && self.has(other, origin + (run + 1) * d) {
                run += 1;
            }
            if (2..=longest).contains(&run) && self.has(side, origin + (run + 1) * d) {
                captured += run as u16;
            }
        }
        captured
    }

    /// The empty points where `side`, if it were to move, wins at once: a five, or a
    /// capture that reaches the target.
    fn wins(&self, side: usize, empty: Bits) -> Bits {
        let (mine, theirs) = (self.stones[side], self.stones[1 - side]);
        let mut out = five_points(mine, empty);
        let need = self.target.saturating_sub(self.caps[side]);
        for i in indices(capture_points(mine, theirs, empty, self.longest)) {
            if self.captured_at(side, i) >= need {
                out.0[i / 64] |= 1 << (i % 64);
            }
        }
        out
    }

    /// Places a stone of `side` at the empty point `i` with its captures, as the rules do;
    /// `true` when it wins (a five, or the capture target reached by a capture).
    fn place(&mut self, side: usize, i: usize) -> bool {
        let other = 1 - side;
        let origin = i as isize;
        let longest = self.longest as isize;
        self.stones[side].0[i / 64] |= 1 << (i % 64);
        let mut captured = 0u16;
        for d in DIRECTIONS {
            let mut run = 0;
            while run <= longest && self.has(other, origin + (run + 1) * d) {
                run += 1;
            }
            if (2..=longest).contains(&run) && self.has(side, origin + (run + 1) * d) {
                for k in 1..=run {
                    let q = (origin + k * d) as usize;
                    self.stones[other].0[q / 64] &= !(1 << (q % 64));
                }
                captured += run as u16;
            }
        }
        self.caps[side] += captured;
        (captured > 0 && self.caps[side] >= self.target) || self.makes_five(side, origin)
    }

    /// Whether the stone of `side` at `origin` is part of five or more in a row.
    fn makes_five(&self, side: usize, origin: isize) -> bool {
        DIRECTIONS.chunks_exact(2).any(|pair| {
            let mut len = 1;
            for &d in pair {
                let mut k = 1;
                while k <= 4 && self.has(side, origin + k * d) {
                    k += 1;
                }
                len += k - 1;
            }
            len >= 5
        })
    }
}

/// The lowest bit index of `set`, if any.
fn first_index(set: Bits) -> Option<usize> {
    set.0
        .iter()
        .enumerate()
        .find(|(_, &w)| w != 0)
        .map(|(k, &w)| k * 64 + w.trailing_zeros() as usize)
}

/// The bit indices of `set`, lowest first.
fn indices(set: Bits) -> impl Iterator<Item = usize> {
    set.0.into_iter().enumerate().flat_map(|(k, mut w)| {
        core::iter::from_fn(move || {
            (w != 0).then(|| {
                let bit = w.trailing_zeros() as usize;
                w &= w - 1;
                k * 64 + bit
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use boardgames_core::pente::{OpeningRule, Setup, Variant};
    use boardgames_core::rand::SeedableRng;
    use boardgames_core::search::random_move;
    use boardgames_core::ChaCha8Rng;

    use super::super::testing::{after, point};
    use super::*;

    const FOURS: ThreatLimits = ThreatLimits::fours(100_000, 25);
    const THREES: ThreatLimits = ThreatLimits::threes(1_000_000, 15);

    /// [`proof_holds`] with no bound on the positions checked.
    fn holds(pos: &Pente, plies: u32, limits: &ThreatLimits) -> bool {
        proof_holds(pos, plies, limits, &mut u64::MAX.clone())
    }

    /// Player 1 (X) has K10, L10, M10 on row 10, closed at J10 by player 2 (O), and N11,
    /// N12 in column N; O's other stones are in the corners. X plays N10: a four whose
    /// only open end is O10; O cannot capture, so O blocks at O10. X plays N13: N10 to N13
    /// is a four open at N9 and N14, and one block cannot stop both. Five plies: N10, O10,
    /// N13, a block, the five. No win is shorter (no move makes two five points at once).
    #[test]
    fn continuous_fours_are_a_forced_win() {
        let pos = after(
            Variant::Pente,
            &[
                "K10", "J10", "L10", "A1", "M10", "T1", "N11", "A19", "N12", "T19",
            ],
        );
        let win = forced_win(&pos, &FOURS).unwrap().unwrap();
        assert_eq!(
            win,
            ForcedWin {
                first: point("N10"),
                plies: 5
            }
        );
        assert!(holds(&pos, 5, &FOURS));
    }

    /// X has K10, L10 on row 10 and M12, M13 in column M; O's stones are in the corners.
    /// M10 makes two threes at once: K10-L10-M10 (open: J10, N10, H10, O10 empty) and the
    /// split three M10-_-M12-M13 (M9, M11, M14 empty). O can stop one; X makes an open four
    /// with the other (N10 or J10; M11) and O cannot block both of its ends: five plies. No
    /// four can be made now, so the search of fours alone proves nothing, and no single
    /// three wins: M10 is the only first move of a five-ply win.
    #[test]
    fn two_threes_at_once_are_a_forced_win_that_fours_alone_miss() {
        let pos = after(
            Variant::Pente,
            &["K10", "A1", "L10", "T1", "M12", "A19", "M13", "T19"],
        );
        assert_eq!(forced_win(&pos, &FOURS).unwrap(), None);
        let win = forced_win(&pos, &THREES).unwrap().unwrap();
        assert_eq!(
            win,
            ForcedWin {
                first: point("M10"),
                plies: 5
            }
        );
    }

    /// Every defence of the double three above is tried by the rules (the core plays every
    /// legal answer of O, and then the search's move of X): each loses within five plies.
    #[test]
    fn the_double_three_holds_against_every_defence() {
        let pos = after(
            Variant::Pente,
            &["K10", "A1", "L10", "T1", "M12", "A19", "M13", "T19"],
        );
        assert!(holds(&pos, 5, &THREES));
    }

    /// Points far from the fight where [`position`] puts the stones that make the counts
    /// add up: three columns apart on rows 1, 3 and 5 (player 1) or 19, 17 and 15 (player
    /// 2), so that no window of five holds more than two of them on a row (a column or a
    /// diagonal holds three at most: a three, no four).
    fn fillers(top: bool) -> impl Iterator<Item = Point> {
        let rows: [usize; 3] = if top { [18, 16, 14] } else { [0, 2, 4] };
        rows.into_iter().flat_map(|row| {
            (0..19)
                .step_by(3)
                .map(move |col| Point::new(col, row).unwrap())
        })
    }

    /// Player 1 to move with the stones `x` and `o`, the capture counts `caps` (player 1's,
    /// player 2's), and far stones ([`fillers`]) enough for the counts; read by the core's
    /// setup reader, which checks it.
    fn position(variant: Variant, caps: [usize; 2], x: &[&str], o: &[&str]) -> Pente {
        let n = (x.len() + caps[1]).max(o.len() + caps[0]);
        let mut grid = [[b'.'; 19]; 19];
        for (stones, mark, on_board, top) in
            [(x, b'x', n - caps[1], false), (o, b'o', n - caps[0], true)]
        {
            let mut put = 0;
            for p in stones.iter().map(|s| point(s)) {
                grid[p.row()][p.col()] = mark;
                put += 1;
            }
            for p in fillers(top) {
                if put == on_board {
                    break;
                }
                grid[p.row()][p.col()] = mark;
                put += 1;
            }
            assert_eq!(put, on_board);
        }
        let rows: Vec<String> = (0..19)
            .rev()
            .map(|r| {
                let mut text = String::new();
                let mut gap = 0;
                for &c in &grid[r] {
                    if c == b'.' {
                        gap += 1;
                        continue;
                    }
                    if gap > 0 {
                        text += &gap.to_string();
                        gap = 0;
                    }
                    text.push(char::from(c));
                }
                if gap > 0 {
                    text += &gap.to_string();
                }
                text
            })
            .collect();
        let text = format!(
            "{} free {} {}-{} {}",
            variant.name(),
            2 * n,
            caps[0],
            caps[1],
            rows.join("/")
        );
        text.parse::<Setup>().unwrap().into_position().unwrap()
    }

    /// O (player 2) has captured 8 stones. X (to move) has the open three K10-L10-M10 (H10,
    /// J10, N10, O10 empty) and N11, with O at N12: N10 would make an open four but also the
    /// pair N10-N11 between O's N12 and the empty N9, and O's capture there is O's tenth
    /// stone, a win. So N10 loses; J10 makes the open four J10-M10 (H10 and N10 empty) and
    /// no pair O can take: X wins in three plies, J10 first. The search must refuse N10.
    #[test]
    fn a_four_that_gives_the_winning_capture_is_refused() {
        let pos = position(
            Variant::Pente,
            [0, 8],
            &["K10", "L10", "M10", "N11"],
            &["N12"],
        );
        let win = forced_win(&pos, &FOURS).unwrap().unwrap();
        assert_eq!(
            win,
            ForcedWin {
                first: point("J10"),
                plies: 3
            }
        );
        assert!(holds(&pos, 3, &FOURS));
    }

    /// Keryo-Pente: X has captured 12 stones; O's three L10-M10-N10 lies between X's K10 and
    /// the empty O10. Capturing three stones reaches 15: a win at once at O10. In Pente (X
    /// with 8) a three is never captured, and X has no win at once.
    #[test]
    fn a_capture_of_three_wins_keryo_pente_at_once() {
        let (x, o) = (["K10"], ["L10", "M10", "N10"]);
        let pos = position(Variant::KeryoPente, [12, 0], &x, &o);
        let win = forced_win(&pos, &FOURS).unwrap().unwrap();
        assert_eq!(
            win,
            ForcedWin {
                first: point("O10"),
                plies: 1
            }
        );
        let pente = position(Variant::Pente, [8, 0], &x, &o);
        assert!(forced_win(&pente, &FOURS)
            .unwrap()
            .is_none_or(|w| w.plies > 1));
    }

    /// A finished game is refused with an error, not a panic.
    #[test]
    fn a_finished_game_is_an_error() {
        let pos = after(
            Variant::Pente,
            &["K10", "A1", "L10", "A3", "M10", "A5", "N10", "A7", "O10"],
        );
        assert_eq!(forced_win(&pos, &FOURS), Err(ThreatError::GameOver));
    }

    /// Every forced win by fours the search proves in the positions of 40 random games of
    /// both variants holds against every defence, by the core's rules.
    #[test]
    fn proofs_hold_against_every_defence_in_random_games() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut proofs, mut long) = (0, 0);
        for game in 0..40 {
            let variant = if game % 2 == 0 {
                Variant::Pente
            } else {
                Variant::KeryoPente
            };
            let mut pos = Pente::new(variant, OpeningRule::Free);
            while let Turn::Seat(_) = pos.turn() {
                if let Ok(Some(win)) = forced_win(&pos, &ThreatLimits::fours(20_000, 9)) {
                    proofs += 1;
                    if win.plies >= 3 {
                        long += 1;
                        assert!(
                            holds(&pos, win.plies, &ThreatLimits::fours(20_000, 9)),
                            "{pos:?}"
                        );
                    }
                }
                let Some(mv) = random_move(&pos, &mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
        }
        assert!(proofs > 100, "{proofs}");
        assert!(long > 10, "{long}");
    }
}
