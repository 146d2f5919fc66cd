//! `backgammon-cli` run as a program, one test binary: the batch interface, positions, perft,
//! replay and play at the prompt (`cli`), the engine's commands (`engine`), match files
//! (`records`) and the UBGI engine (`ubgi`).

mod cli;
mod engine;
mod records;
mod ubgi;

/// `backgammon-cli`, to be given its arguments and standard input.
fn cli() -> assert_cmd::Command {
    boardgames_testdata::program("backgammon-cli")
}

/// A compressed data file of this game's reference data.
fn gunzip(name: &str) -> String {
    boardgames_testdata::gunzip(&format!("backgammon/{name}"))
}
