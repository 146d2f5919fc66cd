//! Pente and Keryo-Pente: random playouts (plies per second) and single placements.
//!
//! Run: `cargo bench -p boardgames-benches --bench pente`. Figures: `docs/performance.md`.

#![allow(missing_docs)] // criterion_group! generates undocumented items

use std::hint::black_box;

use boardgames_core::pente::{record::JsonRecord, OpeningRule, Pente, Point, Variant};
use boardgames_core::search::random_playout;
use boardgames_core::Game;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Average plies of a random playout, measured once so that throughput is in plies.
fn plies_per_playout(variant: Variant) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let start = Pente::new(variant, OpeningRule::Tournament);
    let games = 2_000;
    let total: usize = (0..games)
        .map(|_| random_playout(&start, &mut rng, usize::MAX).plies)
        .sum();
    (total / games) as u64
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("pente/random_playout");
    for variant in [Variant::Pente, Variant::KeryoPente] {
        group.throughput(Throughput::Elements(plies_per_playout(variant)));
        let start = Pente::new(variant, OpeningRule::Tournament);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        group.bench_function(variant.name(), |b| {
            b.iter(|| black_box(random_playout(&start, &mut rng, usize::MAX).plies))
        });
    }
    group.finish();
}

/// Positions from the real games (every 7th ply of each game), shuffled, each with one legal
/// point to place next.
fn real_positions() -> Vec<(Pente, Point)> {
    let mut out = Vec::new();
    for line in boardgames_benches::read_jsonl_gz("pente/games.jsonl.gz") {
        let rec: JsonRecord = serde_json::from_value(line).expect("record");
        let mut pos = Pente::new(
            rec.variant,
            OpeningRule::from_tournament_rule(rec.tournament_rule),
        );
        let moves: Vec<Point> = rec.moves.iter().filter_map(|m| m.parse().ok()).collect();
        for (i, pair) in moves.windows(2).enumerate() {
            if pos.play(pair[0]).is_err() {
                break;
            }
            if i % 7 == 3 && pos.is_legal(pair[1]) {
                out.push((pos, pair[1]));
            }
        }
    }
    out.shuffle(&mut ChaCha8Rng::seed_from_u64(3));
    out
}

fn placements(c: &mut Criterion) {
    let positions = real_positions();
    let mut group = c.benchmark_group("pente/place");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("real_positions", |b| {
        b.iter_batched_ref(
            || positions.clone(),
            |set| {
                for (pos, mv) in set.iter_mut() {
                    pos.play_unchecked(*mv);
                }
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|(p, _)| p.moves().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, playouts, placements);
criterion_main!(benches);
