//! Builds the suite of forced wins beyond depth 8 (`tests/data/pente-threat-wins.jsonl`)
//! from the real pente.org games of the reference data, with the library as referee:
//!
//! 1. in each game won by a five or by captures, the longest tail of the game that is a chain
//!    of threats by the winner: each of the winner's moves before the last leaves the loser
//!    facing a win at once (a four, a capture that reaches 10). The threats are found with
//!    the core alone: the loser "passes" by a stone far from every stone (three points or
//!    more away, where it touches no line or capture), then every move of the winner is
//!    played;
//! 2. the position at the start of that tail, when it is 9 plies or longer (the winner to
//!    move), is a candidate if plain alpha-beta to depth 8 (level 5 without the threat
//!    search) does not score it a win;
//! 3. on each candidate the threat search looks for a proof (threes allowed, 2,000,000 nodes,
//!    up to 31 plies); each proof found is checked against every defence: the core plays
//!    every legal move of the defender, the search's move of the attacker, to the end.
//!
//! Run: `cargo run --release -p boardgames-ai --example pente_threat_suite -- [GAMES]`
//! (the first GAMES games of the reference data, default all, until 100 candidates; writes
//! `crates/boardgames-ai/tests/data/pente-threat-wins.jsonl` and prints the solve rate).

#[path = "support/pente_games.rs"]
mod pente_games;

use std::fmt::Write as _;
use std::time::Instant;

use boardgames_ai::pente::{self, proof_holds, ThreatLimits, ThreatSearch};
use boardgames_ai::{Budget, Engine, WIN};
use boardgames_core::pente::{Pente, Point};
use boardgames_core::{Game, Seat, Turn};
use serde_json::{json, Value};

/// Candidates to collect at most (the first ones in file order).
const CANDIDATES: usize = 100;

/// The threat search of the suite.
const LIMITS: ThreatLimits = ThreatLimits::threes(2_000_000, 31);

/// A point three or more from every stone (a move that touches nothing), if any.
fn far_point(pos: &Pente) -> Option<Point> {
    let stones: Vec<Point> = pos
        .stones(Seat(0))
        .iter()
        .chain(pos.stones(Seat(1)).iter())
        .collect();
    pos.legal_points()
        .iter()
        .find(|p| stones.iter().all(|s| s.distance(*p) >= 3))
}

/// The moves of the side to move of `pos` that win at once.
fn wins_at_once(pos: &Pente) -> usize {
    let Turn::Seat(me) = pos.turn() else {
        return 0;
    };
    pos.moves()
        .iter()
        .filter(|&&m| {
            let mut next = *pos;
            next.play_unchecked(m);
            next.winner() == Some(me)
        })
        .count()
}

/// Whether the side that just moved in `pos` threatens to win at once: given a move now
/// (the side to move passing by a far stone), it would win at once.
fn wins_after_pass(pos: &Pente) -> bool {
    let Some(pass) = far_point(pos) else {
        return false;
    };
    let mut passed = *pos;
    passed.play_unchecked(pass);
    wins_at_once(&passed) > 0
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let limit: usize = std::env::args()
        .nth(1)
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(usize::MAX);
    let games = boardgames_testdata::gunzip("pente/games.jsonl.gz");
    let mut plain = pente::engine(5).without_forced_wins();
    let (mut out, mut candidates, mut proven, mut verified) = (String::new(), 0, 0, 0);
    let started = Instant::now();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pente-threat-wins.jsonl"
    );
    for line in games.lines().take(limit) {
        if candidates == CANDIDATES {
            break;
        }
        let g: Value = serde_json::from_str(line)?;
        let (moves, positions) = pente_games::replay(&g);
        let n = positions.len() - 1;
        if n != moves.len() || positions[n].winner().is_none() || n < 12 {
            continue;
        }
        // The longest tail of threats: t is a position with the winner to move.
        let mut t = n - 1;
        while t >= 10 && wins_after_pass(&positions[t - 1]) {
            t -= 2;
        }
        let plies = n - t;
        if plies < 9 {
            continue;
        }
        let pos = positions[t];
        let Turn::Seat(me) = pos.turn() else {
            continue;
        };
        let found = plain.search(&pos, &Budget::depth(8)).expect("a move");
        if found.score >= WIN - 1000 {
            continue;
        }
        candidates += 1;
        let id = format!("{}@{}", g["id"].as_str().unwrap_or("?"), pos.ply());
        let proof = ThreatSearch::new(LIMITS).prove(&pos, me);
        let mut check = 200_000;
        let holds = proof.is_some_and(|w| proof_holds(&pos, w.plies, &LIMITS, &mut check));
        proven += usize::from(proof.is_some());
        verified += usize::from(holds);
        let continuation: Vec<&str> = moves[t..].to_vec();
        let entry = json!({
            "id": id,
            "setup": pos.to_setup().to_string(),
            "continuation": continuation,
            "depth_8_score": found.score,
            "proof": proof.map(|w| json!({"first": w.first.to_string(), "plies": w.plies, "verified": holds})),
            "source": g["source"],
        });
        writeln!(out, "{entry}")?;
        std::fs::write(path, &out)?;
        eprintln!(
            "{id}: tail {plies} plies, depth 8 {} ({:.1} s), proof {:?} verified {holds} [{candidates} candidates, {proven} proven, {verified} verified, {:.0} s]",
            found.score,
            found.time.as_secs_f64(),
            proof,
            started.elapsed().as_secs_f64()
        );
    }
    std::fs::write(path, out)?;
    println!("{candidates} candidates, {proven} proven, {verified} proofs verified against every defence");
    Ok(())
}
