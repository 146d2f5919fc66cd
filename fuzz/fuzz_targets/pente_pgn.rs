//! pente.org PGN-like game files: reading never panics; what reads writes back to text that
//! reads as the same record, and its replay check never panics.
#![no_main]

use boardgames_core::pente::record::pgn::{read_pgn, write_pgn};
use boardgames_core::pente::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = read_pgn(text, Variant::Pente, true) {
        let again = read_pgn(&write_pgn(&record), Variant::KeryoPente, false);
        assert_eq!(again.as_ref().map(|r| &r.moves), Ok(&record.moves));
        let _ = record.check();
    }
});
