//! The Pente engine keeps its transposition table from one timed search to the next
//! ([`boardgames_ai::AlphaBeta::keeping_table`]), and only then: a search of a depth or of
//! nodes starts empty and gives the same answer, to the node, after any searches before it.

use std::time::Duration;

use boardgames_ai::{pente, Budget, Engine};
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::Game;

/// The position after `moves` of a tournament-rule Pente game.
fn after(moves: &[&str]) -> Pente {
    let mut pos = Pente::new(Variant::Pente, OpeningRule::Tournament);
    for m in moves {
        pos.play(pos.parse_move(m).expect("a point"))
            .expect("legal");
    }
    pos
}

#[test]
fn a_search_of_a_depth_or_of_nodes_starts_empty_after_timed_ones() {
    let game = ["K10", "L11", "G10", "J10", "J8", "L8"];
    let first = after(&game[..4]);
    let later = after(&game);
    for budget in [Budget::depth(4), Budget::nodes(20_000)] {
        let fresh = pente::engine(4).search(&later, &budget).expect("a move");
        let mut engine = pente::engine(4);
        engine
            .search(&first, &Budget::time(Duration::from_millis(50)))
            .expect("a move");
        let again = engine.search(&later, &budget).expect("a move");
        assert_eq!(
            (again.best, again.score, again.depth, again.nodes),
            (fresh.best, fresh.score, fresh.depth, fresh.nodes),
            "{budget:?}"
        );
    }
}

#[test]
fn a_timed_search_starts_from_what_the_one_before_found() {
    let pos = after(&["K10", "L11", "G10", "J10"]);
    // Timed, but with time to spare: each search ends at its depth, not on the clock.
    let budget = Budget {
        depth: Some(4),
        ..Budget::time(Duration::from_secs(600))
    };
    let mut kept = pente::engine(4);
    let first = kept.search(&pos, &budget).expect("a move");
    // Searched again: from the table the first search left, it costs far fewer nodes than
    // from an empty one, which costs what the first did.
    let again = kept.search(&pos, &budget).expect("a move");
    let empty = pente::engine(4).search(&pos, &budget).expect("a move");
    assert_eq!(empty.nodes, first.nodes);
    assert!(
        again.nodes < empty.nodes,
        "from the table {} nodes, from an empty one {}",
        again.nodes,
        empty.nodes
    );
}
