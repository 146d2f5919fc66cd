//! Pente strength: two players, each a level of the engine (1 to 5, untimed: the level's
//! depth only, so that a run repeats) or `0` for uniformly random moves, play GAMES games
//! from openings of four random plies (seeded), alternating who starts; prints the wins,
//! draws and losses of A, its score with a 95 % interval, and the Elo difference.
//!
//! Run: `cargo run --release -p boardgames-ai --example pente_strength -- A B GAMES SEED`
//! (default `1 0 200 1`).

use boardgames_ai::{pente, Budget};
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::player::{Player, RandomPlayer};
use boardgames_core::rand::SeedableRng;
use boardgames_core::search::random_move;
use boardgames_core::{ChaCha8Rng, Game, Seat, Turn};

/// An engine level without its clock, or a random mover for level 0.
fn player(level: u8, seed: u64) -> Box<dyn Player<Pente>> {
    if level == 0 {
        return Box::new(RandomPlayer::seeded(seed));
    }
    struct Untimed(boardgames_ai::AlphaBeta<Pente, pente::PenteEval>, Budget);
    impl Player<Pente> for Untimed {
        fn name(&self) -> String {
            "engine".into()
        }
        fn choose(&mut self, pos: &Pente) -> Option<boardgames_core::pente::Point> {
            use boardgames_ai::Engine;
            self.0.search(pos, &self.1).map(|r| r.best)
        }
    }
    let budget = Budget {
        time: None,
        ..pente::budget(level)
    };
    Box::new(Untimed(pente::engine(level), budget))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (a, b, games, seed) = (num(0, 1) as u8, num(1, 0) as u8, num(2, 200), num(3, 1));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let clock = std::time::Instant::now();
    for g in 0..games {
        let mut pos = Pente::new(Variant::Pente, OpeningRule::Tournament);
        for _ in 0..4 {
            if let Some(mv) = random_move(&pos, &mut rng) {
                pos.play_unchecked(mv);
            }
        }
        // A plays seat 0 in even games, seat 1 in odd ones.
        let a_seat = Seat((g % 2) as u8);
        let mut players = [player(a, seed + 2 * g), player(b, seed + 2 * g + 1)];
        while let Turn::Seat(s) = pos.turn() {
            let who = usize::from(s != a_seat);
            let Some(mv) = players[who].choose(&pos) else {
                break;
            };
            pos.play_unchecked(mv);
        }
        match pos.winner() {
            Some(w) if w == a_seat => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
    }
    let n = f64::from(wins + draws + losses);
    let score = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    // Wilson interval of the score at 95 %.
    let z = 1.96;
    let centre = (score + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (score * (1.0 - score) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    let elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-6, 1.0 - 1e-6) - 1.0).log10();
    println!(
        "A = {} vs B = {}: {games} games, +{wins} ={draws} -{losses}, score {:.1} % (95 %: {:.1}-{:.1} %), Elo {:+.0} ({:+.0} to {:+.0}), {:.0} s",
        if a == 0 { "random".to_owned() } else { format!("level {a}") },
        if b == 0 { "random".to_owned() } else { format!("level {b}") },
        100.0 * score,
        100.0 * (centre - half),
        100.0 * (centre + half),
        elo(score),
        elo(centre - half),
        elo(centre + half),
        clock.elapsed().as_secs_f64()
    );
}
