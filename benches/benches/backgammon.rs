//! Backgammon: full turns per second, i.e. all distinct positions one roll leads to, over the
//! reference positions (random games, the opening, the edge cases), shuffled so the branch
//! predictor cannot learn a small set.
//!
//! Run: `cargo bench -p boardgames-benches --bench backgammon`. Figures: `docs/performance.md`.

#![allow(missing_docs)] // criterion_group! generates undocumented items

use std::hint::black_box;

use boardgames_core::backgammon::movegen::{self, TurnSink};
use boardgames_core::backgammon::{Backgammon, Board, Dice, Setup};
use boardgames_core::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Collects every resulting position (both sides' checkers) into a fixed buffer reused
/// across calls (`MAX_PLAYS` boards, allocated once): no allocation per call.
struct Positions<'a> {
    pos: &'a Backgammon,
    out: &'a mut [Board],
    len: usize,
}

impl TurnSink for Positions<'_> {
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    fn push(&mut self, mover: u128, hits: u32, _steps: &[(u8, u8)]) {
        self.out[self.len] = movegen::result_board(self.pos.board(), self.pos.side(), mover, hits);
        self.len += 1;
    }
}

/// The handed positions with their dice: random_A, opening and edge.
fn handed() -> Vec<(Backgammon, Dice)> {
    let mut out = Vec::new();
    for name in ["random_A", "opening", "edge"] {
        for rec in boardgames_benches::read_jsonl_gz(&format!("backgammon/{name}.jsonl.gz")) {
            let setup: Setup = serde_json::from_value(rec["input"].clone()).expect("position");
            let pos = setup.into_position().expect("valid position");
            let dice = pos.dice().expect("dice");
            out.push((pos, dice));
        }
    }
    out
}

fn shuffled(mut v: Vec<(Backgammon, Dice)>, seed: u64) -> Vec<(Backgammon, Dice)> {
    v.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    v
}

/// Generates every case's results; returns the total number of positions.
fn run(cases: &[(Backgammon, Dice)], buf: &mut [Board]) -> usize {
    let mut total = 0;
    for (pos, dice) in cases {
        let mut sink = Positions {
            pos,
            out: buf,
            len: 0,
        };
        pos.generate(*dice, &mut sink);
        total += sink.len;
    }
    total
}

fn full_turns(c: &mut Criterion) {
    let base = handed();
    let all_rolls: Vec<(Backgammon, Dice)> = base
        .iter()
        .flat_map(|(p, _)| Dice::all().map(move |d| (*p, d)))
        .collect();
    let sets = [
        ("handed", shuffled(base.clone(), 1)),
        (
            "handed_doubles",
            shuffled(
                base.iter()
                    .copied()
                    .filter(|(_, d)| d.is_double())
                    .collect(),
                2,
            ),
        ),
        (
            "handed_non_doubles",
            shuffled(
                base.iter()
                    .copied()
                    .filter(|(_, d)| !d.is_double())
                    .collect(),
                3,
            ),
        ),
        ("all_21_rolls", shuffled(all_rolls.clone(), 4)),
        (
            "all_21_rolls_doubles",
            shuffled(
                all_rolls
                    .iter()
                    .copied()
                    .filter(|(_, d)| d.is_double())
                    .collect(),
                5,
            ),
        ),
        (
            "all_21_rolls_non_doubles",
            shuffled(
                all_rolls
                    .iter()
                    .copied()
                    .filter(|(_, d)| !d.is_double())
                    .collect(),
                6,
            ),
        ),
    ];
    let mut group = c.benchmark_group("backgammon/full_turn_cases");
    // The results buffer, written once so that its pages are mapped before timing.
    let mut buf = vec![Board::EMPTY; movegen::MAX_PLAYS];
    for (name, cases) in &sets {
        group.throughput(Throughput::Elements(cases.len() as u64));
        group.bench_function(*name, |b| b.iter(|| black_box(run(cases, &mut buf))));
    }
    group.finish();

    // The same through the trait: canonical plays (no notation strings) into the stack list.
    let mut group = c.benchmark_group("backgammon/legal_moves_cases");
    let cases = &sets[0].1;
    let rolled: Vec<Backgammon> = cases
        .iter()
        .map(|(p, d)| {
            let mut p = *p;
            p.set_dice(Some(*d));
            p
        })
        .collect();
    group.throughput(Throughput::Elements(rolled.len() as u64));
    group.bench_function("handed", |b| {
        b.iter(|| rolled.iter().map(|p| p.moves().len()).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, full_turns);
criterion_main!(benches);
