//! pente.org PGN-like game files: reading never panics; what reads writes back to text that
//! reads as the same games, and replaying them never panics.
#![no_main]

use boardgames_core::pente::record::PenteOrg;
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::record::{replay, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let format = PenteOrg::new(Pente::new(Variant::Pente, OpeningRule::Tournament));
    if let Ok(records) = format.read(text) {
        let written = format.write(&records).expect("read games write back");
        let other = PenteOrg::new(Pente::new(Variant::KeryoPente, OpeningRule::Free));
        let again = other.read(&written).expect("written games read");
        assert_eq!(again.len(), records.len());
        for (a, b) in again.iter().zip(&records) {
            assert_eq!((a.start, &a.steps, a.result), (b.start, &b.steps, b.result));
        }
        for record in &records {
            let _ = replay(record);
        }
    }
});
