//! The Pente engine on the tactics suites built from real games (`tests/data/README.md`):
//! every win at once found at level 1, the threats of the must-defend suite stopped at the
//! default level, and the search invariants (the transposition table changes no score at a
//! fixed depth; a search to a depth or a node count answers the same every time).

mod common;

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
