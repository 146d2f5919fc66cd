//! Test helpers shared by the workspace's test suites and benchmarks: reading the compressed
//! reference data shipped in `crates/boardgames-core/tests/data/` and the engines' tactics
//! suites, and the harness of the programs' tests: running a program of the workspace
//! ([`program`], [`stdout_of`], [`run`], [`spawn`]), checking the lines of its JSON-lines
//! reports ([`report_fields`]), and the terminal and input conventions every program keeps.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Child, Stdio};

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

/// A position of a tactics suite of the engines.
#[derive(Clone, Debug)]
pub struct SuiteCase {
    /// The position's id (`?` when it has none).
    pub id: String,
    /// The position, as text (the game's `from_text` reads it).
    pub setup: String,
    /// The moves listed under the field asked for (`wins`, `defences`).
    pub moves: Vec<String>,
}

/// The positions of a tactics suite of the engines, `crates/boardgames-ai/tests/data/NAME`
/// (see the README there), with the moves each lists under `field`.
///
/// # Panics
/// When the file is missing, or a line is not JSON or has no setup or no list of moves.
pub fn tactics_suite(name: &str, field: &str) -> Vec<SuiteCase> {
    let path = repo_root()
        .join("crates/boardgames-ai/tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (the suite is shipped)", path.display()));
    jsonl(&text)
        .iter()
        .map(|v| SuiteCase {
            id: v["id"].as_str().unwrap_or("?").to_owned(),
            setup: v["setup"].as_str().expect("a setup").to_owned(),
            moves: v[field]
                .as_array()
                .expect("moves")
                .iter()
                .filter_map(serde_json::Value::as_str)
                .map(str::to_owned)
                .collect(),
        })
        .collect()
}

/// The fields of a line of `abalone-cli replay --jsonl`, the library's
/// `abalone::record::ReplayReport`, in their contractual order.
pub const ABALONE_REPLAY_FIELDS: [&str; 6] = [
    "id",
    "legal_plies",
    "first_illegal",
    "captured",
    "legal_move_counts",
    "final_position",
];

/// One of the workspace's programs (`pente-cli`, `abalone-cli`, `backgammon-cli`) as Cargo
/// built it for the tests, to be given its arguments and standard input.
///
/// # Panics
/// When the binary is not built.
pub fn program(name: &str) -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin(name)
        .unwrap_or_else(|e| panic!("the {name} binary is built: {e}"))
}

/// What a run of a program gave.
#[derive(Clone, Debug)]
pub struct Run {
    /// The exit status (`None` when a signal ended the program).
    pub code: Option<i32>,
    /// The standard output, as text (bytes that are not UTF-8 replaced).
    pub stdout: String,
    /// The standard error, as text (bytes that are not UTF-8 replaced).
    pub stderr: String,
}

/// Runs a command to its end, whatever its exit status.
///
/// # Panics
/// When it does not start.
pub fn run(cmd: &mut assert_cmd::Command) -> Run {
    let out = cmd.output().expect("runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Starts a program of the workspace (see [`program`]) with `args` and its three standard
/// streams piped, for a test that talks to it while it runs.
///
/// # Panics
/// When it does not start.
pub fn spawn(name: &str, args: &[&str]) -> Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{name} starts: {e}"))
}

/// A line of a program's JSON-lines report, parsed, when it holds exactly `fields`, in that
/// order: the programs' batch contracts fix the order of the fields as well as their values.
///
/// # Errors
/// What is wrong with the line: not a JSON object, a field missing, one too many, or the
/// fields in another order.
pub fn report_fields(
    line: &str,
    fields: &[&str],
) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    let object: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(line).map_err(|e| format!("not a JSON object ({e}): {line}"))?;
    let mut at = Vec::with_capacity(fields.len());
    for field in fields {
        match line.find(&format!("\"{field}\":")) {
            Some(i) if object.contains_key(*field) => at.push(i),
            _ => return Err(format!("no \"{field}\" field: {line}")),
        }
    }
    if object.len() != fields.len() {
        return Err(format!("fields other than {fields:?}: {line}"));
    }
    if !at.windows(2).all(|w| w[0] < w[1]) {
        return Err(format!(
            "the fields are not in the order {fields:?}: {line}"
        ));
    }
    Ok(object)
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

/// The standard output of a `play` whose script had lines refused: the run ends with exit
/// status 1, each refused line named on standard error (`error: line N: ...`).
///
/// # Panics
/// When the program does not run, ends otherwise, or prints output that is not UTF-8.
pub fn stdout_of_refused(cmd: &mut assert_cmd::Command) -> String {
    let out = cmd.output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("error: line "), "{err}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs `program` with `args`, reads one line of its standard output (or none with
/// `read_first` false), closes the pipe and checks that the program ended without a panic
/// (`completions bash | head -1`).
///
/// # Panics
/// When the program panicked, or printed nothing where a line was to be read.
pub fn closed_pipe_is_quiet(program: &str, args: &[&str], read_first: bool) {
    use std::io::BufRead;
    let mut child = spawn(program, args);
    let stdout = child.stdout.take().expect("stdout");
    if read_first {
        let mut line = String::new();
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .expect("a line");
        assert!(!line.is_empty(), "{program} {args:?}");
    } else {
        drop(stdout);
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(101), "{program} {args:?}: {err}");
    assert!(!err.contains("panicked"), "{program} {args:?}: {err}");
}

/// Checks that every file an example of `program --help` names exists, from the repository's
/// root: a word of an example line (after `Examples:`) that ends as a record or data file does
/// (`.txt`, `.apgn`, `.jsonl`, `.json`, `.mat`) and is not written to (after `>`).
///
/// # Panics
/// When an example names a file that does not exist, or the help has no example.
pub fn check_help_examples(name: &str) {
    let program_name = name;
    let help = stdout_of(program(program_name).arg("--help"));
    let examples: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Examples:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .collect();
    assert!(
        !examples.is_empty(),
        "{program_name}: no examples in\n{help}"
    );
    for line in examples {
        let read = line.split('>').next().unwrap_or("");
        for word in read.split_whitespace() {
            let data = [".txt", ".apgn", ".jsonl", ".json", ".mat"]
                .iter()
                .any(|e| word.ends_with(e));
            if data {
                assert!(
                    repo_root().join(word).is_file(),
                    "{program_name} --help names {word}, which does not exist: {line}"
                );
            }
        }
    }
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
        stdout_of(
            self::program(program)
                .current_dir(repo_root())
                .env_remove("NO_COLOR")
                .env_remove("CLICOLOR_FORCE")
                .args(args)
                .write_stdin(stdin),
        )
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
        let out = self::run(
            self::program(program)
                .current_dir(repo_root())
                .args(args)
                .write_stdin(stdin.to_vec()),
        );
        (out.code, out.stderr)
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
