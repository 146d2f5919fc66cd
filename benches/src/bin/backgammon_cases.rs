//! Writes a backgammon case set as text, one case a line (format:
//! `boardgames_benches::backgammon_sets::write_case`), for timing another program on exactly
//! the cases, in the order, that the bench times.
//!
//! Run: `cargo run --release -p boardgames-benches --bin backgammon_cases -- SET > FILE`,
//! SET one of `corpus_21_rolls`, `corpus_21_rolls_doubles`, `corpus_21_rolls_non_doubles`,
//! `real`, `handed_small`. The number of cases and of distinct results (all cases' full
//! turns together) go to standard error.

use boardgames_benches::backgammon_sets::{sets, write_case};
use boardgames_benches::print_lines;
use boardgames_core::backgammon::CountSink;

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    let Some(set) = sets().into_iter().find(|s| s.name == name) else {
        let names: Vec<&str> = sets().iter().map(|s| s.name).collect();
        eprintln!("usage: backgammon_cases SET ({})", names.join(", "));
        std::process::exit(2);
    };
    let results: usize = set
        .cases
        .iter()
        .map(|(pos, dice)| {
            let mut sink = CountSink(0);
            pos.generate(*dice, &mut sink);
            sink.0
        })
        .sum();
    print_lines(set.cases.iter().map(write_case));
    eprintln!("{}: {} cases, {results} results", set.name, set.cases.len());
}
