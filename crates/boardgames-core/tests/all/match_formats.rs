//! Match files as formats of the match game, on every handed match file and on played
//! sessions.

use boardgames_core::backgammon::record::{
    read_matches, replay_matches, write_match, MatchJson, MatchText,
};
use boardgames_core::backgammon::{Ending, Match, MatchRules};
use boardgames_core::rand::SeedableRng;
use boardgames_core::record::{replay, Applied, Format, Record};
use boardgames_core::search::{random_chance, random_move};
use boardgames_core::{ChaCha8Rng, Game, Turn};

fn files() -> Vec<(String, String)> {
    boardgames_testdata::match_files()
}

#[test]
fn every_match_file_writes_back_as_its_syntax() {
    let mut bad = Vec::new();
    let mut illegal = 0;
    for (name, text) in files() {
        let syntax = read_matches(&text).expect("reads");
        let expected: String = syntax.iter().map(write_match).collect();
        let records = MatchText.read(&text).expect("reads");
        for r in &records {
            if replay(r).illegal.is_some() {
                illegal += 1;
            }
        }
        let written = MatchText.write(&records).expect("writes");
        if written != expected {
            bad.push(name.clone());
            if bad.len() < 3 {
                let d = written
                    .lines()
                    .zip(expected.lines())
                    .enumerate()
                    .find(|(_, (a, b))| a != b);
                eprintln!("{name}: {d:?}");
            }
        }
        let json = MatchJson.write(&records).expect("writes");
        let expected_json: String = syntax
            .iter()
            .map(|m| serde_json::to_string(m).unwrap() + "\n")
            .collect();
        if json != expected_json {
            bad.push(format!("{name} (json)"));
        }
    }
    eprintln!("illegal games {illegal}");
    assert!(
        bad.is_empty(),
        "{} differ: {:?}",
        bad.len(),
        &bad[..bad.len().min(20)]
    );
}

/// A session played at random from `rules` (decisions uniform, dice by their chances),
/// with the steps it took.
fn random_session(rules: MatchRules, seed: u64) -> (Match, Vec<Applied<Match>>, Match) {
    let start = Match::new(rules);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut m = start.clone();
    let mut steps = Vec::new();
    for _ in 0..2000 {
        let step = match m.turn() {
            Turn::Seat(_) => Applied::Move(random_move(&m, &mut rng).expect("a move")),
            Turn::Chance => Applied::Chance(random_chance(&m, &mut rng).expect("a throw")),
            Turn::Over => break,
        };
        step.apply(&mut m).expect("legal");
        steps.push(step);
    }
    (start, steps, m)
}

/// A played session (matches, money with the Jacoby rule, beavers, automatic doubles) writes
/// as the session writer of the syntax does, and reads back into games that replay to its
/// end.
#[test]
fn played_sessions_write_and_read_back() {
    let rules = [
        MatchRules::to_points(1),
        MatchRules::to_points(3),
        MatchRules::to_points(7),
        MatchRules::money(false),
        MatchRules::money(true),
        MatchRules::money(false).with_beavers(2, true),
        MatchRules::money(false).with_auto_doubles(2),
    ];
    for (k, &r) in rules.iter().enumerate() {
        for seed in 0..40u64 {
            let (start, steps, end) = random_session(r, seed * 31 + k as u64);
            let record = Record::of_game(&start, &steps).expect("applies");
            let text = MatchText
                .write(std::slice::from_ref(&record))
                .expect("writes");
            let games = MatchText.read(&text).expect("reads back");
            let mut last = None;
            for g in &games {
                let trace = replay(g);
                assert!(trace.illegal.is_none(), "{r:?} {seed}: {:?}", trace.illegal);
                last = Some(trace.last().clone());
            }
            let last = last.expect("a game");
            // A resignation is the Wins line of a game not over, which the match's replay
            // resolves; a session that ended otherwise ends so in the last game's trace.
            let resigned = matches!(
                end.end_of_game().map(|e| e.ending),
                Some(Ending::Resigned { .. })
            );
            if end.turn() == Turn::Over && !resigned {
                assert_eq!(last.score(), end.score(), "{r:?} {seed}\n{text}");
            }
            // The match's replay accepts it, and ends its last game as the session did, a
            // resignation included.
            let matches = replay_matches(&games, true);
            assert_eq!(matches.len(), 1, "{r:?} {seed}");
            assert_eq!(matches[0].first_problem(), None, "{r:?} {seed}\n{text}");
            if let (Some(want), Some(game)) = (end.end_of_game(), matches[0].games.last()) {
                let (got, _) = game.end.expect("the last game ended");
                assert_eq!(
                    (got.winner, got.points),
                    (want.winner, want.points),
                    "{r:?} {seed}"
                );
            }
            assert_eq!(
                MatchText.write(&games).expect("writes"),
                text,
                "{r:?} {seed}"
            );
        }
    }
}
