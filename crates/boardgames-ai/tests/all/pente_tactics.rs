//! The Pente engine on the tactics suites built from real games (`tests/data/README.md`):
//! every win at once found at level 1, the threats of the must-defend suite stopped at the
//! default level, and the search invariants (the transposition table changes no score at a
//! fixed depth; a search to a depth or a node count answers the same every time).

use crate::common;

use boardgames_ai::{pente, Engine};
use boardgames_core::pente::Pente;

use common::{suite, Case};

#[test]
fn level_1_finds_every_win_at_once() {
    let cases: Vec<Case<Pente>> = suite("pente-win-now.jsonl", "wins");
    assert_eq!(cases.len(), 200);
    common::finds_every_win(&mut pente::engine(1), &pente::budget(1), &cases);
}

#[test]
fn the_default_level_stops_the_threats() {
    let cases: Vec<Case<Pente>> = suite("pente-must-defend.jsonl", "defences");
    assert_eq!(cases.len(), 100);
    let level = pente::DEFAULT_LEVEL;
    let missed = common::missed_defences(&mut pente::engine(level), &pente::budget(level), &cases);
    // At least 98 of 100.
    assert!(missed.len() <= 2, "{missed:#?}");
}

#[test]
fn the_table_changes_no_score_and_searches_repeat() {
    let cases: Vec<Case<Pente>> = suite("pente-must-defend.jsonl", "defences");
    common::table_and_repeats(
        |table| -> Box<dyn Engine<Pente>> {
            // Reductions depend on the move order, which the table changes.
            let engine = pente::engine(3).without_reductions();
            Box::new(if table {
                engine
            } else {
                engine.without_table()
            })
        },
        3_000,
        &cases,
    );
}

#[test]
fn a_finished_game_has_no_move_and_any_budget_answers() {
    let cases: Vec<Case<Pente>> = suite("pente-win-now.jsonl", "wins");
    common::ends_and_tiny_budgets(&mut pente::engine(2), &cases);
}

#[test]
fn a_level_with_reductions_answers_the_same_every_time() {
    let cases: Vec<Case<Pente>> = suite("pente-must-defend.jsonl", "defences");
    common::level_repeats(|| Box::new(pente::engine(4)), &pente::budget(4), &cases);
}

/// A win by continuous fours that only the quiescence search sees at depth 1, worked by hand.
/// Player 1 (X) has K10, L10 and M10 on row 10, closed at J10 by player 2 (O), and N11 and
/// N12 in column N; O's other stones are in the corners, far from the fight. X plays N10: a
/// four on row 10 whose only empty end is O10, and O has no capture, so O must block at O10.
/// Then X plays N13: N10 to N13 is a four open at both ends (N9 and N14), one block stops one
/// end, and X makes five at the other. A search of one ply stops after N10; only the
/// quiescence search (the four, the forced block, the next four) finds the win, five plies
/// ahead (level 3: levels 1 and 2 have no quiescence search).
#[test]
fn the_quiescence_search_finds_a_win_by_continuous_fours() {
    use boardgames_ai::{Budget, WIN};
    use boardgames_core::pente::{OpeningRule, Variant};
    use boardgames_core::Game;

    let mut pos = Pente::new(Variant::Pente, OpeningRule::Free);
    for m in [
        "K10", "J10", "L10", "A1", "M10", "T1", "N11", "A19", "N12", "T19",
    ] {
        pos.play(pos.parse_move(m).unwrap()).unwrap();
    }
    let found = pente::engine(3).search(&pos, &Budget::depth(1)).unwrap();
    assert_eq!(found.best.to_string(), "N10");
    assert_eq!(found.score, WIN - 5, "{found:?}");
}

#[test]
fn the_principal_variation_reaches_the_depth_searched() {
    let cases: Vec<Case<Pente>> = suite("pente-must-defend.jsonl", "defences");
    let level = pente::DEFAULT_LEVEL;
    common::full_lines(&mut pente::engine(level), &pente::budget(level), &cases);
}
