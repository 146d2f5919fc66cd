//! Writes a backgammon case set as text, one case a line (format:
//! `boardgames_benches::backgammon_sets::write_case`), for timing another program on exactly
//! the cases, in the order, that the bench times.
//!
//! Run: `cargo run --release -p boardgames-benches --example backgammon_cases -- SET > FILE`,
//! SET one of `corpus_21_rolls`, `corpus_21_rolls_doubles`, `corpus_21_rolls_non_doubles`,
//! `real`, `handed_small`. The number of cases and of distinct results (all cases' full
//! turns together) go to standard error.

use std::io::Write;

use boardgames_benches::backgammon_sets::{sets, write_case};
use boardgames_core::backgammon::movegen::CountSink;

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    let Some(set) = sets().into_iter().find(|s| s.name == name) else {
        let names: Vec<&str> = sets().iter().map(|s| s.name).collect();
        eprintln!("usage: backgammon_cases SET ({})", names.join(", "));
        std::process::exit(2);
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut results = 0;
    for case in &set.cases {
        writeln!(out, "{}", write_case(case)).expect("write");
        let mut sink = CountSink(0);
        case.0.generate(case.1, &mut sink);
        results += sink.0;
    }
    out.flush().expect("write");
    eprintln!("{}: {} cases, {results} results", set.name, set.cases.len());
}
