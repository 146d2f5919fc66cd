//! `arena`: two backgammon players, A and B, play a series of money games (cubeful, or
//! cubeless with `--cubeless`) or matches (`--match N`), in pairs with the same dice: in the
//! first session of a pair A plays X, in the second O, and each side gets the same throws in
//! both, so that much of the luck cancels. The dice of pair k come from `--seed` and k alone,
//! so the same options give the same sessions.
//!
//! `--openings FILE` starts the sessions of pair k with the steps of the k-th game of a match
//! file (in turn); `--records FILE` writes every session as a match file (between comment
//! lines), which `replay` reads back.
//!
//! Output: the players, then for money play A's points a game with its 95 % interval (1.96
//! standard errors of the mean over the pairs, [`paired_margin`]: the two sessions of a pair
//! share their dice, so a pair is one sample) and the games each won; for matches the
//! matches each won and A's share with its 95 % Wilson interval. With `--jsonl`, one JSON line per session, `{"game", "a_side"
//! ("X" | "O"), "winner" ("a" | "b" | "unfinished"), "points" (A's points won, negative when
//! lost; in a match, 1 or -1), "steps"}`, then one for the series, `{"games", "a_wins",
//! "b_wins", "points", "ppg", "ppg_low", "ppg_high", "score", "score_low", "score_high"}`
//! (figures to 4 places); both are stable contracts. Each session's line is written (and
//! flushed) as the session ends.
//!
//! A player is the engine at a level, pubeval, random, or an external engine
//! (`cmd=PROGRAM ARGS`, [`crate::external`]) that speaks the `bestmove --jsonl` contract, or
//! one that speaks UBGI (`ubgi=PROGRAM ARGS`, [`crate::ubgi::player`]). An
//! external engine that fails (stops, answers out of time or illegally) ends the arena with
//! its error and exit status 1.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use boardgames_ai::backgammon::{paired_margin, Cubeless, MatchPlayer, Networks, PubEval};
use boardgames_cli::arena::{self as kit_arena, wilson};
use boardgames_cli::save::{records_file, write_game_record};
use boardgames_cli::Exit;
use boardgames_core::backgammon::{Match, MatchRules, Side};
use boardgames_core::player::{Player, RandomPlayer};
use boardgames_core::rand::SeedableRng;
use boardgames_core::record::Applied;
use boardgames_core::{search, ChaCha8Rng, Game, Turn};
use serde::Serialize;

use crate::external::{ExternalPlayer, Failure};
use crate::session::MatchCli;
use crate::ubgi::player::UbgiPlayer;

/// Who plays one side: `level=N` (the engine at level N, 1 to 5; `level=N,weights=FILE`
/// with the networks of FILE instead of the shipped ones), `pubeval`, `random`,
/// `cmd=PROGRAM ARGS`, `ubgi=PROGRAM ARGS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    /// The engine at a level, with the networks of a weights file or the shipped ones.
    Level(u8, Option<PathBuf>),
    /// Tesauro's pubeval.
    PubEval,
    /// Uniformly random legal decisions.
    Random,
    /// An external engine speaking the `bestmove --jsonl` contract: the program and its
    /// arguments.
    Command(Vec<String>),
    /// An external engine speaking UBGI: the program and its arguments.
    Ubgi(Vec<String>),
}

impl std::str::FromStr for Spec {
    type Err = String;

    fn from_str(text: &str) -> Result<Spec, String> {
        match text.trim() {
            "pubeval" => Ok(Spec::PubEval),
            "random" => Ok(Spec::Random),
            t if t.starts_with("cmd=") || t.starts_with("ubgi=") => {
                let (key, rest) = t.split_once('=').unwrap_or((t, ""));
                let words: Vec<String> = rest.split_whitespace().map(str::to_owned).collect();
                if words.is_empty() {
                    return Err(format!("{key}= needs a program"));
                }
                Ok(if key == "cmd" {
                    Spec::Command(words)
                } else {
                    Spec::Ubgi(words)
                })
            }
            t => {
                let (level, weights) = match t.split_once(",weights=") {
                    Some((l, w)) if !w.is_empty() => (l, Some(PathBuf::from(w))),
                    _ => (t, None),
                };
                level
                    .strip_prefix("level=")
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|n| (1..=5).contains(n))
                    .map(|n| Spec::Level(n, weights))
                    .ok_or_else(|| {
                        format!(
                            "{t:?}: expected level=N (1 to 5, and ,weights=FILE), pubeval, \
                             random, cmd=PROGRAM ARGS or ubgi=PROGRAM ARGS"
                        )
                    })
            }
        }
    }
}

/// The options.
#[derive(Clone, Debug)]
pub struct ArenaOptions {
    /// Player A.
    pub a: Spec,
    /// Player B.
    pub b: Spec,
    /// Sessions, rounded up to even.
    pub games: u32,
    /// The seed of the dice.
    pub seed: u64,
    /// Money play or a match.
    pub rules: MatchRules,
    /// Nobody doubles (money play).
    pub cubeless: bool,
    /// JSON lines.
    pub jsonl: bool,
    /// The longest wait for an external engine's answer.
    pub engine_timeout: Duration,
    /// Match files whose steps open the sessions (pair k the k-th game, in turn).
    pub openings: Option<PathBuf>,
    /// The match file every session is written to.
    pub records: Option<PathBuf>,
}

/// One session as a JSON line.
#[derive(Serialize)]
struct GameLine {
    game: u32,
    a_side: &'static str,
    winner: &'static str,
    points: i64,
    steps: usize,
}

/// The series as a JSON line.
#[derive(Serialize)]
struct SummaryLine {
    games: u32,
    a_wins: u32,
    b_wins: u32,
    points: i64,
    ppg: f64,
    ppg_low: f64,
    ppg_high: f64,
    score: f64,
    score_low: f64,
    score_high: f64,
}

fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// The player of `spec`; an external engine's errors go to `failure`.
fn player(
    spec: &Spec,
    o: &ArenaOptions,
    seed: u64,
    failure: &Failure,
) -> Result<Box<dyn Player<Match>>, String> {
    let p: Box<dyn Player<Match>> = match spec {
        Spec::Level(n, None) => Box::new(MatchPlayer::new(*n)),
        Spec::Level(n, Some(file)) => {
            let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
            let nets =
                Networks::from_bytes(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
            // The networks live as long as the program: one arena a run.
            Box::new(MatchPlayer::with_networks(Box::leak(Box::new(nets)), *n))
        }
        Spec::PubEval => Box::new(PubEval),
        Spec::Random => Box::new(RandomPlayer::seeded(seed)),
        Spec::Command(words) => Box::new(ExternalPlayer::spawn(
            words,
            o.engine_timeout,
            failure.clone(),
        )?),
        Spec::Ubgi(words) => Box::new(UbgiPlayer::spawn(words, o.engine_timeout, failure.clone())?),
    };
    Ok(if o.cubeless { Box::new(Cubeless(p)) } else { p })
}

/// The most steps (decisions and throws) of one session before it is stopped.
const MAX_STEPS: usize = 100_000;

/// One session played out.
struct Played {
    /// The winner (`None`: stopped).
    winner: Option<Side>,
    /// The points of the last game (money play).
    points: u32,
    /// The steps played after the opening's.
    steps: usize,
    /// Every step from the start, the opening's first.
    applied: Vec<Applied<Match>>,
    /// The session at its end.
    end: Match,
}

/// One session from `start` after the steps of `opening`: `players[0]` plays X, the dice
/// drawn from `rng`.
fn session(
    start: &Match,
    opening: &[Applied<Match>],
    players: &mut [Box<dyn Player<Match>>; 2],
    rng: &mut ChaCha8Rng,
) -> Played {
    let mut m = start.clone();
    let mut applied = Vec::with_capacity(opening.len() + 128);
    for step in opening {
        // The openings were replayed under these rules when they were read.
        if step.apply(&mut m).is_ok() {
            applied.push(*step);
        }
    }
    let mut steps = MAX_STEPS;
    for step in 0..MAX_STEPS {
        let next = match m.turn() {
            Turn::Over => None,
            Turn::Chance => search::random_chance(&m, rng).map(Applied::Chance),
            Turn::Seat(s) => players[usize::from(s.0.min(1))]
                .choose(&m)
                .map(Applied::Move),
        };
        match next {
            Some(a) if a.apply(&mut m).is_ok() => applied.push(a),
            _ => {
                steps = step;
                break;
            }
        }
    }
    Played {
        winner: m.winner(),
        points: m.end_of_game().map_or(0, |e| e.points),
        steps,
        applied,
        end: m,
    }
}

/// The openings of `--openings` replayed under the arena's rules, or the start alone; a
/// file that does not read, or whose steps the rules refuse, is reported on `err`.
fn openings(
    o: &ArenaOptions,
    start: &Match,
    stdin: &mut dyn BufRead,
    err: &mut dyn Write,
) -> io::Result<Result<Vec<Vec<Applied<Match>>>, Exit>> {
    let cli = MatchCli::reader(start.clone());
    let read = match kit_arena::openings(&cli, o.openings.as_deref(), stdin, err)? {
        Ok(read) => read,
        Err(exit) => return Ok(Err(exit)),
    };
    let mut out = Vec::with_capacity(read.len());
    for (k, (_, steps)) in read.into_iter().enumerate() {
        let mut m = start.clone();
        for (n, step) in steps.iter().enumerate() {
            if let Err(e) = step.apply(&mut m) {
                writeln!(
                    err,
                    "error: --openings: game {}: step {}: not legal under the arena's rules: {e}",
                    k + 1,
                    n + 1
                )?;
                return Ok(Err(Exit::BadInput));
            }
        }
        if m.turn() == Turn::Over {
            writeln!(err, "error: --openings: game {} is over", k + 1)?;
            return Ok(Err(Exit::BadInput));
        }
        out.push(steps);
    }
    Ok(Ok(out))
}

/// Runs the arena.
///
/// # Errors
/// Only errors writing `out`, `err` or the records file.
pub fn arena(
    o: &ArenaOptions,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let pairs = o.games.div_ceil(2);
    let start = Match::new(o.rules);
    let openings = match openings(o, &start, stdin, err)? {
        Ok(openings) => openings,
        Err(exit) => return Ok(exit),
    };
    let mut records = match records_file(o.records.as_deref(), err)? {
        Ok(records) => records,
        Err(exit) => return Ok(exit),
    };
    let writer = MatchCli::reader(start.clone());
    let failure = Failure::default();
    let players = player(&o.a, o, o.seed ^ 0xa, &failure)
        .and_then(|a| Ok((a, player(&o.b, o, o.seed ^ 0xb, &failure)?)));
    let (mut a, mut b) = match players {
        Ok(pair) => pair,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(Exit::BadInput);
        }
    };
    let names = (a.name(), b.name());
    let bar = indicatif::ProgressBar::new(u64::from(pairs * 2));
    let (mut a_wins, mut b_wins, mut points, mut pair_squares) = (0u32, 0u32, 0i64, 0f64);
    for k in 0..pairs {
        let mut pair = 0i64;
        for a_side in [Side::X, Side::O] {
            let mut rng = ChaCha8Rng::seed_from_u64(o.seed ^ (u64::from(k) << 20));
            let (x, y) = if a_side == Side::X { (a, b) } else { (b, a) };
            let mut seats = [x, y];
            let opening = openings.get(k as usize % openings.len().max(1));
            let played = session(&start, opening.map_or(&[][..], |v| v), &mut seats, &mut rng);
            let (winner, game_points, steps) = (played.winner, played.points, played.steps);
            if let Some(e) = failure.borrow().as_ref() {
                bar.finish_and_clear();
                writeln!(err, "error: {e}")?;
                return Ok(Exit::Failure);
            }
            [a, b] = if a_side == Side::X {
                seats
            } else {
                let [y, x] = seats;
                [x, y]
            };
            let won = if o.rules.is_money() {
                i64::from(game_points)
            } else {
                1
            };
            let signed = match winner {
                Some(w) if w == a_side => {
                    a_wins += 1;
                    won
                }
                Some(_) => {
                    b_wins += 1;
                    -won
                }
                None => 0,
            };
            points += signed;
            pair += signed;
            bar.inc(1);
            let game = 2 * k + if a_side == Side::X { 1 } else { 2 };
            if let Some(file) = records.as_mut() {
                let header = format!(
                    "game {game} of {}, A ({}) plays {a_side:?}, seed {}",
                    pairs * 2,
                    names.0,
                    o.seed
                );
                write_game_record(&writer, file, &header, &start, &played.applied, &played.end)?;
            }
            if o.jsonl {
                // Each line as its session ends, so that a long series can be followed.
                let line = GameLine {
                    game,
                    a_side: if a_side == Side::X { "X" } else { "O" },
                    winner: match winner {
                        Some(w) if w == a_side => "a",
                        Some(_) => "b",
                        None => "unfinished",
                    },
                    points: signed,
                    steps,
                };
                writeln!(out, "{}", serde_json::to_string(&line).unwrap_or_default())?;
                out.flush()?;
            }
        }
        pair_squares += (pair * pair) as f64;
    }
    bar.finish_and_clear();
    if let Some(file) = records.as_mut() {
        file.flush()?;
    }
    let n = f64::from(pairs * 2);
    let ppg = points as f64 / n;
    let margin = paired_margin(points, pair_squares, pairs);
    let score = f64::from(a_wins) / n;
    let (low, high) = wilson(score, pairs * 2);
    if o.jsonl {
        let s = SummaryLine {
            games: pairs * 2,
            a_wins,
            b_wins,
            points,
            ppg: round4(ppg),
            ppg_low: round4(ppg - margin),
            ppg_high: round4(ppg + margin),
            score: round4(score),
            score_low: round4(low),
            score_high: round4(high),
        };
        writeln!(out, "{}", serde_json::to_string(&s).unwrap_or_default())?;
        return Ok(Exit::Success);
    }
    writeln!(out, "A: {}\nB: {}", names.0, names.1)?;
    if o.rules.is_money() {
        writeln!(
            out,
            "games {}: A wins {a_wins}, B wins {b_wins}; A {ppg:+.3} points a game (95 %: {:+.3} to {:+.3})",
            pairs * 2,
            ppg - margin,
            ppg + margin
        )?;
    } else {
        writeln!(
            out,
            "matches {} to {}: A wins {a_wins}, B wins {b_wins}; A {:.1} % (95 %: {:.1} to {:.1})",
            pairs * 2,
            o.rules.length,
            100.0 * score,
            100.0 * low,
            100.0 * high
        )?;
    }
    Ok(Exit::Success)
}
