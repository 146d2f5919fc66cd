//! Backgammon match files (Jellyfish-style text): reading never panics; what reads writes
//! back to text that reads as the same record, as records of the match game writes back to
//! the same text, and replaying its matches never panics.
#![no_main]

use boardgames_core::backgammon::record::{
    read_match, read_matches, replay_matches, write_match, MatchText,
};
use boardgames_core::record::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = read_match(text) {
        let again = read_match(&write_match(&record));
        assert_eq!(again.as_ref(), Ok(&record));
    }
    if let (Ok(syntax), Ok(records)) = (read_matches(text), MatchText.read(text)) {
        // A match without games has no record to write back.
        if syntax.iter().all(|m| !m.games.is_empty()) {
            let written: String = syntax.iter().map(write_match).collect();
            assert_eq!(MatchText.write(&records).ok(), Some(written));
        }
        let _ = replay_matches(&records, true);
    }
});
