//! Abalone: perft from the standard and Belgian Daisy layouts; full move generation, bulk
//! counting and move making over the position sets of `boardgames_benches::abalone_sets`
//! (distinct positions of real games and of random games, shuffled; the 1,000 positions of
//! `random_A` as a small second figure).
//!
//! Run: `cargo bench -p boardgames-benches --bench abalone`. Figures: `docs/performance.md`.

// criterion's `criterion_group!` generates an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;

use boardgames_benches::abalone_sets;
use boardgames_core::abalone::{Abalone, Layout, MoveList};
use boardgames_core::search::{perft, random_playout};
use boardgames_core::Game;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("abalone/perft");
    group.sample_size(10);
    for (layout, depth) in [
        (Layout::Standard, 4),
        (Layout::BelgianDaisy, 4),
        (Layout::Standard, 5),
    ] {
        let start = Abalone::new(layout).unwrap();
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("{layout}/{depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

fn movegen_bench(c: &mut Criterion) {
    for set in abalone_sets::sets() {
        let positions = &set.positions;
        let mut group = c.benchmark_group(format!("abalone/{}", set.name));
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function("legal_moves", |b| {
            let mut list = MoveList::new();
            b.iter(|| {
                let mut n = 0;
                for pos in positions {
                    pos.legal_moves(&mut list);
                    n += list.len();
                }
                n
            })
        });
        group.bench_function("count_legal_moves", |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|p| black_box(p).count_legal_moves())
                    .sum::<usize>()
            })
        });
        let with_moves: Vec<_> = positions
            .iter()
            .filter_map(|p| {
                let moves = p.moves();
                moves.get(moves.len() / 2).map(|&mv| (*p, mv))
            })
            .collect();
        group.bench_function("play_unchecked", |b| {
            b.iter_batched_ref(
                || with_moves.clone(),
                |set| {
                    for (pos, mv) in set.iter_mut() {
                        pos.play_unchecked(*mv);
                    }
                },
                BatchSize::LargeInput,
            )
        });
        group.finish();
    }

    let mut group = c.benchmark_group("abalone/random_playout");
    let start = Abalone::new(Layout::BelgianDaisy).unwrap();
    let plies = 200;
    group.throughput(Throughput::Elements(plies as u64));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    group.bench_function("belgian_daisy/200_plies", |b| {
        b.iter(|| black_box(random_playout(&start, &mut rng, plies).plies))
    });
    group.finish();
}

criterion_group!(benches, perft_bench, movegen_bench);
criterion_main!(benches);
