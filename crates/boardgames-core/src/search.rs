//! Generic algorithms over [`Game`]: perft, random moves and random playouts.
//!
//! # How perft counts chance nodes
//! A chance node (a roll of the dice) does not use up a ply: each of its distinct outcomes
//! ([`Game::chance_outcomes`], e.g. Backgammon's 21 rolls) is one branch, unweighted, and the
//! counts of the branches add up. One exception keeps the count finite: an outcome that leads
//! straight to another chance node stands for a move the rules made on their own (a roll that
//! cannot be played, passed with the throw, before the opponent's roll), and that branch uses
//! one ply, as the move would. Without it, a cycle of chance nodes (both sides unable to
//! enter with `11`, passing in turn) would never end. A finished game below the requested
//! depth adds nothing. At the last ply the count comes from [`Game::count_legal_moves`], so
//! games with a bulk counter never build the last move lists.

use rand::{Rng, RngCore};

use arrayvec::ArrayVec;

use crate::game::{Game, Turn, MAX_CHANCE_OUTCOMES};

/// Counts the leaf nodes of the game tree `depth` plies deep (moves only; chance nodes are
/// expanded without using a ply, but for a chance node following another, see the module
/// docs).
///
/// `depth` 0 gives 1. Allocation free except for chance nodes' outcome lists.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match pos.turn() {
        Turn::Over => 0,
        Turn::Chance => pos
            .chance_outcomes()
            .iter()
            .map(|&(outcome, _)| {
                let mut child = pos.clone();
                match child.apply_chance(outcome) {
                    Ok(()) if child.turn() == Turn::Chance => perft(&child, depth - 1),
                    Ok(()) => perft(&child, depth),
                    Err(_) => 0,
                }
            })
            .sum(),
        Turn::Seat(_) => {
            if depth == 1 {
                return pos.count_legal_moves() as u64;
            }
            if depth == 2 {
                return pos.count_replies();
            }
            let moves = pos.moves();
            moves
                .iter()
                .map(|&mv| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// perft to depth 2 by playing every move and counting the replies: the default of
/// [`Game::count_replies`], for games without a bulk count of it.
pub fn count_replies_by_play<G: Game>(pos: &G) -> u64 {
    match pos.turn() {
        Turn::Seat(_) => pos
            .moves()
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                perft(&child, 1)
            })
            .sum(),
        _ => perft(pos, 2),
    }
}

/// perft split by first move: each legal move with the leaf count below it (`depth >= 1`),
/// in move-list order. The counts add up to [`perft`]`(pos, depth)` outside chance nodes.
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let moves = pos.moves();
    moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

/// A uniformly random legal move, or `None` when no seat is to move or no move is legal.
///
/// Uses [`Game::count_legal_moves`] and [`Game::nth_legal_move`], so games with fast versions
/// of both pick a move without building a list.
pub fn random_move<G: Game, R: RngCore + ?Sized>(pos: &G, rng: &mut R) -> Option<G::Move> {
    if !matches!(pos.turn(), Turn::Seat(_)) {
        return None;
    }
    let n = pos.count_legal_moves();
    if n == 0 {
        return None;
    }
    pos.nth_legal_move(rng.random_range(0..n))
}

/// A chance outcome drawn with its probability, or `None` when it is not chance's turn.
pub fn random_chance<G: Game, R: RngCore + ?Sized>(pos: &G, rng: &mut R) -> Option<G::Chance> {
    let outcomes = pos.chance_outcomes();
    // Exact weights over a common denominator: the shared one when all are equal (dice),
    // else their least common multiple.
    let first = outcomes.first().map_or(1, |(_, p)| p.denominator.max(1));
    let mut weights = ArrayVec::<u64, MAX_CHANCE_OUTCOMES>::new();
    if outcomes.iter().all(|(_, p)| p.denominator == first) {
        weights.extend(outcomes.iter().map(|(_, p)| u64::from(p.numerator)));
    } else {
        let lcm = outcomes.iter().fold(1u64, |acc, (_, p)| {
            let d = u64::from(p.denominator.max(1));
            acc / gcd(acc, d) * d
        });
        weights.extend(
            outcomes
                .iter()
                .map(|(_, p)| u64::from(p.numerator) * (lcm / u64::from(p.denominator.max(1)))),
        );
    }
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for ((outcome, _), &w) in outcomes.iter().zip(&weights) {
        if pick < w {
            return Some(*outcome);
        }
        pick -= w;
    }
    None
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// What a random playout did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout<G: Game> {
    /// Moves played (chance outcomes are not counted).
    pub plies: usize,
    /// The last position reached.
    pub last: G,
}

/// Plays uniformly random legal moves (and chance outcomes by their probabilities) from `pos`
/// until the game ends, no move is possible, or `max_plies` moves have been played.
pub fn random_playout<G: Game, R: RngCore + ?Sized>(
    pos: &G,
    rng: &mut R,
    max_plies: usize,
) -> Playout<G> {
    let mut cur = pos.clone();
    let mut plies = 0;
    while plies < max_plies {
        match cur.turn() {
            Turn::Over => break,
            Turn::Chance => match random_chance(&cur, rng) {
                Some(c) if cur.apply_chance(c).is_ok() => {}
                _ => break,
            },
            Turn::Seat(_) => match random_move(&cur, rng) {
                Some(mv) => {
                    cur.play_unchecked(mv);
                    plies += 1;
                }
                None => break,
            },
        }
    }
    Playout { plies, last: cur }
}

/// Collects every legal move into a `Vec` (for callers that want ownership).
pub fn legal_moves_vec<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    list.to_vec()
}
