//! Abalone position strings and layout names: parsing and checking never panic; a valid
//! position prints back to the same position.
#![no_main]

use boardgames_core::abalone::{Abalone, Layout};
use boardgames_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = text.parse::<Layout>();
    if let Ok(pos) = Abalone::from_text(text) {
        assert_eq!(Abalone::from_text(&pos.to_setup().to_string()).ok(), Some(pos));
        let _ = pos.to_string();
        assert_eq!(pos.count_legal_moves(), pos.moves().len());
    }
});
