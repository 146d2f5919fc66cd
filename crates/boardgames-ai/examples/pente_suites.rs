//! Builds the Pente tactics suites of the engine tests from the real pente.org games of the
//! reference data, with the library as referee:
//!
//! * `win-now`: the position before each game's winning move (a five or the last capture);
//!   every move that wins at once is listed;
//! * `must-defend`: the position before the loser's last move, where the winner threatened
//!   to win next move and only a few moves (one to three) prevent it; they are listed.
//!
//! Run: `cargo run --release -p boardgames-ai --example pente_suites` (writes
//! `crates/boardgames-ai/tests/data/pente-{win-now,must-defend}.jsonl`).

#[path = "support/pente_games.rs"]
mod pente_games;

use std::fmt::Write as _;

use boardgames_core::pente::{Pente, Point};
use boardgames_core::{Game, Seat, Turn};
use serde_json::{json, Value};

/// Games of the reference data to scan, and the suites' sizes.
const WIN_NOW: usize = 200;
const MUST_DEFEND: usize = 100;

fn wins_at_once(pos: &Pente, mv: Point) -> bool {
    let Turn::Seat(me) = pos.turn() else {
        return false;
    };
    let mut next = *pos;
    next.play(mv).is_ok() && next.winner() == Some(me)
}

fn winning_moves(pos: &Pente) -> Vec<Point> {
    pos.moves()
        .iter()
        .copied()
        .filter(|&m| wins_at_once(pos, m))
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let games = boardgames_testdata::gunzip("pente/games.jsonl.gz");
    let (mut win_now, mut must_defend) = (String::new(), String::new());
    let (mut n_win, mut n_defend) = (0, 0);
    for line in games.lines() {
        let g: Value = serde_json::from_str(line)?;
        let (moves, positions) = pente_games::replay(&g);
        let end = positions.last().expect("a start");
        if positions.len() != moves.len() + 1 || end.winner().is_none() || positions.len() < 4 {
            continue;
        }
        let id = g["id"].as_str().unwrap_or("?");
        let before = positions[positions.len() - 2];
        let ply = before.ply();
        if n_win < WIN_NOW {
            let wins: Vec<String> = winning_moves(&before)
                .iter()
                .map(Point::to_string)
                .collect();
            let entry = json!({"id": format!("{id}@{ply}"), "setup": before.to_setup().to_string(), "wins": wins, "source": g["source"]});
            writeln!(win_now, "{entry}")?;
            n_win += 1;
        }
        let defend = positions[positions.len() - 3];
        let Turn::Seat(loser) = defend.turn() else {
            continue;
        };
        let winner = Seat(1 - loser.0);
        if n_defend < MUST_DEFEND && end.winner() == Some(winner) {
            // The loser's moves after which the winner has no win at once (or the loser wins).
            let defences: Vec<Point> = defend
                .moves()
                .iter()
                .copied()
                .filter(|&m| {
                    let mut next = defend;
                    next.play(m).is_ok()
                        && (next.winner() == Some(loser) || winning_moves(&next).is_empty())
                })
                .collect();
            if (1..=3).contains(&defences.len()) {
                let list: Vec<String> = defences.iter().map(Point::to_string).collect();
                let entry = json!({"id": format!("{id}@{}", defend.ply()), "setup": defend.to_setup().to_string(), "defences": list, "source": g["source"]});
                writeln!(must_defend, "{entry}")?;
                n_defend += 1;
            }
        }
        if n_win >= WIN_NOW && n_defend >= MUST_DEFEND {
            break;
        }
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    std::fs::write(dir.join("pente-win-now.jsonl"), win_now)?;
    std::fs::write(dir.join("pente-must-defend.jsonl"), must_defend)?;
    println!(
        "{n_win} win-now and {n_defend} must-defend positions written to {}",
        dir.display()
    );
    Ok(())
}
