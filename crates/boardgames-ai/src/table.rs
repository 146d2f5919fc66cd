//! The transposition table: what earlier searches found about a position, by its key.

use crate::evaluator::WIN;

/// Whether a stored score is exact or a bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true score.
    Exact,
    /// At least this (a move was too good: beta cut).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

/// One stored position.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub depth: u32,
    pub bound: Bound,
    pub score: i32,
    pub best: Option<M>,
}

/// A fixed-size table, one entry a slot, replaced by deeper or newer searches.
pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

/// Scores within this distance of a win are wins at a distance: stored relative to the
/// node, so that a transposition reached at another ply keeps the right distance.
const NEAR_WIN: i32 = WIN - 10_000;

impl<M: Copy> Table<M> {
    /// A table of `2^log2` slots (allocated once).
    pub fn new(log2: u32) -> Table<M> {
        let n = 1usize << log2.min(26);
        Table {
            slots: vec![None; n],
            mask: n - 1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    fn slot(&self, key: u64) -> usize {
        // The low bits of the key pick the slot; the whole key is checked on probing.
        (key as usize) & self.mask
    }

    /// The entry of `key`, its score made relative to the root again (`ply` from it).
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry<M>> {
        let e = self.slots.get(self.slot(key)).copied().flatten()?;
        (e.key == key).then(|| Entry {
            score: from_stored(e.score, ply),
            ..e
        })
    }

    /// Stores what a search of `depth` found at `key`, `ply` from the root.
    pub fn store(
        &mut self,
        key: u64,
        ply: u32,
        depth: u32,
        bound: Bound,
        score: i32,
        best: Option<M>,
    ) {
        let i = self.slot(key);
        let keep =
            matches!(self.slots.get(i), Some(Some(old)) if old.key == key && old.depth > depth);
        if keep {
            return;
        }
        if let Some(slot) = self.slots.get_mut(i) {
            *slot = Some(Entry {
                key,
                depth,
                bound,
                score: to_stored(score, ply),
                best,
            });
        }
    }
}

fn to_stored(score: i32, ply: u32) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    if score >= NEAR_WIN {
        score + ply
    } else if score <= -NEAR_WIN {
        score - ply
    } else {
        score
    }
}

fn from_stored(score: i32, ply: u32) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    if score >= NEAR_WIN {
        score - ply
    } else if score <= -NEAR_WIN {
        score + ply
    } else {
        score
    }
}
