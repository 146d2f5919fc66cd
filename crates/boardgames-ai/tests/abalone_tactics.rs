//! The Abalone engine on the tactics suites built from real games (`tests/data/README.md`):
//! every sixth ejection found at level 1, the threats of the must-defend suite stopped at
//! the default level, and the search invariants (the transposition table changes no score
//! at a fixed depth; a search to a depth or a node count answers the same every time).

use boardgames_ai::{abalone, AlphaBeta, Budget, Engine, WIN};
use boardgames_core::abalone::{Abalone, Setup};
use boardgames_core::Game;
use serde_json::Value;

/// The suite's positions with the moves listed under `field`.
fn suite(file: &str, field: &str) -> Vec<(String, Abalone, Vec<String>)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("the suite is shipped");
    text.lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("JSON");
            let setup: Setup = v["setup"]
                .as_str()
                .expect("a setup")
                .parse()
                .expect("a setup");
            let pos = setup.into_position().expect("a position");
            let moves = v[field]
                .as_array()
                .expect("moves")
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect();
            (v["id"].as_str().unwrap_or("?").to_owned(), pos, moves)
        })
        .collect()
}

/// The level's budget without its clock, so that the test answers the same every time.
fn untimed(level: u8) -> Budget {
    Budget {
        time: None,
        ..abalone::budget(level)
    }
}

#[test]
fn level_1_finds_every_sixth_ejection() {
    let positions = suite("abalone-win-now.jsonl", "wins");
    assert_eq!(positions.len(), 200);
    let mut engine = abalone::engine(1);
    for (id, pos, wins) in &positions {
        let found = engine.search(pos, &untimed(1)).expect("a move");
        assert!(
            wins.contains(&found.best.to_string()),
            "{id}: played {} instead of one of {wins:?}",
            found.best
        );
        assert_eq!(found.score, WIN - 1, "{id}: a win in one ply");
    }
}

#[test]
fn the_default_level_stops_the_threats() {
    let positions = suite("abalone-must-defend.jsonl", "defences");
    assert_eq!(positions.len(), 100);
    let mut engine = abalone::engine(abalone::DEFAULT_LEVEL);
    let mut missed = Vec::new();
    for (id, pos, defences) in &positions {
        let found = engine
            .search(pos, &untimed(abalone::DEFAULT_LEVEL))
            .expect("a move");
        if !defences.contains(&found.best.to_string()) {
            missed.push(format!("{id}: {} not in {defences:?}", found.best));
        }
    }
    println!(
        "{} of {} defended",
        positions.len() - missed.len(),
        positions.len()
    );
    // At least 95 of 100.
    assert!(missed.len() <= 5, "{missed:#?}");
}

#[test]
fn the_table_changes_no_score_and_searches_repeat() {
    let positions = suite("abalone-must-defend.jsonl", "defences");
    for (id, pos, _) in positions.iter().step_by(10) {
        let budget = Budget::depth(3);
        let with = abalone::engine(3).search(pos, &budget).expect("a move");
        let without = abalone::engine(3)
            .without_table()
            .search(pos, &budget)
            .expect("a move");
        assert_eq!(with.score, without.score, "{id}");
        // The same budget of depth, or of nodes, gives the same answer again.
        let again = abalone::engine(3).search(pos, &budget).expect("a move");
        assert_eq!(
            (again.best, again.score, again.nodes),
            (with.best, with.score, with.nodes),
            "{id}"
        );
        let nodes = Budget::nodes(5_000);
        let a = abalone::engine(3).search(pos, &nodes).expect("a move");
        let b = abalone::engine(3).search(pos, &nodes).expect("a move");
        assert_eq!(
            (a.best, a.score, a.depth),
            (b.best, b.score, b.depth),
            "{id}"
        );
        // The principal variation starts with the move and is legal.
        assert_eq!(with.pv.first(), Some(&with.best));
        let mut cur = *pos;
        for mv in &with.pv {
            cur.play(*mv)
                .unwrap_or_else(|e| panic!("{id}: {mv} in the pv: {e}"));
        }
    }
}

#[test]
fn a_finished_game_has_no_move_and_any_budget_answers() {
    let positions = suite("abalone-win-now.jsonl", "wins");
    let (_, pos, wins) = &positions[0];
    let mut won = *pos;
    won.play(won.parse_move(&wins[0]).expect("listed"))
        .expect("legal");
    let mut engine: AlphaBeta<Abalone, _> = abalone::engine(2);
    assert!(engine.search(&won, &Budget::depth(2)).is_none());
    // A budget of one node still answers with a legal move.
    let found = engine.search(pos, &Budget::nodes(1)).expect("a move");
    assert!(pos.moves().contains(&found.best));
}

#[test]
fn near_the_move_limit_the_lead_in_ejected_marbles_counts() {
    use boardgames_ai::Evaluator;
    // A midgame position of the suite, once without a limit and once two plies before one:
    // the side ahead (or behind) on ejected marbles scores further from even.
    let positions = suite("abalone-must-defend.jsonl", "defences");
    let eval = abalone::AbaloneEval;
    for (id, pos, _) in positions.iter().take(20) {
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
