//! A move list played against the rules, ply by ply, and the `replay --jsonl` report.

use crate::abalone::layout::Layout;
use crate::abalone::position::{Abalone, Colour, EJECTED_TO_WIN};
#[cfg(feature = "serde")]
use crate::abalone::setup::{Captured, Setup};
use crate::game::Game;

/// The first move of a list that is not legal (or not a move at all).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FirstIllegal {
    /// Its ply, from 1.
    pub ply: usize,
    /// The side that was to play it.
    pub side: Colour,
    /// The move as written.
    pub token: String,
    /// Why it is refused: the rule it breaks, or why the text is not Aba-Pro notation.
    pub reason: String,
}

/// What replaying a move list did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The number of legal moves in every position reached: the start, after ply 1, ..., the
    /// final position (one more than the plies played). In a position where the game has
    /// ended (six ejected) it is the number of moves the marbles allow, as the reference data
    /// counts it.
    pub legal_move_counts: Vec<usize>,
    /// Each ejection as `(ply, colour of the ejected marble)`.
    pub ejections: Vec<(usize, Colour)>,
    /// The first move refused, if any; the replay stops there.
    pub first_illegal: Option<FirstIllegal>,
    /// The position after the last legal ply.
    pub position: Abalone,
}

impl Replay {
    /// The number of plies played before the first illegal one (all of them if none is).
    pub fn legal_plies(&self) -> usize {
        self.legal_move_counts.len().saturating_sub(1)
    }
}

/// The number of moves the marbles of a position allow, also once the game has ended: after
/// the sixth ejection the rules accept no move, but the reference data counts the moves of
/// the final board, which do not depend on the captured counts.
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

/// Plays `moves` (Aba-Pro notation as written, either broadside spelling) from a layout and
/// reports every position's legal-move count, the ejections, the first refused move and
/// the final position. Stops at the first refused move; a move after the sixth ejection is
/// refused (the game is over).
pub fn replay<S: AsRef<str>>(layout: Layout, moves: &[S]) -> Replay {
    replay_from(Abalone::new(layout), moves)
}

/// [`replay`] from any two-player position.
pub fn replay_from<S: AsRef<str>>(start: Abalone, moves: &[S]) -> Replay {
    let mut pos = start;
    let mut counts = Vec::with_capacity(moves.len() + 1);
    let mut ejections = Vec::new();
    let mut first_illegal = None;
    counts.push(board_move_count(&pos));
    for (i, text) in moves.iter().enumerate() {
        let token = text.as_ref();
        let side = pos.side_to_move();
        let victim = side.other();
        let before = pos.lost(victim);
        let played = pos
            .parse_move(token)
            .map_err(|e| e.to_string())
            .and_then(|mv| pos.play(mv).map_err(|e| e.to_string()));
        if let Err(reason) = played {
            first_illegal = Some(FirstIllegal {
                ply: i + 1,
                side,
                token: token.to_owned(),
                reason,
            });
            break;
        }
        if pos.lost(victim) > before {
            ejections.push((i + 1, victim));
        }
        counts.push(board_move_count(&pos));
    }
    Replay {
        legal_move_counts: counts,
        ejections,
        first_illegal,
        position: pos,
    }
}

/// One output line of `replay --jsonl`, fields in this order, as in the reference file
/// `real/expected.jsonl`: `{"id", "legal_plies", "first_illegal", "captured",
/// "legal_move_counts", "final_position"}`.
#[cfg(feature = "serde")]
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
    /// The number of legal moves at the start and after each legal ply.
    pub legal_move_counts: Vec<usize>,
    /// The position after the legal plies in the neutral JSON format (`black`, `white`,
    /// `turn`, `captured`).
    pub final_position: Setup,
}

#[cfg(feature = "serde")]
impl ReplayReport {
    /// The report of a replay.
    pub fn of(id: Option<String>, replay: &Replay) -> ReplayReport {
        let mut final_position = replay.position.to_setup();
        final_position.ply = 0;
        final_position.move_limit = None;
        final_position.timed_out = None;
        ReplayReport {
            id,
            legal_plies: replay.legal_plies(),
            first_illegal: replay.first_illegal.clone(),
            captured: final_position.captured,
            legal_move_counts: replay.legal_move_counts.clone(),
            final_position,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_stops_at_the_first_refused_move() {
        // Hand-worked, standard layout: a1b2 and i5h5 are legal, then "a1b2" again finds A1
        // empty; the text after it is never looked at.
        let r = replay(Layout::Standard, &["a1b2", "i5h5", "a1b2", "zz"]);
        assert_eq!(r.legal_plies(), 2);
        assert_eq!(r.legal_move_counts[0], 44);
        let bad = r.first_illegal.unwrap();
        assert_eq!(
            (bad.ply, bad.side, bad.token.as_str()),
            (3, Colour::Black, "a1b2")
        );
        assert_eq!(r.position.ply(), 2);
    }

    #[test]
    fn text_that_is_no_move_is_reported_with_its_ply() {
        let r = replay(Layout::BelgianDaisy, &["a1b2", "i5"]);
        let bad = r.first_illegal.unwrap();
        assert_eq!((bad.ply, bad.side), (2, Colour::White));
        assert!(bad.reason.contains("4 characters"), "{}", bad.reason);
    }
}
