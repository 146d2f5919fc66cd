//! `arena`: two players, A and B, play a series of games; the result is A's wins, draws and
//! losses, its score, and the Elo difference with a 95 % interval.
//!
//! A player is a [`PlayerSpec`]: a random mover, the game's engine at a level or with a
//! budget of its own, or an external program that speaks the `bestmove --jsonl` contract
//! (one JSON line in, one out; see [`crate::bestmove`]). Games are played in groups, one game
//! a team: in each game of a group A plays the next team's seats and B every other seat (so
//! in two-player games A moves first in every other game), all from the same opening. The
//! opening of a group is the game's start, or the next record of `--openings` (in turn), then
//! `--random-plies` uniformly random moves drawn from the seeded generator. Chance outcomes
//! come from the same generator, so with untimed players the same seed gives the same games.
//! `--from-game K` plays games K onwards of that series, the same games with the same
//! numbers (the openings before K are drawn and not played), so that a long series can be
//! split across runs and the parts' lines put together; the players must be untimed engines
//! that keep nothing from one game to the next, and the game without chance.
//!
//! Output, one line each: the two players; `games N: A wins W, draws D, B wins L`; A's score
//! (`(W + D / 2) / N`) with its 95 % Wilson interval; the Elo difference A - B with the
//! interval's ends converted the same way (`inf` where the score is 0 or 1). With `--jsonl`,
//! a JSON line per game then one for the whole series (see [`ArenaGame`], [`ArenaSummary`]);
//! both are stable contracts. A progress bar goes to standard error at a terminal.

use std::fs::File;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;
use std::time::Duration;

use boardgames_ai::{Budget, EnginePlayer};
use boardgames_core::player::{Player, RandomPlayer};
use boardgames_core::record::{replay, Applied, Format, Record};
use boardgames_core::{search, Game, Turn};
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde_json::Value;

use crate::args::{ArenaArgs, PlayerSpec};
use crate::common::{cut_quoted, Exit};
use crate::frontend::{format_for, GameCli};
use crate::input;
use crate::pipe::Pipe;
use crate::save::{records_file, write_game_record};

/// One line of `arena --jsonl` for each game, fields in this order.
#[derive(Serialize)]
pub struct ArenaGame {
    /// The game's number, from 1.
    pub game: u32,
    /// The team A played (0 for the first seat's team).
    pub a_team: u8,
    /// `"a"`, `"b"`, `"draw"` (no winner), or `"unfinished"` (stopped at `--max-steps`, or
    /// a player had no move: counted as a draw).
    pub result: &'static str,
    /// Moves played (chance outcomes not counted), the opening's included.
    pub plies: usize,
    /// How the game ended, in words.
    pub end: String,
}

/// The last line of `arena --jsonl`, fields in this order.
#[derive(Serialize)]
pub struct ArenaSummary {
    /// Games played.
    pub games: u32,
    /// Games A won.
    pub a_wins: u32,
    /// Games without a winner (draws and unfinished games).
    pub draws: u32,
    /// Games B won.
    pub b_wins: u32,
    /// A's score, `(a_wins + draws / 2) / games`.
    pub score: f64,
    /// The ends of the score's 95 % Wilson interval.
    pub score_low: f64,
    /// See `score_low`.
    pub score_high: f64,
    /// The Elo difference A - B of the score; `null` when the score is 0 or 1.
    pub elo: Option<f64>,
    /// The Elo of `score_low` (`null`: minus infinity).
    pub elo_low: Option<f64>,
    /// The Elo of `score_high` (`null`: plus infinity).
    pub elo_high: Option<f64>,
}

/// The Elo difference of a score in `0..=1`, `None` at 0 and 1 (infinite).
#[must_use]
pub fn elo_of(score: f64) -> Option<f64> {
    // `+ 0.0` turns the -0 of an even score into 0.
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10() + 0.0)
}

/// The 95 % Wilson score interval of a score `p` over `n` games.
#[must_use]
pub fn wilson(p: f64, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n) = (1.959_964, f64::from(n));
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    (
        ((centre - spread) / scale).max(0.0),
        ((centre + spread) / scale).min(1.0),
    )
}

impl ArenaSummary {
    /// The summary of `a_wins`, `draws`, `b_wins`.
    #[must_use]
    pub fn of(a_wins: u32, draws: u32, b_wins: u32) -> ArenaSummary {
        let games = a_wins + draws + b_wins;
        let score = if games == 0 {
            0.5
        } else {
            (f64::from(a_wins) + f64::from(draws) / 2.0) / f64::from(games)
        };
        let (low, high) = wilson(score, games);
        // Rounded, so that the figures print the same on every platform; an end at 0 or 1
        // stays there.
        let round = |x: f64, places: i32| {
            let scale = 10f64.powi(places);
            (x * scale).round() / scale
        };
        let (score_low, score_high) = (round(low, 4), round(high, 4));
        ArenaSummary {
            games,
            a_wins,
            draws,
            b_wins,
            score: round(score, 4),
            score_low,
            score_high,
            elo: elo_of(score).map(|e| round(e, 1)),
            // The lower end is below 1 and the upper above 0 for any number of games.
            elo_low: elo_of(score_low).map(|e| round(e, 1)),
            elo_high: elo_of(score_high).map(|e| round(e, 1)),
        }
    }

    /// The text lines of the summary (without the players).
    #[must_use]
    pub fn text(&self) -> String {
        let elo = |e: Option<f64>, inf: &str| e.map_or(inf.to_owned(), |e| format!("{e:+.0}"));
        format!(
            "games {}: A wins {}, draws {}, B wins {}\n\
             score of A: {:.3} (95 % interval {:.3} to {:.3})\n\
             Elo A - B: {} (95 % interval {} to {})",
            self.games,
            self.a_wins,
            self.draws,
            self.b_wins,
            self.score,
            self.score_low,
            self.score_high,
            elo(self.elo, if self.score >= 1.0 { "+inf" } else { "-inf" }),
            elo(self.elo_low, "-inf"),
            elo(self.elo_high, "+inf"),
        )
    }
}

/// An external engine that speaks the `bestmove --jsonl` contract, asked one JSON line at
/// a time over a [`Pipe`]: each question carries an `"id"` and the answer must carry it too.
/// Dropping it closes the engine's input and, a second later, stops it and what it started.
pub struct External {
    pipe: Pipe,
    asked: u64,
}

impl External {
    /// Starts the program `words[0]` with the arguments `words[1..]`, its standard error
    /// the arena's; `timeout` is the longest wait for an answer.
    ///
    /// # Errors
    /// A message when `words` is empty or the program cannot be started.
    pub fn spawn(words: &[String], timeout: Duration) -> Result<External, String> {
        Ok(External {
            pipe: Pipe::spawn(words, timeout)?,
            asked: 0,
        })
    }

    /// The program and its arguments, as started.
    #[must_use]
    pub fn name(&self) -> &str {
        self.pipe.name()
    }

    /// Sends `question` (a JSON object's fields, without the braces) with the next id and
    /// waits for the first answer line with that id (answers to earlier questions are
    /// skipped): the answer as JSON.
    ///
    /// # Errors
    /// A message naming the engine when it cannot be written to, stops, answers out of
    /// time, or answers what is not JSON or not the question's id.
    pub fn exchange(&mut self, question: &str) -> Result<Value, String> {
        self.exchange_line(question).map(|(answer, _)| answer)
    }

    /// [`External::exchange`], with the answer's line as read.
    fn exchange_line(&mut self, question: &str) -> Result<(Value, String), String> {
        self.asked += 1;
        self.pipe
            .send(&format!("{{\"id\":{},{question}}}", self.asked))?;
        loop {
            let line = self.pipe.next_line()?;
            let name = self.pipe.name();
            let answer: Value = serde_json::from_str(line.trim())
                .map_err(|e| format!("{name:?} answered {:?}: not JSON: {e}", line.trim()))?;
            match answer.get("id").and_then(Value::as_u64) {
                Some(id) if id == self.asked => return Ok((answer, line.trim().to_owned())),
                Some(id) if id < self.asked => continue,
                _ => {
                    return Err(format!(
                        "{name:?} answered {:?}: not the id {} of the question",
                        line.trim(),
                        self.asked
                    ))
                }
            }
        }
    }

    /// The engine's move at `pos`, sent as `position` (JSON text), read from the answer's
    /// `"move"`.
    fn ask<G: Game>(&mut self, pos: &G, position: &str) -> Result<G::Move, String> {
        let (answer, line) = self.exchange_line(&format!("\"position\":{position}"))?;
        let name = self.pipe.name();
        let text = answer
            .get("move")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{name:?} answered {line:?}: no \"move\""))?;
        pos.parse_move(text)
            .map_err(|e| format!("{name:?} played {text:?}: {e}"))
    }
}

/// One side of the arena, ready to play.
enum Side<G: Game> {
    /// A player of the library, with its name for the output.
    Player(Box<dyn Player<G>>, String),
    External(External),
}

impl<G: Game> Side<G> {
    fn name(&self) -> String {
        match self {
            Side::Player(_, name) => name.clone(),
            Side::External(e) => format!("external {}", e.name()),
        }
    }
}

/// The side `spec` describes for `cli`'s game.
fn side<C: GameCli>(
    cli: &C,
    spec: &PlayerSpec,
    seed: u64,
    timeout: Duration,
) -> Result<Side<C::Game>, String> {
    match spec {
        PlayerSpec::Random => Ok(Side::Player(
            Box::new(RandomPlayer::seeded(seed)),
            "random".to_owned(),
        )),
        PlayerSpec::Engine { level, budget } => {
            let engine = cli
                .engine(*level)
                .ok_or("this game has no engine: use random or cmd=PROGRAM")?;
            let mut name = engine.name();
            let player = if *budget == Budget::default() {
                EnginePlayer::new(engine)
            } else {
                let mut limits = Vec::new();
                limits.extend(budget.depth.map(|d| format!("depth {d}")));
                limits.extend(budget.nodes.map(|n| format!("{n} nodes")));
                limits.extend(budget.time.map(|t| format!("{} ms", t.as_millis())));
                name = format!("{name}, {}", limits.join(", "));
                EnginePlayer::with_budget(engine, *budget)
            };
            Ok(Side::Player(Box::new(player), name))
        }
        PlayerSpec::Command(words) => {
            let probe = cli.start();
            if cli.position_json(&probe).is_none() {
                return Err("this game has no bestmove position form for cmd=".to_owned());
            }
            External::spawn(words, timeout).map(Side::External)
        }
    }
}

/// An opening: the start and the steps played from it.
pub type Opening<G> = (G, Vec<Applied<G>>);

/// The openings of an arena: `(start, steps)` of each record of the file `path` (`-`:
/// standard input), each replayed to a game not over, or the game's start alone without a
/// file. A file that does not read, is empty or holds an illegal step or a finished game is
/// reported on `err` (its exit status returned).
///
/// # Errors
/// Only errors writing `err`.
pub fn openings<C: GameCli>(
    cli: &C,
    path: Option<&Path>,
    stdin: &mut dyn BufRead,
    err: &mut dyn Write,
) -> io::Result<Result<Vec<Opening<C::Game>>, Exit>> {
    let Some(path) = path else {
        let start = cli.start();
        if start.turn() == Turn::Over {
            writeln!(
                err,
                "error: the start position is a finished game: nothing to play"
            )?;
            return Ok(Err(Exit::BadInput));
        }
        return Ok(Ok(vec![(start, Vec::new())]));
    };
    let text = match input::read_text(path, cli.lossy_input(), stdin, err)? {
        Ok(text) => text,
        Err(exit) => return Ok(Err(exit)),
    };
    let formats = cli.formats();
    let Some(format) = format_for::<C>(&formats, &text) else {
        writeln!(err, "error: this game reads no record files")?;
        return Ok(Err(Exit::BadInput));
    };
    let records = match format.read(&text) {
        Ok(records) if records.is_empty() => {
            writeln!(err, "error: --openings: {}", input::EMPTY_INPUT)?;
            return Ok(Err(Exit::BadInput));
        }
        Ok(records) => records,
        Err(e) => {
            let message = format
                .presentation()
                .read_error(&path.display().to_string(), &e);
            writeln!(err, "error: --openings: {}", cut_quoted(&message))?;
            return Ok(Err(Exit::BadInput));
        }
    };
    match opening_records(&records) {
        Ok(openings) => Ok(Ok(openings)),
        Err(message) => {
            writeln!(err, "error: --openings: {message}")?;
            Ok(Err(Exit::BadInput))
        }
    }
}

/// The openings of the records of `--openings`: each replayed to a game not over, or why
/// not.
fn opening_records<G: Game>(records: &[Record<G>]) -> Result<Vec<Opening<G>>, String> {
    let mut out = Vec::new();
    for (k, record) in records.iter().enumerate() {
        let trace = replay(record);
        if let Some(bad) = &trace.illegal {
            return Err(format!(
                "game {}: ply {}: {:?} is not legal: {}",
                k + 1,
                bad.ply,
                bad.written,
                bad.error.reason()
            ));
        }
        if trace.last().turn() == Turn::Over {
            return Err(format!("game {} is over", k + 1));
        }
        out.push((record.start.clone(), trace.applied.clone()));
    }
    Ok(out)
}

/// The position after `steps` from `start` and then `plies` uniformly random moves (and the
/// chance outcomes between them), with all the steps.
fn random_opening<G: Game>(
    start: &G,
    steps: &[Applied<G>],
    plies: usize,
    rng: &mut ChaCha8Rng,
) -> (Vec<Applied<G>>, G) {
    let mut pos = start.clone();
    for step in steps {
        let _ = step.apply(&mut pos);
    }
    let mut steps = steps.to_vec();
    let mut played = 0;
    while played < plies {
        let step = match pos.turn() {
            Turn::Over => break,
            Turn::Chance => search::random_chance(&pos, rng).map(Applied::Chance),
            Turn::Seat(_) => {
                played += 1;
                search::random_move(&pos, rng).map(Applied::Move)
            }
        };
        let Some(step) = step else { break };
        if step.apply(&mut pos).is_err() {
            break;
        }
        steps.push(step);
    }
    (steps, pos)
}

/// Runs `arena` (see the module docs).
///
/// # Errors
/// Only errors writing `out`, `err` or the records file.
pub fn arena<C: GameCli>(
    cli: &C,
    args: &ArenaArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let openings = match openings(cli, args.openings.as_deref(), stdin, err)? {
        Ok(o) => o,
        Err(exit) => return Ok(exit),
    };
    let mut sides = match sides(cli, args).and_then(|sides| refusal(args).map(|()| sides)) {
        Ok(sides) => sides,
        Err(message) => {
            writeln!(err, "error: {message}")?;
            return Ok(Exit::BadInput);
        }
    };
    let random = |spec: &PlayerSpec| *spec == PlayerSpec::Random;
    if args.random_plies == 0 && openings.len() == 1 && !random(&args.a) && !random(&args.b) {
        writeln!(
            err,
            "note: every group starts from the same position and neither player is random, so \
             games may repeat; --random-plies or --openings make them differ"
        )?;
    }
    let mut records = match records_file(args.records.as_deref(), err)? {
        Ok(records) => records,
        Err(exit) => return Ok(exit),
    };
    if !args.jsonl {
        writeln!(out, "A: {}", sides[0].name())?;
        writeln!(out, "B: {}", sides[1].name())?;
        out.flush()?;
    }
    let mut series = Series::new(cli, args, openings);
    let exit = series.play(&mut sides, records.as_mut(), out, err)?;
    series.bar.finish_and_clear();
    if exit != Exit::Success {
        return Ok(exit);
    }
    if let Some(file) = records.as_mut() {
        file.flush()?;
    }
    let summary = ArenaSummary::of(series.wins, series.draws, series.losses);
    if args.jsonl {
        let line = serde_json::to_string(&summary).unwrap_or_default();
        writeln!(out, "{line}")?;
    } else {
        writeln!(out, "{}", summary.text())?;
    }
    Ok(Exit::Success)
}

/// Sides A and B as `--a` and `--b` describe them, or why one cannot play.
fn sides<C: GameCli>(cli: &C, args: &ArenaArgs) -> Result<Vec<Side<C::Game>>, String> {
    let mut sides = Vec::new();
    for (label, spec, salt) in [("a", &args.a, 1u64), ("b", &args.b, 2)] {
        let seed = args.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ salt;
        let timeout = Duration::from_secs(args.engine_timeout);
        sides.push(side(cli, spec, seed, timeout).map_err(|e| format!("--{label}: {e}"))?);
    }
    Ok(sides)
}

/// Why `--from-game` cannot be honoured: past the last game, or with a random player.
fn refusal(args: &ArenaArgs) -> Result<(), String> {
    let random = |spec: &PlayerSpec| *spec == PlayerSpec::Random;
    if args.from_game > args.games {
        return Err(format!(
            "--from-game {} is past the last game ({})",
            args.from_game, args.games
        ));
    }
    if args.from_game > 1 && (random(&args.a) || random(&args.b)) {
        return Err(format!(
            "--from-game: a random player's moves depend on the games before game {}",
            args.from_game
        ));
    }
    Ok(())
}

/// A series being played: the generator of openings and chance, the score so far, the
/// opening of the current group, the progress bar.
struct Series<'a, C: GameCli> {
    cli: &'a C,
    args: &'a ArenaArgs,
    openings: Vec<Opening<C::Game>>,
    rng: ChaCha8Rng,
    /// The number of teams: one game a team in each group.
    teams: u8,
    wins: u32,
    draws: u32,
    losses: u32,
    /// The start, the steps and the position of the current group's opening.
    opening: PlayedGame<C::Game>,
    /// Whether the last game ended drawn by `--repetition`.
    repeated: bool,
    bar: ProgressBar,
}

/// A game of a series: its start, its steps and the position where it stopped.
type PlayedGame<G> = (G, Vec<Applied<G>>, G);

/// How one game of a series went, or why the series stops.
type Played<G> = Result<PlayedGame<G>, (String, Exit)>;

impl<'a, C: GameCli> Series<'a, C> {
    fn new(cli: &'a C, args: &'a ArenaArgs, openings: Vec<Opening<C::Game>>) -> Self {
        let bar = ProgressBar::new(u64::from(args.games - args.from_game + 1));
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} games, {msg} [{elapsed}]")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Series {
            cli,
            args,
            openings,
            rng: ChaCha8Rng::seed_from_u64(args.seed),
            teams: u8::try_from(cli.start().team_count()).unwrap_or(u8::MAX),
            wins: 0,
            draws: 0,
            losses: 0,
            opening: (cli.start(), Vec::new(), cli.start()),
            repeated: false,
            bar,
        }
    }

    /// Plays the series, each game's record and line written as it ends; the exit status
    /// of a game that stopped it, else success.
    fn play(
        &mut self,
        sides: &mut [Side<C::Game>],
        mut records: Option<&mut BufWriter<File>>,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> io::Result<Exit> {
        for game in 0..self.args.games {
            let a_team = u8::try_from(game % u32::from(self.teams)).unwrap_or(0);
            if a_team == 0 {
                if let Err(message) = self.next_opening(game) {
                    self.bar.finish_and_clear();
                    writeln!(err, "error: game {}: {message}", game + 1)?;
                    return Ok(Exit::BadInput);
                }
            }
            if game + 1 < self.args.from_game {
                // Before --from-game: only the opening is drawn, as the whole series draws it.
                continue;
            }
            let played = match self.play_game(sides, a_team) {
                Ok(played) => played,
                Err((message, exit)) => {
                    self.bar.finish_and_clear();
                    writeln!(err, "error: game {}: {}", game + 1, cut_quoted(&message))?;
                    return Ok(exit);
                }
            };
            let (_, steps, pos) = &played;
            let result = self.count(pos, a_team);
            if let Some(file) = records.as_deref_mut() {
                let a = sides[0].name();
                self.write_record(file, game, a_team, &a, &played)?;
            }
            if self.args.jsonl {
                let plies = steps
                    .iter()
                    .filter(|s| matches!(s, Applied::Move(_)))
                    .count();
                let line = ArenaGame {
                    game: game + 1,
                    a_team,
                    result,
                    plies,
                    end: if self.repeated {
                        format!(
                            "drawn by repetition: the position occurred {} times",
                            self.args.repetition.unwrap_or_default()
                        )
                    } else {
                        self.cli.describe_end(pos)
                    },
                };
                writeln!(out, "{}", serde_json::to_string(&line).unwrap_or_default())?;
                out.flush()?;
            }
            self.bar.inc(1);
            let (wins, draws, losses) = (self.wins, self.draws, self.losses);
            self.bar
                .set_message(format!("A {wins} = {draws} B {losses}"));
        }
        Ok(Exit::Success)
    }

    /// A new group: the next opening and its random plies (drawn again, up to 100 times,
    /// when they end the game).
    fn next_opening(&mut self, game: u32) -> Result<(), String> {
        let openings = &self.openings;
        let (start, steps) = &openings[(game / u32::from(self.teams)) as usize % openings.len()];
        let plies = self.args.random_plies;
        let mut drawn = random_opening(start, steps, plies, &mut self.rng);
        for _ in 1..100 {
            if drawn.1.turn() != Turn::Over {
                break;
            }
            drawn = random_opening(start, steps, plies, &mut self.rng);
        }
        if drawn.1.turn() == Turn::Over {
            return Err(format!(
                "--random-plies {plies} ended each of 100 games drawn before the players \
                 moved; give fewer"
            ));
        }
        self.opening = (start.clone(), drawn.0, drawn.1);
        Ok(())
    }

    /// One game from the current opening, A playing `a_team`'s seats and B the others, up
    /// to `--max-steps` steps.
    fn play_game(&mut self, sides: &mut [Side<C::Game>], a_team: u8) -> Played<C::Game> {
        let (start, mut steps, mut pos) = self.opening.clone();
        // The keys of the positions before `pos`: the game so far, told to the players of
        // the library before they choose, and counted for `--repetition`.
        let mut keys = Vec::with_capacity(steps.len() + 64);
        let mut replay = start.clone();
        for step in &steps {
            keys.push(replay.key());
            let _ = step.apply(&mut replay);
        }
        self.repeated = false;
        while steps.len() < self.args.max_steps {
            if let Some(n) = self.args.repetition {
                let key = pos.key();
                let seen = keys.iter().filter(|&&k| k == key).count() + 1;
                if pos.turn() != Turn::Over && seen >= n as usize {
                    self.repeated = true;
                    break;
                }
            }
            let step = match pos.turn() {
                Turn::Over => break,
                Turn::Chance if self.args.from_game > 1 => {
                    return Err((
                        format!(
                            "--from-game: chance outcomes depend on the games before game {}",
                            self.args.from_game
                        ),
                        Exit::BadInput,
                    ));
                }
                Turn::Chance => search::random_chance(&pos, &mut self.rng).map(Applied::Chance),
                Turn::Seat(s) => {
                    let who = usize::from(pos.team_of(s).0 != a_team);
                    self.choose(&mut sides[who], &pos, &keys)?
                        .map(Applied::Move)
                }
            };
            let Some(step) = step else { break };
            let key = pos.key();
            if let Err(e) = step.apply(&mut pos) {
                return Err((format!("an illegal move: {e}"), Exit::Failure));
            }
            keys.push(key);
            steps.push(step);
        }
        Ok((start, steps, pos))
    }

    /// The move `side` chooses at `pos`; `None` when it has none (the game ends unfinished).
    fn choose(
        &self,
        side: &mut Side<C::Game>,
        pos: &C::Game,
        keys: &[u64],
    ) -> Result<Option<<C::Game as Game>::Move>, (String, Exit)> {
        match side {
            Side::Player(p, _) => {
                p.history(keys);
                Ok(p.choose(pos))
            }
            // A seat with no legal move ends the game unfinished, as a player of the
            // library stops there: an engine is not asked.
            Side::External(_) if pos.count_legal_moves() == 0 => Ok(None),
            Side::External(e) => {
                let position = self.cli.position_json(pos).unwrap_or_default();
                e.ask(pos, &position)
                    .map(Some)
                    .map_err(|message| (message, Exit::Failure))
            }
        }
    }

    /// Counts the game ending at `pos` for A (`a_team`) or B: its `result` word.
    fn count(&mut self, pos: &C::Game, a_team: u8) -> &'static str {
        if self.repeated {
            self.draws += 1;
            return "draw";
        }
        match pos.outcome().map(|outcome| outcome.winner()) {
            Some(Some(t)) if t.0 == a_team => {
                self.wins += 1;
                "a"
            }
            Some(Some(_)) => {
                self.losses += 1;
                "b"
            }
            Some(None) => {
                self.draws += 1;
                "draw"
            }
            None => {
                self.draws += 1;
                "unfinished"
            }
        }
    }

    /// Writes one game's record to the `--records` file, between its comment lines.
    fn write_record(
        &self,
        file: &mut BufWriter<File>,
        game: u32,
        a_team: u8,
        a: &str,
        (start, steps, pos): &PlayedGame<C::Game>,
    ) -> io::Result<()> {
        let (games, seed) = (self.args.games, self.args.seed);
        let header = format!(
            "game {} of {games}, A ({a}) plays team {a_team}, seed {seed}",
            game + 1
        );
        write_game_record(self.cli, file, &header, start, steps, pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_refuse() {
        assert_eq!("random".parse(), Ok(PlayerSpec::Random));
        assert_eq!(
            "level=3".parse(),
            Ok(PlayerSpec::Engine {
                level: Some(3),
                budget: Budget::default()
            })
        );
        assert_eq!(
            "level=4,depth=3".parse(),
            Ok(PlayerSpec::Engine {
                level: Some(4),
                budget: Budget::depth(3)
            })
        );
        assert_eq!(
            "movetime=250".parse(),
            Ok(PlayerSpec::Engine {
                level: None,
                budget: Budget::time(Duration::from_millis(250))
            })
        );
        assert_eq!(
            "cmd=sh engine.sh -q".parse(),
            Ok(PlayerSpec::Command(vec![
                "sh".into(),
                "engine.sh".into(),
                "-q".into()
            ]))
        );
        for bad in [
            "",
            "level=6",
            "level=0",
            "depth=x",
            "depth=65",
            "cmd=",
            "fast",
            "nodes=-1",
            "level=2,level=3",
            "depth=2,nodes=10,depth=3",
        ] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn scores_and_elo_follow_the_formulas() {
        // 75 % is 400 * log10(3) = 190.8 Elo.
        let e = elo_of(0.75).expect("finite");
        assert!((e - 190.85).abs() < 0.01, "{e}");
        assert_eq!(elo_of(0.5), Some(0.0));
        assert_eq!(elo_of(1.0), None);
        // Wilson interval of 9/10: 0.596 to 0.982 (hand-worked with z = 1.96).
        let (lo, hi) = wilson(0.9, 10);
        assert!(
            (lo - 0.596).abs() < 0.001 && (hi - 0.982).abs() < 0.001,
            "{lo} {hi}"
        );
        let all = ArenaSummary::of(10, 0, 0);
        assert_eq!((all.score, all.elo, all.elo_high), (1.0, None, None));
        assert!(all.elo_low.is_some_and(|e| e > 0.0));
        assert!(all.text().contains("Elo A - B: +inf"));
        let even = ArenaSummary::of(3, 4, 3);
        assert_eq!((even.score, even.elo), (0.5, Some(0.0)));
    }
}
