//! `backgammon-cli` run as a program, one test binary: the batch interface, positions, perft,
//! replay and play at the prompt (`cli`), the engine's commands (`engine`), and match files
//! (`records`).

mod cli;
mod engine;
mod records;
