//! Helpers shared by the integration tests: reading the compressed reference data.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;

/// The path of a file under `tests/data/`.
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The non-empty lines of a gzip-compressed JSON-lines file under `tests/data/`, parsed.
pub fn read_jsonl_gz(name: &str) -> Vec<serde_json::Value> {
    let file = std::fs::File::open(data_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    reader
        .lines()
        .map(|l| l.unwrap_or_else(|e| panic!("{name}: {e}")))
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(&l).unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}
