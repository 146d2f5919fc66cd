//! The Abalone engine on the tactics suites built from real games (`tests/data/README.md`):
//! every sixth ejection found at level 1, the threats of the must-defend suite stopped at
//! the default level, and the search invariants (the transposition table changes no score
//! at a fixed depth; a search to a depth or a node count answers the same every time).

use crate::common;

use boardgames_ai::{abalone, Engine};
use boardgames_core::abalone::Abalone;

use common::{suite, Case};

#[test]
fn level_1_finds_every_sixth_ejection() {
    let cases: Vec<Case<Abalone>> = suite("abalone-win-now.jsonl", "wins");
    assert_eq!(cases.len(), 200);
    common::finds_every_win(&mut abalone::engine(1), &abalone::budget(1), &cases);
}

#[test]
fn the_default_level_stops_the_threats() {
    let cases: Vec<Case<Abalone>> = suite("abalone-must-defend.jsonl", "defences");
    assert_eq!(cases.len(), 100);
    let level = abalone::DEFAULT_LEVEL;
    let missed =
        common::missed_defences(&mut abalone::engine(level), &abalone::budget(level), &cases);
    // At least 95 of 100.
    assert!(missed.len() <= 5, "{missed:#?}");
}

#[test]
fn the_table_changes_no_score_and_searches_repeat() {
    let cases: Vec<Case<Abalone>> = suite("abalone-must-defend.jsonl", "defences");
    common::table_and_repeats(
        |table| -> Box<dyn Engine<Abalone>> {
            // Reductions depend on the move order, which the table changes.
            let engine = abalone::engine(3).without_reductions();
            Box::new(if table {
                engine
            } else {
                engine.without_table()
            })
        },
        5_000,
        &cases,
    );
}

#[test]
fn a_finished_game_has_no_move_and_any_budget_answers() {
    let cases: Vec<Case<Abalone>> = suite("abalone-win-now.jsonl", "wins");
    common::ends_and_tiny_budgets(&mut abalone::engine(2), &cases);
}

#[test]
fn near_the_move_limit_the_lead_in_ejected_marbles_counts() {
    use boardgames_ai::Evaluator;
    // A midgame position of the suite, once without a limit and once two plies before one:
    // the side ahead (or behind) on ejected marbles scores further from even.
    let cases: Vec<Case<Abalone>> = suite("abalone-must-defend.jsonl", "defences");
    let eval = abalone::AbaloneEval;
    for (id, pos, _) in cases.iter().take(20) {
        let free = eval.evaluate(pos);
        let mut limited = *pos;
        limited.set_move_limit(Some(u16::try_from(pos.ply() + 2).expect("short games")));
        let near = eval.evaluate(&limited);
        let me = pos.side_to_move();
        let lead = pos.ejected_by(me) as i32 - pos.ejected_by(me.other()) as i32;
        if lead < 0 {
            assert!(near < free, "{id}: {near} vs {free}");
        } else if lead > 0 {
            assert!(near > free, "{id}: {near} vs {free}");
        }
    }
}

#[test]
fn a_level_with_reductions_answers_the_same_every_time() {
    let cases: Vec<Case<Abalone>> = suite("abalone-must-defend.jsonl", "defences");
    common::level_repeats(|| Box::new(abalone::engine(4)), &abalone::budget(4), &cases);
}

#[test]
fn the_principal_variation_reaches_the_depth_searched() {
    let mut cases: Vec<Case<Abalone>> = suite("abalone-must-defend.jsonl", "defences");
    cases.truncate(30);
    cases.push(("start".into(), Abalone::default(), Vec::new()));
    let level = abalone::DEFAULT_LEVEL;
    common::full_lines(&mut abalone::engine(level), &abalone::budget(level), &cases);
}

/// One ply before the move limit every move ends the game: the search stops after depth 1
/// (deeper iterations would find the same) instead of iterating to depth 64 on no nodes.
#[test]
fn a_search_where_every_move_ends_the_game_stops_at_depth_1() {
    let mut last = Abalone::default();
    last.set_move_limit(Some(1));
    let found = abalone::engine(3)
        .search(&last, &boardgames_ai::Budget::nodes(1))
        .expect("a move");
    assert_eq!((found.depth, found.nodes), (1, 0));
    assert!(boardgames_core::Game::moves(&last).contains(&found.best));
}
