//! The rules for one move, cell by cell: what an in-line move from a trailing marble does,
//! whether a broadside move is free. The validator (`is_legal`, `play`, `resolve` of
//! [`Abalone`]) uses this and not the bitboard generator, so the two check each other.
//!
//! Rules: `docs/rules/abalone.md` (seeds 000, 003, 004): at most three own marbles move;
//! only in-line moves push; the pushing line must outnumber the opponent marbles in contact
//! ahead (2:1, 3:1, 3:2), equal numbers are pac; the cell behind the pushed marbles must be
//! empty or off the board (then the last one is ejected), an own marble there blocks; a
//! broadside move needs every destination empty; no own marble leaves the board.
//!
//! With more players the same rules hold for the mover's side (seed 004): an in-line line
//! starts at one of the mover's own marbles and may go on through partners' marbles (four and
//! six players); the marbles it pushes are all the opposing side's, of one colour or several;
//! a friendly marble right behind them blocks the push; broadside moves take own marbles only.
//! The sets are passed as [`Sides`]; in the two-player game `fr == own`.
//!
//! [`Abalone`]: super::Abalone

use super::bitboard::Bitboard;
use super::cell::{Cell, Direction};
use super::error::IllegalMove;
use super::movegen::Sides;
use super::moves::Move;

/// What the in-line move with trailing marble `tail` in direction `dir` does: `(marbles
/// moving, opposing marbles pushed)`.
///
/// # Errors
/// Why there is no such move: no own marble on `tail` (a partner's marble there cannot start
/// a line), four in a row, a moving marble off the board, no sumito, push blocked.
pub(super) fn in_line(
    sides: Sides,
    tail: Cell,
    dir: Direction,
) -> Result<(usize, usize), IllegalMove> {
    // `own` here is every marble that may be in the line; the tail must be the mover's.
    let own = Bitboard(sides.fr);
    let opp = Bitboard(sides.opp);
    if !Bitboard(sides.own).contains(tail) {
        if own.contains(tail) {
            return Err(IllegalMove::PartnerTail(tail));
        }
        return Err(IllegalMove::NotOwn(tail));
    }
    let mut marbles = 1;
    let mut front = tail;
    let ahead = loop {
        match front.step(dir) {
            None => return Err(IllegalMove::OwnMarbleOff(front)),
            Some(c) if own.contains(c) => {
                marbles += 1;
                if marbles > 3 {
                    return Err(IllegalMove::TooManyMarbles(tail));
                }
                front = c;
            }
            Some(c) => break c,
        }
    };
    if !opp.contains(ahead) {
        return Ok((marbles, 0));
    }
    let mut opponents = 1;
    let mut last = ahead;
    loop {
        if opponents >= marbles {
            return Err(IllegalMove::NoSumito { marbles, opponents });
        }
        match last.step(dir) {
            // Off the board: the last pushed marble is ejected.
            None => break,
            Some(c) if opp.contains(c) => {
                opponents += 1;
                last = c;
            }
            Some(c) if own.contains(c) => return Err(IllegalMove::PushBlocked(c)),
            Some(_) => break,
        }
    }
    Ok((marbles, opponents))
}

/// Checks a broadside move: every marble of the line is own (never a partner's) and every
/// destination is an empty cell.
///
/// # Errors
/// [`IllegalMove::NotOwn`], [`IllegalMove::PartnerBroadside`], [`IllegalMove::OwnMarbleOff`]
/// or [`IllegalMove::BroadsideBlocked`] for the first offending cell.
pub(super) fn broadside(sides: Sides, mv: Move) -> Result<(), IllegalMove> {
    let own = Bitboard(sides.own);
    let occupied = Bitboard(sides.fr | sides.opp);
    for k in 0..mv.marbles() {
        let Some(c) = mv.tail().steps(mv.axis(), k) else {
            return Err(IllegalMove::Malformed(mv.notation()));
        };
        if !own.contains(c) {
            if Bitboard(sides.fr).contains(c) {
                return Err(IllegalMove::PartnerBroadside(c));
            }
            return Err(IllegalMove::NotOwn(c));
        }
        match c.step(mv.direction()) {
            None => return Err(IllegalMove::OwnMarbleOff(c)),
            Some(d) if occupied.contains(d) => return Err(IllegalMove::BroadsideBlocked(d)),
            Some(_) => {}
        }
    }
    Ok(())
}

/// Checks any move against the sides of the player to move.
///
/// # Errors
/// Why the move is not legal, including [`IllegalMove::Shape`] when the counts it carries are
/// not the ones this position gives.
pub(super) fn check(sides: Sides, mv: Move) -> Result<(), IllegalMove> {
    if mv.is_broadside() {
        return broadside(sides, mv);
    }
    let (marbles, pushed) = in_line(sides, mv.tail(), mv.direction())?;
    if (marbles, pushed) != (mv.marbles(), mv.pushed()) {
        return Err(IllegalMove::Shape {
            mv,
            marbles,
            pushed,
        });
    }
    Ok(())
}
