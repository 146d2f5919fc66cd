//! Backgammon checker-game behaviour: from the standard start, an XGID or a Position ID taken
//! from the bytes, throws fuzz-chosen rolls and plays fuzz-chosen legal plays. At every step
//! (see `boardgames_fuzz::walk`): each chosen play is accepted by `is_legal` and `play`; a
//! play built from the bytes (checked `(from, to, hit)` steps) or a play of another roll or of
//! an earlier position is accepted exactly when generated, and a refused one leaves the
//! position unchanged; dice thrown at the wrong time are refused without a change; the XGID
//! (the setup text), the Position ID with the money Match ID and the JSON position round-trip;
//! notation from the bytes that resolves names a legal play. At the end the conformance kit
//! checks the last position with the plays of every roll and single steps as candidates.
#![no_main]

use boardgames_core::backgammon::Backgammon;
use boardgames_core::conformance::check_serde;
use boardgames_core::Game;
use boardgames_fuzz::backgammon::{candidates, check, dice, foreign_play, resolve_text, side};
use boardgames_fuzz::{walk, Bytes, Hooks};
use libfuzzer_sys::fuzz_target;

const HOOKS: Hooks<Backgammon> = Hooks {
    foreign_move: foreign_play,
    foreign_chance: |_, b| dice(b),
    candidates,
    check,
    operate: |pos, b| resolve_text(pos, b),
};

fn start(b: &mut Bytes) -> Backgammon {
    let mode = b.byte().unwrap_or(0);
    let fresh = Backgammon::new();
    if mode & 3 == 0 {
        return fresh;
    }
    let len = usize::from(b.byte().unwrap_or(0) & 63);
    let text: Vec<u8> = (0..len).filter_map(|_| b.byte()).collect();
    let Ok(text) = std::str::from_utf8(&text) else {
        return fresh;
    };
    match mode & 3 {
        1 => Backgammon::from_text(text).ok(),
        2 => Backgammon::from_position_id(text, side(mode >> 2)).ok(),
        _ => text
            .split_once(':')
            .and_then(|(p, m)| Backgammon::from_ids(p, m).ok()),
    }
    .unwrap_or(fresh)
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let first = start(&mut b);
    let last = walk(first, &mut b, 200, &HOOKS);
    if let Err(e) = check_serde(&last) {
        panic!("{e}");
    }
});
