//! The `replay --jsonl` report of the reference data, a fold over the [`Trace`] of a game's
//! moves as written.

use crate::abalone::position::{Abalone, Colour, EJECTED_TO_WIN};
use crate::abalone::setup::{Captured, Setup};
use crate::game::Game;
use crate::record::Trace;

/// The first move of a list that is not legal (or not a move at all).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FirstIllegal {
    /// Its ply, from 1.
    pub ply: usize,
    /// The side that was to play it.
    pub side: Colour,
    /// The move as written.
    pub token: String,
    /// Why it is refused: `illegal move: ` and the rule it breaks, or `bad notation: ` and
    /// why the text is not Aba-Pro notation.
    pub reason: String,
}

/// The number of moves the marbles of a position allow, also once the game has ended: after
/// the sixth ejection the rules accept no move, but the reference data counts the moves of
/// the final board, which do not depend on the captured counts.
#[must_use]
pub fn board_move_count(pos: &Abalone) -> usize {
    if pos.end_reason().is_none() {
        return pos.count_legal_moves();
    }
    let mut setup = pos.to_setup();
    let below_six = EJECTED_TO_WIN as u32 - 1;
    setup.captured.black = setup.captured.black.min(below_six);
    setup.captured.white = setup.captured.white.min(below_six);
    setup.timed_out = None;
    setup.move_limit = None;
    Abalone::from_setup(setup).map_or(0, |p| p.count_legal_moves())
}

/// One output line of `replay --jsonl`, fields in this order, as in the reference file
/// `real/expected.jsonl`: `{"id", "legal_plies", "first_illegal", "captured",
/// "legal_move_counts", "final_position"}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ReplayReport {
    /// The game's id, or `null`.
    pub id: Option<String>,
    /// Plies played before the first illegal one.
    pub legal_plies: usize,
    /// `null`, or the first refused move: `{ply, side, token, reason}`.
    pub first_illegal: Option<FirstIllegal>,
    /// Marbles of each colour pushed off after the legal plies.
    pub captured: Captured,
    /// The number of legal moves at the start and after each legal ply (see
    /// [`board_move_count`]).
    pub legal_move_counts: Vec<usize>,
    /// The position after the legal plies in the neutral JSON format (`black`, `white`,
    /// `turn`, `captured`).
    pub final_position: Setup,
}

impl ReplayReport {
    /// The report of a replay.
    pub fn of(id: Option<String>, trace: &Trace<Abalone>) -> ReplayReport {
        let last = trace.last();
        let mut final_position = last.to_setup();
        final_position.ply = 0;
        final_position.move_limit = None;
        final_position.timed_out = None;
        ReplayReport {
            id,
            legal_plies: trace.plies(),
            first_illegal: trace.illegal.as_ref().map(|bad| FirstIllegal {
                ply: bad.ply,
                side: last.side_to_move(),
                token: bad.written.clone(),
                reason: bad.error.to_string(),
            }),
            captured: final_position.captured,
            legal_move_counts: trace.positions.iter().map(board_move_count).collect(),
            final_position,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abalone::Layout;
    use crate::record::replay_written;

    #[test]
    fn replay_stops_at_the_first_refused_move() {
        // Hand-worked, standard layout: a1b2 and i5h5 are legal, then "a1b2" again finds A1
        // empty; the text after it is never looked at.
        let trace = replay_written(
            &Abalone::new(Layout::Standard).unwrap(),
            &["a1b2", "i5h5", "a1b2", "zz"],
        );
        let r = ReplayReport::of(None, &trace);
        assert_eq!(r.legal_plies, 2);
        assert_eq!(r.legal_move_counts[0], 44);
        let bad = r.first_illegal.unwrap();
        assert_eq!(
            (bad.ply, bad.side, bad.token.as_str()),
            (3, Colour::Black, "a1b2")
        );
        assert_eq!(trace.last().ply(), 2);
    }

    #[test]
    fn text_that_is_no_move_is_reported_with_its_ply() {
        let trace = replay_written(
            &Abalone::new(Layout::BelgianDaisy).unwrap(),
            &["a1b2", "i5"],
        );
        let bad = ReplayReport::of(None, &trace).first_illegal.unwrap();
        assert_eq!((bad.ply, bad.side), (2, Colour::White));
        assert!(bad.reason.contains("4 characters"), "{}", bad.reason);
    }
}
