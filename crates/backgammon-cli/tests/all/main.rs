//! `backgammon-cli` run as a program, one test binary: the batch interface, positions, perft,
//! replay and play at the prompt (`cli`), the engine's commands (`engine`), match files
//! (`records`), the UBGI engine (`ubgi`) and the bear-off databases kept on disk
//! (`databases`).

mod cli;
mod databases;
mod engine;
mod records;
mod ubgi;

/// `backgammon-cli`, to be given its arguments and standard input, keeping the bear-off
/// databases in the tests' own directory (not the user's cache).
fn cli() -> assert_cmd::Command {
    let mut c = boardgames_testdata::program("backgammon-cli");
    c.env(
        "BOARDGAMES_CACHE_DIR",
        concat!(env!("CARGO_TARGET_TMPDIR"), "/backgammon-databases"),
    );
    c
}

/// A compressed data file of this game's reference data.
fn gunzip(name: &str) -> String {
    boardgames_testdata::gunzip(&format!("backgammon/{name}"))
}
