//! Cube decisions that look ahead with the cube: the cubeful value of a position at n plies
//! is the average over the 21 rolls of the value after the best play, the other side then
//! deciding its own cube action with the cube as it then stands, down to the positions at
//! the end of the look-ahead, which the cube model values ([`CubeContext::decision`]:
//! Janowski's model, the other side doubling there where that is right). A side that may
//! double takes the best of rolling on and doubling, its opponent the better of taking and
//! passing; so a position whose chances swing by the next roll (a market loser, a shot)
//! is valued with the cube turned where it turns, as GNU Backgammon's evaluations do,
//! rather than by the average of its chances alone.
//!
//! In money play a bear-off of at most six checkers a side is decided exactly, by the
//! two-sided bear-off database ([`TwoSidedBearoff`]), at the root and at the end of the
//! look-ahead alike.
//!
//! The plays of the look-ahead are the 0-ply best ones, the same whatever the cube (as the
//! cubeless look-ahead plays them), so the tree of positions is built once and the cube
//! states are valued on it.

use boardgames_core::backgammon::{Board, Dice, Side};

use super::bearoff2::TwoSidedBearoff;
use super::cube::{cube_efficiency, CubeContext, CubeDecision, CubeOwner, Stakes};
use super::net::Outcomes;
use super::play::points_won;
use super::search::Evaluator;

/// What follows one roll of the side on roll.
enum Branch {
    /// The play ends the game: the side that played wins these points a cube (1 single,
    /// 2 gammon, 3 backgammon).
    Won(u32),
    /// The end of the look-ahead: the other side, `on_roll` on `board`, and its chances.
    Leaf {
        board: Board,
        on_roll: Side,
        chances: Outcomes,
    },
    /// The other side on roll on a deeper node.
    Node(Box<Tree>),
}

/// The look-ahead from one position: for each of the 21 rolls, its weight (of 36) and what
/// follows the 0-ply best play.
struct Tree {
    branches: Vec<(f64, Branch)>,
}

impl Tree {
    /// The tree of `on_roll` on `board` (a game not over) at `plies`, from 1.
    fn build(eval: &Evaluator<'_>, board: &Board, on_roll: Side, plies: u32) -> Tree {
        let mut branches = Vec::with_capacity(21);
        for dice in Dice::all() {
            let w = if dice.is_double() { 1.0 } else { 2.0 };
            let after = eval.best_play(board, on_roll, dice);
            let branch = match points_won(&after) {
                Some((_, points)) => Branch::Won(points),
                None if plies <= 1 || eval.stopped() => Branch::Leaf {
                    board: after,
                    on_roll: on_roll.other(),
                    chances: eval.static_chances(&after, on_roll.other()),
                },
                None => Branch::Node(Box::new(Tree::build(
                    eval,
                    &after,
                    on_roll.other(),
                    plies - 1,
                ))),
            };
            branches.push((w / 36.0, branch));
        }
        Tree { branches }
    }

    /// The value for the side on roll, before its roll, of rolling without doubling with the
    /// cube as `ctx` says.
    fn roll_value(&self, ctx: &CubeContext) -> f64 {
        self.branches
            .iter()
            .map(|(w, branch)| w * branch_value(branch, ctx))
            .sum()
    }

    /// The cube decision of the side on roll, before its roll, on this tree.
    fn decision(&self, ctx: &CubeContext) -> CubeDecision {
        let no_double = self.roll_value(ctx);
        let double_take = self.roll_value(&ctx.doubled());
        ctx.decide(no_double, double_take)
    }
}

/// The value for the side that rolled (on roll in `ctx`) of what follows its roll.
fn branch_value(branch: &Branch, ctx: &CubeContext) -> f64 {
    match branch {
        Branch::Won(points) => ctx.value_of(ctx.points_of(*points)),
        Branch::Leaf {
            board,
            on_roll,
            chances,
        } => {
            let other = CubeContext {
                efficiency: cube_efficiency(board, *on_roll),
                ..ctx.flipped()
            };
            let theirs = match exact(board, *on_roll, &other) {
                Some(d) => d.best(),
                None => other.decision(chances).best(),
            };
            ctx.other_side(theirs)
        }
        Branch::Node(tree) => {
            // The other side's efficiency is of no use inside the tree: only the leaves'.
            let other = ctx.flipped();
            ctx.other_side(tree.decision(&other).best())
        }
    }
}

/// The cube decision of `on_roll` before its roll on `board` (a game not over), looking
/// `plies` ahead with the cube (see the module docs); at 0 plies, or when the evaluator is
/// stopped ([`Evaluator::with_stop`]), the cube model on the chances of `board` itself.
#[must_use]
pub fn cube_decision(
    eval: &Evaluator<'_>,
    board: &Board,
    on_roll: Side,
    ctx: &CubeContext,
    plies: u32,
) -> CubeDecision {
    if let Some(d) = exact(board, on_roll, ctx) {
        return d;
    }
    let at_0 = || ctx.decision(&eval.static_chances(board, on_roll));
    if plies == 0 || eval.stopped() {
        return at_0();
    }
    let decision = Tree::build(eval, board, on_roll, plies).decision(ctx);
    // A look-ahead cut short by the evaluator's stop flag is not one: the 0-ply decision.
    if eval.stopped() {
        return at_0();
    }
    decision
}

/// The exact cube decision of a money bear-off of at most six checkers a side
/// ([`TwoSidedBearoff`]), if `board` is one.
fn exact(board: &Board, on_roll: Side, ctx: &CubeContext) -> Option<CubeDecision> {
    if !matches!(ctx.stakes, Stakes::Money { .. }) {
        return None;
    }
    let (mine, theirs) = TwoSidedBearoff::homes(board, on_roll)?;
    TwoSidedBearoff::get().decision(&mine, &theirs, ctx.owner, ctx.cube)
}

impl CubeContext {
    /// The context after the side on roll doubles and the other takes: the cube doubled,
    /// the other side's.
    #[must_use]
    pub fn doubled(&self) -> CubeContext {
        CubeContext {
            cube: self.cube.saturating_mul(2),
            owner: CubeOwner::Opponent,
            ..*self
        }
    }

    /// A value of the other side as the side on roll's: the negative in money play, the
    /// complement of a match winning chance.
    #[must_use]
    pub fn other_side(&self, value: f64) -> f64 {
        match self.stakes {
            Stakes::Money { .. } => -value,
            Stakes::Match { .. } => 1.0 - value,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::CubeAction;

    /// Money, cube centred at 1.
    fn money() -> CubeContext {
        CubeContext {
            cube: 1,
            owner: CubeOwner::Centred,
            stakes: Stakes::Money { jacoby: false },
            efficiency: 0.68,
        }
    }

    /// A last roll: X, on roll, has one checker on `point` of its home board; O one on its
    /// 1-point, so that O bears off with any roll if X does not.
    fn last_roll(point: usize) -> Board {
        let mut b = Board::EMPTY;
        b.set_count(Side::X, point, 1);
        b.set_count(Side::X, 0, 14);
        b.set_count(Side::O, 1, 1);
        b.set_count(Side::O, 0, 14);
        b
    }

    #[test]
    fn last_rolls_worked_by_hand() {
        let eval = Evaluator::shipped();
        // From the 6-point X bears off with 27 of the 36 rolls (it misses with 1-2, 1-3,
        // 1-4, 2-3 either way and 1-1): p = 3/4. Not doubling is worth 2p - 1 = 1/2;
        // doubled, O takes (its take point in a last roll is 1/4 of winning) and the game
        // is worth twice that, 1, as much as a pass: double, take.
        let d = cube_decision(&eval, &last_roll(6), Side::X, &money(), 1);
        assert!((d.no_double - 0.5).abs() < 1e-9, "{d:?}");
        assert!((d.double_take - 1.0).abs() < 1e-9, "{d:?}");
        assert_eq!(d.double_drop, 1.0);
        assert_eq!(d.action, CubeAction::DoubleTake);
        // From the 4-point only 2-1 misses: p = 34/36, a take worth 2 (2p - 1) = 64/36:
        // double, pass.
        let d = cube_decision(&eval, &last_roll(4), Side::X, &money(), 1);
        assert!((d.no_double - 32.0 / 36.0).abs() < 1e-9, "{d:?}");
        assert!((d.double_take - 64.0 / 36.0).abs() < 1e-9, "{d:?}");
        assert_eq!(d.action, CubeAction::DoublePass);
        // With the cube O's, X may not double: rolling is all it has.
        let theirs = CubeContext {
            owner: CubeOwner::Opponent,
            cube: 2,
            ..money()
        };
        let d = cube_decision(&eval, &last_roll(4), Side::X, &theirs, 1);
        assert_eq!(d.action, CubeAction::NoCube);
        assert!((d.no_double - 2.0 * 32.0 / 36.0).abs() < 1e-9, "{d:?}");
    }
}
