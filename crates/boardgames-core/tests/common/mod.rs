//! Helpers shared by the integration tests: the compressed reference data (see the
//! `boardgames-testdata` crate).

#![allow(dead_code, unused_imports)] // each test file uses some of them

pub use boardgames_testdata::{data_path, gunzip, read_jsonl_gz};
