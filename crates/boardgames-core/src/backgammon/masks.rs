//! The point masks a turn starts from, made from the two sides' packed counts.
//!
//! With SSSE3 (every x86-64 CPU since about 2008; x86-64-v2 and up) the 32 slots of a side go
//! into the 32 bytes of two vector registers, one slot a byte, and each mask is a compare
//! and a byte-sign gather (`pmovmskb`); the opponent's slots are put in the mover's order by
//! one byte shuffle. Elsewhere the same masks come from the scalar nibble gathers of
//! [`super::board`]. A test holds the two forms equal.

/// The masks of a turn: where the mover has checkers (bits 1..=25, in its numbering), and in
/// the mover's numbering (bits 1..=24) the points the opponent blocks (2+ checkers) and
/// its blots (exactly one).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct TurnMasks {
    /// The mover's occupied slots 1..=25 (25 = its bar).
    pub occupied: u32,
    /// The points the mover may not land on.
    pub blocked: u32,
    /// The points where the mover hits a blot by landing.
    pub blots: u32,
}

/// The masks of a turn of the side with packed counts `me` against `opp` (each in its own
/// numbering, as [`super::Board::packed`] gives them).
#[inline(always)]
pub(crate) fn turn_masks(me: u128, opp: u128) -> TurnMasks {
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    {
        vector::turn_masks(me, opp)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    {
        scalar_turn_masks(me, opp)
    }
}

/// [`turn_masks`] from the scalar nibble gathers.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "ssse3"))))]
#[inline(always)]
pub(crate) fn scalar_turn_masks(me: u128, opp: u128) -> TurnMasks {
    use super::board::{made_mask, mirror, nonzero_mask};
    let opp_occ = nonzero_mask(opp) & 0x01FF_FFFE;
    let opp_made = made_mask(opp) & 0x01FF_FFFE;
    TurnMasks {
        occupied: nonzero_mask(me) & 0x03FF_FFFE,
        blocked: mirror(opp_made),
        blots: mirror(opp_occ & !opp_made),
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
mod vector {
    use super::TurnMasks;
    use safe_arch::{
        bitand_m128i, cmp_eq_mask_i8_m128i, cmp_gt_mask_i8_m128i, m128i, move_mask_i8_m128i,
        set_i8_m128i, set_splat_i8_m128i, shr_imm_u16_m128i, shuffle_av_i8z_all_m128i,
        unpack_high_i8_m128i, unpack_low_i8_m128i, zeroed_m128i,
    };

    /// The 32 slots of packed counts, one a byte: slots 0..=15, then 16..=31.
    #[inline(always)]
    fn slots(x: u128) -> (m128i, m128i) {
        let v = m128i::from(x);
        let nibble = set_splat_i8_m128i(0x0F);
        let even = bitand_m128i(v, nibble);
        let odd = bitand_m128i(shr_imm_u16_m128i::<4>(v), nibble);
        (
            unpack_low_i8_m128i(even, odd),
            unpack_high_i8_m128i(even, odd),
        )
    }

    /// The 32 bits of a byte mask over slots 0..=15 (`low`) and 16..=31 (`high`).
    #[inline(always)]
    fn gather(low: m128i, high: m128i) -> u32 {
        (move_mask_i8_m128i(low) as u32 & 0xFFFF) | ((move_mask_i8_m128i(high) as u32) << 16)
    }

    #[inline(always)]
    pub(super) fn turn_masks(me: u128, opp: u128) -> TurnMasks {
        let zero = zeroed_m128i();
        let (a, b) = slots(me);
        let empty = gather(cmp_eq_mask_i8_m128i(a, zero), cmp_eq_mask_i8_m128i(b, zero));
        // The opponent's slots in reverse, slot 31 first: byte `k` is its slot `31 - k`,
        // which is the mover's point `k - 6`.
        let reverse = set_i8_m128i(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        let (lo, hi) = slots(opp);
        let (c, d) = (
            shuffle_av_i8z_all_m128i(hi, reverse),
            shuffle_av_i8z_all_m128i(lo, reverse),
        );
        let one = set_splat_i8_m128i(1);
        let made = gather(cmp_gt_mask_i8_m128i(c, one), cmp_gt_mask_i8_m128i(d, one));
        let single = gather(cmp_eq_mask_i8_m128i(c, one), cmp_eq_mask_i8_m128i(d, one));
        TurnMasks {
            occupied: !empty & 0x03FF_FFFE,
            blocked: (made >> 6) & 0x01FF_FFFE,
            blots: (single >> 6) & 0x01FF_FFFE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator of packed counts (xorshift).
    fn counts(seed: &mut u64) -> u128 {
        let mut x = 0u128;
        for slot in 0..26 {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            // Mostly 0, 1 and 2, sometimes up to 15.
            let n = match *seed % 8 {
                0..=3 => 0,
                4 | 5 => 1,
                6 => 2,
                _ => (*seed >> 8) % 16,
            };
            x |= u128::from(n) << (4 * slot);
        }
        x
    }

    #[test]
    fn the_masks_of_a_hand_worked_position() {
        // The mover: 2 on its 24-point, 1 on its 6-point, 1 on the bar. The opponent: 2 on its
        // 1-point (the mover's 24), 1 on its 19-point (the mover's 6), 1 on its 7-point (the
        // mover's 18), 3 borne off.
        let me = (2u128 << (4 * 24)) | (1 << (4 * 6)) | (1 << (4 * 25));
        let opp = (2u128 << 4) | (1 << (4 * 19)) | (1 << (4 * 7)) | 3;
        let m = turn_masks(me, opp);
        assert_eq!(m.occupied, (1 << 24) | (1 << 6) | (1 << 25));
        assert_eq!(m.blocked, 1 << 24);
        assert_eq!(m.blots, (1 << 6) | (1 << 18));
        assert_eq!(scalar_turn_masks(me, opp), m);
    }

    #[test]
    fn both_forms_agree() {
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            let (me, opp) = (counts(&mut seed), counts(&mut seed));
            assert_eq!(
                turn_masks(me, opp),
                scalar_turn_masks(me, opp),
                "{me:x} {opp:x}"
            );
        }
    }
}
