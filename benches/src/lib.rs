//! Shared helpers for the criterion benchmarks: the shipped reference positions (see the
//! `boardgames-testdata` crate).

pub use boardgames_testdata::read_jsonl_gz;
