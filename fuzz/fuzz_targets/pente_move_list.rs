//! Pente move-list text: parsing never panics; parsed moves write and read back unchanged and
//! replay without panicking.
#![no_main]

use boardgames_core::pente::record::{parse_move_list, write_move_list};
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::record::replay_written;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(moves) = parse_move_list(text) {
        assert_eq!(
            parse_move_list(&write_move_list(&moves)).as_ref(),
            Ok(&moves)
        );
        let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
        let _ = replay_written(&Pente::new(Variant::KeryoPente, OpeningRule::Tournament), &names);
    }
});
