//! The Monte Carlo tree search on every kind of game it is for: two seats (Pente, against the
//! win-now suite), chance nodes (Backgammon) and teams (three-, four- and six-player
//! Abalone); and its invariants: a legal move, repeatable under a node budget.

use boardgames_ai::{abalone, Budget, Engine, Mcts, RandomPlayout};
use boardgames_core::abalone::{Abalone3, Abalone4, Abalone6, Position};
use boardgames_core::backgammon::Backgammon;
use boardgames_core::pente::Pente;
use boardgames_core::rand::SeedableRng;
use boardgames_core::{search, ChaCha8Rng, Game, Turn};

#[test]
fn random_playouts_find_wins_at_once_in_pente() {
    let mut mcts = Mcts::new(
        "uct",
        RandomPlayout { max_plies: 40 },
        Budget::nodes(2_000),
        1.4,
        1,
    );
    for case in boardgames_testdata::tactics_suite("pente-win-now.jsonl", "wins")
        .iter()
        .take(25)
    {
        let pos = Pente::from_text(&case.setup).expect("a position");
        let found = mcts.search(&pos, &Budget::nodes(2_000)).expect("a move");
        assert!(
            case.moves.contains(&found.best.to_string()),
            "{}: {}",
            case.id,
            found.best
        );
        // A win at once is worth all of the team's share.
        assert_eq!(found.score, 1000, "{}", case.id);
        assert_eq!(found.nodes, 2_000);
        assert_eq!(found.pv[0], found.best);
    }
}

#[test]
fn chance_nodes_are_searched_in_backgammon() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut mcts = Mcts::new(
        "uct",
        RandomPlayout { max_plies: 200 },
        Budget::nodes(300),
        1.4,
        9,
    );
    let mut pos = Backgammon::new();
    let mut searched = 0;
    // A game in which one side searches and the other plays at random, to the end.
    while pos.turn() != Turn::Over {
        match pos.turn() {
            Turn::Chance => {
                let roll = search::random_chance(&pos, &mut rng).expect("a roll");
                pos.apply_chance(roll).expect("legal");
            }
            Turn::Seat(s) if s.0 == 0 && pos.count_legal_moves() > 1 => {
                let a = mcts.search(&pos, &Budget::nodes(300)).expect("a play");
                let b = mcts.search(&pos, &Budget::nodes(300)).expect("a play");
                assert_eq!(
                    (a.best, a.score, a.nodes, &a.pv),
                    (b.best, b.score, b.nodes, &b.pv)
                );
                assert!(pos.is_legal(a.best));
                pos.play(a.best).expect("legal");
                searched += 1;
            }
            Turn::Seat(_) => {
                let mv = search::random_move(&pos, &mut rng).expect("a play");
                pos.play(mv).expect("legal");
            }
            Turn::Over => unreachable!(),
        }
    }
    assert!(searched > 5, "{searched}");
}

/// Plays `games` games of `SEATS`-player Abalone, the engine at `level` in every seat of
/// `team` and random moves in the others (a move limit of `limit` plies), and returns the
/// engine team's wins.
fn engine_team_wins<const SEATS: usize>(
    start: Position<SEATS>,
    team: u8,
    level: u8,
    games: u64,
    limit: u16,
) -> u64 {
    let mut wins = 0;
    for g in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(g);
        let mut engine = abalone::multi_engine::<SEATS>(level, g);
        let budget = abalone::multi_budget(level);
        let mut pos = start;
        pos.set_move_limit(Some(limit));
        while let Turn::Seat(s) = pos.turn() {
            let mv = if pos.team_of(s).0 == team {
                let found = engine.search(&pos, &budget).expect("a move");
                assert!(pos.is_legal(found.best));
                found.best
            } else {
                search::random_move(&pos, &mut rng).expect("a move")
            };
            pos.play(mv).expect("legal");
        }
        wins += u64::from(
            pos.outcome()
                .and_then(|o| o.winner())
                .is_some_and(|t| t.0 == team),
        );
    }
    wins
}

#[test]
fn engine_seats_beat_random_seats_in_every_multi_player_game() {
    // Few games at level 1, to keep the test short; docs/strength.md has the 200-game
    // figures. Three players: the engine alone against two random seats.
    assert_eq!(engine_team_wins(Abalone3::start(), 1, 1, 3, 300), 3);
    assert_eq!(engine_team_wins(Abalone4::start(), 0, 1, 3, 300), 3);
    assert_eq!(engine_team_wins(Abalone6::start(), 1, 1, 2, 300), 2);
}

#[test]
fn a_node_budget_gives_the_same_answer_every_time() {
    let pos = Abalone3::start();
    let mut one = abalone::multi_engine::<3>(2, 7);
    let mut two = abalone::multi_engine::<3>(2, 7);
    let a = one.search(&pos, &Budget::nodes(500)).expect("a move");
    let b = two.search(&pos, &Budget::nodes(500)).expect("a move");
    let again = one.search(&pos, &Budget::nodes(500)).expect("a move");
    assert_eq!(
        (a.best, a.score, a.nodes, &a.pv),
        (b.best, b.score, b.nodes, &b.pv)
    );
    assert_eq!(
        (a.best, a.score, &a.pv),
        (again.best, again.score, &again.pv)
    );
    assert!((0..=1000).contains(&a.score));
    // A depth budget limits how deep the tree grows.
    let shallow = one
        .search(
            &pos,
            &Budget {
                depth: Some(1),
                nodes: Some(500),
                time: None,
            },
        )
        .expect("a move");
    assert_eq!(shallow.depth, 1);
}
