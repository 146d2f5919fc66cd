//! Times full move generation and bulk counting over the Abalone position sets in one
//! process, a quick check beside the criterion bench.
//!
//! Run: `cargo run --release -p boardgames-benches --bin abalone_moves [PASSES]`. For each
//! set it prints the positions, the legal moves of one pass, and the median nanoseconds a
//! position of `legal_moves` (full list) and of `count_legal_moves` over PASSES passes
//! (default 20) after one warm-up pass.

use std::hint::black_box;
use std::time::Instant;

use boardgames_benches::abalone_sets::sets;
use boardgames_benches::passes_arg;
use boardgames_core::abalone::{Abalone, MoveList};
use boardgames_core::Game;

/// The median over `passes` of nanoseconds a position of `f` over `positions`.
fn median_ns(positions: &[Abalone], passes: usize, mut f: impl FnMut(&Abalone) -> usize) -> f64 {
    let mut ns: Vec<f64> = (0..=passes)
        .map(|_| {
            let t = Instant::now();
            let n: usize = positions.iter().map(|p| f(black_box(p))).sum();
            black_box(n);
            t.elapsed().as_nanos() as f64 / positions.len() as f64
        })
        .skip(1)
        .collect();
    ns.sort_by(f64::total_cmp);
    ns[ns.len() / 2]
}

fn main() {
    let arg = std::env::args().nth(1);
    let passes = passes_arg(arg.as_deref());
    for set in sets() {
        let moves: usize = set.positions.iter().map(Game::count_legal_moves).sum();
        let mut list = MoveList::new();
        let full = median_ns(&set.positions, passes, |p| {
            p.legal_moves(&mut list);
            list.len()
        });
        let count = median_ns(&set.positions, passes, Game::count_legal_moves);
        println!(
            "{}: {} positions, {moves} moves; legal_moves {full:.1} ns, count_legal_moves {count:.1} ns a position",
            set.name,
            set.positions.len()
        );
    }
}
