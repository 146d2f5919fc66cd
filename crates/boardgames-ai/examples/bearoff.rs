//! The bear-off databases: generates the one-sided and the two-sided ones, says how long
//! each took and how big the two-sided one is, and prints the distribution of the rolls one
//! position needs, or of two positions and the race between them (wins and gammons); for
//! two positions of at most six checkers, the two-sided database's exact win chance, its
//! cubeful money equities for each cube owner and the cube decision.
//!
//! Run: `cargo run --release -p boardgames-ai --example bearoff -- 3,0,1,0,0,0 2,1,1,0,0,0`
//! (the checkers on the 1-point to the 6-point; the first position is on roll).

use std::time::Instant;

use boardgames_ai::backgammon::{
    BearoffDatabase, CubeOwner, Home, TwoSidedBearoff, HOME_POINTS, TWO_SIDED_POSITIONS,
};

fn parse(text: &str) -> Result<Home, String> {
    let counts: Vec<u8> = text
        .split(',')
        .map(|c| c.trim().parse::<u8>().map_err(|e| format!("{text:?}: {e}")))
        .collect::<Result<_, _>>()?;
    let home: Home = counts
        .try_into()
        .map_err(|_| format!("{text:?}: give {HOME_POINTS} counts, 1-point first"))?;
    Ok(home)
}

fn main() -> Result<(), String> {
    let homes: Vec<Home> = std::env::args()
        .skip(1)
        .map(|a| parse(&a))
        .collect::<Result<_, _>>()?;
    let started = Instant::now();
    let db = BearoffDatabase::generate();
    println!(
        "generated the {} positions in {:.0} ms",
        boardgames_ai::backgammon::POSITIONS,
        started.elapsed().as_secs_f64() * 1e3
    );
    let started = Instant::now();
    let two = TwoSidedBearoff::generate();
    println!(
        "generated the two-sided database ({TWO_SIDED_POSITIONS} x {TWO_SIDED_POSITIONS} pairs) \
         in {:.0} ms, {:.1} MB",
        started.elapsed().as_secs_f64() * 1e3,
        two.size_bytes() as f64 / 1e6
    );
    for home in &homes {
        let dist = db
            .distribution(home)
            .ok_or_else(|| format!("{home:?}: more than 15 checkers"))?;
        let shown: Vec<String> = dist
            .iter()
            .enumerate()
            .filter(|(_, &p)| p > 0.0)
            .map(|(n, p)| format!("{n}: {p:.6}"))
            .collect();
        let mean = db.mean_rolls(home).unwrap_or(0.0);
        println!("{home:?}: mean {mean:.4} rolls; {}", shown.join(", "));
    }
    if let [a, b] = homes[..] {
        if let Some(r) = db.race(&a, &b) {
            println!(
                "{a:?} on roll against {b:?}: wins {:.4}, wins a gammon {:.4}, loses a gammon {:.4}",
                r.win, r.win_gammon, r.lose_gammon
            );
        }
        if let Some(win) = two.win(&a, &b) {
            println!("two-sided, exact: wins {win:.6}");
            for (owner, words) in [
                (CubeOwner::Centred, "centred"),
                (CubeOwner::OnRoll, "owned by the side on roll"),
                (CubeOwner::Opponent, "owned by the other side"),
            ] {
                let equity = two.equity(&a, &b, owner).unwrap_or(f64::NAN);
                print!("  cube {words}: cubeful money equity {equity:+.6}");
                match two.decision(&a, &b, owner, 1) {
                    Some(d) => println!(
                        " ({}: no double {:+.6}, double/take {:+.6}, double/pass {:+.6})",
                        d.action.words(),
                        d.no_double,
                        d.double_take,
                        d.double_drop
                    ),
                    None => println!(" (the game is over)"),
                }
            }
        }
    }
    Ok(())
}
