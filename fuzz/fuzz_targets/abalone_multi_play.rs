//! Abalone for three, four and six players: the same behaviour checks as `abalone_play`
//! (see `boardgames_fuzz::walk` and `boardgames_fuzz::abalone`), from each multi-player layout
//! or from a position string taken from the bytes: chosen moves accepted, moves built from the
//! bytes or legal earlier accepted exactly when generated and refused ones leaving the position
//! unchanged, the position string and the JSON position round-tripping, and the conformance kit
//! and `check_serde` on the last position.
#![no_main]

use boardgames_core::abalone::{Layout, Position};
use boardgames_core::conformance::check_serde;
use boardgames_core::Game;
use boardgames_fuzz::{abalone, walk, Bytes};
use libfuzzer_sys::fuzz_target;

fn run<const SEATS: usize>(mode: u8, b: &mut Bytes) {
    let layouts = Layout::of_players(SEATS);
    let fresh = Position::<SEATS>::new(layouts[usize::from(mode >> 4) % layouts.len()])
        .expect("a layout for this many players");
    let first = if mode & 8 == 0 {
        fresh
    } else {
        let len = usize::from(b.byte().unwrap_or(0));
        let text: Vec<u8> = (0..len).filter_map(|_| b.byte()).collect();
        std::str::from_utf8(&text)
            .ok()
            .and_then(|t| Position::<SEATS>::from_text(t).ok())
            .unwrap_or(fresh)
    };
    let last = walk(first, b, 300, &abalone::hooks::<SEATS>());
    if let Err(e) = check_serde(&last) {
        panic!("{e}");
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let mode = b.byte().unwrap_or(0);
    match mode % 3 {
        0 => run::<3>(mode, &mut b),
        1 => run::<4>(mode, &mut b),
        _ => run::<6>(mode, &mut b),
    }
});
