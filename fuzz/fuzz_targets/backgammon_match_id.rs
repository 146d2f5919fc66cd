//! gnubg Match IDs and the match game's setup text: decoding never panics; a decoded ID
//! encodes back to itself, but for dice written lower die first (read in either order,
//! written higher first); a match built from it lists its moves, and its setup reads back
//! to the same match.
#![no_main]

use boardgames_core::backgammon::{Match, MatchId};
use boardgames_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(session) = Match::from_text(text) {
        let _ = session.moves();
        let _ = session.chance_outcomes();
        assert_eq!(Match::from_setup(session.to_setup()).ok(), Some(session));
    }
    let Ok(m) = MatchId::decode(text) else {
        return;
    };
    let encoded = m.encode();
    assert_eq!(MatchId::decode(&encoded).ok(), Some(m));
    if m.dice.is_none_or(|d| d.high() == d.low()) {
        assert_eq!(encoded, text.trim().trim_end_matches('='));
    }
    if let Ok(session) = Match::from_ids("4HPwATDgc/ABMA", text) {
        let _ = session.moves();
        let _ = session.to_string();
    }
});
