//! Alpha-beta search over the `Game` trait: negamax with iterative deepening, principal
//! variation search, a transposition table and move ordering. For two-player games without
//! chance nodes: it takes every other seat for an opponent (partners too) and does not
//! expand chance; teams and more players are [`Mcts`](crate::Mcts)'s.

use std::time::Instant;

use boardgames_core::{Game, Seat, Turn};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::budget::Budget;
use crate::engine::{Engine, SearchResult};
use crate::evaluator::{Evaluator, ProofSite, LOSS, WIN};
use crate::table::{Bound, Table};

/// Entries of the cache of leaf proofs, as a power of two.
const PROOF_CACHE_LOG2: u32 = 16;

/// Wider than any score, for the open window.
const INFINITY: i32 = WIN + 1;

/// Scores this close to a win are forced results: the search stops deepening.
const DECIDED: i32 = WIN - 1000;

/// Extensions a line may take: plies added at the horizon in positions that are not quiet.
const MAX_EXTENSION: u32 = 2;

/// Plies the quiescence search may run past the horizon: with eight, positions full of
/// fours and captures took a hundred times the nodes of the others.
const MAX_QUIESCENCE: u32 = 4;

/// Late move reductions: from this move of a node on (0 is the first)...
const LATE_MOVE: usize = 3;
/// ...at a remaining depth of at least this many plies, a quiet move is searched
/// [`reduction_of`] plies shallower first, and again at full depth only when it beats the
/// best so far.
const REDUCIBLE_DEPTH: u32 = 3;

/// Late move pruning: in a quiet position this few plies from the horizon, the moves after
/// the first `PRUNED_FROM[depth]` (those ordered best by the table, the killers, the
/// history and the evaluator's hints) are not searched.
const PRUNED_FROM: [usize; 4] = [usize::MAX, 8, 12, 20];

/// The plies taken off the `i`-th move of a node `depth` plies from the horizon: grows
/// with the logarithms of both, at least one and leaving at least one ply.
fn reduction_of(depth: u32, i: usize) -> u32 {
    let r = (f64::from(depth).ln() * (i as f64).ln() / 2.0) as u32;
    r.clamp(1, depth - 1)
}

/// Ordering keys above every history score.
const TABLE_MOVE: i32 = 1 << 30;
const KILLER: [i32; 2] = [1 << 29, 1 << 28];

/// Puts at `i` the move a stable sort of `moves[i..]` by key, highest first, would put there
/// (`moves[..i]` being in place): the first few by selection, since a node often stops after
/// them, the rest sorted at once when the first of them is asked for. Equal keys keep their
/// order, so that the search is deterministic.
fn put_next<M>(moves: &mut [(i32, M)], i: usize) {
    /// The moves found by selection before the rest are sorted.
    const SELECTED: usize = 3;
    if i < SELECTED {
        let rest = &mut moves[i..];
        let mut best = 0;
        for (j, &(key, _)) in rest.iter().enumerate().skip(1) {
            if key > rest[best].0 {
                best = j;
            }
        }
        rest[..=best].rotate_right(1);
    } else if i == SELECTED {
        moves[i..].sort_by_key(|&(key, _)| core::cmp::Reverse(key));
    }
}

/// What a full-width node has found so far: its best score and move, and its window.
struct Found<M> {
    score: i32,
    best: Option<M>,
    alpha: i32,
    beta: i32,
}

/// How a node searches one of its moves ([`AlphaBeta::search_move`]).
#[derive(Clone, Copy)]
enum Probe {
    /// With the whole window: the node's first move.
    Full,
    /// With a null window first.
    Null,
    /// A late move of this rank in a quiet node: with a null window, and first some plies
    /// shallower when it leads to a quiet position.
    Late(usize),
}

/// Which moves a node searches, and what orders them.
#[derive(Clone, Copy)]
enum MoveSource<M> {
    /// Every candidate of a full-width node with this many plies left: the table's move (if
    /// any), then the killers, then by history and hint.
    Search(Option<M>, u32),
    /// Every candidate, by hint alone: a threat in the quiescence search must be answered.
    Answers,
    /// The evaluator's tactical moves, by hint alone.
    Tactical,
}

/// Negamax alpha-beta for games of two seats without chance, written once for every game.
///
/// * iterative deepening from depth 1, each iteration ordering the root by the last;
/// * principal variation search: the first move with the full window, the others with a
///   null window and a re-search when one beats it;
/// * a transposition table on [`Game::key`]: its move searched first (before the node's
///   candidates are worked out, which a cut by it spares), its score cutting
///   the search when stored at the same remaining depth with the same extensions left (so
///   a search to a fixed depth without reductions gives the same score with the table or
///   without it);
/// * killer moves (two a ply) and the history heuristic, then the hints of
///   [`Evaluator::candidates_with_hints_at`] for the node's depth; the first three moves
///   found by selection, the rest sorted only when a node gets that far;
/// * late move reductions: at a remaining depth of 3 plies or more, the fourth and later
///   moves of a quiet position ([`Evaluator::is_quiet`]) that lead to a quiet position and
///   are neither the table's move nor a killer are searched shallower (by a number of plies
///   growing with the logarithms of the depth and of the move's rank), and at full depth
///   again only if they beat the best score so far;
/// * late move pruning, where [`Evaluator::late_move_pruning`] allows it: in a quiet position
///   one to three plies from the horizon only the first 8, 12 or 20 moves in that order are
///   searched (with the table's move and the killers always among them);
///   [`AlphaBeta::without_reductions`] turns reductions and pruning off;
/// * at the horizon a position that is not quiet gets one more ply, twice a line at most;
///   past that, a quiescence search: the better of the static score and the evaluator's
///   [`Evaluator::tactical_moves`], and after one of them every candidate where a threat
///   must be answered, up to four plies past the horizon (for an evaluator without tactical
///   moves the static score stands; [`AlphaBeta::without_quiescence`] turns it off); the
///   table keeps with a node's depth the extensions its line has left, so that its
///   scores do not depend on the path;
/// * only [`Evaluator::candidates`] are searched;
/// * the evaluator's proofs of forced wins ([`Evaluator::forced_win`]): at the root (a proven
///   win is played at once), after each root move (a move after which the opponent has a
///   proven win is scored as that loss, unsearched) and at the horizon, before the
///   extensions and the quiescence search (a proven win of the side to move is its score;
///   the results are kept by position key for the rest of the search), so that wins and
///   losses far beyond the depth are seen; off by default, [`AlphaBeta::with_forced_wins`]
///   turns them on;
/// * a [`Budget`] of depth, nodes and time; the table, killers and history are cleared
///   before each search, so that a budget of depth or nodes gives the same answer every
///   time (a searcher [`AlphaBeta::keeping_table`] keeps its table from one timed search to
///   the next).
///
/// A position where the side to move plays again (no seat change) is searched without
/// changing sides. Chance nodes are scored 0: this searcher is for games without chance.
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    name: String,
    eval: E,
    budget: Budget,
    table: Table<G::Move>,
    use_table: bool,
    /// The flag of [`Engine::set_stop`], if any: once set, the search stops.
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Whether the table is kept from one timed search to the next
    /// ([`AlphaBeta::keeping_table`]).
    keep_table: bool,
    use_reductions: bool,
    use_quiescence: bool,
    use_proofs: bool,
    /// The root moves after which the opponent has a proven win, with the root's score of
    /// each (a loss that many plies ahead); worked out once a search.
    refuted: Vec<(G::Move, i32)>,
    /// The leaf proofs' results by position key (direct-mapped, [`PROOF_CACHE_LOG2`]
    /// entries): the plies of the proven win, 0 for none. Emptied before each search.
    proofs: Vec<(u64, u32)>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: FxHashMap<G::Move, i32>,
    /// One reusable move buffer a ply, so that no node allocates once they have grown.
    buffers: Vec<Vec<(i32, G::Move)>>,
    /// The evaluator's candidates of the node being ordered (reused, never reallocated once
    /// grown).
    scratch: Vec<G::Move>,
    /// The evaluator's hints of those candidates (reused likewise).
    hints: Vec<i32>,
    /// The principal variation found below each ply of the line being searched (the
    /// triangular table): `lines[p]` is the best line from the node at ply `p`, its first
    /// move included, as far as the search has proved it. Reused like the buffers.
    lines: Vec<Vec<G::Move>>,
    nodes: u64,
    started: Instant,
    limits: Budget,
    stopped: bool,
    /// The extensions taken on the line being searched (at most [`MAX_EXTENSION`]).
    extended: u32,
    /// The keys of the positions of the game before the root ([`Engine::set_history`]):
    /// a line back to one of them scores as a draw.
    seen: FxHashSet<u64>,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// The searcher of a game's level: named `alpha-beta level N`, with `budget` and a
    /// transposition table of 2^18 entries.
    ///
    /// Levels 1 and 2 search without reductions, pruning, quiescence search and the
    /// evaluator's proofs of forced wins: with one or
    /// two plies there is no depth behind a pruned reply to catch what it hid (Abalone's
    /// level 2 with them scored 52.5 % against level 1 over 200 games, without them
    /// 76.2 %), and with the quiescence search Pente's level 1 sees most of what level 2
    /// sees (level 2 scored 50.5 % against level 1 over 200 games).
    pub(crate) fn at_level(eval: E, level: u8, budget: Budget) -> Self {
        let searcher = AlphaBeta::new(
            format!("alpha-beta level {}", level.clamp(1, 5)),
            eval,
            budget,
            18,
        );
        if level <= 2 {
            searcher
                .without_reductions()
                .without_quiescence()
                .without_forced_wins()
        } else {
            searcher
        }
    }

    /// A searcher named `name` (for messages) with `eval`, playing with `budget`, and a
    /// transposition table of `2^table_log2` entries (at most 2^26: a larger `table_log2`
    /// counts as 26). The table is emptied at the start of every search, a fixed cost that
    /// grows with its size (the levels use 2^18 entries).
    #[must_use]
    pub fn new(name: impl Into<String>, eval: E, budget: Budget, table_log2: u32) -> Self {
        AlphaBeta {
            name: name.into(),
            eval,
            budget,
            table: Table::new(table_log2),
            use_table: true,
            keep_table: false,
            stop: None,
            use_reductions: true,
            use_quiescence: true,
            use_proofs: false,
            refuted: Vec::new(),
            proofs: Vec::new(),
            killers: Vec::new(),
            history: FxHashMap::default(),
            buffers: Vec::new(),
            scratch: Vec::new(),
            hints: Vec::new(),
            lines: Vec::new(),
            nodes: 0,
            started: Instant::now(),
            limits: budget,
            stopped: false,
            extended: 0,
            seen: FxHashSet::default(),
        }
    }

    /// The same searcher without its transposition table (to check that the table changes
    /// no score).
    #[must_use]
    pub fn without_table(mut self) -> Self {
        self.use_table = false;
        self
    }

    /// The same searcher keeping its transposition table from one timed search to the next
    /// (the positions of a game's next move are met again, a ply or two deeper from the
    /// root), instead of emptying it at the start of each. A search without a time limit
    /// still starts empty, so that a budget of depth or nodes gives the same answer every
    /// time.
    #[must_use]
    pub fn keeping_table(mut self) -> Self {
        self.keep_table = true;
        self
    }

    /// The same searcher without late move reductions and pruning: every move searched to
    /// the full depth, so that the score at a fixed depth is the plain minimax score and does not
    /// depend on the move order (with or without the table).
    #[must_use]
    pub fn without_reductions(mut self) -> Self {
        self.use_reductions = false;
        self
    }

    /// The same searcher without the quiescence search: the static score stands at the
    /// horizon (after the extensions).
    #[must_use]
    pub fn without_quiescence(mut self) -> Self {
        self.use_quiescence = false;
        self
    }

    /// The same searcher without the evaluator's proofs of forced wins
    /// ([`Evaluator::forced_win`]): plain alpha-beta, which sees a win only within its
    /// depth, extensions and quiescence search (the default).
    #[must_use]
    pub fn without_forced_wins(mut self) -> Self {
        self.use_proofs = false;
        self
    }

    /// The same searcher asking the evaluator for proofs of forced wins
    /// ([`Evaluator::forced_win`]) at the root, after each root move and at the horizon.
    /// Off by default: the proofs cost search time (for Pente's threat search more than
    /// they win at equal time, `docs/strength.md`).
    #[must_use]
    pub fn with_forced_wins(mut self) -> Self {
        self.use_proofs = true;
        self
    }

    /// The evaluator.
    #[must_use]
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// What the table stores as a node's depth: its remaining `depth` and the extensions
    /// its line has left, on which the score of its subtree depends too (a score from a line
    /// with other extensions left would change the result).
    fn draft(&self, depth: u32) -> u32 {
        depth * (MAX_EXTENSION + 1) + (MAX_EXTENSION - self.extended)
    }

    /// Counts a node; `true` when a limit of the budget is reached.
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped {
            return true;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            if let Some(t) = self.limits.time {
                self.stopped = self.started.elapsed() >= t;
            }
            if let Some(stop) = &self.stop {
                self.stopped |= stop.load(std::sync::atomic::Ordering::Relaxed);
            }
        }
        self.stopped
    }

    /// The score of a finished game for `me`, `ply` plies from the root.
    fn terminal(pos: &G, me: Seat, ply: u32) -> i32 {
        let distance = i32::try_from(ply).unwrap_or(0);
        match pos.outcome().and_then(|o| o.winner()) {
            Some(team) if team == pos.team_of(me) => WIN - distance,
            Some(_) => LOSS + distance,
            None => 0,
        }
    }

    /// The score of `child` (reached from a node where `me` moved) for `me`.
    fn child_score(
        &mut self,
        child: &G,
        me: Seat,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        match child.turn() {
            Turn::Seat(s) if s == me => self.negamax(child, me, depth, ply, alpha, beta),
            Turn::Seat(s) => -self.negamax(child, s, depth, ply, -beta, -alpha),
            // Nobody moves at the end: the score is the mover's, from the game's outcome.
            Turn::Over => Self::terminal(child, me, ply),
            Turn::Chance => 0,
        }
    }

    /// The moves of `pos` that `source` names, into the buffer of `ply`, each with its
    /// ordering key, in the evaluator's order (see [`put_next`]).
    fn ordered(&mut self, pos: &G, ply: usize, source: MoveSource<G::Move>) -> Vec<(i32, G::Move)> {
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        while self.killers.len() <= ply {
            self.killers.push([None, None]);
        }
        let mut buf = std::mem::take(&mut self.buffers[ply]);
        let mut moves = std::mem::take(&mut self.scratch);
        let mut hints = std::mem::take(&mut self.hints);
        match source {
            MoveSource::Tactical => {
                self.eval.tactical_moves(pos, &mut moves);
                self.eval.move_hints(pos, &moves, &mut hints);
            }
            MoveSource::Search(_, depth) => {
                self.eval
                    .candidates_with_hints_at(pos, depth, &mut moves, &mut hints);
            }
            MoveSource::Answers => {
                self.eval.candidates_with_hints(pos, &mut moves, &mut hints);
            }
        }
        buf.clear();
        let killers = self.killers[ply];
        for (&mv, &hint) in moves.iter().zip(&hints) {
            let key = match source {
                MoveSource::Search(table_move, _) if Some(mv) == table_move => TABLE_MOVE,
                MoveSource::Search(..) if Some(mv) == killers[0] => KILLER[0],
                MoveSource::Search(..) if Some(mv) == killers[1] => KILLER[1],
                MoveSource::Search(..) => self.history.get(&mv).copied().unwrap_or(0) + hint,
                MoveSource::Answers | MoveSource::Tactical => hint,
            };
            buf.push((key, mv));
        }
        self.scratch = moves;
        self.hints = hints;
        buf
    }

    /// Forgets the line of `ply` (a node about to be searched has proved none yet), making
    /// room for the lines of `ply` and its child.
    fn clear_line(&mut self, ply: usize) {
        while self.lines.len() <= ply + 1 {
            self.lines.push(Vec::new());
        }
        self.lines[ply].clear();
    }

    /// Appends to `line` the table's best moves from `cur` (`ply` plies from the root) as far
    /// as they are legal, until `line` holds `len` moves.
    fn table_line(&self, mut cur: G, mut ply: u32, len: usize, line: &mut Vec<G::Move>) {
        while line.len() < len && self.use_table {
            let Some(mv) = self.table.probe(cur.key(), ply).and_then(|e| e.best) else {
                break;
            };
            if cur.play(mv).is_err() {
                break;
            }
            line.push(mv);
            ply += 1;
        }
    }

    /// The line of `ply` from `pos`: the table's best moves, at most `depth` of them.
    fn line_from_table(&mut self, pos: &G, ply: u32, depth: u32) {
        self.clear_line(ply as usize);
        let mut line = std::mem::take(&mut self.lines[ply as usize]);
        self.table_line(pos.clone(), ply, depth as usize, &mut line);
        self.lines[ply as usize] = line;
    }

    /// The line of `ply` becomes `mv` followed by the line of its child at `ply + 1`.
    fn extend_line(&mut self, ply: usize, mv: G::Move) {
        let (upper, lower) = self.lines.split_at_mut(ply + 1);
        let line = &mut upper[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&lower[0]);
    }

    /// Remembers a move that cut the search at `ply`.
    fn cut_by(&mut self, mv: G::Move, ply: usize, depth: u32) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
        let bonus = i32::try_from(depth * depth).unwrap_or(i32::MAX);
        let h = self.history.entry(mv).or_insert(0);
        *h = h.saturating_add(bonus).min(KILLER[1] - 1);
    }

    /// The quiescence search at and past the horizon: the score of `pos`, where `me` is to
    /// move, for `me`. In a quiet position, or at the horizon itself, the better of the
    /// static score and the evaluator's [`Evaluator::tactical_moves`]; after a tactical move,
    /// in a position that is not quiet, the best of every candidate (the threat must be
    /// answered). `q` is the plies of quiescence search above `pos` (0 at the horizon): the
    /// tactical moves are tried up to [`MAX_QUIESCENCE`] of them, then the static score
    /// stands; the answers to a threat are searched at any ply (they are few, and a line of
    /// them ends when the threats do). The limit counts from the horizon, not from the
    /// root, so that a position's score does not depend on the path to it (the
    /// transposition table changes no score).
    fn quiesce(&mut self, pos: &G, me: Seat, ply: u32, mut alpha: i32, beta: i32, q: u32) -> i32 {
        let answer = q > 0 && !self.eval.is_quiet(pos);
        let mut best = -INFINITY;
        if !answer {
            best = self.eval.evaluate(pos);
            if best >= beta || q >= MAX_QUIESCENCE {
                return best;
            }
            alpha = alpha.max(best);
        }
        let source = if answer {
            MoveSource::Answers
        } else {
            MoveSource::Tactical
        };
        let moves = self.ordered(pos, ply as usize, source);
        if moves.is_empty() && answer {
            self.buffers[ply as usize] = moves;
            return self.eval.evaluate(pos);
        }
        let mut moves = moves;
        for i in 0..moves.len() {
            put_next(&mut moves, i);
            let (_, mv) = moves[i];
            if self.out_of_budget() {
                break;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = match child.turn() {
                Turn::Seat(s) if s == me => self.quiesce(&child, me, ply + 1, alpha, beta, q + 1),
                Turn::Seat(s) => -self.quiesce(&child, s, ply + 1, -beta, -alpha, q + 1),
                Turn::Over => Self::terminal(&child, me, ply + 1),
                Turn::Chance => 0,
            };
            if self.stopped {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply as usize] = moves;
        if self.stopped {
            return 0;
        }
        best
    }

    /// Negamax with alpha-beta: the score of `pos`, where `me` is to move, for `me`.
    fn negamax(&mut self, pos: &G, me: Seat, depth: u32, ply: u32, alpha: i32, beta: i32) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        if ply > 0 && !self.seen.is_empty() && self.seen.contains(&pos.key()) {
            // Back to a position of the game: a repetition, scored as a draw.
            return 0;
        }
        if self.use_proofs && depth == 0 {
            if let Some(plies) = self.leaf_proof(pos) {
                let distance = i32::try_from(ply + plies).unwrap_or(i32::MAX);
                return WIN - distance;
            }
        }
        if depth == 0 {
            // At the horizon a position that is not quiet gets one more ply, a few times a
            // line; then the quiescence search.
            if self.extended < MAX_EXTENSION && !self.eval.is_quiet(pos) {
                self.extended += 1;
                let score = self.search_node(pos, me, 1, ply, alpha, beta);
                self.extended -= 1;
                return score;
            }
            if !self.use_quiescence {
                return self.eval.evaluate(pos);
            }
            return self.quiesce(pos, me, ply, alpha, beta, 0);
        }
        self.search_node(pos, me, depth, ply, alpha, beta)
    }

    /// [`AlphaBeta::negamax`] of a node with `depth` left (at least 1), already counted.
    fn search_node(
        &mut self,
        pos: &G,
        me: Seat,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.clear_line(ply as usize);
        // A node of the principal variation (an open window): it keeps the line of its best
        // move, even where the table narrowed the window.
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let draft = self.draft(depth);
        let mut table_move = None;
        if self.use_table {
            if let Some(e) = self.table.probe(key, ply) {
                table_move = e.best;
                if e.depth == draft {
                    match e.bound {
                        Bound::Exact => {
                            if pv_node {
                                // A node of the principal variation: its line from the table.
                                self.line_from_table(pos, ply, depth);
                            }
                            return e.score;
                        }
                        Bound::Lower => alpha = alpha.max(e.score),
                        Bound::Upper => beta = beta.min(e.score),
                    }
                    if alpha >= beta {
                        return e.score;
                    }
                }
            }
        }
        let alpha_in = alpha;
        let mut found = Found {
            score: -INFINITY,
            best: None,
            alpha,
            beta,
        };
        // The table's move first, before the candidates are worked out and ordered: where it
        // cuts the search, they never are.
        let first = table_move.filter(|&mv| pos.is_legal(mv));
        let mut cut = false;
        if let Some(mv) = first {
            let score = self.search_move(pos, mv, me, depth, ply, (alpha, beta), Probe::Full);
            if self.stopped {
                return 0;
            }
            cut = self.take_score(&mut found, mv, score, ply, depth, pv_node);
        }
        if !cut {
            let mut moves = self.ordered(pos, ply as usize, MoveSource::Search(first, depth));
            if moves.is_empty() && first.is_none() {
                self.buffers[ply as usize] = moves;
                return self.eval.evaluate(pos);
            }
            let quiet = self.use_reductions && self.eval.is_quiet(pos);
            let reducible = quiet && depth >= REDUCIBLE_DEPTH;
            let prune_from = if quiet && self.eval.late_move_pruning() {
                PRUNED_FROM
                    .get(depth as usize)
                    .copied()
                    .unwrap_or(usize::MAX)
            } else {
                usize::MAX
            };
            // The moves after the table's, ranked from 1 when it was searched.
            let mut rank = usize::from(first.is_some());
            for next in 0..moves.len() {
                put_next(&mut moves, next);
                let (order, mv) = moves[next];
                if Some(mv) == first {
                    continue;
                }
                let i = rank;
                rank += 1;
                if i >= prune_from && order < KILLER[1] {
                    break;
                }
                let probe = if i == 0 {
                    Probe::Full
                } else if reducible && i >= LATE_MOVE && order < KILLER[1] {
                    Probe::Late(i)
                } else {
                    Probe::Null
                };
                let window = (found.alpha, found.beta);
                let score = self.search_move(pos, mv, me, depth, ply, window, probe);
                if self.stopped || self.take_score(&mut found, mv, score, ply, depth, pv_node) {
                    break;
                }
            }
            self.buffers[ply as usize] = moves;
            if self.stopped {
                return 0;
            }
        }
        if self.use_table {
            let bound = if found.score <= alpha_in {
                Bound::Upper
            } else if found.score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table
                .store(key, ply, draft, bound, found.score, found.best);
        }
        found.score
    }

    /// Takes the `score` of the move `mv` of the node at `ply` (`depth` plies left) into
    /// what it has `found`; `true` when the move cuts the node (remembered as a killer and
    /// in the history). A node of the principal variation keeps the line of its best move.
    fn take_score(
        &mut self,
        found: &mut Found<G::Move>,
        mv: G::Move,
        score: i32,
        ply: u32,
        depth: u32,
        pv_node: bool,
    ) -> bool {
        if score > found.score {
            found.score = score;
            found.best = Some(mv);
            if pv_node {
                self.extend_line(ply as usize, mv);
            }
        }
        found.alpha = found.alpha.max(score);
        let cut = found.alpha >= found.beta;
        if cut {
            self.cut_by(mv, ply as usize, depth);
        }
        cut
    }

    /// The score of the move `mv` of `pos` (a node with `depth` plies left, `me` to move)
    /// within `window`, searched as `probe` says: the first move with the whole window; a
    /// later one with a null window first, a late move leading to a quiet position
    /// [`reduction_of`] plies shallower before that, and with the whole window again only
    /// when it beats the best so far.
    #[allow(clippy::too_many_arguments)] // the node's state, as negamax passes it
    fn search_move(
        &mut self,
        pos: &G,
        mv: G::Move,
        me: Seat,
        depth: u32,
        ply: u32,
        (alpha, beta): (i32, i32),
        probe: Probe,
    ) -> i32 {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        self.clear_line(ply as usize + 1);
        let reduction = match probe {
            Probe::Full => return self.child_score(&child, me, depth - 1, ply + 1, alpha, beta),
            Probe::Late(rank) if self.eval.is_quiet(&child) => reduction_of(depth, rank),
            Probe::Late(_) | Probe::Null => 0,
        };
        let mut score = alpha + 1;
        if reduction > 0 {
            score = self.child_score(&child, me, depth - 1 - reduction, ply + 1, alpha, alpha + 1);
        }
        if score > alpha {
            score = self.child_score(&child, me, depth - 1, ply + 1, alpha, alpha + 1);
        }
        if score > alpha && score < beta {
            self.child_score(&child, me, depth - 1, ply + 1, alpha, beta)
        } else {
            score
        }
    }

    /// The evaluator's proof of a forced win at a node near the horizon, as its plies,
    /// through the cache of [`AlphaBeta::proofs`].
    fn leaf_proof(&mut self, pos: &G) -> Option<u32> {
        if self.proofs.is_empty() {
            self.proofs = vec![(0, 0); 1 << PROOF_CACHE_LOG2];
        }
        let key = pos.key();
        let slot = (key >> (64 - PROOF_CACHE_LOG2)) as usize;
        let (stored, plies) = self.proofs[slot];
        if stored == key && key != 0 {
            return (plies > 0).then_some(plies);
        }
        let found = self
            .eval
            .forced_win(pos, ProofSite::Leaf)
            .map(|(_, plies)| plies.max(1));
        self.proofs[slot] = (key, found.unwrap_or(0));
        found
    }

    /// Fills [`AlphaBeta::refuted`]: the candidates of the root `pos` (`me` to move) after
    /// which the opponent has a proven forced win, each with the root's score of that loss.
    fn refute_root_moves(&mut self, pos: &G, me: Seat) {
        self.refuted.clear();
        let mut moves = std::mem::take(&mut self.scratch);
        self.eval.candidates(pos, &mut moves);
        for &mv in &moves {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let Turn::Seat(s) = child.turn() else {
                continue;
            };
            if s == me {
                continue;
            }
            if let Some((_, plies)) = self.eval.forced_win(&child, ProofSite::Reply) {
                let distance = i32::try_from(1 + plies).unwrap_or(i32::MAX);
                self.refuted.push((mv, LOSS + distance));
            }
        }
        self.scratch = moves;
    }

    /// The principal variation from `pos`: the `line` the search proved for its move
    /// `first` (as far as a table hit or the budget let it), then the table's best moves as
    /// far as they are legal, up to `depth` moves.
    fn principal_variation(
        &self,
        pos: &G,
        line: Vec<G::Move>,
        first: G::Move,
        depth: u32,
    ) -> Vec<G::Move> {
        let mut pv = if line.first() == Some(&first) {
            line
        } else {
            vec![first]
        };
        let mut cur = pos.clone();
        for &mv in &pv {
            cur.play_unchecked(mv);
        }
        let ply = u32::try_from(pv.len()).unwrap_or(u32::MAX);
        self.table_line(cur, ply, depth as usize, &mut pv);
        pv
    }
}

impl<G, E> Engine<G> for AlphaBeta<G, E>
where
    G: Game,
    E: Evaluator<G> + Send,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn budget(&self) -> Budget {
        self.budget
    }

    fn set_history(&mut self, keys: &[u64]) {
        self.seen.clear();
        self.seen.extend(keys.iter().copied());
    }

    fn set_stop(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.stop = Some(stop);
    }

    fn search(&mut self, pos: &G, budget: &Budget) -> Option<SearchResult<G>> {
        let Turn::Seat(me) = pos.turn() else {
            return None;
        };
        self.started = Instant::now();
        self.limits = *budget;
        self.nodes = 0;
        self.stopped = false;
        self.extended = 0;
        self.killers.clear();
        // A timed search gives no fixed answer anyway: it may start from what the searches
        // before it learnt.
        self.history.clear();
        if !(self.keep_table && budget.time.is_some()) {
            self.table.clear();
        }
        self.proofs.iter_mut().for_each(|e| *e = (0, 0));
        if self.use_proofs {
            if let Some((best, plies)) = self.eval.forced_win(pos, ProofSite::Root) {
                return Some(SearchResult {
                    best,
                    score: WIN - i32::try_from(plies).unwrap_or(i32::MAX),
                    depth: 0,
                    nodes: self.nodes,
                    time: self.started.elapsed(),
                    pv: vec![best],
                });
            }
            self.refute_root_moves(pos, me);
        } else {
            self.refuted.clear();
        }
        let mut result: Option<(i32, G::Move, u32)> = None;
        // The principal variation of `result` (the iteration running keeps its best move's
        // in the line of ply 0).
        let mut result_line = Vec::new();
        let mut fallback = None;
        for depth in 1..=budget.max_depth() {
            let nodes_before = self.nodes;
            let table_move = result.map(|(_, mv, _)| mv);
            let mut moves = self.ordered(pos, 0, MoveSource::Search(table_move, depth));
            // Stable, so that equal keys keep the candidates' order: the search is
            // deterministic.
            moves.sort_by_key(|&(key, _)| core::cmp::Reverse(key));
            let &(_, first) = moves.first()?;
            // A budget too small for one move of depth 1 still gets an answer.
            fallback.get_or_insert(first);
            let (mut alpha, beta) = (-INFINITY, INFINITY);
            let mut best: Option<(i32, G::Move)> = None;
            for (i, &(_, mv)) in moves.iter().enumerate() {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                self.clear_line(1);
                let refuted = self
                    .refuted
                    .iter()
                    .find(|&&(m, _)| m == mv)
                    .map(|&(_, s)| s);
                let score = if let Some(score) = refuted {
                    self.lines[1].clear();
                    score
                } else if i == 0 {
                    self.child_score(&child, me, depth - 1, 1, alpha, beta)
                } else {
                    let probe = self.child_score(&child, me, depth - 1, 1, alpha, alpha + 1);
                    if probe > alpha {
                        self.child_score(&child, me, depth - 1, 1, alpha, beta)
                    } else {
                        probe
                    }
                };
                if self.stopped {
                    break;
                }
                if best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, mv));
                    self.extend_line(0, mv);
                }
                alpha = alpha.max(score);
            }
            self.buffers[0] = moves;
            // An iteration cut short by the budget is trusted as far as it went: its best
            // move has been searched to the full depth and beats every move searched before
            // it, the last iteration's best among them.
            if self.stopped && result.is_some() {
                if let Some((score, mv)) = best {
                    result = Some((score, mv, depth));
                    result_line.clone_from(&self.lines[0]);
                }
                break;
            }
            if let Some((score, mv)) = best {
                if self.use_table {
                    self.table.store(
                        pos.key(),
                        0,
                        self.draft(depth),
                        Bound::Exact,
                        score,
                        Some(mv),
                    );
                }
                result = Some((score, mv, depth));
                result_line.clone_from(&self.lines[0]);
                if score.abs() >= DECIDED {
                    break;
                }
            }
            // Every move ended the game (no node below the root was searched): a deeper
            // iteration would find the same.
            if self.nodes == nodes_before {
                break;
            }
            if self.stopped {
                break;
            }
            // The next iteration would take several times this one: stop at half the time.
            if budget.time.is_some_and(|t| self.started.elapsed() * 2 >= t) {
                break;
            }
        }
        let (score, best, depth) = match result {
            Some(found) => found,
            None => (self.eval.evaluate(pos), fallback?, 0),
        };
        Some(SearchResult {
            best,
            score,
            depth,
            nodes: self.nodes,
            time: self.started.elapsed(),
            pv: self.principal_variation(pos, result_line, best, depth),
        })
    }
}

#[cfg(test)]
mod tests {
    use boardgames_core::rand::{Rng, SeedableRng};
    use boardgames_core::ChaCha8Rng;

    use super::put_next;

    /// Asking [`put_next`] for each place in turn orders the moves as a stable sort by key,
    /// highest first, would: on lists of every length up to 40 with many equal keys (the
    /// moves are their places in the list, so a change of the order of equal keys shows).
    #[test]
    fn put_next_orders_as_a_stable_sort() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for len in 0..40usize {
            for _ in 0..20 {
                let mut moves: Vec<(i32, usize)> =
                    (0..len).map(|i| (rng.random_range(-3..4), i)).collect();
                let mut sorted = moves.clone();
                sorted.sort_by_key(|&(key, _)| core::cmp::Reverse(key));
                for i in 0..len {
                    put_next(&mut moves, i);
                }
                assert_eq!(moves, sorted);
            }
        }
    }
}
