//! `abalone-cli` run as a program, one test binary: the batch interfaces against the
//! reference corpora, perft, the interactive loop and timed games (`cli`), and record files
//! (`records`).

mod cli;
mod records;
