//! The checker layout: per-side checker counts packed four bits per slot, and the masks of
//! occupied and blocked points derived from them.

use core::fmt;

use super::error::SetupProblem;

/// The number of checkers each side has.
pub const CHECKERS: u8 = 15;

/// The slot index of the borne-off checkers in a side's counts.
pub const OFF: usize = 0;

/// The slot index of the bar in a side's counts (the 25-point, where checkers enter from).
pub const BAR: usize = 25;

/// Bits 1..=6 of a point mask: the home board.
pub(crate) const HOME_MASK: u32 = 0x7E;

/// One of the two players.
///
/// `X` is the "bottom" player of the neutral format and of XGID, gnubg's player 1; it moves
/// from its 24-point down to its 1-point. `O` is gnubg's player 0 and moves the other way;
/// its own point `j` is X's point `25 - j`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The player moving from 24 down to 1 in the neutral numbering (seat 0).
    #[cfg_attr(feature = "serde", serde(rename = "x"))]
    X = 0,
    /// The player moving from 1 up to 24 in the neutral numbering (seat 1).
    #[cfg_attr(feature = "serde", serde(rename = "o"))]
    O = 1,
}

impl Side {
    /// Both sides, `[X, O]`.
    pub const BOTH: [Side; 2] = [Side::X, Side::O];

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// `0` for X, `1` for O: the index into per-side arrays and the seat number.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// gnubg's player number: X is player 1, O is player 0.
    #[inline]
    #[must_use]
    pub const fn gnubg_player(self) -> u8 {
        match self {
            Side::X => 1,
            Side::O => 0,
        }
    }

    /// The side of gnubg's player number (`0` = O, anything else = X).
    #[inline]
    #[must_use]
    pub const fn from_gnubg_player(player: u8) -> Side {
        if player == 0 {
            Side::O
        } else {
            Side::X
        }
    }

    /// The letter used in the neutral format and in diagrams: `x` or `o`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::X => "X",
            Side::O => "O",
        })
    }
}

const NIBBLE_LSB: u128 = 0x1111_1111_1111_1111_1111_1111_1111_1111;

/// Gathers bit `4 * i` of `x` (for `i < 16`) into bit `i`.
#[inline]
const fn gather16(x: u64) -> u32 {
    let mut t = x & 0x1111_1111_1111_1111;
    t = (t | (t >> 3)) & 0x0303_0303_0303_0303;
    t = (t | (t >> 6)) & 0x000F_000F_000F_000F;
    t = (t | (t >> 12)) & 0x0000_00FF_0000_00FF;
    t = (t | (t >> 24)) & 0xFFFF;
    t as u32
}

/// Bit `i` set where nibble `i` of `x` is nonzero (26 nibbles).
#[inline]
pub(crate) const fn nonzero_mask(x: u128) -> u32 {
    let mut t = x | (x >> 1);
    t |= t >> 2;
    t &= NIBBLE_LSB;
    (gather16(t as u64) | (gather16((t >> 64) as u64) << 16)) & 0x03FF_FFFF
}

/// Bit `i` set where nibble `i` of `x` is at least 2.
#[inline]
pub(crate) const fn made_mask(x: u128) -> u32 {
    let y = (x >> 1) & (NIBBLE_LSB * 7);
    nonzero_mask(y)
}

/// Maps a mask in one side's numbering (bits 1..=24) to the other side's numbering.
#[inline]
pub(crate) const fn mirror(mask: u32) -> u32 {
    (mask & 0x01FF_FFFE).reverse_bits() >> 6
}

/// The checkers of both sides.
///
/// Each side's counts are kept in its own numbering in one `u128`, four bits per slot:
/// slot 0 = borne off, slots 1..=24 = its points 1..=24, slot 25 = its bar. Counts are
/// `0..=15`. A `Board` may hold any counts; [`Board::problems`] says whether it is a valid
/// backgammon position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Board {
    sides: [u128; 2],
}

impl Board {
    /// The board without any checker (not a valid position by itself).
    pub const EMPTY: Board = Board { sides: [0, 0] };

    /// The standard starting layout: from each side's view 2 checkers on its 24-point, 5 on
    /// its 13-point, 3 on its 8-point and 5 on its 6-point.
    #[must_use]
    pub const fn standard() -> Board {
        let s: u128 = (2 << (4 * 24)) | (5 << (4 * 13)) | (3 << (4 * 8)) | (5 << (4 * 6));
        Board { sides: [s, s] }
    }

    /// Builds a board from both sides' packed counts (see the type docs).
    #[inline]
    #[must_use]
    pub const fn from_packed(x: u128, o: u128) -> Board {
        Board { sides: [x, o] }
    }

    /// A side's packed counts in its own numbering (see the type docs).
    #[inline]
    #[must_use]
    pub const fn packed(&self, side: Side) -> u128 {
        self.sides[side as usize]
    }

    /// The checkers of `side` in `slot` of its own numbering: 0 = off, 1..=24 = points,
    /// 25 = bar. Returns 0 for `slot > 25`.
    #[inline]
    #[must_use]
    pub const fn count(&self, side: Side, slot: usize) -> u8 {
        if slot > BAR {
            return 0;
        }
        ((self.sides[side as usize] >> (4 * slot)) & 15) as u8
    }

    /// Sets the checkers of `side` in `slot` (`0..=25`) to `n` (`0..=15`; larger values are
    /// cut to 15, other slots are ignored).
    pub fn set_count(&mut self, side: Side, slot: usize, n: u8) {
        if slot > BAR {
            return;
        }
        let shift = 4 * slot;
        let s = &mut self.sides[side as usize];
        *s = (*s & !(15u128 << shift)) | (u128::from(n.min(15)) << shift);
    }

    /// All 26 counts of a side in its own numbering (index 0 = off, 25 = bar).
    #[must_use]
    pub fn counts(&self, side: Side) -> [u8; 26] {
        let mut out = [0u8; 26];
        for (slot, c) in out.iter_mut().enumerate() {
            *c = self.count(side, slot);
        }
        out
    }

    /// Checkers of `side` on its bar.
    #[inline]
    #[must_use]
    pub const fn bar(&self, side: Side) -> u8 {
        self.count(side, BAR)
    }

    /// Checkers of `side` borne off.
    #[inline]
    #[must_use]
    pub const fn off(&self, side: Side) -> u8 {
        self.count(side, OFF)
    }

    /// Checkers of `side` on the board, bar and off together (15 in a valid position).
    #[must_use]
    pub fn total(&self, side: Side) -> u32 {
        (0..=BAR).map(|s| u32::from(self.count(side, s))).sum()
    }

    /// The pip count of `side`: the sum over its checkers of the distance still to go
    /// (point number in its own numbering, 25 for the bar). 167 at the start.
    #[must_use]
    pub fn pip_count(&self, side: Side) -> u32 {
        (1..=BAR)
            .map(|s| s as u32 * u32::from(self.count(side, s)))
            .sum()
    }

    /// Points (bits 1..=24) and bar (bit 25) where `side` has checkers, in its own numbering.
    #[inline]
    #[must_use]
    pub const fn occupied(&self, side: Side) -> u32 {
        nonzero_mask(self.sides[side as usize]) & 0x03FF_FFFE
    }

    /// Points (bits 1..=24) that `side` holds with two or more checkers, in its own numbering.
    #[inline]
    #[must_use]
    pub const fn made(&self, side: Side) -> u32 {
        made_mask(self.sides[side as usize]) & 0x01FF_FFFE
    }

    /// Points (bits 1..=24, in `side`'s numbering) where `side` may not land: held by two or
    /// more opposing checkers.
    #[inline]
    #[must_use]
    pub const fn blocked_for(&self, side: Side) -> u32 {
        mirror(self.made(side.other()))
    }

    /// Points (bits 1..=24, in `side`'s numbering) holding a single opposing checker (a blot
    /// that `side` hits by landing there).
    #[inline]
    #[must_use]
    pub const fn blots_for(&self, side: Side) -> u32 {
        let opp = side.other();
        mirror(self.occupied(opp) & !self.made(opp))
    }

    /// Whether `side` has all its remaining checkers in its home board (points 1..=6) and
    /// none on the bar, so that it may bear off.
    #[must_use]
    pub const fn all_home(&self, side: Side) -> bool {
        self.occupied(side) & !HOME_MASK == 0
    }

    /// Whether the board is the side's win: all 15 checkers of `side` borne off.
    #[inline]
    #[must_use]
    pub const fn has_won(&self, side: Side) -> bool {
        self.off(side) >= CHECKERS
    }

    /// Every reason this board is not a valid backgammon position (empty when it is valid):
    /// each side has exactly 15 checkers, no point holds checkers of both sides, and packed
    /// counts have no bits past the bar's slot.
    #[must_use]
    pub fn problems(&self) -> Vec<SetupProblem> {
        let mut out = Vec::new();
        for side in Side::BOTH {
            if self.sides[side as usize] >> (4 * 26) != 0 {
                out.push(SetupProblem::PackedPastBar { side });
            }
            let total = self.total(side);
            if total != u32::from(CHECKERS) {
                out.push(SetupProblem::CheckerCount { side, total });
            }
        }
        let both = self.occupied(Side::X) & mirror(self.occupied(Side::O)) & 0x01FF_FFFE;
        for point in 1..=24u8 {
            if both & (1 << point) != 0 {
                out.push(SetupProblem::SharedPoint { point });
            }
        }
        if self.has_won(Side::X) && self.has_won(Side::O) {
            out.push(SetupProblem::BothBorneOff);
        }
        out
    }

    /// The same board with the sides' roles swapped (X's checkers become O's on the mirrored
    /// points): used for symmetry checks.
    #[must_use]
    pub const fn swapped(&self) -> Board {
        Board {
            sides: [self.sides[1], self.sides[0]],
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board {{ x: {:?}, o: {:?} }}",
            self.counts(Side::X),
            self.counts(Side::O)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_counts_and_masks() {
        let b = Board::standard();
        assert_eq!(b.pip_count(Side::X), 167);
        assert_eq!(b.pip_count(Side::O), 167);
        assert_eq!(b.total(Side::X), 15);
        assert!(b.problems().is_empty());
        let occ = (1 << 6) | (1 << 8) | (1 << 13) | (1 << 24);
        assert_eq!(b.occupied(Side::X), occ);
        assert_eq!(b.made(Side::X), occ);
        // O's 24, 13, 8, 6 are X's 1, 12, 17, 19.
        assert_eq!(
            b.blocked_for(Side::X),
            (1 << 1) | (1 << 12) | (1 << 17) | (1 << 19)
        );
        assert_eq!(b.blots_for(Side::X), 0);
    }

    #[test]
    fn packed_counts_past_the_bar_are_a_problem() {
        let s = Board::standard();
        for bit in [104, 120, 127] {
            let junk = Board::from_packed(s.packed(Side::X), s.packed(Side::O) | (1u128 << bit));
            assert_eq!(
                junk.problems(),
                [SetupProblem::PackedPastBar { side: Side::O }],
                "bit {bit}"
            );
        }
        let last_slot = Board::from_packed(s.packed(Side::X) | (1u128 << 103), s.packed(Side::O));
        assert!(!last_slot
            .problems()
            .contains(&SetupProblem::PackedPastBar { side: Side::X }));
    }

    #[test]
    fn masks_match_counts() {
        let mut b = Board::EMPTY;
        b.set_count(Side::X, 3, 1);
        b.set_count(Side::X, 25, 2);
        b.set_count(Side::X, 24, 15);
        b.set_count(Side::O, 2, 1);
        assert_eq!(b.occupied(Side::X), (1 << 3) | (1 << 24) | (1 << 25));
        assert_eq!(b.made(Side::X), 1 << 24);
        assert_eq!(b.blots_for(Side::X), 1 << 23);
        assert_eq!(mirror(1 << 1), 1 << 24);
        assert_eq!(mirror(1 << 24), 1 << 1);
    }
}
