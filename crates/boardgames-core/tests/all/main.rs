//! The integration tests of `boardgames-core`, built as one test binary: corpus replays,
//! record files, rule examples, proptest invariants and setup errors of every game, one
//! module each. A module that needs a feature of the crate is left out of a build without
//! it (`cargo test --all-features` runs them all). The cases proptest keeps from failures
//! are in `tests/proptest-regressions/<module>.txt` (where it looks when the test's root is
//! a `main.rs`).

mod common;

#[cfg(feature = "serde")]
mod abalone_corpus;
#[cfg(all(feature = "serde", feature = "conformance"))]
mod abalone_multi;
#[cfg(feature = "serde")]
mod abalone_records;
#[cfg(all(feature = "serde", feature = "conformance"))]
mod abalone_rules;
#[cfg(feature = "serde")]
mod backgammon_corpus;
mod backgammon_ids;
#[cfg(all(feature = "serde", feature = "conformance"))]
mod backgammon_match;
#[cfg(feature = "conformance")]
mod backgammon_options;
#[cfg(feature = "serde")]
mod backgammon_records;
#[cfg(all(feature = "serde", feature = "conformance"))]
mod backgammon_rules;
#[cfg(all(feature = "serde", feature = "conformance"))]
mod chance_game;
mod fuzz_regressions;
#[cfg(feature = "serde")]
mod match_formats;
mod match_replay;
#[cfg(feature = "serde")]
mod pente_corpus;
#[cfg(feature = "serde")]
mod pente_records;
#[cfg(all(feature = "serde", feature = "conformance"))]
mod pente_rules;
mod position_keys;
#[cfg(feature = "serde")]
mod record_formats;
mod setup_errors;
