//! Pente position strings: parsing and checking never panic; a valid position prints back to
//! the same position.
#![no_main]

use boardgames_core::pente::Pente;
use boardgames_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = Pente::from_text(text) {
        assert_eq!(Pente::from_text(&pos.to_setup().to_string()), Ok(pos));
        let _ = pos.to_string();
        let _ = pos.count_legal_moves();
    }
});
