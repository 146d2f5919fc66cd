//! Backgammon match files (Jellyfish-style text): reading never panics; what reads writes
//! back to text that reads as the same record, and replaying it never panics.
#![no_main]

use boardgames_core::backgammon::record::{read_match, write_match};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = read_match(text) {
        let again = read_match(&write_match(&record));
        assert_eq!(again.as_ref(), Ok(&record));
        let _ = record.check();
    }
});
