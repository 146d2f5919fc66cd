//! Shared helpers for the criterion benchmarks: loading the shipped reference positions.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;

/// The non-empty lines of a gzip-compressed JSON-lines file under
/// `crates/boardgames-core/tests/data/`, parsed.
///
/// # Panics
/// When the file is missing or a line is not JSON (benchmarks run on the shipped data only).
pub fn read_jsonl_gz(name: &str) -> Vec<serde_json::Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/boardgames-core/tests/data")
        .join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    BufReader::new(flate2::read::GzDecoder::new(file))
        .lines()
        .map(|l| l.expect("readable line"))
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(&l).expect("JSON line"))
        .collect()
}
