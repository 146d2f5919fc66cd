//! Aba-Pro move notation and cell names: parsing never panics; a notation that resolves in a
//! position names a legal move whose canonical notation resolves to the same move.
#![no_main]

use boardgames_core::abalone::{Abalone, Cell, Layout, Notation};
use boardgames_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = text.parse::<Cell>();
    if let Ok(notation) = text.parse::<Notation>() {
        for layout in [Layout::Standard, Layout::BelgianDaisy] {
            let pos = Abalone::new(layout).unwrap();
            if let Ok(mv) = pos.resolve(&notation) {
                assert!(pos.is_legal(mv));
                assert_eq!(pos.parse_move(&pos.notation(mv).to_string()).ok(), Some(mv));
            }
        }
    }
});
