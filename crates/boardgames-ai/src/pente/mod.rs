//! Pente and Keryo-Pente: the evaluator ([`PenteEval`]) and the levels of the engine.
//!
//! | level | budget | what it sees |
//! |---|---|---|
//! | 1 | depth 1 | a win on the board this move (five, or the last capture) |
//! | 2 | depth 2 | also the opponent's win next move, so it blocks fours |
//! | 3 | depth 4 | a two-move plan: open threes and capture threats |
//! | 4 (default) | depth 6 | a three-move plan |
//! | 5 | depth 8 | a four-move plan, slowest |
//!
//! A level is a depth, never a clock, so that it plays the same moves on every machine; on
//! one core of a 2-core development machine, from the openings of real games, level 3
//! answers in a few hundredths of a second, level 4 in about a tenth (at most about 1 s) and
//! level 5 in about a second on average, but in several seconds early in a game (about 4.5
//! s for the answer to K10, 10 s in Keryo-Pente) and against loose play, where captures
//! abound (`docs/performance.md`); so level 4 is the default, the level that answers in
//! about a second or less everywhere; `bestmove --movetime` and `arena`'s
//! `movetime=MS` give the engine a clock instead. Levels 3 to 5 search to an even depth,
//! so that the opponent's answer to the last move searched is seen.
//!
//! Only points within two of a stone are searched (every move of a five or a capture is
//! there), and only the forced ones while a four stands (one's own five; else the block or
//! a capture). From level 3 on, past the depth a quiescence search looks at the
//! captures and the moves that make a four, up to four plies past the depth, and at every
//! answer to a four they make.
//!
//! [`engine_with_threats`] (not the levels of [`engine`], which the programs play: at equal
//! time it is weaker, `docs/strength.md`) adds from level 3 on the threat search
//! ([`threats`]), which proves forced wins far beyond the depth:
//! at the root (fours, capture threats and threes, 20,000 nodes; a proven win is played at
//! once), after each root move (the opponent's wins by fours and capture threats, 300 nodes
//! each; such a move is scored as the loss) and at the horizon (the side to move's, 10
//! nodes). A search to the same depth takes longer with it: the root's and replies'
//! searches are a fixed cost per move, and the horizon's slows every leaf
//! (`docs/strength.md`, "Threat search").

mod bits;
mod eval;
pub mod threats;

pub use eval::PenteEval;
pub use threats::{forced_win, proof_holds, ForcedWin, ThreatError, ThreatLimits, ThreatSearch};

use boardgames_core::pente::Pente;

use crate::alphabeta::AlphaBeta;
use crate::budget::{level_row, of_level, Budget};

/// The level a program uses when none is asked for.
pub const DEFAULT_LEVEL: u8 = 4;

/// What the evaluator counts one captured pair worth (two stones): the unit in which
/// programs show its scores.
pub const PAIR_WORTH: i32 = 120;

/// The budget of each level, 1 to 5 (the module docs' table).
const LEVELS: [Budget; 5] = [
    level_row(Some(1), None),
    level_row(Some(2), None),
    level_row(Some(4), None),
    level_row(Some(6), None),
    level_row(Some(8), None),
];

/// The budget of a level, 1 to 5 (other values are clamped).
#[must_use]
pub fn budget(level: u8) -> Budget {
    of_level(level, &LEVELS)
}

/// The engine of a level (see the module docs): alpha-beta with [`PenteEval`] and a
/// transposition table of 2^18 entries, kept from one timed search to the next
/// ([`AlphaBeta::keeping_table`]: at equal time it scored 55 % against the engine emptying
/// it, `docs/strength.md`).
#[must_use]
pub fn engine(level: u8) -> AlphaBeta<Pente, PenteEval> {
    AlphaBeta::at_level(PenteEval, level, budget(level)).keeping_table()
}

/// The engine of a level with the threat search's proofs of forced wins from level 3 on
/// ([`threats`], [`AlphaBeta::with_forced_wins`]): it finds forced wins and sees forced
/// losses far beyond its depth, but at equal time it is weaker than [`engine`] (the proofs
/// cost the full-width search its depth; `docs/strength.md`, "Threat search"), so the
/// programs' levels are [`engine`]'s.
#[must_use]
pub fn engine_with_threats(level: u8) -> AlphaBeta<Pente, PenteEval> {
    let searcher = engine(level);
    if level >= 3 {
        searcher.with_forced_wins()
    } else {
        searcher
    }
}

/// Positions for the tests of this folder.
#[cfg(test)]
mod testing {
    use boardgames_core::pente::{OpeningRule, Pente, Point, Variant};
    use boardgames_core::Game;

    /// The position after `moves` from the empty board (free opening).
    pub(super) fn after(variant: Variant, moves: &[&str]) -> Pente {
        let mut pos = Pente::new(variant, OpeningRule::Free);
        for m in moves {
            pos.play(pos.parse_move(m).unwrap()).unwrap();
        }
        pos
    }

    /// The point written `text` (`K10`).
    pub(super) fn point(text: &str) -> Point {
        text.parse().unwrap()
    }
}
