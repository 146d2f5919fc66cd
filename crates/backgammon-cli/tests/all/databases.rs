//! The bear-off databases kept on disk: written at the first use, read after, generated again
//! when damaged, nowhere when `BOARDGAMES_CACHE_DIR` is empty, by default in the user's cache
//! directory; the program's answers the same in every case.

use std::fs;
use std::path::{Path, PathBuf};

use boardgames_testdata::stdout_of;

/// A race of two checkers a side on their home points: the two-sided database's, and the
/// one-sided one's with fifteen checkers for O.
const SMALL: &str = "XGID=-BA-------------------ba--:0:0:1:00:0:0:0:0:10";
const LARGE: &str = "XGID=-B-----------------o------:0:0:1:00:0:0:0:0:10";

/// A new empty directory for one test.
fn fresh(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a directory");
    dir
}

/// `eval` of `xgid` at 0 plies with `env` set.
fn eval(xgid: &str, env: &[(&str, &Path)]) -> String {
    let mut c = boardgames_testdata::program("backgammon-cli");
    c.env_remove("BOARDGAMES_CACHE_DIR")
        .env_remove("XDG_CACHE_HOME")
        .args(["eval", "--xgid", xgid, "--level", "1"]);
    for (k, v) in env {
        c.env(k, v);
    }
    stdout_of(&mut c)
}

/// The files of `dir`, by name, with their sizes.
fn files(dir: &Path) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| {
                    let size = e.metadata().map(|m| m.len()).unwrap_or(0);
                    (e.file_name().to_string_lossy().into_owned(), size)
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn the_databases_are_written_once_read_after_and_mended_when_damaged() {
    let dir = fresh("databases-kept");
    let cache = dir.join("cache");
    let env = [("BOARDGAMES_CACHE_DIR", cache.as_path())];
    let (small, large) = (eval(SMALL, &env), eval(LARGE, &env));
    let written = files(&cache);
    let names: Vec<&str> = written.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["bearoff1-v1.bin", "bearoff2-v1.bin"]);
    // Read back: the same answers, the files untouched.
    assert_eq!(
        (eval(SMALL, &env), eval(LARGE, &env)),
        (small.clone(), large.clone())
    );
    assert_eq!(files(&cache), written);
    // A damaged file (a value changed, a file cut short) is generated again and mended.
    let one = cache.join("bearoff1-v1.bin");
    let mut bytes = fs::read(&one).expect("written");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    fs::write(&one, &bytes).expect("writes");
    let two = cache.join("bearoff2-v1.bin");
    let cut = fs::read(&two).expect("written");
    fs::write(&two, &cut[..cut.len() / 3]).expect("writes");
    assert_eq!((eval(SMALL, &env), eval(LARGE, &env)), (small, large));
    assert_eq!(files(&cache), written);
}

#[test]
fn the_user_cache_directory_by_default_and_nowhere_when_asked() {
    let dir = fresh("databases-where");
    let home = dir.join("home");
    let expected = eval(LARGE, &[("BOARDGAMES_CACHE_DIR", &dir.join("first"))]);
    // $HOME/.cache/boardgames without XDG_CACHE_HOME.
    assert_eq!(eval(LARGE, &[("HOME", &home)]), expected);
    assert_eq!(files(&home.join(".cache/boardgames")).len(), 1);
    // $XDG_CACHE_HOME/boardgames when it is set.
    let xdg = dir.join("xdg");
    assert_eq!(
        eval(LARGE, &[("HOME", &home), ("XDG_CACHE_HOME", &xdg)]),
        expected
    );
    assert_eq!(files(&xdg.join("boardgames")).len(), 1);
    // Empty: nowhere (the databases generated in memory, each run).
    let none = dir.join("none");
    let empty = Path::new("");
    assert_eq!(
        eval(LARGE, &[("HOME", &none), ("BOARDGAMES_CACHE_DIR", empty)]),
        expected
    );
    assert!(!none.exists());
}
