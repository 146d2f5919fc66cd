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

/// Every backgammon match file under `tests/data/backgammon/match-files/`, in name order:
/// (`source/name`, text).
///
/// # Panics
/// When the folder or a file is missing or not gzip-compressed UTF-8 text.
pub fn match_files() -> Vec<(String, String)> {
    let root = data_path("backgammon/match-files");
    let mut out = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("match-files")
        .map(|e| e.expect("entry").path())
        .collect();
    dirs.sort();
    for dir in dirs {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("source folder")
            .map(|e| e.expect("entry").path())
            .collect();
        files.sort();
        for f in files {
            let mut text = String::new();
            flate2::read::GzDecoder::new(std::fs::File::open(&f).expect("open"))
                .read_to_string(&mut text)
                .expect("gzip text");
            let source = dir.file_name().and_then(|s| s.to_str()).unwrap_or("");
            let name = f.file_name().and_then(|s| s.to_str()).unwrap_or("");
            let name = name.trim_end_matches(".gz").trim_end_matches(".txt");
            out.push((format!("{source}/{name}"), text));
        }
    }
    out
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

/// Checks a program's terminal conventions: `completions bash` prints a bash completion
/// script, `man` a roff page, and each of `board_commands` (arguments after the program
/// name, each with the standard input given beside it) prints no ANSI escape code into a
/// pipe by default, none with `--color never`, and some with `--color always`.
///
/// # Panics
/// When a convention does not hold (the message names the command).
pub fn check_terminal_conventions(program: &str, board_commands: &[(&[&str], &str)]) {
    let run = |args: &[&str], stdin: &str| {
        let mut cmd = assert_cmd::Command::cargo_bin(program).expect("the binary is built");
        cmd.current_dir(repo_root())
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .args(args)
            .write_stdin(stdin);
        stdout_of(&mut cmd)
    };
    let script = run(&["completions", "bash"], "");
    assert!(
        script.contains(&format!("complete -F _{}", program.replace('-', "__")))
            || script.contains("complete -F"),
        "{program} completions bash: {script:.200}"
    );
    assert!(
        script.contains("replay"),
        "the script completes the subcommands"
    );
    let page = run(&["man"], "");
    assert!(page.contains(".TH"), "{program} man: {page:.200}");
    for (args, stdin) in board_commands {
        let plain = run(args, stdin);
        assert!(
            !plain.contains('\x1b'),
            "{program} {args:?} wrote an escape code into a pipe"
        );
        let mut never = args.to_vec();
        never.extend(["--color", "never"]);
        assert!(!run(&never, stdin).contains('\x1b'), "{program} {never:?}");
        let mut always = args.to_vec();
        always.extend(["--color", "always"]);
        assert!(
            run(&always, stdin).contains('\x1b'),
            "{program} {always:?} has no colour"
        );
    }
}

/// Records for [`check_input_conventions`], as the program's `replay` reads them.
pub struct InputCases<'a> {
    /// The program's binary name.
    pub program: &'a str,
    /// A record that replays to its end.
    pub valid: &'a str,
    /// A record with a token that is no step of the game at all.
    pub bad_token: &'a str,
    /// A record with a well-formed step the rules refuse.
    pub illegal: &'a str,
    /// A record file of another game (path from the repository's root).
    pub other_game: &'a str,
}

/// Checks that a program treats the same failure as the other programs do: exit status 2
/// for input that cannot be parsed (a bad token, a record of another game, bytes that are
/// not UTF-8, which are said to be so, an empty input), 1 for a step the rules refuse, and a
/// UTF-8 byte-order mark before a record skipped; in `replay` and `convert` alike.
///
/// # Panics
/// When a convention does not hold (the message names the case).
pub fn check_input_conventions(cases: &InputCases<'_>) {
    let program = cases.program;
    let run = |args: &[&str], stdin: &[u8]| {
        let mut cmd = assert_cmd::Command::cargo_bin(program).expect("the binary is built");
        let out = cmd
            .current_dir(repo_root())
            .args(args)
            .write_stdin(stdin.to_vec())
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.code(), err)
    };
    let to = if program == "backgammon-cli" {
        "mat"
    } else {
        "json"
    };
    let replay: &[&str] = &["replay", "-"];
    let convert: &[&str] = &["convert", "-", "--to", to];
    for args in [replay, convert] {
        let (code, err) = run(args, cases.valid.as_bytes());
        assert_eq!(code, Some(0), "{program} {args:?} of a valid record: {err}");
        let bom = [b"\xef\xbb\xbf".as_slice(), cases.valid.as_bytes()].concat();
        let (code, err) = run(args, &bom);
        assert_eq!(
            code,
            Some(0),
            "{program} {args:?} after a byte-order mark: {err}"
        );
        let (code, err) = run(args, b"\xff\xfe\x00\x01binary");
        assert_eq!(code, Some(2), "{program} {args:?} of binary input: {err}");
        assert!(err.contains("not UTF-8 text"), "{program} {args:?}: {err}");
        for empty in ["", "\n  \n"] {
            let (code, err) = run(args, empty.as_bytes());
            assert_eq!(code, Some(2), "{program} {args:?} of an empty input: {err}");
            assert!(
                err.contains("the input is empty"),
                "{program} {args:?}: {err}"
            );
        }
    }
    let (code, err) = run(replay, cases.bad_token.as_bytes());
    assert_eq!(code, Some(2), "{program} replay of a bad token: {err}");
    let (code, err) = run(replay, cases.illegal.as_bytes());
    assert_eq!(code, Some(1), "{program} replay of an illegal step: {err}");
    let (code, err) = run(&["replay", cases.other_game], b"");
    assert_eq!(
        code,
        Some(2),
        "{program} replay of another game's record: {err}"
    );
    assert!(
        !err.contains("(chance)"),
        "{program}: the label says chance once: {err}"
    );
}
