//! Pente point names: parsing never panics, and every accepted name prints back to a name that
//! parses to the same point.
#![no_main]

use boardgames_core::pente::Point;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = text.parse::<Point>() {
        assert_eq!(p.to_string().parse::<Point>(), Ok(p));
    }
});
