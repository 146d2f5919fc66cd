//! `perft`: the number of leaf nodes of the game tree N plies deep.
//!
//! Output contract: the count alone on the last line of standard output. With `--divide`, one
//! line `<move> <count>` per legal move (or per chance outcome at a chance node) comes first.
//! The time and speed (nodes per second) go to standard error. Chance nodes are counted as
//! [`boardgames_core::search::perft`] documents: each distinct outcome is a branch and uses no
//! ply. A count that runs longer than a second shows its progress on standard error, after
//! each first step ([`Progress`]). `--threads N` counts the first steps' subtrees on N
//! threads; the output is the same.

use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use boardgames_core::{search, Game, Turn};

use crate::args::PerftArgs;
use crate::common::Exit;
use crate::frontend::GameCli;
use crate::input::position_after;

/// How `perft` shows its progress on standard error.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Progress {
    /// Progress appears once the count has run this long.
    pub after: Duration,
    /// Standard error is a terminal: one line rewritten in place (and cleared at the end)
    /// instead of a new line at most once a second.
    pub terminal: bool,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            after: Duration::from_secs(1),
            terminal: false,
        }
    }
}

/// Runs `perft` after the move list of `args`, as described in the module docs, with
/// progress lines on `err` once the count has run `--progress-after` seconds (default 1).
///
/// # Errors
/// Only errors writing `out` or `err`; a bad move list is reported on `err` with
/// [`Exit::BadInput`].
pub fn perft<C: GameCli>(
    cli: &C,
    args: &PerftArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let after = if args.progress_after.is_finite() && args.progress_after >= 0.0 {
        Duration::from_secs_f64(args.progress_after.min(1e9))
    } else {
        Duration::from_secs(1)
    };
    let progress = Progress {
        after,
        ..Progress::default()
    };
    perft_with_progress(cli, args, progress, out, err)
}

/// [`perft`] with the progress display chosen by the caller (e.g. in place on a terminal).
///
/// The count is split by the first step (each legal move or chance outcome); after each
/// branch, once `progress.after` has passed, `err` gets `perft depth D: k/n first steps, N
/// nodes, S s, R nodes/s`.
///
/// # Errors
/// Only errors writing `out` or `err`; a bad move list is reported on `err` with
/// [`Exit::BadInput`].
pub fn perft_with_progress<C: GameCli>(
    cli: &C,
    args: &PerftArgs,
    progress: Progress,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let pos = match position_after(cli, &args.moves) {
        Ok(p) => p,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(Exit::BadInput);
        }
    };
    let timer = Instant::now();
    let total = if args.depth <= 1 {
        if args.divide && args.depth == 1 {
            for (step, count) in divide(&pos, 1) {
                writeln!(out, "{step} {count}")?;
            }
        }
        search::perft(&pos, args.depth)
    } else {
        let branches = first_steps(&pos);
        let n = branches.len();
        let counts = BranchCounts::new(n);
        let mut shown = false;
        let mut last_shown: Option<Instant> = None;
        let mut report = |done: usize, total: u64| -> io::Result<()> {
            let elapsed = timer.elapsed();
            let due = last_shown.is_none_or(|t| {
                t.elapsed() >= Duration::from_millis(if progress.terminal { 100 } else { 1000 })
            });
            if elapsed >= progress.after && due && done < n {
                let line = format!(
                    "perft depth {}: {done}/{n} first steps, {total} nodes, {:.1} s, {} nodes/s",
                    args.depth,
                    elapsed.as_secs_f64(),
                    rate(total, elapsed.as_secs_f64())
                );
                if progress.terminal {
                    write!(err, "\r\x1b[K{line}")?;
                } else {
                    writeln!(err, "{line}")?;
                }
                err.flush()?;
                shown = true;
                last_shown = Some(Instant::now());
            }
            Ok(())
        };
        let threads = (args.threads as usize).clamp(1, n.max(1));
        if threads == 1 {
            for (i, (_, child)) in branches.iter().enumerate() {
                counts.set(i, count_branch(child, args.depth));
                let (done, total) = counts.progress();
                report(done, total)?;
            }
        } else {
            let next = AtomicUsize::new(0);
            std::thread::scope(|scope| -> io::Result<()> {
                for _ in 0..threads {
                    scope.spawn(|| loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((_, child)) = branches.get(i) else {
                            break;
                        };
                        counts.set(i, count_branch(child, args.depth));
                    });
                }
                loop {
                    let (done, total) = counts.progress();
                    if done == n {
                        return Ok(());
                    }
                    report(done, total)?;
                    std::thread::sleep(Duration::from_millis(20));
                }
            })?;
        }
        let mut total = 0u64;
        for (i, (step, _)) in branches.iter().enumerate() {
            let count = counts.get(i);
            total += count;
            if args.divide {
                writeln!(out, "{step} {count}")?;
            }
        }
        if shown && progress.terminal {
            write!(err, "\r\x1b[K")?;
        }
        total
    };
    let seconds = timer.elapsed().as_secs_f64();
    writeln!(out, "{total}")?;
    writeln!(
        err,
        "perft depth {}: {total} nodes in {seconds:.3} s ({} nodes/s)",
        args.depth,
        rate(total, seconds)
    )?;
    Ok(Exit::Success)
}

fn rate(total: u64, seconds: f64) -> String {
    if seconds > 0.0 {
        format!("{:.0}", total as f64 / seconds)
    } else {
        "-".to_owned()
    }
}

/// The counts of the first steps' subtrees as they finish, shared by the counting threads.
struct BranchCounts {
    /// Each branch's count plus one once it is known (0: not yet).
    counts: Vec<AtomicU64>,
}

impl BranchCounts {
    fn new(n: usize) -> BranchCounts {
        BranchCounts {
            counts: (0..n).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn set(&self, i: usize, count: u64) {
        self.counts[i].store(count + 1, Ordering::Release);
    }

    fn get(&self, i: usize) -> u64 {
        self.counts[i].load(Ordering::Acquire).saturating_sub(1)
    }

    /// The branches finished and the leaves they hold.
    fn progress(&self) -> (usize, u64) {
        self.counts
            .iter()
            .fold((0, 0), |(done, total), c| match c.load(Ordering::Acquire) {
                0 => (done, total),
                k => (done + 1, total + k - 1),
            })
    }
}

/// The leaves below a first step of a `depth`-ply count.
fn count_branch<G: Game>(child: &Branch<G>, depth: u32) -> u64 {
    match child {
        Branch::Move(child) => search::perft(child, depth - 1),
        Branch::Chance(child) => search::perft(child, depth),
    }
}

/// The position after a first step: a move uses a ply, a chance outcome does not.
enum Branch<G> {
    Move(G),
    Chance(G),
}

/// Each first step of `pos` (legal move or chance outcome) with the position after it.
fn first_steps<G: Game>(pos: &G) -> Vec<(String, Branch<G>)> {
    match pos.turn() {
        Turn::Over => Vec::new(),
        Turn::Chance => pos
            .chance_outcomes()
            .iter()
            .filter_map(|&(outcome, _)| {
                let mut child = pos.clone();
                child
                    .apply_chance(outcome)
                    .ok()
                    .map(|()| (outcome.to_string(), Branch::Chance(child)))
            })
            .collect(),
        Turn::Seat(_) => search::legal_moves_vec(pos)
            .into_iter()
            .map(|mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                (mv.to_string(), Branch::Move(child))
            })
            .collect(),
    }
}

/// perft split by the first step: each legal move (or chance outcome) with its count.
fn divide<G: Game>(pos: &G, depth: u32) -> Vec<(String, u64)> {
    first_steps(pos)
        .into_iter()
        .map(|(step, child)| {
            let count = match child {
                Branch::Move(child) => search::perft(&child, depth.saturating_sub(1)),
                Branch::Chance(child) => search::perft(&child, depth),
            };
            (step, count)
        })
        .collect()
}
