//! `abalone-cli` run as a program, one test binary: the batch interfaces against the
//! reference corpora, perft, the interactive loop and timed games (`cli`), record files
//! (`records`) and repeated positions (`repetition`).

mod cli;
mod records;
mod repetition;

/// `abalone-cli`, to be given its arguments and standard input.
fn abalone() -> assert_cmd::Command {
    boardgames_testdata::program("abalone-cli")
}

/// A compressed data file of this game's reference data.
fn gunzip(name: &str) -> String {
    boardgames_testdata::gunzip(&format!("abalone/{name}"))
}
