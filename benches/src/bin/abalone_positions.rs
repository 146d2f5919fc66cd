//! Writes an Abalone position set as position strings (`abalone::Setup`'s text, see
//! `docs/abalone.md`), one a line, for timing another program on exactly the positions, in
//! the order, that the bench times.
//!
//! Run: `cargo run --release -p boardgames-benches --bin abalone_positions -- SET > FILE`,
//! SET one of `real`, `random`, `random_a_small`. The number of positions and of their legal
//! moves go to standard error.

use boardgames_benches::abalone_sets::sets;
use boardgames_benches::print_lines;
use boardgames_core::Game;

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    let Some(set) = sets().into_iter().find(|s| s.name == name) else {
        let names: Vec<&str> = sets().iter().map(|s| s.name).collect();
        eprintln!("usage: abalone_positions SET ({})", names.join(", "));
        std::process::exit(2);
    };
    let moves: usize = set.positions.iter().map(Game::count_legal_moves).sum();
    print_lines(set.positions.iter().map(|p| p.to_setup().to_string()));
    eprintln!(
        "{}: {} positions, {moves} legal moves",
        set.name,
        set.positions.len()
    );
}
