//! The alpha-beta engine told the game so far ([`Engine::set_history`]): a line back to a
//! position of the game scores as a draw, so the side ahead steers clear of it and the side
//! behind goes for it.

use boardgames_ai::{abalone, Budget, Engine};
use boardgames_core::abalone::{Abalone, Setup};
use boardgames_core::Game;

/// The two-player start with two marbles of `lost` ("b" or "w") taken off its back row,
/// Black to move.
fn two_down(lost: &str) -> Abalone {
    let text = match lost {
        "b" => "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/2bbb b 2-0",
        _ => "3ww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0-2",
    };
    text.parse::<Setup>()
        .expect("a position string")
        .into_position()
        .expect("a legal position")
}

#[test]
fn the_side_ahead_does_not_repeat_a_position() {
    let pos = two_down("w");
    let mut engine = abalone::engine(2);
    let first = engine.search(&pos, &Budget::depth(2)).expect("a move");
    // Two marbles up: every move keeps Black ahead, so no move is worth a draw.
    assert!(first.score > 0, "{}", first.score);
    let mut after = pos;
    after.play(first.best).expect("legal");
    engine.set_history(&[after.key()]);
    let second = engine.search(&pos, &Budget::depth(2)).expect("a move");
    assert_ne!(second.best, first.best);
    assert!(second.score > 0, "{}", second.score);
}

#[test]
fn the_side_behind_goes_for_a_repetition() {
    let pos = two_down("b");
    let mut engine = abalone::engine(2);
    let first = engine.search(&pos, &Budget::depth(2)).expect("a move");
    // Two marbles down in the opening: no move wins them back within two plies.
    assert!(first.score < 0, "{}", first.score);
    // Any move at all (the last one listed) that leads back to a position of the game is a
    // draw, better than every other.
    let moves = pos.moves();
    let back = *moves.iter().last().expect("moves");
    let mut after = pos;
    after.play(back).expect("legal");
    engine.set_history(&[after.key()]);
    let found = engine.search(&pos, &Budget::depth(2)).expect("a move");
    assert_eq!((found.best, found.score), (back, 0));
    // Forgotten again, the history no longer counts.
    engine.set_history(&[]);
    assert_eq!(
        engine.search(&pos, &Budget::depth(2)).map(|f| f.best),
        Some(first.best)
    );
}
