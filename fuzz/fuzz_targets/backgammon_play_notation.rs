//! Backgammon play notation: parsing never panics; parsed notation prints back to text that
//! parses to the same notation; resolving against a position never panics.
#![no_main]

use boardgames_core::backgammon::{Backgammon, Dice, PlayNotation};
use boardgames_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(n) = text.parse::<PlayNotation>() else {
        return;
    };
    let again: PlayNotation = n.to_string().parse().expect("printed notation parses");
    assert_eq!(again, n);
    for d in [Dice::new(3, 1), Dice::new(6, 6)].into_iter().flatten() {
        let mut pos = Backgammon::new();
        pos.set_dice(Some(d));
        if let Ok(play) = pos.resolve(&n) {
            assert!(pos.is_legal(play));
        }
    }
});
