//! Times full-turn generation over a case file written by the `backgammon_cases` program, in
//! file order, in one process: the figure to set beside another program's run on the same file.
//!
//! Run: `cargo run --release -p boardgames-benches --bin backgammon_turns -- FILE [PASSES]
//! [--doubles | --non-doubles]`. After two warm-up passes it times PASSES passes (default 20)
//! and prints the cases, the results of one pass, and the minimum, median and maximum
//! nanoseconds a case. A pass writes every result as a board into a buffer allocated once.
//! A usage or file error is printed with exit status 2.

use std::hint::black_box;
use std::time::Instant;

use boardgames_benches::backgammon_sets::{full_turns, read_case};
use boardgames_benches::{fail, passes_arg};
use boardgames_core::backgammon as movegen;
use boardgames_core::backgammon::Board;

const USAGE: &str = "usage: backgammon_turns FILE [PASSES] [--doubles | --non-doubles]";

fn main() {
    let mut positional = Vec::new();
    let mut filter: Option<bool> = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--doubles" => filter = Some(true),
            "--non-doubles" => filter = Some(false),
            a if a.starts_with("--") => fail(format!("unknown option {a:?}; {USAGE}")),
            _ => positional.push(arg),
        }
    }
    let (file, passes) = match positional.as_slice() {
        [file] => (file, passes_arg(None)),
        [file, passes] => (file, passes_arg(Some(passes))),
        _ => fail(USAGE),
    };
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| fail(format!("{file}: {e}")));
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let case = read_case(line).unwrap_or_else(|e| fail(format!("{file}, line {}: {e}", i + 1)));
        if filter.is_none_or(|doubles| case.1.is_double() == doubles) {
            cases.push(case);
        }
    }
    if cases.is_empty() {
        fail(format!("{file}: no cases to time"));
    }
    let mut buf = vec![Board::EMPTY; movegen::MAX_PLAYS];
    let results = full_turns(&cases, &mut buf);
    full_turns(&cases, &mut buf);
    let mut ns: Vec<f64> = (0..passes)
        .map(|_| {
            let t = Instant::now();
            black_box(full_turns(black_box(&cases), &mut buf));
            t.elapsed().as_nanos() as f64 / cases.len() as f64
        })
        .collect();
    ns.sort_by(f64::total_cmp);
    println!(
        "{} cases, {results} results a pass; ns a case: min {:.1} median {:.1} max {:.1}",
        cases.len(),
        ns[0],
        ns[ns.len() / 2],
        ns[ns.len() - 1]
    );
}
