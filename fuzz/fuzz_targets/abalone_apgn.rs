//! APGN files: reading never panics; what reads writes back to text that reads as the same
//! games and writes again to the same text; replaying each game never panics.
#![no_main]

use boardgames_core::abalone::record::apgn::{read_apgn, write_apgn};
use boardgames_core::record::replay;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(games) = read_apgn(text) {
        let written = write_apgn(&games).expect("games read from APGN write back");
        let again = read_apgn(&written).expect("written APGN reads");
        assert_eq!(again.len(), games.len());
        for (a, b) in again.iter().zip(&games) {
            assert_eq!((a.start, &a.steps, a.result), (b.start, &b.steps, b.result));
        }
        assert_eq!(write_apgn(&again).ok().as_ref(), Some(&written));
        for game in &games {
            let _ = replay(game);
        }
    }
});
