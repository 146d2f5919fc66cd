//! Abalone JSON positions (the neutral format) and JSON moves: reading never panics; what is
//! read writes back to the same value.
#![no_main]

use boardgames_core::abalone::{Abalone, Move};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = serde_json::from_str::<Abalone>(text) {
        let json = serde_json::to_string(&pos).expect("a position serialises");
        assert_eq!(serde_json::from_str::<Abalone>(&json).ok(), Some(pos));
    }
    if let Ok(mv) = serde_json::from_str::<Move>(text) {
        let json = serde_json::to_string(&mv).expect("a move serialises");
        assert_eq!(serde_json::from_str::<Move>(&json).ok(), Some(mv));
    }
});
