//! Builds the Abalone tactics suites of the engine tests from the real games of the
//! reference data (`crates/boardgames-core/tests/data/abalone/real_games.jsonl.gz`, then
//! `program_games.jsonl.gz`; the MiGs games of `migs-2016-2017.apgn.gz` are the same games
//! as the MiGs lines of the first file), with the library as referee:
//!
//! * `win-now`: the position before each recorded sixth ejection; every move that wins at
//!   once (ejects the sixth marble) is listed;
//! * `must-defend`: positions of the games where the side to move has lost five marbles,
//!   the opponent can win next move by a sixth ejection, and only a few moves (one to five)
//!   of the side to move prevent every such win; they are listed. One position a game in
//!   file order first, then further positions of the same games while the suite is short.
//!
//! Run: `cargo run --release -p boardgames-ai --example abalone_suites` (writes
//! `crates/boardgames-ai/tests/data/abalone-{win-now,must-defend}.jsonl`).

use std::collections::HashSet;
use std::fmt::Write as _;

use boardgames_core::abalone::record::JsonGame;
use boardgames_core::abalone::{Abalone, EndReason, Move};
use boardgames_core::record::replay_written;
use boardgames_core::Game;
use serde_json::{json, Value};

/// The suites' sizes at most.
const WIN_NOW: usize = 200;
const MUST_DEFEND: usize = 100;
/// The most defences a must-defend position may have.
const MAX_DEFENCES: usize = 5;

/// The moves of the side to move that win at once.
fn winning_moves(pos: &Abalone) -> Vec<Move> {
    let me = pos.side_to_move();
    pos.moves()
        .iter()
        .copied()
        .filter(|&m| {
            let mut next = *pos;
            next.play(m).is_ok() && next.winner() == Some(me)
        })
        .collect()
}

/// The moves after which the opponent has no win at once (or that win themselves), and the
/// number of legal moves; `None` when the opponent threatens no win.
fn defences(pos: &Abalone) -> Option<(Vec<Move>, usize)> {
    let me = pos.side_to_move();
    let moves = pos.moves();
    let safe: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            let mut next = *pos;
            next.play(m).is_ok()
                && (next.winner() == Some(me)
                    || (next.end_reason().is_none() && winning_moves(&next).is_empty()))
        })
        .collect();
    (safe.len() < moves.len()).then_some((safe, moves.len()))
}

fn names(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// One game of a corpus: its id, source and the positions of its replay.
struct Played {
    id: String,
    source: Value,
    positions: Vec<Abalone>,
}

fn games(file: &str) -> Vec<Played> {
    let text = boardgames_testdata::gunzip(&format!("abalone/{file}"));
    text.lines()
        .filter_map(|line| {
            let g: JsonGame = serde_json::from_str(line).ok()?;
            let v: Value = serde_json::from_str(line).ok()?;
            let trace = replay_written(&Abalone::new(g.layout).ok()?, &g.moves);
            let mut positions = vec![*trace.steps().next().map_or(trace.last(), |s| s.0)];
            positions.extend(trace.steps().map(|(_, _, after)| *after));
            let mut source = v["source"].clone();
            if let Value::Object(map) = &mut source {
                map.insert(
                    "file".into(),
                    json!(format!("crates/boardgames-core/tests/data/abalone/{file}")),
                );
            }
            Some(Played {
                id: g.id.unwrap_or_else(|| "?".into()),
                source,
                positions,
            })
        })
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut all = games("real_games.jsonl.gz");
    all.extend(games("program_games.jsonl.gz"));
    let (mut win_now, mut must_defend) = (String::new(), String::new());
    let (mut n_win, mut n_defend) = (0, 0);
    let mut seen = HashSet::new();
    let mut ended = 0;
    for g in &all {
        let Some(i) = g
            .positions
            .iter()
            .position(|p| p.end_reason() == Some(EndReason::SixEjected))
        else {
            continue;
        };
        ended += 1;
        let before = g.positions[i - 1];
        if n_win < WIN_NOW && seen.insert(before.key()) {
            let wins = winning_moves(&before);
            assert!(
                !wins.is_empty(),
                "{}: the recorded sixth ejection wins",
                g.id
            );
            let entry = json!({"id": format!("{}@{}", g.id, before.ply()), "setup": before.to_setup().to_string(), "source": g.source, "wins": names(&wins)});
            writeln!(win_now, "{entry}")?;
            n_win += 1;
        }
    }
    // Must-defend: every such position of each game, then the first of each game in file
    // order, then the others of the same games.
    let found: Vec<Vec<(Abalone, Vec<Move>)>> = all
        .iter()
        .map(|g| {
            g.positions
                .iter()
                .filter(|p| p.end_reason().is_none() && p.lost(p.side_to_move()) == 5)
                .filter_map(|p| defences(p).map(|(safe, _)| (*p, safe)))
                .filter(|(_, safe)| (1..=MAX_DEFENCES).contains(&safe.len()))
                .collect()
        })
        .collect();
    let games_with = found.iter().filter(|f| !f.is_empty()).count();
    let total: usize = found.iter().map(Vec::len).sum();
    for pass in 0..2 {
        for (g, list) in all.iter().zip(&found) {
            let chosen = if pass == 0 {
                &list[..list.len().min(1)]
            } else {
                list.get(1..).unwrap_or(&[])
            };
            for (pos, safe) in chosen {
                if n_defend >= MUST_DEFEND || !seen.insert(pos.key()) {
                    continue;
                }
                let entry = json!({"id": format!("{}@{}", g.id, pos.ply()), "setup": pos.to_setup().to_string(), "source": g.source, "defences": names(safe)});
                writeln!(must_defend, "{entry}")?;
                n_defend += 1;
            }
        }
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    std::fs::write(dir.join("abalone-win-now.jsonl"), win_now)?;
    std::fs::write(dir.join("abalone-must-defend.jsonl"), must_defend)?;
    println!(
        "{} games, {ended} ended by a sixth ejection; {total} must-defend positions in {games_with} games; {n_win} win-now and {n_defend} must-defend positions written to {}",
        all.len(),
        dir.display()
    );
    Ok(())
}
