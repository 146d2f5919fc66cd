//! Neutral JSON positions and plays: reading never panics; what is read writes back to JSON
//! that reads as the same value; move generation on any accepted position never panics.
#![no_main]

use boardgames_core::backgammon::{Backgammon, Play, Setup};
use boardgames_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = serde_json::from_str::<Backgammon>(text) {
        let json = serde_json::to_string(&pos).expect("a position serialises");
        assert_eq!(serde_json::from_str::<Backgammon>(&json).ok(), Some(pos));
        for &p in pos.moves().iter() {
            let mut next = pos;
            next.play(p).expect("generated plays are legal");
        }
    }
    if let Ok(setup) = serde_json::from_str::<Setup>(text) {
        let _ = setup.to_string();
        let _ = setup.into_position();
    }
    if let Ok(play) = serde_json::from_str::<Play>(text) {
        let json = serde_json::to_string(&play).expect("a play serialises");
        assert_eq!(serde_json::from_str::<Play>(&json).ok(), Some(play));
    }
});
