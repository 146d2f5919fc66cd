//! 1,281 real Abalone games (MiGs server, AWC 2015, ABA-PRO at TU Graz, KAAH) replayed ply by
//! ply: the number of legal moves in every position, every recorded move legal, the
//! ejections, the final position and the winner by marbles.

mod common;

use boardgames_core::abalone::{Abalone, Cell, Colour, EndReason, Layout};
use boardgames_core::Game;
use serde_json::{json, Value};

fn neutral(pos: &Abalone) -> Value {
    let setup = pos.to_setup();
    json!({
        "black": setup.black.iter().map(Cell::to_string).collect::<Vec<_>>(),
        "white": setup.white.iter().map(Cell::to_string).collect::<Vec<_>>(),
        "turn": setup.turn,
        "captured": setup.captured,
    })
}

#[test]
fn real_games_replay_with_the_expected_counts_ejections_and_final_positions() {
    let games = common::read_jsonl_gz("abalone/real_games.jsonl.gz");
    let expected = common::read_jsonl_gz("abalone/real_expected.jsonl.gz");
    assert_eq!(games.len(), 1_281);
    assert_eq!(expected.len(), games.len());
    let mut plies = 0u64;
    for (game, exp) in games.iter().zip(&expected) {
        let id = game["id"].as_str().expect("id");
        assert_eq!(exp["id"], game["id"]);
        let layout: Layout = game["layout"].as_str().unwrap().parse().unwrap();
        let counts = exp["legal_move_counts"].as_array().unwrap();
        let mut pos = Abalone::new(layout);
        let mut ejections = Vec::new();
        for (i, token) in game["moves"].as_array().unwrap().iter().enumerate() {
            let token = token.as_str().unwrap();
            assert_eq!(
                Value::from(pos.count_legal_moves()),
                counts[i],
                "{id} ply {i}: legal moves"
            );
            let mv = pos
                .parse_move(token)
                .unwrap_or_else(|e| panic!("{id} ply {}: {token}: {e}\n{pos}", i + 1));
            assert_eq!(mv.to_string(), token, "{id} ply {}", i + 1);
            let victim = pos.side_to_move().other();
            let before = pos.lost(victim);
            pos.play(mv).unwrap();
            if pos.lost(victim) > before {
                assert!(mv.ejects(), "{id} ply {}", i + 1);
                ejections.push(json!([i + 1, victim]));
            }
            plies += 1;
        }
        // The reference counts the moves of the final position even after a sixth
        // ejection, where the game is over here: count them on the same marbles with the
        // captured counts (which no move depends on) below six.
        let mut setup = pos.to_setup();
        setup.captured.black = setup.captured.black.min(5);
        setup.captured.white = setup.captured.white.min(5);
        let board_only = Abalone::from_setup(setup).unwrap();
        assert_eq!(
            Value::from(board_only.count_legal_moves()),
            *counts.last().unwrap(),
            "{id}: final legal moves"
        );
        assert_eq!(Value::from(ejections), exp["ejections"], "{id}: ejections");
        assert_eq!(neutral(&pos), exp["final_position"], "{id}: final position");
        assert_eq!(json!(pos.to_setup().captured), exp["captured"], "{id}");
        let winner = match pos.end_reason() {
            Some(EndReason::SixEjected) => pos.winner().map(Colour::name),
            _ => None,
        };
        assert_eq!(json!(winner), exp["winner_by_marbles"], "{id}: winner");
    }
    // Every recorded ply was replayed: the reference's legal plies add up to the same total.
    let legal: u64 = expected
        .iter()
        .map(|e| e["legal_plies"].as_u64().expect("legal_plies"))
        .sum();
    assert_eq!(plies, legal);
}
