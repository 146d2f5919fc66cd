//! Position keys ([`Game::key`]): the same board reached by two move orders has the same key
//! in every game; a repeated board has the key of its first occurrence when the rules do not
//! look at the ply (Abalone without a move limit), and another when they do.

use boardgames_core::abalone::{Abalone, Layout};
use boardgames_core::backgammon::Backgammon;
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::Game;

/// The position after `steps` (moves, and for backgammon rolls, as written).
fn after<G: Game>(start: &G, steps: &[&str]) -> G {
    let mut pos = start.clone();
    for text in steps {
        match pos.turn() {
            boardgames_core::Turn::Chance => {
                let roll = pos.parse_chance(text).expect(text);
                pos.apply_chance(roll).expect(text);
            }
            _ => {
                let mv = pos.parse_move(text).expect(text);
                pos.play(mv).expect(text);
            }
        }
    }
    pos
}

#[test]
fn pente_two_move_orders() {
    // Hand-worked: player 1 places K10 and N10, player 2 L9 and M10, in either order.
    let start = Pente::new(Variant::Pente, OpeningRule::Tournament);
    let a = after(&start, &["K10", "L9", "N10", "M10"]);
    let b = after(&start, &["K10", "M10", "N10", "L9"]);
    assert_eq!(a, b);
    assert_eq!(a.key(), b.key());
    assert_ne!(a.key(), start.key());
}

#[test]
fn abalone_two_move_orders_and_a_repetition() {
    let start = Abalone::new(Layout::Standard).unwrap();
    // Hand-worked: Black's line A1-B2-C3 goes north-east and White's I5-H5-G5 south-east,
    // then each goes back (D4-C3-B2 to A1, F5-G5-H5 to I5): the board repeats at ply 4.
    let back = after(&start, &["a1b2", "i5h5", "d4c3", "f5g5"]);
    assert_eq!(back.ply(), 4);
    assert_ne!(back, start, "the ply is part of the position");
    assert_eq!(back.key(), start.key(), "a repeated board has the same key");
    // Two orders of Black's and White's moves reach the same position.
    let a = after(&start, &["a1b2", "i5h5", "a2b3", "i6h6"]);
    let b = after(&start, &["a2b3", "i6h6", "a1b2", "i5h5"]);
    assert_eq!(a, b);
    assert_eq!(a.key(), b.key());
    // With a move limit the plies left are part of what the rules depend on.
    let mut limited = start;
    limited.set_move_limit(Some(100));
    let again = after(&limited, &["a1b2", "i5h5", "d4c3", "f5g5"]);
    assert_ne!(again.key(), limited.key());
}

#[test]
fn backgammon_two_orders_of_turns() {
    // Hand-worked: X plays 31 (8/5 6/5) and 21 (13/11 24/23) in either order around O's 42
    // (8/4 6/4): the same board with O to roll.
    let start = Backgammon::new();
    let a = after(
        &start,
        &["31", "8/5 6/5", "42", "8/4 6/4", "21", "13/11 24/23"],
    );
    let b = after(
        &start,
        &["21", "13/11 24/23", "42", "8/4 6/4", "31", "8/5 6/5"],
    );
    assert_eq!(a, b);
    assert_eq!(a.key(), b.key());
    assert_ne!(a.key(), start.key());
}
