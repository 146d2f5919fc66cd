//! Where the program keeps the bear-off databases between runs
//! ([`boardgames_ai::backgammon::set_database_dir`]): `$BOARDGAMES_CACHE_DIR` when set (empty:
//! nowhere, each run generates them), else `boardgames` in the user's cache directory
//! (`$XDG_CACHE_HOME`, else `$HOME/.cache`).

use std::env;
use std::path::PathBuf;

/// The directory of the databases, if any, by the rule of the module docs.
fn directory() -> Option<PathBuf> {
    if let Some(dir) = env::var_os("BOARDGAMES_CACHE_DIR") {
        return (!dir.is_empty()).then(|| PathBuf::from(dir));
    }
    let non_empty = |key: &str| {
        env::var_os(key)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let cache =
        non_empty("XDG_CACHE_HOME").or_else(|| non_empty("HOME").map(|h| h.join(".cache")))?;
    Some(cache.join("boardgames"))
}

/// Keeps the databases in [`directory`], when there is one.
pub fn keep() {
    if let Some(dir) = directory() {
        boardgames_ai::backgammon::set_database_dir(dir);
    }
}
