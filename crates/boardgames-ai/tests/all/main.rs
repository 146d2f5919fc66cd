//! The integration tests of `boardgames-ai`, built as one test binary: the engines on the
//! tactics suites of `tests/data/` (see its README), the Monte Carlo tree search, and the
//! backgammon engine on seeded games and the real match files, and the backgammon benchmark
//! file; one module each.

mod common;

mod abalone_tactics;
mod backgammon_cube;
mod backgammon_engine;
mod backgammon_stop;
mod kept_table;
mod mcts;
mod pente_tactics;
mod pente_threats;
mod repetition;
