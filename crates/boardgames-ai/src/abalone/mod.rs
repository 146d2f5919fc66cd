//! Abalone: the engines of three, four and six players.

mod multi;

pub use multi::{multi_budget, multi_engine, TeamLeaf, MULTI_DEFAULT_LEVEL};
