//! Monte Carlo tree search (UCT) over the `Game` trait, for any number of seats playing in
//! teams, with chance nodes, and leaves scored by a random playout or by a [`Leaf`].

use std::time::Instant;

use boardgames_core::rand::{Rng, SeedableRng};
use boardgames_core::record::Applied;
use boardgames_core::{search, ChaCha8Rng, Game, GameResult, Turn, MAX_SEATS};

use crate::budget::Budget;
use crate::engine::{Engine, SearchResult};

/// Each team's share of one result, in `0..=1` (index: the team number).
pub type TeamValues = [f32; MAX_SEATS];

/// How a search values a position where its playout stops.
pub trait Leaf<G: Game> {
    /// Random plies played from a new leaf before it is valued (0: value it at once). A
    /// playout that reaches the end of the game scores the result instead.
    fn playout_plies(&self) -> usize;

    /// Each team's expected share of the win at `pos` (not finished), in `0..=1`, into
    /// `values` (indexed by team; teams beyond the game's are ignored). The shares of the
    /// game's teams should sum to 1.
    fn value(&self, pos: &G, values: &mut TeamValues);
}

/// Random playouts to the end of the game (at most `max_plies` plies; a playout cut there
/// scores every team alike).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RandomPlayout {
    /// Plies a playout may run.
    pub max_plies: usize,
}

impl<G: Game> Leaf<G> for RandomPlayout {
    fn playout_plies(&self) -> usize {
        self.max_plies
    }

    fn value(&self, pos: &G, values: &mut TeamValues) {
        let teams = team_count(pos);
        values.fill(0.0);
        for v in &mut values[..teams] {
            *v = 1.0 / teams as f32;
        }
    }
}

/// The number of teams of `pos`'s game, at most [`MAX_SEATS`].
pub(crate) fn team_count<G: Game>(pos: &G) -> usize {
    pos.team_count().min(MAX_SEATS)
}

/// The values of a finished game: the winner's team 1, the others 0; a draw shares.
fn result_values<G: Game>(pos: &G, values: &mut TeamValues) {
    values.fill(0.0);
    match pos.outcome().map(|o| o.result) {
        Some(GameResult::Win { winner, .. }) => {
            if let Some(v) = values.get_mut(usize::from(winner.0)) {
                *v = 1.0;
            }
        }
        _ => {
            let teams = team_count(pos);
            for v in &mut values[..teams] {
                *v = 1.0 / teams as f32;
            }
        }
    }
}

/// No child yet.
const NONE: u32 = u32::MAX;

/// One edge of the tree: a step from its parent, and what the search learned below it.
struct Edge<G: Game> {
    step: Applied<G>,
    /// For chance edges, the outcome's probability; for moves, 1.
    weight: f64,
    visits: u32,
    /// Sums of each team's values over the visits.
    values: TeamValues,
    /// The node reached, once expanded.
    child: u32,
}

/// A node: its edges, once the node has been expanded.
#[derive(Clone, Copy, Debug)]
struct Node {
    first: u32,
    count: u32,
    visits: u32,
}

/// Upper-confidence tree search for games of any number of seats and teams, with or
/// without chance, written once for every game.
///
/// Each iteration walks from the root: at a seat's node it takes the edge with the best
/// `mean + c * sqrt(ln N / n)`, the mean being the value of the team of the seat to move (so
/// partners help each other and every team plays for itself); at a chance node it draws an
/// outcome with its probability. A node is expanded (its edges created) the second time it
/// is reached; below it a [`Leaf`] plays and values. Each result is added to every edge of
/// the walk. The move chosen is the root's most visited, the score its team's mean value
/// in thousandths (0 to 1000).
///
/// Deterministic under its seed: each search draws from a ChaCha8 generator seeded with the
/// seed and the root's [`Game::key`], so the same position and a budget of nodes give the
/// same answer every time. [`Budget`]: `nodes` are iterations (default 10,000 when the
/// budget sets no limit), `depth` limits how deep the tree grows, `time` the thinking time.
pub struct Mcts<G: Game, L: Leaf<G>> {
    name: String,
    leaf: L,
    budget: Budget,
    exploration: f64,
    seed: u64,
    nodes: Vec<Node>,
    edges: Vec<Edge<G>>,
    /// The largest tree, in edges (about 48 MB); past it the search goes on refining the
    /// tree it has, valuing its leaves without expanding them.
    max_edges: usize,
    /// The flag of [`Engine::set_stop`], if any: once set, the search stops.
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl<G: Game, L: Leaf<G>> Mcts<G, L> {
    /// A searcher named `name` with `leaf`, playing with `budget`, exploration constant
    /// `exploration` (about 1.4 for values in 0..=1: `sqrt 2`) and `seed`.
    #[must_use]
    pub fn new(
        name: impl Into<String>,
        leaf: L,
        budget: Budget,
        exploration: f64,
        seed: u64,
    ) -> Self {
        Mcts {
            name: name.into(),
            leaf,
            budget,
            exploration,
            seed,
            nodes: Vec::new(),
            edges: Vec::new(),
            max_edges: 1 << 20,
            stop: None,
        }
    }

    /// Creates the edges of node `at`, whose position is `pos`.
    fn expand(&mut self, at: usize, pos: &G) {
        let first = self.edges.len();
        let blank = |step, weight| Edge {
            step,
            weight,
            visits: 0,
            values: [0.0; MAX_SEATS],
            child: NONE,
        };
        match pos.turn() {
            Turn::Seat(_) => {
                for &mv in pos.moves().iter() {
                    self.edges.push(blank(Applied::Move(mv), 1.0));
                }
            }
            Turn::Chance => {
                for (c, p) in pos.chance_outcomes() {
                    self.edges.push(blank(Applied::Chance(c), p.as_f64()));
                }
            }
            Turn::Over => {}
        }
        let node = &mut self.nodes[at];
        node.first = u32::try_from(first).unwrap_or(NONE);
        node.count = u32::try_from(self.edges.len() - first).unwrap_or(0);
    }

    /// The edge to follow from node `at` at `pos`.
    fn select(&self, at: usize, pos: &G, rng: &mut ChaCha8Rng) -> usize {
        let node = self.nodes[at];
        let range = node.first as usize..(node.first + node.count) as usize;
        match pos.turn() {
            Turn::Chance => {
                let mut draw = rng.random::<f64>();
                for i in range.clone() {
                    draw -= self.edges[i].weight;
                    if draw < 0.0 {
                        return i;
                    }
                }
                range.end - 1
            }
            Turn::Seat(seat) => {
                let team = usize::from(pos.team_of(seat).0).min(MAX_SEATS - 1);
                let log_n = f64::from(node.visits.max(1)).ln();
                // The exploration term of the edges visited fewer than `SMALL` times, each
                // computed once: most edges deep in the tree share a few small counts.
                const SMALL: usize = 16;
                let mut explore = [f64::NAN; SMALL];
                let mut best = (f64::NEG_INFINITY, range.start);
                for i in range {
                    let e = &self.edges[i];
                    let score = if e.visits == 0 {
                        // Unvisited edges first, in a random order.
                        1e9 + rng.random::<f64>()
                    } else {
                        let n = f64::from(e.visits);
                        let term = |n: f64| self.exploration * (log_n / n).sqrt();
                        let bonus = match explore.get_mut(e.visits as usize) {
                            Some(known) if !known.is_nan() => *known,
                            Some(slot) => {
                                *slot = term(n);
                                *slot
                            }
                            None => term(n),
                        };
                        f64::from(e.values[team]) / n + bonus
                    };
                    if score > best.0 {
                        best = (score, i);
                    }
                }
                best.1
            }
            Turn::Over => range.start,
        }
    }

    /// One playout from `pos` and its values.
    fn playout(&self, pos: &mut G, rng: &mut ChaCha8Rng, values: &mut TeamValues) {
        let mut plies = 0;
        loop {
            match pos.turn() {
                Turn::Over => return result_values(pos, values),
                _ if plies >= self.leaf.playout_plies() => return self.leaf.value(pos, values),
                Turn::Chance => match search::random_chance(pos, rng) {
                    Some(c) if pos.apply_chance(c).is_ok() => {}
                    _ => return self.leaf.value(pos, values),
                },
                Turn::Seat(_) => match search::random_move(pos, rng) {
                    Some(mv) => {
                        pos.play_unchecked(mv);
                        plies += 1;
                    }
                    None => return self.leaf.value(pos, values),
                },
            }
        }
    }
}

impl<G: Game, L: Leaf<G> + Send> Engine<G> for Mcts<G, L>
where
    G::Move: Send,
    G::Chance: Send,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn budget(&self) -> Budget {
        self.budget
    }

    fn set_stop(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.stop = Some(stop);
    }

    fn search(&mut self, root: &G, budget: &Budget) -> Option<SearchResult<G>> {
        let Turn::Seat(root_seat) = root.turn() else {
            return None;
        };
        let started = Instant::now();
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ root.key());
        self.nodes.clear();
        self.edges.clear();
        self.nodes.push(Node {
            first: 0,
            count: 0,
            visits: 0,
        });
        self.expand(0, root);
        if self.nodes[0].count == 0 {
            return None;
        }
        let iterations = match (budget.nodes, budget.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => 10_000,
        };
        let max_depth = budget.depth.map_or(usize::MAX, |d| d.max(1) as usize);
        let mut path: Vec<usize> = Vec::new();
        let mut values: TeamValues = [0.0; MAX_SEATS];
        let (mut done, mut deepest) = (0u64, 1u32);
        while done < iterations {
            if done % 64 == 0 && done > 0 {
                let stopped = self
                    .stop
                    .as_ref()
                    .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
                if stopped || budget.time.is_some_and(|t| started.elapsed() >= t) {
                    break;
                }
            }
            done += 1;
            let mut pos = root.clone();
            let mut at = 0usize;
            path.clear();
            loop {
                if pos.turn() == Turn::Over {
                    result_values(&pos, &mut values);
                    break;
                }
                let node = self.nodes[at];
                if node.count == 0 {
                    // Reached before: expand it now (within the limits), else value it.
                    let grow = node.visits > 0
                        && path.len() < max_depth
                        && self.edges.len() < self.max_edges;
                    if grow {
                        self.expand(at, &pos);
                    }
                    if self.nodes[at].count == 0 {
                        self.nodes[at].visits += 1;
                        self.playout(&mut pos, &mut rng, &mut values);
                        break;
                    }
                }
                self.nodes[at].visits += 1;
                let e = self.select(at, &pos, &mut rng);
                path.push(e);
                match self.edges[e].step {
                    // Edges hold the legal moves of their node's position.
                    Applied::Move(mv) => pos.play_unchecked(mv),
                    Applied::Chance(c) => {
                        if pos.apply_chance(c).is_err() {
                            result_values(&pos, &mut values);
                            break;
                        }
                    }
                }
                if self.edges[e].child == NONE {
                    self.edges[e].child = u32::try_from(self.nodes.len()).unwrap_or(NONE);
                    self.nodes.push(Node {
                        first: 0,
                        count: 0,
                        visits: 0,
                    });
                }
                at = self.edges[e].child as usize;
            }
            deepest = deepest.max(u32::try_from(path.len()).unwrap_or(u32::MAX));
            for &e in &path {
                let edge = &mut self.edges[e];
                edge.visits += 1;
                for (sum, v) in edge.values.iter_mut().zip(values) {
                    *sum += v;
                }
            }
        }
        // The principal variation: most visited edges, through seats' nodes only.
        let mut pv = Vec::new();
        let (mut at, mut pos) = (0usize, root.clone());
        let mut best_edge = None;
        while let Some(node) = self.nodes.get(at).copied() {
            if node.count == 0 || !matches!(pos.turn(), Turn::Seat(_)) {
                break;
            }
            let range = node.first as usize..(node.first + node.count) as usize;
            let Some(e) = range.max_by_key(|&i| (self.edges[i].visits, std::cmp::Reverse(i)))
            else {
                break;
            };
            if self.edges[e].visits == 0 {
                break;
            }
            best_edge.get_or_insert(e);
            let Applied::Move(mv) = self.edges[e].step else {
                break;
            };
            pv.push(mv);
            pos.play_unchecked(mv);
            match self.edges[e].child {
                NONE => break,
                child => at = child as usize,
            }
        }
        let e = &self.edges[best_edge.unwrap_or(0)];
        let Applied::Move(best) = e.step else {
            return None;
        };
        let team = usize::from(root.team_of(root_seat).0).min(MAX_SEATS - 1);
        let mean = if e.visits == 0 {
            0.5
        } else {
            f64::from(e.values[team]) / f64::from(e.visits)
        };
        Some(SearchResult {
            best,
            score: (mean * 1000.0).round() as i32,
            depth: deepest,
            nodes: done,
            time: started.elapsed(),
            pv: if pv.is_empty() { vec![best] } else { pv },
        })
    }
}
