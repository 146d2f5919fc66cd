//! Pente JSON records and JSON positions: reading never panics, replay never panics, and a
//! record read writes back to the same record.
#![no_main]

use boardgames_core::pente::record::{JsonRecord, PenteJson, ReplayReport};
use boardgames_core::pente::Pente;
use boardgames_core::record::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = JsonRecord::from_json(text) {
        let _ = serde_json::to_string(&ReplayReport::of(&record));
    }
    if let Ok(records) = PenteJson.read(text) {
        let written = PenteJson.write(&records).expect("read records write back");
        assert_eq!(PenteJson.read(&written).ok(), Some(records));
    }
    if let Ok(pos) = serde_json::from_str::<Pente>(text) {
        let json = serde_json::to_string(&pos).expect("a position serialises");
        assert_eq!(serde_json::from_str::<Pente>(&json).ok(), Some(pos));
    }
});
