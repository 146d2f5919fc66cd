//! XGID: parsing never panics; a parsed XGID prints to text that parses to the same value.
#![no_main]

use boardgames_core::backgammon::{Backgammon, Xgid};
use boardgames_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(x) = text.parse::<Xgid>() {
        let back: Xgid = x.to_string().parse().expect("printed XGID parses");
        assert_eq!(back, x);
    }
    if let Ok(pos) = Backgammon::from_text(text) {
        let again = Backgammon::from_text(&pos.to_setup().to_string()).expect("round trip");
        assert_eq!(again, pos);
        let _ = pos.moves();
    }
});
