//! A play: the whole move of one turn as up to four checker steps, and its canonical
//! gnubg-style notation.

use core::fmt;

use arrayvec::ArrayVec;

use super::notation::{PlayNotation, WrittenMove};

/// One checker step of a play, in the mover's own numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The source: a point `1..=24`, or `25` for the bar.
    pub from: u8,
    /// The destination: a point `1..=24`, or `0` for borne off.
    pub to: u8,
    /// Whether this step hits a blot on `to` (it goes to the opponent's bar).
    pub hit: bool,
}

/// The whole move of one turn: up to four checker steps (doubles play four), or a pass.
///
/// Points are in the mover's numbering (`25` = bar, `0` = off). A play is `Copy`, 10 bytes,
/// and canonical: steps sorted by source (highest first) then destination (highest first),
/// and a hit flagged on the first step landing on each hit point, so that two plays are equal
/// exactly when they are written the same. Plays come from the move generator
/// ([`Backgammon::legal_moves`](crate::Game::legal_moves)) or from notation resolved against
/// a position; `Display` prints gnubg's notation (`24/18*/14 6/5(2)`, `bar/22`, `pass`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "Vec<(u8, u8, bool)>", into = "Vec<(u8, u8, bool)>")
)]
pub struct Play {
    steps: [[u8; 2]; 4],
    len: u8,
    hits: u8,
}

/// The most steps a play has: four, for doubles.
pub const MAX_STEPS: usize = 4;

impl Play {
    /// The empty play: no die can be used and the turn passes.
    pub const PASS: Play = Play {
        steps: [[0; 2]; 4],
        len: 0,
        hits: 0,
    };

    /// Builds the canonical play from steps in playing order (sources `1..=25`, destinations
    /// `0..=24`, at most four) and the mask of hit points (bit `p` = a blot on point `p` of the
    /// mover's numbering was hit). Extra steps beyond four are ignored; a destination past 31
    /// is never marked hit (such a play is no legal play).
    #[must_use]
    pub fn from_steps(steps: &[(u8, u8)], hit_points: u32) -> Play {
        let mut s = [[0u8; 2]; 4];
        let len = steps.len().min(MAX_STEPS);
        for (slot, &(f, t)) in s.iter_mut().zip(steps) {
            *slot = [f, t];
        }
        // Insertion sort, descending by (from, to).
        for i in 1..len {
            let mut j = i;
            while j > 0 && s[j - 1] < s[j] {
                s.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut hits = 0u8;
        let mut seen = 0u32;
        for (i, st) in s.iter().enumerate().take(len) {
            let to = u32::from(st[1]);
            // A destination past 31 has no bit in the masks: never a hit.
            let bit = 1u32.checked_shl(to).unwrap_or(0);
            if to != 0 && hit_points & bit != 0 && seen & bit == 0 {
                hits |= 1 << i;
                seen |= 1 << to;
            }
        }
        Play {
            steps: s,
            len: len as u8,
            hits,
        }
    }

    /// Whether this is the pass (no checker moves).
    #[inline]
    #[must_use]
    pub const fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// The number of steps, `0..=4` (dice used).
    #[inline]
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the play has no steps (the pass).
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The steps in canonical order.
    pub fn steps(&self) -> impl Iterator<Item = Step> + '_ {
        self.steps[..self.len()]
            .iter()
            .enumerate()
            .map(|(i, s)| Step {
                from: s[0],
                to: s[1],
                hit: self.hits & (1 << i) != 0,
            })
    }

    /// The mask of points (mover's numbering, bits 1..=24) where the play hits a blot.
    #[must_use]
    pub fn hit_points(&self) -> u32 {
        self.steps()
            .filter(|s| s.hit)
            .fold(0, |m, s| m | (1 << s.to))
    }

    /// Pips moved: the sum of `from - to` over the steps.
    #[must_use]
    pub fn pips(&self) -> u32 {
        self.steps()
            .map(|s| u32::from(s.from - s.to.min(s.from)))
            .sum()
    }

    /// Writes gnubg's canonical notation: one checker's consecutive steps merged (`13/9`),
    /// intermediate points kept only where a blot is hit (`bar/22*/16`), `*` once per hit
    /// point, `(n)` for `n` equal moves, moves by source from the highest.
    pub fn write_notation(&self, out: &mut impl fmt::Write) -> fmt::Result {
        write!(out, "{}", PlayNotation::of(self))
    }

    /// The moves of the canonical notation (see [`Play::write_notation`]), with the `*`
    /// marks and `(n)` counts it writes.
    pub(crate) fn written_moves(&self) -> ArrayVec<WrittenMove, MAX_STEPS> {
        let hit_at = self.hit_points();
        let n = self.len();
        // Each row: a checker's path of points, source first.
        let mut rows: [ArrayVec<u8, 5>; 4] = Default::default();
        let mut alive = [false; 4];
        for (i, s) in self.steps().enumerate() {
            rows[i].push(s.from);
            rows[i].push(s.to);
            alive[i] = true;
        }
        for i in 0..n {
            if !alive[i] {
                continue;
            }
            for j in i + 1..n {
                if !alive[j] {
                    continue;
                }
                let dest = *rows[i].last().unwrap_or(&0);
                if dest != 0 && dest == rows[j][0] {
                    let next = rows[j][1];
                    if hit_at & (1 << dest) == 0 {
                        rows[i].pop();
                    }
                    rows[i].push(next);
                    alive[j] = false;
                }
            }
        }
        let mut count = [1u8; 4];
        for i in 0..n {
            if !alive[i] {
                continue;
            }
            for j in i + 1..n {
                if alive[j] && rows[j] == rows[i] {
                    count[i] += 1;
                    alive[j] = false;
                }
            }
        }
        let mut moves = ArrayVec::new();
        let mut starred = 0u32;
        for i in 0..n {
            if !alive[i] {
                continue;
            }
            let row = &rows[i];
            let mut points = ArrayVec::new();
            points.push((row[0], false));
            for &p in &row[1..row.len() - 1] {
                points.push((p, true));
                starred |= 1 << p;
            }
            let dest = row[row.len() - 1];
            let star = dest != 0 && hit_at & (1 << dest) != 0 && starred & (1 << dest) == 0;
            if star {
                starred |= 1 << dest;
            }
            points.push((dest, star));
            moves.push(WrittenMove {
                points,
                count: count[i],
            });
        }
        moves
    }
}

/// Writes a point of the mover's numbering: `bar` for 25, `off` for 0, else the number.
pub(crate) fn write_point(out: &mut impl fmt::Write, p: u8) -> fmt::Result {
    match p {
        25 => out.write_str("bar"),
        0 => out.write_str("off"),
        n => write!(out, "{n}"),
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_notation(f)
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Play(")?;
        self.write_notation(f)?;
        write!(f, ")")
    }
}

impl From<Play> for Vec<(u8, u8, bool)> {
    /// The steps as `(from, to, hit)` triples in canonical order (the JSON form of a play).
    fn from(p: Play) -> Self {
        p.steps().map(|s| (s.from, s.to, s.hit)).collect()
    }
}

impl TryFrom<Vec<(u8, u8, bool)>> for Play {
    type Error = String;

    /// Reads `(from, to, hit)` steps: at most four, sources `1..=25`, destinations `0..=24`
    /// below the source. Says which step is wrong otherwise.
    fn try_from(steps: Vec<(u8, u8, bool)>) -> Result<Play, String> {
        if steps.len() > MAX_STEPS {
            return Err(format!("{} steps, at most {MAX_STEPS}", steps.len()));
        }
        let mut raw = ArrayVec::<(u8, u8), 4>::new();
        let mut hits = 0u32;
        for (i, &(from, to, hit)) in steps.iter().enumerate() {
            if !(1..=25).contains(&from) || to > 24 || to >= from {
                return Err(format!("step {i}: {from}/{to} is not a move toward home"));
            }
            if hit && to == 0 {
                return Err(format!("step {i}: nothing to hit off the board"));
            }
            if hit {
                hits |= 1 << to;
            }
            raw.push((from, to));
        }
        Ok(Play::from_steps(&raw, hits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(steps: &[(u8, u8)], hits: &[u8]) -> String {
        let mask = hits.iter().fold(0u32, |m, &p| m | (1 << p));
        Play::from_steps(steps, mask).to_string()
    }

    #[test]
    fn size_is_small() {
        assert_eq!(core::mem::size_of::<Play>(), 10);
    }

    #[test]
    fn steps_out_of_range_build_a_play_without_a_hit() {
        // Not a legal play, but no panic (debug builds checked the shift) and no hit.
        for to in [25u8, 31, 32, 40, 255] {
            let p = Play::from_steps(&[(30, to)], u32::MAX);
            assert_eq!(p.len(), 1);
            assert_eq!(p.steps().next().map(|s| s.hit), Some(to <= 31), "{to}");
        }
    }

    #[test]
    fn gnubg_formatting() {
        // Hand-worked: one checker, no hit on the way: merged.
        assert_eq!(play(&[(24, 18), (18, 13)], &[]), "24/13");
        // Hit on the intermediate point is kept.
        assert_eq!(play(&[(25, 22), (22, 16)], &[22]), "bar/22*/16");
        // Repeats.
        assert_eq!(
            play(&[(13, 7), (13, 7), (24, 18), (13, 7)], &[]),
            "24/18 13/7(3)"
        );
        assert_eq!(play(&[(9, 7), (9, 7)], &[7]), "9/7*(2)");
        // A chain into the bear-off, then another checker from the same point.
        assert_eq!(
            play(&[(2, 1), (1, 0), (2, 1), (6, 5)], &[]),
            "6/5 2/off 2/1"
        );
        assert_eq!(play(&[(3, 2), (3, 0)], &[2]), "3/2* 3/off");
        assert_eq!(Play::PASS.to_string(), "pass");
    }

    #[test]
    fn canonical_equality() {
        let a = Play::from_steps(&[(13, 7), (24, 18)], 0);
        let b = Play::from_steps(&[(24, 18), (13, 7)], 0);
        assert_eq!(a, b);
    }
}
