//! Backgammon: full turns per second, i.e. all distinct positions one roll leads to, over the
//! case sets of `boardgames_benches::backgammon_sets` (64,323 and 57,969 distinct cases,
//! shuffled, so that the branch predictor cannot learn them; the small handed set is a second
//! figure only); and whole random games from the start.
//!
//! Run: `cargo bench -p boardgames-benches --bench backgammon`. Figures: `docs/performance.md`.

#![allow(missing_docs)] // criterion_group! generates undocumented items

use std::hint::black_box;

use boardgames_benches::backgammon_sets;
use boardgames_core::backgammon as movegen;
use boardgames_core::backgammon::{Backgammon, Board};
use boardgames_core::search::random_playout;
use boardgames_core::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn full_turn_benches(c: &mut Criterion) {
    let sets = backgammon_sets::sets();
    let mut group = c.benchmark_group("backgammon/full_turn_cases");
    // The results buffer, written once so that its pages are mapped before timing.
    let mut buf = vec![Board::EMPTY; movegen::MAX_PLAYS];
    for set in &sets {
        group.throughput(Throughput::Elements(set.cases.len() as u64));
        group.bench_function(set.name, |b| {
            b.iter(|| black_box(backgammon_sets::full_turns(&set.cases, &mut buf)))
        });
    }
    group.finish();

    // The same through the trait: canonical plays (no notation strings) into the stack list.
    let mut group = c.benchmark_group("backgammon/legal_moves_cases");
    let cases = &sets[2].cases;
    let rolled: Vec<Backgammon> = cases
        .iter()
        .map(|(p, d)| {
            let mut p = *p;
            p.set_dice(Some(*d));
            p
        })
        .collect();
    group.throughput(Throughput::Elements(rolled.len() as u64));
    group.bench_function(sets[2].name, |b| {
        b.iter(|| rolled.iter().map(|p| p.moves().len()).sum::<usize>())
    });
    group.finish();
}

/// Whole uniformly random games from the start (`search::random_playout`: the n-th play of
/// each roll, the rolls drawn by `search::random_chance`), a game an element.
fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("backgammon/random_playout");
    let start = Backgammon::new();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    group.throughput(Throughput::Elements(1));
    group.bench_function("whole_game", |b| {
        b.iter(|| black_box(random_playout(&start, &mut rng, usize::MAX).plies))
    });
    group.finish();
}

criterion_group!(benches, full_turn_benches, random_games);
criterion_main!(benches);
