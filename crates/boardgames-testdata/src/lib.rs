//! Test helpers shared by the workspace's test suites and benchmarks: reading the compressed
//! reference data shipped in `crates/boardgames-core/tests/data/`, and running a program for
//! its output.

use std::io::Read;
use std::path::PathBuf;

/// The root of the repository.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The path of a file under `crates/boardgames-core/tests/data/`, e.g. `pente/edge.jsonl.gz`.
pub fn data_path(name: &str) -> PathBuf {
    repo_root()
        .join("crates/boardgames-core/tests/data")
        .join(name)
}

/// The text of a gzip-compressed data file (see [`data_path`]).
///
/// # Panics
/// When the file is missing or not gzip-compressed UTF-8 text.
pub fn gunzip(name: &str) -> String {
    let path = data_path(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    text
}

/// The non-blank lines of a JSON-lines text, parsed.
///
/// # Panics
/// When a line is not JSON.
pub fn jsonl(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The lines of a gzip-compressed JSON-lines data file, parsed.
///
/// # Panics
/// As [`gunzip`] and [`jsonl`].
pub fn read_jsonl_gz(name: &str) -> Vec<serde_json::Value> {
    jsonl(&gunzip(name))
}

/// Runs a command and returns its standard output.
///
/// # Panics
/// When it does not run, fails (its standard error is shown), or prints non-UTF-8 text.
pub fn stdout_of(cmd: &mut assert_cmd::Command) -> String {
    let out = cmd.output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}
