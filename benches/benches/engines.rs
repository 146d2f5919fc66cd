//! The engines' search speed: alpha-beta nodes per second (Pente, on positions of real
//! games) and Monte Carlo iterations per second (three- and six-player Abalone, on positions
//! of random games), each measured as a whole search with a fixed budget; and backgammon
//! network evaluations per second (20,000 distinct positions of pubeval's games; the board
//! encoding, and the knowledge encoding with the position's features) and its checker-play
//! decisions at 0, 1 and 2 plies.
//!
//! Run: `cargo bench -p boardgames-benches --bench engines`. Figures: `docs/performance.md`.

#![allow(missing_docs)] // criterion_group! generates undocumented items

use std::hint::black_box;

use boardgames_ai::backgammon::{
    self, features, CheckerPlayer, Encoding, Evaluator, Level, Network, PlyPlayer, PubEval,
    NORMAL_FILTERS,
};
use boardgames_ai::{abalone, pente, Budget, Engine};
use boardgames_core::abalone::{Abalone3, Abalone6, Position};
use boardgames_core::backgammon::{Board, Dice, Side};
use boardgames_core::pente::{record::JsonRecord, OpeningRule, Pente, Point};
use boardgames_core::search::random_move;
use boardgames_core::{Game, Turn};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Positions of the real Pente games: ply 12 of every 200th game that lasts that long.
fn pente_positions() -> Vec<Pente> {
    let mut out = Vec::new();
    for (k, line) in boardgames_benches::read_jsonl_gz("pente/games.jsonl.gz")
        .into_iter()
        .enumerate()
    {
        if k % 200 != 0 {
            continue;
        }
        let rec: JsonRecord = serde_json::from_value(line).expect("record");
        let mut pos = Pente::new(
            rec.variant,
            OpeningRule::from_tournament_rule(rec.tournament_rule),
        );
        let moves: Vec<Point> = rec.moves.iter().filter_map(|m| m.parse().ok()).collect();
        if moves.len() < 14 || moves[..12].iter().any(|&m| pos.play(m).is_err()) {
            continue;
        }
        if matches!(pos.turn(), Turn::Seat(_)) {
            out.push(pos);
        }
    }
    out
}

fn alpha_beta(c: &mut Criterion) {
    let positions = pente_positions();
    let budget = Budget::depth(3);
    let mut engine = pente::engine(3);
    let nodes: u64 = positions
        .iter()
        .map(|p| engine.search(p, &budget).map_or(0, |r| r.nodes))
        .sum();
    let mut group = c.benchmark_group("engines/pente_alpha_beta_depth3");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("{}_positions", positions.len()), |b| {
        b.iter(|| {
            for p in &positions {
                black_box(engine.search(p, &budget));
            }
        })
    });
    group.finish();
}

/// Positions 40 random plies from the start, from 10 seeds.
fn random_positions<const SEATS: usize>(start: Position<SEATS>) -> Vec<Position<SEATS>> {
    (0..10)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut pos = start;
            for _ in 0..40 {
                match random_move(&pos, &mut rng) {
                    Some(mv) => pos.play_unchecked(mv),
                    None => break,
                }
            }
            pos
        })
        .filter(|p| matches!(p.turn(), Turn::Seat(_)))
        .collect()
}

fn mcts<const SEATS: usize>(c: &mut Criterion, name: &str, start: Position<SEATS>) {
    let positions = random_positions(start);
    let iterations = 2_000;
    let budget = Budget::nodes(iterations);
    let mut engine = abalone::multi_engine::<SEATS>(3, 1);
    let mut group = c.benchmark_group(format!("engines/{name}_mcts_2000"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(iterations * positions.len() as u64));
    group.bench_function(format!("{}_positions", positions.len()), |b| {
        b.iter(|| {
            for p in &positions {
                black_box(engine.search(p, &budget));
            }
        })
    });
    group.finish();
}

fn monte_carlo(c: &mut Criterion) {
    mcts(c, "abalone3", Abalone3::start());
    mcts(c, "abalone6", Abalone6::start());
}

/// 20,000 distinct positions of cubeless games of pubeval against itself (the boards after
/// each play, with the side then on roll), shuffled by the seed of each game.
fn backgammon_positions() -> Vec<(Board, Side)> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut seed = 0u64;
    while out.len() < 20_000 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        seed += 1;
        backgammon::play_game([&mut PubEval, &mut PubEval], &mut rng, |side, _, after| {
            if !after.has_won(side) && seen.insert((*after, side.other())) && out.len() < 20_000 {
                out.push((*after, side.other()));
            }
        });
    }
    out
}

fn backgammon_network(c: &mut Criterion) {
    let positions = backgammon_positions();
    // The shape of the shipped contact network, random weights: the speed depends on the shape
    // and the encoding only.
    for (name, encoding) in [
        ("board", Encoding::Board),
        ("knowledge", Encoding::Knowledge),
    ] {
        let net = Network::random_with(encoding, 128, 1).expect("a network");
        let mut group = c.benchmark_group(format!("engines/backgammon_network_128_{name}"));
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("{}_positions", positions.len()), |b| {
            b.iter(|| {
                for (board, side) in &positions {
                    black_box(net.evaluate(board, *side));
                }
            })
        });
        group.finish();
    }
    // The features alone, what the knowledge encoding adds to the board's inputs.
    let mut group = c.benchmark_group("engines/backgammon_features");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(format!("{}_positions", positions.len()), |b| {
        b.iter(|| {
            for (board, side) in &positions {
                black_box(features(board, *side));
            }
        })
    });
    group.finish();
}

/// Checker-play decisions of the shipped network at 0, 1 and 2 plies (the usual move
/// filters), and at 2 plies with level 4's wider filters: every 1,000th of the positions
/// above, with a roll drawn for each.
fn backgammon_decisions(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let cases: Vec<(Board, Side, Dice)> = backgammon_positions()
        .into_iter()
        .step_by(1000)
        .map(|(b, s)| (b, s, backgammon::roll(&mut rng)))
        .collect();
    let mut group = c.benchmark_group("engines/backgammon_play");
    group.sample_size(10);
    group.throughput(Throughput::Elements(cases.len() as u64));
    let searches = [
        (0, &NORMAL_FILTERS[..], ""),
        (1, &NORMAL_FILTERS[..], ""),
        (2, &NORMAL_FILTERS[..], ""),
        (2, Level::of(4).filters, "_wide"),
    ];
    for (plies, filters, name) in searches {
        let mut player = PlyPlayer {
            eval: Evaluator::shipped(),
            plies,
            filters,
        };
        let id = format!("{plies}_ply{name}_{}_decisions", cases.len());
        group.bench_function(id, |b| {
            b.iter(|| {
                for (board, side, dice) in &cases {
                    black_box(player.choose(board, *side, *dice));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    alpha_beta,
    monte_carlo,
    backgammon_network,
    backgammon_decisions
);
criterion_main!(benches);
