//! Abalone position sets (two players), each of distinct positions, shuffled.
//!
//! * `real`: every distinct position met in the 1,281 real games and the 100 program games
//!   of the reference data (the position before each recorded move).
//! * `random`: 30,000 distinct positions of seeded uniformly random games, 6,000 from each
//!   of the five starting layouts, taken at plies 1 to 120.
//! * `random_a_small`: the 1,000 positions of the reference corpus `random_A`: a small set,
//!   kept only as a second figure.

use std::collections::HashSet;

use boardgames_core::abalone::{Abalone, Layout};
use boardgames_core::search::random_move;
use boardgames_core::{Game, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

use crate::{read_jsonl_gz, shuffled};

/// A game line of the reference data: its layout and moves.
#[derive(Deserialize)]
struct GameLine {
    layout: Layout,
    moves: Vec<String>,
}

/// A named position set.
pub struct PositionSet {
    /// The set's name in the benches.
    pub name: &'static str,
    /// The positions, in the order they are timed.
    pub positions: Vec<Abalone>,
}

/// The distinct positions with a player to move before each recorded move of the real and
/// program games, in file order.
#[must_use]
pub fn real() -> Vec<Abalone> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for file in [
        "abalone/real_games.jsonl.gz",
        "abalone/program_games.jsonl.gz",
    ] {
        for line in read_jsonl_gz(file) {
            let game: GameLine = serde_json::from_value(line).expect("a game line");
            let mut pos = Abalone::new(game.layout).expect("a two-player layout");
            for text in &game.moves {
                if !matches!(pos.turn(), Turn::Seat(_)) {
                    break;
                }
                if seen.insert(pos.key()) {
                    out.push(pos);
                }
                match pos.parse_move(text) {
                    Ok(mv) => pos.play_unchecked(mv),
                    Err(_) => break,
                }
            }
        }
    }
    out
}

/// `per_layout` distinct positions of seeded random games from each of the five layouts, at
/// plies 1 to 120 of games that restart when they end.
#[must_use]
pub fn random(per_layout: usize, seed: u64) -> Vec<Abalone> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for layout in [
        Layout::Standard,
        Layout::BelgianDaisy,
        Layout::GermanDaisy,
        Layout::DutchDaisy,
        Layout::SwissDaisy,
    ] {
        let mut taken = 0;
        let mut pos = Abalone::new(layout).unwrap();
        while taken < per_layout {
            match random_move(&pos, &mut rng) {
                Some(mv) if pos.ply() < 120 => pos.play_unchecked(mv),
                _ => {
                    pos = Abalone::new(layout).unwrap();
                    continue;
                }
            }
            if matches!(pos.turn(), Turn::Seat(_)) && seen.insert(pos.key()) {
                out.push(pos);
                taken += 1;
            }
        }
    }
    out
}

/// The 1,000 positions of the reference corpus `random_A`, in file order.
#[must_use]
pub fn random_a() -> Vec<Abalone> {
    read_jsonl_gz("abalone/random_A.jsonl.gz")
        .into_iter()
        .map(|line| serde_json::from_value(line["position"].clone()).expect("position"))
        .collect()
}

/// The sets timed by the bench, the headline first.
#[must_use]
pub fn sets() -> Vec<PositionSet> {
    vec![
        PositionSet {
            name: "real",
            positions: shuffled(real(), 3),
        },
        PositionSet {
            name: "random",
            positions: shuffled(random(6_000, 11), 5),
        },
        PositionSet {
            name: "random_a_small",
            positions: shuffled(random_a(), 3),
        },
    ]
}
