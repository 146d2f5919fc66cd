//! APGN files: reading never panics; what reads writes back to text that reads as the same
//! games and writes again to the same text; replaying each game never panics.
#![no_main]

use boardgames_core::abalone::record::apgn::{read_apgn, write_apgn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(games) = read_apgn(text) {
        let written = write_apgn(&games);
        let again = read_apgn(&written);
        assert_eq!(again.as_ref(), Ok(&games));
        if let Ok(again) = again {
            assert_eq!(write_apgn(&again), written);
        }
        for game in &games {
            let _ = game.check();
            let _ = game.replay();
        }
    }
});
