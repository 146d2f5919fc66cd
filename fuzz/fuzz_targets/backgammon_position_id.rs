//! gnubg Position IDs: decoding never panics; a decoded ID encodes back to itself.
#![no_main]

use boardgames_core::backgammon::{Backgammon, Side};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for side in Side::BOTH {
        if let Ok(pos) = Backgammon::from_position_id(text, side) {
            assert_eq!(pos.position_id(), text.trim().trim_end_matches('='));
        }
    }
});
