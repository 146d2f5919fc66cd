//! Two-player Abalone behaviour: from one of the named layouts or from a position string taken
//! from the bytes, plays fuzz-chosen legal moves. At every step (see `boardgames_fuzz::walk`):
//! each chosen move is accepted by `is_legal` and `play`; a move built from the bytes with the
//! public constructors (`Move::in_line`, `Move::broadside`) or legal in an earlier position is
//! accepted exactly when generated, and a refused one leaves the position unchanged; a refused
//! time-out changes nothing; what `in_line_move` returns is legal; the position string and the
//! JSON position round-trip. At the end the conformance kit checks the last position with every
//! constructible move as a candidate, and its JSON with `check_serde`.
#![no_main]

use boardgames_core::abalone::{Abalone, Layout};
use boardgames_core::conformance::check_serde;
use boardgames_core::Game;
use boardgames_fuzz::{abalone, walk, Bytes};
use libfuzzer_sys::fuzz_target;

fn start(b: &mut Bytes) -> Abalone {
    let mode = b.byte().unwrap_or(0);
    let layouts = Layout::of_players(2);
    let fresh = Abalone::new(layouts[usize::from(mode & 7) % layouts.len()]).unwrap();
    if mode & 8 == 0 {
        return fresh;
    }
    let len = usize::from(b.byte().unwrap_or(0));
    let text: Vec<u8> = (0..len).filter_map(|_| b.byte()).collect();
    std::str::from_utf8(&text)
        .ok()
        .and_then(|t| Abalone::from_text(t).ok())
        .unwrap_or(fresh)
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let first = start(&mut b);
    let last = walk(first, &mut b, 300, &abalone::hooks::<2>());
    if let Err(e) = check_serde(&last) {
        panic!("{e}");
    }
});
