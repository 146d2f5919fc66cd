//! What a searcher asks of a game: how good a position is, and which moves to look at first.

use boardgames_core::Game;

/// The score of a won position, for the seat to move, at the root; a win `n` plies ahead
/// scores `WIN - n`, so that the searcher prefers the quickest win and the slowest loss.
pub const WIN: i32 = 1_000_000;

/// The score of a lost position (`-WIN`).
pub const LOSS: i32 = -WIN;

/// Where a searcher asks an evaluator for a forced win ([`Evaluator::forced_win`]), which
/// sets how hard the evaluator may look.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProofSite {
    /// The position searched: once a search, the widest look.
    Root,
    /// A position after one of the root's moves, the opponent to move: once per root move, to
    /// see the opponent's forced wins beyond the depth.
    Reply,
    /// A node at the horizon: at most nodes, the cheapest look.
    Leaf,
}

/// A game's knowledge for the searchers: a static score and move hints.
///
/// Scores are from the point of view of the seat to move, in units the evaluator chooses,
/// well inside `LOSS + 1000 .. WIN - 1000` (the searcher keeps the ends for wins and losses
/// it has seen).
pub trait Evaluator<G: Game> {
    /// The score of `pos` for the seat to move (`pos` is not finished).
    fn evaluate(&self, pos: &G) -> i32;

    /// The moves worth searching at `pos`, into `out` (emptied first). Default: every legal
    /// move. A game may leave out moves that cannot matter (Pente: points far from every
    /// stone); it must never leave out every move of a position that has some.
    fn candidates(&self, pos: &G, out: &mut Vec<G::Move>) {
        out.clear();
        out.extend(pos.moves().iter().copied());
    }

    /// Whether the static score of `pos` can be trusted: no threat that the next move
    /// decides (the searcher looks one more ply at a position that is not quiet, up to its
    /// extension limit). Default: always quiet.
    fn is_quiet(&self, pos: &G) -> bool {
        let _ = pos;
        true
    }

    /// The moves searched past the horizon (a quiescence search), into `out` (emptied
    /// first): those that change the game at once, such as a capture or a move that makes a
    /// threat the opponent must answer. At the horizon the searcher takes the better of the
    /// static score and these moves, and after one of them, in a position that is not quiet,
    /// searches every candidate (the answer to the threat). Default: none, so the static
    /// score stands at the horizon.
    fn tactical_moves(&self, pos: &G, out: &mut Vec<G::Move>) {
        let _ = pos;
        out.clear();
    }

    /// Whether the searcher may leave out the late moves of quiet nodes near the horizon
    /// (alpha-beta's late move pruning: only the first moves in its order are searched one to
    /// three plies from the horizon). Default: yes. A game whose good quiet moves the hints
    /// cannot rank says no.
    fn late_move_pruning(&self) -> bool {
        true
    }

    /// A cheap guess of how good `mv` is at `pos`, to order moves before the search knows
    /// better (higher first). Default: 0.
    fn move_hint(&self, pos: &G, mv: G::Move) -> i32 {
        let _ = (pos, mv);
        0
    }

    /// [`Evaluator::move_hint`] of each of `moves` at `pos`, into `hints` (emptied first), in
    /// the same order. A game overrides it to work out once per position what every hint
    /// needs. Default: each move's `move_hint`.
    fn move_hints(&self, pos: &G, moves: &[G::Move], hints: &mut Vec<i32>) {
        hints.clear();
        hints.extend(moves.iter().map(|&mv| self.move_hint(pos, mv)));
    }

    /// A proof that the seat to move wins `pos` by force, if the evaluator finds one with the
    /// effort `site` allows: the first move and the plies to the win at most (the winning move
    /// included, 1 for a win at once), whatever the opponent does. A searcher trusts it as
    /// the score of a win that many plies ahead, so it must be a proof, never a guess.
    /// Default: none.
    fn forced_win(&self, pos: &G, site: ProofSite) -> Option<(G::Move, u32)> {
        let _ = (pos, site);
        None
    }

    /// [`Evaluator::candidates`] into `out` and their [`Evaluator::move_hints`] into `hints`,
    /// both emptied first: what the searcher asks at every node. A game overrides it to look
    /// at the position once for both. Default: the two calls.
    fn candidates_with_hints(&self, pos: &G, out: &mut Vec<G::Move>, hints: &mut Vec<i32>) {
        self.candidates(pos, out);
        self.move_hints(pos, out, hints);
    }

    /// [`Evaluator::candidates_with_hints`] at a node of a full-width search with `depth`
    /// plies left (at least 1): a game may spend more on its hints where a better order saves
    /// a larger subtree. Default: [`Evaluator::candidates_with_hints`].
    fn candidates_with_hints_at(
        &self,
        pos: &G,
        depth: u32,
        out: &mut Vec<G::Move>,
        hints: &mut Vec<i32>,
    ) {
        let _ = depth;
        self.candidates_with_hints(pos, out, hints);
    }
}
