//! The checks every alpha-beta engine passes on its game's tactics suites (data files of
//! `tests/data/`, see its README): written once, called by each game's test file.

use boardgames_ai::{Budget, Engine, WIN};
use boardgames_core::Game;

/// A suite position: its id, the position, and the moves listed under the suite's field.
pub type Case<G> = (String, G, Vec<String>);

/// The positions of the suite `file` with the moves listed under `field`; each line's
/// `setup` is read by [`Game::from_text`].
pub fn suite<G: Game>(file: &str, field: &str) -> Vec<Case<G>> {
    boardgames_testdata::tactics_suite(file, field)
        .into_iter()
        .map(|case| {
            let setup = &case.setup;
            let pos = G::from_text(setup).unwrap_or_else(|e| panic!("{setup}: {e}"));
            (case.id, pos, case.moves)
        })
        .collect()
}

/// `engine` plays one of the listed wins in every position, scored as a win in one ply.
pub fn finds_every_win<G: Game>(engine: &mut dyn Engine<G>, budget: &Budget, cases: &[Case<G>]) {
    for (id, pos, wins) in cases {
        let found = engine.search(pos, budget).expect("a move");
        assert!(
            wins.contains(&found.best.to_string()),
            "{id}: played {} instead of one of {wins:?}",
            found.best
        );
        assert_eq!(found.score, WIN - 1, "{id}: a win in one ply");
    }
}

/// The cases where `engine` plays none of the listed defences, each as a message.
pub fn missed_defences<G: Game>(
    engine: &mut dyn Engine<G>,
    budget: &Budget,
    cases: &[Case<G>],
) -> Vec<String> {
    let mut missed = Vec::new();
    for (id, pos, defences) in cases {
        let found = engine.search(pos, budget).expect("a move");
        if !defences.contains(&found.best.to_string()) {
            missed.push(format!("{id}: {} not in {defences:?}", found.best));
        }
    }
    println!("{} of {} defended", cases.len() - missed.len(), cases.len());
    missed
}

/// The search invariants on every tenth case: the same score with and without the
/// transposition table at depth 3 (`engine(true)` has it, `engine(false)` not); the same
/// answer again for a budget of depth or of `nodes` nodes; a legal principal variation
/// starting with the move.
pub fn table_and_repeats<G: Game>(
    engine: impl Fn(bool) -> Box<dyn Engine<G>>,
    nodes: u64,
    cases: &[Case<G>],
) {
    for (id, pos, _) in cases.iter().step_by(10) {
        let budget = Budget::depth(3);
        let with = engine(true).search(pos, &budget).expect("a move");
        let without = engine(false).search(pos, &budget).expect("a move");
        assert_eq!(with.score, without.score, "{id}");
        let again = engine(true).search(pos, &budget).expect("a move");
        assert_eq!(
            (&again.best, again.score, again.nodes),
            (&with.best, with.score, with.nodes),
            "{id}"
        );
        let nodes = Budget::nodes(nodes);
        let a = engine(true).search(pos, &nodes).expect("a move");
        let b = engine(true).search(pos, &nodes).expect("a move");
        assert_eq!(
            (&a.best, a.score, a.depth),
            (&b.best, b.score, b.depth),
            "{id}"
        );
        assert_eq!(with.pv.first(), Some(&with.best));
        let mut cur = pos.clone();
        for &mv in &with.pv {
            cur.play(mv)
                .unwrap_or_else(|e| panic!("{id}: {mv} in the pv: {e}"));
        }
    }
}

/// After the first listed win of the first case the game is over and `engine` answers
/// nothing; a budget of one node still gives a legal move.
pub fn ends_and_tiny_budgets<G: Game>(engine: &mut dyn Engine<G>, cases: &[Case<G>]) {
    let (_, pos, wins) = &cases[0];
    let mut won = pos.clone();
    let mv = won.parse_move(&wins[0]).expect("listed");
    won.play(mv).expect("legal");
    assert!(engine.search(&won, &Budget::depth(2)).is_none());
    let found = engine.search(pos, &Budget::nodes(1)).expect("a move");
    assert!(pos.moves().contains(&found.best));
    // Too small for the first move of depth 1: the ordering's first move, at depth 0.
    if found.nodes >= 1 && found.depth == 0 {
        assert_eq!(found.pv, vec![found.best]);
    }
}

/// A level's engine (reductions and pruning on, which depend on the move order) answers the
/// same move, score, depth and nodes from a fresh engine and from one that has searched
/// before, on every tenth case; its move is legal.
pub fn level_repeats<G: Game>(
    engine: impl Fn() -> Box<dyn Engine<G>>,
    budget: &Budget,
    cases: &[Case<G>],
) {
    let mut used = engine();
    for (id, pos, _) in cases.iter().step_by(10) {
        let a = engine().search(pos, budget).expect("a move");
        let b = used.search(pos, budget).expect("a move");
        assert_eq!(
            (&a.best, a.score, a.depth, a.nodes),
            (&b.best, b.score, b.depth, b.nodes),
            "{id}"
        );
        assert!(pos.moves().contains(&a.best), "{id}");
    }
}

/// The principal variation of `engine` in every case: it starts with the move played, is a
/// legal line, and reaches the depth searched unless the game ends on it or the score is a
/// forced result (a line found at a node the table answered goes on with the table's moves).
pub fn full_lines<G: Game>(engine: &mut dyn Engine<G>, budget: &Budget, cases: &[Case<G>]) {
    for (id, pos, _) in cases {
        let found = engine.search(pos, budget).expect("a move");
        assert_eq!(found.pv.first(), Some(&found.best), "{id}");
        let mut line = pos.clone();
        for &mv in &found.pv {
            line.play(mv)
                .unwrap_or_else(|e| panic!("{id}: {:?} in the line: {e}", found.pv));
        }
        let decided = found.score.abs() >= WIN - 1000;
        let ended = line.outcome().is_some();
        assert!(
            found.pv.len() >= found.depth as usize || decided || ended,
            "{id}: a line of {} moves at depth {}",
            found.pv.len(),
            found.depth
        );
    }
}
