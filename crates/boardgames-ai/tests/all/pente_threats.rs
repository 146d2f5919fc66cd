//! The threat search on the suite of forced wins beyond depth 8 built from real games
//! (`tests/data/pente-threat-wins.jsonl`, see `tests/data/README.md`): the positions where
//! the winner's own play to the end of the game was a chain of threats of 9 plies or more
//! and plain alpha-beta to depth 8 scored no win.

use boardgames_ai::pente::{self, proof_holds, ThreatLimits, ThreatSearch};
use boardgames_ai::{Budget, Engine, WIN};
use boardgames_core::pente::Pente;
use boardgames_core::{Game, Turn};
use serde_json::Value;

/// The suite's lines: the position and the line's fields.
fn suite() -> Vec<(Pente, Value)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pente-threat-wins.jsonl"
    );
    std::fs::read_to_string(path)
        .expect("the suite is shipped")
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            let setup = v["setup"].as_str().expect("a setup");
            let pos = Pente::from_text(setup).unwrap_or_else(|e| panic!("{setup}: {e}"));
            (pos, v)
        })
        .collect()
}

/// The suite's positions all come from real games won by the side to move, with a
/// continuation of 9 plies or more that ends in the win, and plain depth 8 saw no win.
#[test]
fn the_suite_is_of_wins_beyond_depth_8_in_real_games() {
    let cases = suite();
    assert_eq!(cases.len(), 100);
    for (pos, v) in &cases {
        let Turn::Seat(me) = pos.turn() else {
            panic!("{v}: the game is over");
        };
        let mut end = *pos;
        let continuation = v["continuation"].as_array().expect("moves");
        assert!(continuation.len() >= 9, "{v}");
        for m in continuation {
            let mv = end.parse_move(m.as_str().expect("a move")).expect("legal");
            end.play(mv).expect("legal");
        }
        assert_eq!(end.winner(), Some(me), "{v}");
        assert!(v["depth_8_score"].as_i64().expect("a score") < i64::from(WIN - 1000));
    }
}

/// Positions of the suite the threat search proves with 20,000 nodes (what the engine spends
/// at its root): 38 of the 42 whose proof with 2,000,000 nodes was checked against every
/// defence (`tests/data/README.md`).
const PROVEN_WITH_THE_ROOT_BUDGET: usize = 38;

/// The threat search with the engine's root budget proves a forced win in the suite's
/// positions, and every proof of continuous fours and capture threats it finds of 15 plies
/// or fewer holds against every defence (the core plays every legal answer). The rate is
/// in `docs/strength.md`.
#[test]
fn the_threat_search_proves_the_wins_beyond_depth_8() {
    let cases = suite();
    let threes = ThreatLimits::threes(20_000, 25);
    let fours = ThreatLimits::fours(20_000, 25);
    let (mut proven, mut checked) = (0, 0);
    for (pos, v) in &cases {
        let Turn::Seat(me) = pos.turn() else {
            panic!("{v}");
        };
        if ThreatSearch::new(threes).prove(pos, me).is_some() {
            proven += 1;
        }
        if let Some(win) = ThreatSearch::new(fours).prove(pos, me) {
            if win.plies <= 15 {
                let mut budget = 20_000;
                assert!(proof_holds(pos, win.plies, &fours, &mut budget), "{v}");
                checked += 1;
            }
        }
    }
    println!("{proven} of {} proven, {checked} checked", cases.len());
    assert!(
        proven >= PROVEN_WITH_THE_ROOT_BUDGET,
        "{proven} of {}",
        cases.len()
    );
    assert!(checked > 0);
}

/// The engine with the threat search at level 3 (depth 4) scores a forced win (a decided score) in every suite
/// position that its root's threat search proves, where plain depth 8 did not.
#[test]
fn the_engine_sees_the_wins_beyond_depth_8() {
    let mut engine = pente::engine_with_threats(3);
    let mut seen = 0;
    for (pos, v) in &suite() {
        if v["proof"].is_null() {
            continue;
        }
        let found = engine.search(pos, &Budget::depth(4)).expect("a move");
        if found.score >= WIN - 1000 {
            seen += 1;
        }
    }
    assert!(seen >= PROVEN_WITH_THE_ROOT_BUDGET, "{seen}");
}
