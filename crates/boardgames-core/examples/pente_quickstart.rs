//! Play a few Keryo-Pente moves from notation and print the board.
//!
//! Run: `cargo run -p boardgames-core --example pente_quickstart`

use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::{Game, Turn};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut pos = Pente::new(Variant::KeryoPente, OpeningRule::Tournament); // tournament rule on
    for text in ["K10", "L11", "N10", "M12", "P13"] {
        let mv = pos.parse_move(text)?; // notation, checked against the position
        pos.play(mv)?; // an Err leaves the position unchanged
    }
    println!("{pos}"); // board diagram with capture counts
    assert!(matches!(pos.turn(), Turn::Seat(_)));

    // A refused move says why and changes nothing.
    let before = pos;
    if let Err(e) = pos.parse_move("K10") {
        println!("K10 again: {e}");
    }
    assert_eq!(pos, before);
    Ok(())
}
