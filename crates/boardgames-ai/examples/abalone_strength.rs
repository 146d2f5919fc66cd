//! Abalone strength: two players, each a level of the engine (1 to 5, untimed: the level's
//! depth only, so that a run repeats) or `0` for uniformly random moves, play GAMES games
//! from the standard layout after four random plies (seeded), alternating who starts, with
//! a move limit of LIMIT plies (adjudicated by the rules: more marbles ejected wins, equal
//! is a draw); prints the wins, draws and losses of A, its score with a 95 % interval, the
//! Elo difference, and how many games ended by a sixth ejection.
//!
//! Run: `cargo run --release -p boardgames-ai --example abalone_strength -- A B GAMES SEED
//! LIMIT` (default `1 0 200 1 200`).

use boardgames_ai::{abalone, AlphaBeta, Budget, Engine};
use boardgames_core::abalone::{Abalone, EndReason, Layout, Move};
use boardgames_core::player::{Player, RandomPlayer};
use boardgames_core::rand::SeedableRng;
use boardgames_core::search::random_move;
use boardgames_core::{ChaCha8Rng, Game, Seat, Turn};

/// An engine level without its clock.
struct Untimed(AlphaBeta<Abalone, abalone::AbaloneEval>, Budget);

impl Player<Abalone> for Untimed {
    fn name(&self) -> String {
        self.0.name()
    }
    fn choose(&mut self, pos: &Abalone) -> Option<Move> {
        self.0.search(pos, &self.1).map(|r| r.best)
    }
}

/// An engine level without its clock, or a random mover for level 0.
fn player(level: u8, seed: u64) -> Box<dyn Player<Abalone>> {
    if level == 0 {
        return Box::new(RandomPlayer::seeded(seed));
    }
    let budget = Budget {
        time: None,
        ..abalone::budget(level)
    };
    Box::new(Untimed(abalone::engine(level), budget))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (a, b, games, seed) = (num(0, 1) as u8, num(1, 0) as u8, num(2, 200), num(3, 1));
    let limit = u16::try_from(num(4, 200)).unwrap_or(200);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let (mut by_ejection, mut plies) = (0u32, 0usize);
    let clock = std::time::Instant::now();
    for g in 0..games {
        let mut pos = Abalone::new(Layout::Standard);
        pos.set_move_limit(Some(limit));
        for _ in 0..4 {
            if let Some(mv) = random_move(&pos, &mut rng) {
                pos.play_unchecked(mv);
            }
        }
        // A plays Black (seat 0) in even games, White in odd ones.
        let a_seat = Seat((g % 2) as u8);
        let mut players = [player(a, seed + 2 * g), player(b, seed + 2 * g + 1)];
        while let Turn::Seat(s) = pos.turn() {
            let who = usize::from(s != a_seat);
            let Some(mv) = players[who].choose(&pos) else {
                break;
            };
            pos.play_unchecked(mv);
        }
        if pos.end_reason() == Some(EndReason::SixEjected) {
            by_ejection += 1;
        }
        plies += pos.ply();
        match pos.winner() {
            Some(w) if w.seat() == a_seat => wins += 1,
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
    let name = |l: u8| {
        if l == 0 {
            "random".to_owned()
        } else {
            format!("level {l}")
        }
    };
    println!(
        "A = {} vs B = {}: {games} games (limit {limit} plies), +{wins} ={draws} -{losses}, score {:.1} % (95 %: {:.1}-{:.1} %), Elo {:+.0} ({:+.0} to {:+.0}); {by_ejection} ended by a sixth ejection, {:.0} plies a game; {:.0} s",
        name(a),
        name(b),
        100.0 * score,
        100.0 * (centre - half),
        100.0 * (centre + half),
        elo(score),
        elo(centre - half),
        elo(centre + half),
        plies as f64 / n,
        clock.elapsed().as_secs_f64()
    );
}
