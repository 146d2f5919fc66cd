//! What one search may spend.

use std::time::Duration;

/// The limits of one search: the deepest iteration, the nodes visited, the time. A search
/// stops at the first limit reached and answers with its deepest iteration: the last one
/// finished, or the one the limit cut short when it had searched at least its first move.
/// A budget that runs out before the first move of depth 1 is searched still gets an answer:
/// the first move of the engine's ordering, at depth 0, with the evaluation of the position.
/// A search also stops when every move ends the game (deeper iterations would find the
/// same). Depth and node limits make a search deterministic; time does not. The clock is
/// read every 1,024 nodes, so a time shorter than that many nodes' work is overrun by them
/// (`time(Duration::ZERO)` still finishes depth 1 in a small position).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Budget {
    /// The deepest iteration, in plies (`None`: no limit but the others; a search with no
    /// limit at all stops at depth 64).
    pub depth: Option<u32>,
    /// Nodes to visit at most (a node is one position searched); the count a search reports
    /// may be one more, the node at which it found the limit reached.
    pub nodes: Option<u64>,
    /// Time to think at most, measured from the start of the search.
    pub time: Option<Duration>,
}

impl Budget {
    /// Search exactly to `plies` (iterating up to it; 0 counts as 1, more than 64 as 64).
    #[must_use]
    pub const fn depth(plies: u32) -> Budget {
        Budget {
            depth: Some(plies),
            nodes: None,
            time: None,
        }
    }

    /// Search as deep as `nodes` nodes allow.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            depth: None,
            nodes: Some(nodes),
            time: None,
        }
    }

    /// Search as deep as `time` allows.
    #[must_use]
    pub const fn time(time: Duration) -> Budget {
        Budget {
            depth: None,
            nodes: None,
            time: Some(time),
        }
    }

    /// The deepest iteration this budget allows (64 when it sets none).
    #[must_use]
    pub fn max_depth(&self) -> u32 {
        self.depth.unwrap_or(64).clamp(1, 64)
    }
}

/// A level's budget: a depth, a node count or both, never a clock, so that a level plays
/// the same moves on every machine.
pub(crate) const fn level_row(depth: Option<u32>, nodes: Option<u64>) -> Budget {
    Budget {
        depth,
        nodes,
        time: None,
    }
}

/// The budget of `level` (1 to 5, other values clamped) in a table of five rows.
pub(crate) fn of_level(level: u8, table: &[Budget; 5]) -> Budget {
    table[usize::from(level.clamp(1, 5)) - 1]
}
