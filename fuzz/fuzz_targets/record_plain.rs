//! The plain Aba-Pro record (any number of players) and backgammon's one-turn-a-line record:
//! reading never panics, what reads writes back to text that reads as the same games, and
//! replaying them never panics.
#![no_main]

use boardgames_core::abalone::record::AbaPro;
use boardgames_core::abalone::{Abalone, Abalone3, Layout};
use boardgames_core::backgammon::record::Turns;
use boardgames_core::backgammon::Backgammon;
use boardgames_core::record::{replay, Format};
use libfuzzer_sys::fuzz_target;

fn round_trip<G: boardgames_core::Game, F: Format<G>>(format: &F, text: &str) {
    if let Ok(records) = format.read(text) {
        for record in &records {
            let _ = replay(record);
        }
        if let Ok(written) = format.write(&records) {
            let again = format.read(&written).expect("written records read");
            assert_eq!(again.len(), records.len());
            for (a, b) in again.iter().zip(&records) {
                assert_eq!((&a.start, &a.steps), (&b.start, &b.steps));
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    round_trip(&AbaPro::new(Abalone::new(Layout::Standard).unwrap()), text);
    round_trip(&AbaPro::new(Abalone3::start()), text);
    round_trip(&Turns { default: Backgammon::new() }, text);
});
