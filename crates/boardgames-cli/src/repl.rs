//! `play`: the interactive loop.
//!
//! Reads one line at a time. A line is a command (`help`, `moves`, `undo`, `board`, `record`,
//! `save`, `roll`, `quit`, or one of the game's own, [`GameCli::commands`]) or else a move in
//! the game's notation (at a chance node with manual dice: an outcome such as a roll). Bad input
//! gets a message and the prompt again (a word that is no move but close to a command names
//! that command); the end of the input ends the game like `quit`. A script's refused lines are
//! also reported on its error stream ([`play_script`]).
//!
//! `save FILE` writes the record of the game so far, and [`PlayConfig::record`] keeps it in a
//! file rewritten after every step ([`crate::save`]).
//!
//! The history keeps a copy of every position before each step (copy-make), so `undo` goes
//! back to the last position where input was asked for, taking back the computer's replies and
//! the drawn chance outcomes with it.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use boardgames_core::player::Player;
use boardgames_core::record::{resolve_text, Applied};
use boardgames_core::{search, Game, Seat, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::args::{ChanceArgs, Opponent, PlayArgs};
use crate::common::{cut_quoted, echo, error_reason, has_chance, legal_texts, Exit};
use crate::frontend::{CommandOutput, GameCli, View};
use crate::save;

/// How `play` is set up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayConfig {
    /// The seats the computer plays ([`GameCli::computer`]).
    pub computer: Vec<Seat>,
    /// Seed of the computer's players and of drawn chance outcomes.
    pub seed: u64,
    /// Chance outcomes are typed in instead of drawn.
    pub manual_chance: bool,
    /// Colour the board.
    pub colour: bool,
    /// The level of the computer's engine (`None`: the game's default; 0: random moves).
    pub level: Option<u8>,
    /// Seats whose engine plays at a level of its own (`--computer-seats 2:4`), instead of
    /// `level`.
    pub seat_levels: Vec<(Seat, u8)>,
    /// Each seat's time for the whole game; `None` for untimed play. The clocks run while a
    /// seat is to move (the computer's too) and are shown after every move; when one runs
    /// out the game ends through [`GameCli::time_out`].
    pub time_limit: Option<Duration>,
    /// The file the game is kept in (`--record`): its record is rewritten after every step
    /// and every `undo` ([`crate::save`]); `None` keeps no file.
    pub record: Option<PathBuf>,
}

impl PlayConfig {
    /// The configuration the shared options ask for: with `--vs computer` the human takes the
    /// seat of `--seat` (default the first, the last with `--computer-first`) and the computer
    /// all the others; `--computer-seats` names the computer's seats one by one instead.
    /// Without `--seed` the seed comes from the clock.
    ///
    /// # Errors
    /// [`SeatError`] when `--seat` or `--computer-seats` names a seat the game does not have.
    pub fn from_args<G: Game>(
        args: &PlayArgs,
        chance: &ChanceArgs,
        start: &G,
    ) -> Result<PlayConfig, SeatError> {
        let seats = start.seat_count();
        let named = args.seat.iter().map(|&n| ("--seat", n));
        let listed = args
            .computer_seats
            .iter()
            .map(|c| ("--computer-seats", c.seat));
        if let Some((option, seat)) = named
            .chain(listed)
            .find(|&(_, n)| n == 0 || usize::from(n) > seats)
        {
            return Err(SeatError {
                option,
                seat,
                game: start.name().to_owned(),
                seats,
            });
        }
        let computer = match args.vs {
            _ if !args.computer_seats.is_empty() => {
                let mut chosen: Vec<Seat> = args
                    .computer_seats
                    .iter()
                    .map(|c| Seat(c.seat - 1))
                    .collect();
                chosen.sort();
                chosen.dedup();
                chosen
            }
            Opponent::Human => Vec::new(),
            Opponent::Computer => {
                let human = match args.seat {
                    Some(n) => usize::from(n)
                        .saturating_sub(1)
                        .min(seats.saturating_sub(1)),
                    None if args.computer_first => seats.saturating_sub(1),
                    None => 0,
                };
                (0..seats)
                    .filter(|&s| s != human)
                    .filter_map(|s| u8::try_from(s).ok().map(Seat))
                    .collect()
            }
        };
        let seed = args.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        Ok(PlayConfig {
            computer,
            seed,
            manual_chance: chance.manual_dice,
            colour: args.color.for_stdout(),
            level: args.level,
            seat_levels: args
                .computer_seats
                .iter()
                .filter_map(|c| c.level.map(|l| (Seat(c.seat - 1), l)))
                .collect(),
            time_limit: None,
            record: args.record.clone(),
        })
    }
}

impl PlayConfig {
    /// The level the computer plays `seat` at: its own (`--computer-seats 2:4`), else
    /// `level`.
    #[must_use]
    pub fn level_of(&self, seat: Seat) -> Option<u8> {
        self.seat_levels
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|&(_, l)| l)
            .or(self.level)
    }
}

/// A seat number the game does not have (`--seat 5` in a two-player game).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{option} {seat}: {game} has {seats} seats, numbered 1 to {seats}")]
pub struct SeatError {
    /// The option that named it.
    pub option: &'static str,
    /// The seat as written (from 1).
    pub seat: u8,
    /// The game's name.
    pub game: String,
    /// How many seats the game has.
    pub seats: usize,
}

/// The kit's commands at the prompt by their full names, for the suggestion of
/// [`nearest`] (`roll` is one only in games with chance).
const KIT_COMMANDS: [&str; 15] = [
    "help", "hint", "moves", "undo", "board", "record", "save", "quit", "exit", "legal",
    "takeback", "back", "show", "history", "draw",
];

/// The occurrences of a position that let `play` end the game drawn (`draw`).
pub const DRAW_REPETITIONS: usize = 3;

/// The name of `names` that `word` is a typo of: the closest by [`edit_distance`], at most one
/// edit from a name of up to four letters and two from a longer one, and fewer edits than
/// `word` has letters; the first of the closest. `None` when none is that close or `word` is
/// one of them.
pub fn nearest<'n>(word: &str, names: impl IntoIterator<Item = &'n str>) -> Option<&'n str> {
    let letters = word.chars().count();
    let mut best: Option<(usize, &str)> = None;
    for name in names {
        let d = edit_distance(word, name);
        if d == 0 {
            return None;
        }
        let allowed = if name.chars().count() <= 4 { 1 } else { 2 };
        if d <= allowed && d < letters && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, name));
        }
    }
    best.map(|(_, name)| name)
}

/// The number of single-character edits (insertions, deletions, substitutions, swaps of two
/// neighbours) that turn `a` into `b`.
#[must_use]
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: two rows back (for swaps), the last one, the current one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

/// One step of the history: the position before it and what was done.
struct Entry<G: Game> {
    before: G,
    step: Option<Applied<G>>,
}

/// The state of an interactive game.
struct Session<'a, C: GameCli> {
    /// Where refused lines are also reported, with their number (a script's error stream).
    errors: Option<&'a mut dyn Write>,
    /// Lines read so far.
    line_no: usize,
    /// Errors reported so far: refused lines, records `--record` could not write.
    failures: usize,
    /// Whether the last write of `--record` failed (said once, until one succeeds again).
    record_failing: bool,
    cli: &'a C,
    config: &'a PlayConfig,
    start: C::Game,
    pos: C::Game,
    history: Vec<Entry<C::Game>>,
    /// The computer's players, by seat (`None` for a seat played at the keyboard).
    players: Vec<Option<Box<dyn Player<C::Game>>>>,
    /// Draws the chance outcomes.
    rng: ChaCha8Rng,
    /// Outcomes drawn and then taken back by `undo`, the earliest last: drawn again, in
    /// their order, before the generator is asked, so that taking a move back never
    /// throws the dice anew.
    redraw: Vec<<C::Game as Game>::Chance>,
    /// Time left per seat, in timed games.
    clocks: Vec<Duration>,
    /// How the board is shown: the colour of the configuration, the seats not the computer's.
    view: View,
}

/// `h:mm:ss` from an hour up, `m:ss.t` below.
pub fn format_clock(d: Duration) -> String {
    let tenths = d.as_millis() / 100;
    let (secs, tenth) = (tenths / 10, tenths % 10);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}.{tenth}")
    }
}

/// What reading a line gave.
enum Input {
    Line(Vec<u8>),
    End,
    /// The deadline passed first (the line, when it comes, is read by the next call).
    TimedOut,
}

/// Lines from the player: read directly, or, in timed games, by a second thread so that a
/// clock can run out while the loop waits.
enum Keyboard<'a> {
    Direct(&'a mut (dyn BufRead + Send)),
    /// A line editor, which shows the prompt itself.
    Edited(&'a mut dyn LineEditor),
    Threaded {
        ask: Option<mpsc::Sender<()>>,
        lines: mpsc::Receiver<io::Result<Vec<u8>>>,
        pending: bool,
    },
}

impl Keyboard<'_> {
    /// The next line after `prompt` (shown here only by a line editor), waiting at most
    /// `limit` (threaded only).
    fn read(&mut self, limit: Option<Duration>, prompt: &str) -> io::Result<Input> {
        match self {
            Keyboard::Edited(editor) => Ok(match editor.read_line(prompt)? {
                Some(line) => Input::Line(line.into_bytes()),
                None => Input::End,
            }),
            Keyboard::Direct(input) => {
                let mut buf = Vec::new();
                Ok(match input.read_until(b'\n', &mut buf)? {
                    0 => Input::End,
                    _ => Input::Line(buf),
                })
            }
            Keyboard::Threaded {
                ask,
                lines,
                pending,
            } => {
                if !*pending {
                    match ask.as_ref().map(|a| a.send(())) {
                        Some(Ok(())) => *pending = true,
                        _ => return Ok(Input::End),
                    }
                }
                let got = match limit {
                    Some(limit) => match lines.recv_timeout(limit) {
                        Ok(got) => got,
                        Err(mpsc::RecvTimeoutError::Timeout) => return Ok(Input::TimedOut),
                        Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(Input::End),
                    },
                    None => match lines.recv() {
                        Ok(got) => got,
                        Err(_) => return Ok(Input::End),
                    },
                };
                *pending = false;
                let buf = got?;
                Ok(if buf.is_empty() {
                    Input::End
                } else {
                    Input::Line(buf)
                })
            }
        }
    }
}

impl<C: GameCli> Session<'_, C> {
    /// Whether the loop waits for the keyboard at `pos`.
    fn awaits_input(&self, pos: &C::Game) -> bool {
        match pos.turn() {
            Turn::Seat(s) => !self.config.computer.contains(&s),
            Turn::Chance => self.config.manual_chance,
            Turn::Over => true,
        }
    }

    /// Adds a step (or a position set by a command or the clock) to the history, and keeps
    /// the record of `--record`.
    fn push(
        &mut self,
        before: C::Game,
        step: Option<Applied<C::Game>>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        self.history.push(Entry { before, step });
        self.keep(out)
    }

    /// The keys of the positions before the current one, earliest first: the game so far,
    /// as the computer's players and the hint are told it ([`Player::history`]).
    fn keys(&self) -> Vec<u64> {
        self.history.iter().map(|e| e.before.key()).collect()
    }

    /// How many times the current position has occurred, this time included.
    fn occurrences(&self) -> usize {
        let key = self.pos.key();
        1 + self
            .history
            .iter()
            .filter(|e| e.before.key() == key)
            .count()
    }

    /// The steps played so far.
    fn steps(&self) -> Vec<Applied<C::Game>> {
        self.history.iter().filter_map(|e| e.step).collect()
    }

    /// `--record`: the file rewritten with the record of the game as it stands. A failure is
    /// said once (until a write succeeds again), and the game goes on.
    fn keep(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let config = self.config;
        let Some(path) = config.record.as_deref() else {
            return Ok(());
        };
        let text = save::record_text(self.cli, &self.start, &self.steps(), &self.pos);
        match save::write_atomically(path, &text) {
            Ok(()) => {
                self.record_failing = false;
                Ok(())
            }
            Err(_) if self.record_failing => Ok(()),
            Err(e) => {
                self.record_failing = true;
                self.fail(out, &format!("--record: {e}; the game goes on"), false)
            }
        }
    }

    /// Says `message` as an error on `out`, and on the error stream of a script (with the
    /// number of the line read last when `at_line`); counted in [`Session::failures`].
    fn fail(&mut self, out: &mut dyn Write, message: &str, at_line: bool) -> io::Result<()> {
        self.failures += 1;
        writeln!(out, "error: {message}")?;
        let line_no = self.line_no;
        if let Some(errors) = self.errors.as_deref_mut() {
            if at_line {
                writeln!(errors, "error: line {line_no}: {message}")?;
            } else {
                writeln!(errors, "error: {message}")?;
            }
        }
        Ok(())
    }

    /// Refuses the line just read: [`Session::fail`] at its line.
    fn refuse(&mut self, out: &mut dyn Write, message: &str) -> io::Result<()> {
        self.fail(out, message, true)
    }

    /// After a step, the board when the keyboard is next (or when every seat is the
    /// computer's, to watch): one board a turn, not one after each side's move.
    fn show_when_due(&self, out: &mut dyn Write) -> io::Result<()> {
        let watching = self.config.computer.len() >= self.pos.seat_count();
        if watching || self.awaits_input(&self.pos) {
            self.show(out)?;
        }
        Ok(())
    }

    fn show(&self, out: &mut dyn Write) -> io::Result<()> {
        self.show_board(out, false)
    }

    /// The `board` command: the whole board, whatever the last step was.
    fn show_whole(&self, out: &mut dyn Write) -> io::Result<()> {
        self.show_board(out, true)
    }

    fn show_board(&self, out: &mut dyn Write, whole: bool) -> io::Result<()> {
        let view = &self.view;
        let board = match self.history.last() {
            Some(Entry {
                before,
                step: Some(step),
            }) if !whole => self.cli.render_after(before, *step, &self.pos, view),
            _ => self.cli.render(&self.pos, view),
        };
        writeln!(out, "{board}")?;
        // At the end the loop's `game over:` line says the result: no status line too.
        let status = self.cli.status(&self.pos);
        if let Some(status) = status.filter(|_| self.pos.turn() != Turn::Over) {
            writeln!(out, "{status}")?;
        }
        if self.config.time_limit.is_some() {
            writeln!(out, "{}", self.clock_line())?;
        }
        Ok(())
    }

    /// `clocks: player 1 9:58.2 | player 2 10:00.0`, the side to move marked.
    fn clock_line(&self) -> String {
        let to_move = match self.pos.turn() {
            Turn::Seat(s) => Some(s.index()),
            _ => None,
        };
        let parts: Vec<String> = self
            .clocks
            .iter()
            .enumerate()
            .map(|(i, &left)| {
                let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
                let mark = if to_move == Some(i) { " *" } else { "" };
                format!(
                    "{} {}{mark}",
                    self.cli.seat_name(&self.pos, seat),
                    format_clock(left)
                )
            })
            .collect();
        format!("clocks: {}", parts.join(" | "))
    }

    /// Takes `spent` off `seat`'s clock; `true` when it has run out.
    fn charge(&mut self, seat: Seat, spent: Duration) -> bool {
        match self.clocks.get_mut(seat.index()) {
            Some(left) => {
                *left = left.saturating_sub(spent);
                left.is_zero()
            }
            None => false,
        }
    }

    /// `seat`'s time ran out: the game ends as the game's rules adjudicate it. Returns
    /// `false` when the game has no time-out rule (the loop stops).
    fn flag_fell(&mut self, seat: Seat, out: &mut dyn Write) -> io::Result<bool> {
        let who = self.cli.seat_name(&self.pos, seat);
        writeln!(out)?;
        writeln!(out, "{who}'s time ran out")?;
        match self.cli.time_out(&self.pos, seat) {
            Some(pos) => {
                let before = core::mem::replace(&mut self.pos, pos);
                self.push(before, None, out)?;
                self.show(out)?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    fn who(&self, pos: &C::Game) -> String {
        match pos.turn() {
            Turn::Seat(s) => self.cli.seat_name(pos, s),
            Turn::Chance => "chance".to_owned(),
            Turn::Over => "nobody".to_owned(),
        }
    }

    /// Plays the computer's move or draws a chance outcome when that is next. Returns whether
    /// something was done.
    fn automatic(&mut self, out: &mut dyn Write) -> io::Result<bool> {
        let thinking = self.config.time_limit.map(|_| Instant::now());
        let step = match self.pos.turn() {
            Turn::Seat(s) if self.config.computer.contains(&s) => {
                let keys = self.keys();
                let pos = &self.pos;
                self.players
                    .get_mut(s.index())
                    .and_then(Option::as_mut)
                    .and_then(|p| {
                        p.history(&keys);
                        p.choose(pos)
                    })
                    .map(Applied::Move)
            }
            Turn::Chance if !self.config.manual_chance => self.draw().map(Applied::Chance),
            _ => return Ok(false),
        };
        let before = self.pos.clone();
        let who = self.who(&before);
        if let (Turn::Seat(seat), Some(started)) = (before.turn(), thinking) {
            if self.charge(seat, started.elapsed()) {
                return Ok(false);
            }
        }
        let Some(step) = step else {
            writeln!(out, "{who} has nothing to play; type undo or quit")?;
            return Ok(false);
        };
        if let Err(e) = step.apply(&mut self.pos) {
            writeln!(out, "{who} cannot play {step}: {e}; type undo or quit")?;
            return Ok(false);
        }
        let what = self.cli.describe_step(&before, step, &self.pos);
        match step {
            Applied::Move(_) => writeln!(out, "{who} (computer): {what}")?,
            Applied::Chance(_) => writeln!(out, "chance: {what}")?,
        }
        self.push(before, Some(step), out)?;
        self.show_when_due(out)?;
        Ok(true)
    }

    fn help(&self, out: &mut dyn Write) -> io::Result<()> {
        // An example as it is typed: a chance outcome in its notation, without its
        // probability.
        let example = match self.pos.turn() {
            Turn::Chance => self
                .pos
                .chance_outcomes()
                .first()
                .map(|(c, _)| self.pos.chance_notation(*c).to_string()),
            _ => legal_texts(&self.pos).into_iter().next(),
        }
        .map(|t| format!(", e.g. {t}"))
        .unwrap_or_default();
        writeln!(out, "Commands:")?;
        writeln!(
            out,
            "  <move>           play a move in the game's notation{example}"
        )?;
        for line in self.cli.move_help() {
            writeln!(out, "                   {line}")?;
        }
        writeln!(out, "  moves            list the legal moves")?;
        if self.cli.engine(None).is_some() {
            writeln!(
                out,
                "  hint             the computer's move here, its score and line"
            )?;
        }
        writeln!(
            out,
            "  undo, takeback   take back the last move (and the computer's reply)"
        )?;
        writeln!(out, "  board            show the board again")?;
        writeln!(out, "  record           show the moves so far as a record")?;
        writeln!(
            out,
            "  save FILE        write that record to FILE, which replay reads"
        )?;
        match &self.config.record {
            Some(path) => writeln!(
                out,
                "                   (--record: {} is rewritten after every move)",
                path.display()
            )?,
            None => writeln!(
                out,
                "                   (play --record FILE rewrites FILE after every move)"
            )?,
        }
        if self.config.manual_chance {
            writeln!(
                out,
                "  roll             let the program draw the chance outcome"
            )?;
        }
        for c in self.cli.commands() {
            writeln!(out, "  {:<16} {}", c.name, c.help)?;
        }
        writeln!(out, "  help             this help")?;
        writeln!(
            out,
            "  draw             end the game drawn, once its position has occurred {DRAW_REPETITIONS} times"
        )?;
        writeln!(
            out,
            "  quit             leave (the end of the input does the same)"
        )
    }

    /// `hint`: the engine's move here, its score and principal variation, where the game
    /// has an engine (at the level of `--level`, else the default).
    fn hint(&self, out: &mut dyn Write) -> io::Result<()> {
        let level = self.config.level.filter(|&l| l > 0);
        let Some(mut engine) = self.cli.engine(level) else {
            return writeln!(out, "no hint: this game has no engine");
        };
        engine.set_history(&self.keys());
        let budget = engine.budget();
        match engine.search(&self.pos, &budget) {
            Some(found) => {
                let pv: Vec<String> = found.pv.iter().map(ToString::to_string).collect();
                writeln!(
                    out,
                    "hint: {} ({}, depth {}, {} node{}; line {})",
                    found.best,
                    self.cli.describe_score(found.score),
                    found.depth,
                    found.nodes,
                    if found.nodes == 1 { "" } else { "s" },
                    pv.join(" ")
                )
            }
            None => writeln!(out, "no hint: no move to play here"),
        }
    }

    /// The next chance outcome: one taken back by `undo` when it can happen here (the
    /// earliest first), else a new draw.
    fn draw(&mut self) -> Option<<C::Game as Game>::Chance> {
        while let Some(c) = self.redraw.pop() {
            if self.pos.chance_outcomes().iter().any(|&(o, _)| o == c) {
                return Some(c);
            }
        }
        search::random_chance(&self.pos, &mut self.rng)
    }

    fn undo(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let any = self.history.iter().any(|e| self.awaits_input(&e.before));
        if !any {
            return writeln!(out, "nothing to take back");
        }
        while let Some(entry) = self.history.pop() {
            self.pos = entry.before;
            if let Some(Applied::Chance(c)) = entry.step {
                self.redraw.push(c);
            }
            if self.awaits_input(&self.pos) {
                break;
            }
        }
        writeln!(out, "taken back")?;
        self.keep(out)?;
        self.show(out)
    }

    fn record(&self, out: &mut dyn Write) -> io::Result<()> {
        let text = save::record_text(self.cli, &self.start, &self.steps(), &self.pos);
        write!(out, "{text}")
    }

    /// `save FILE`: the record written to FILE, or why not.
    fn save(&mut self, rest: &str, out: &mut dyn Write) -> io::Result<()> {
        let steps = self.steps();
        let saved = save::file_name(rest).and_then(|path| {
            save::save(self.cli, &path, &self.start, &steps, &self.pos).map(|()| path)
        });
        match saved {
            Ok(path) => writeln!(out, "saved to {}", path.display()),
            Err(e) => self.refuse(out, &format!("{e}; the game goes on")),
        }
    }

    /// Handles one input line; returns `false` to leave.
    fn line(&mut self, line: &str, out: &mut dyn Write) -> io::Result<bool> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(true);
        }
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        match word.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => return Ok(false),
            "draw" => {
                if self.occurrences() >= DRAW_REPETITIONS {
                    writeln!(
                        out,
                        "game drawn: the position has occurred {} times",
                        self.occurrences()
                    )?;
                    return Ok(false);
                }
                self.refuse(
                    out,
                    &format!("no draw: the position has not occurred {DRAW_REPETITIONS} times"),
                )?;
            }
            "help" | "h" | "?" => self.help(out)?,
            "moves" | "legal" => self.list(out)?,
            // A game without an engine of the kit's kind may answer `hint` itself.
            "hint" => match self.cli.command(&self.pos, "hint", rest) {
                Some(Ok(CommandOutput::Print(text))) => writeln!(out, "{text}")?,
                Some(Err(e)) => self.refuse(out, &cut_quoted(&e))?,
                _ => self.hint(out)?,
            },
            "undo" | "takeback" | "back" | "u" => self.undo(out)?,
            "board" | "show" => self.show_whole(out)?,
            "record" | "history" => self.record(out)?,
            "save" => self.save(rest, out)?,
            "roll" if self.pos.turn() == Turn::Chance => {
                if let Some(c) = self.draw() {
                    self.apply(Applied::Chance(c), out)?;
                }
            }
            _ => self.game_line(line, word, rest, out)?,
        }
        Ok(true)
    }

    /// `moves`: the game's own listing where it has one (backgammon: plays apart from
    /// resignations), else the legal moves on one line.
    fn list(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(Ok(CommandOutput::Print(text))) = self.cli.command(&self.pos, "moves", "") {
            return writeln!(out, "{text}");
        }
        let texts = legal_texts(&self.pos);
        if texts.is_empty() {
            return writeln!(out, "no legal moves: {}", self.cli.describe_end(&self.pos));
        }
        let list = texts.join(self.cli.move_separator());
        writeln!(out, "{} legal: {list}", texts.len())
    }

    /// A line that is none of the kit's commands: one of the game's own, else a step.
    fn game_line(
        &mut self,
        line: &str,
        word: &str,
        rest: &str,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        match self.cli.command(&self.pos, word, rest) {
            Some(Ok(CommandOutput::Print(text))) => writeln!(out, "{text}"),
            Some(Ok(CommandOutput::Replace(pos, text))) => {
                let before = core::mem::replace(&mut self.pos, pos);
                writeln!(out, "{text}")?;
                self.push(before, None, out)?;
                self.show(out)
            }
            Some(Err(e)) => self.refuse(out, &cut_quoted(&e)),
            None => self.typed_step(line, word, out),
        }
    }

    /// A move (or chance outcome) typed in; text that is none gets the reason, or the command
    /// it is close to when it does not read as a step at all.
    fn typed_step(&mut self, line: &str, word: &str, out: &mut dyn Write) -> io::Result<()> {
        let e = match resolve_text(&self.pos, line) {
            Ok(step) => return self.apply(step, out),
            Err(e) => e,
        };
        if let Some([first, then]) = self.through_chance(line).filter(|_| e.is_notation()) {
            if self.step(first, out)? {
                self.step(then, out)?;
            }
            return self.show_when_due(out);
        }
        let near = self
            .nearest_command(word)
            .filter(|_| e.is_notation() && !self.reads_as_step(line));
        if let Some(near) = near {
            let message = format!("unknown command {:?} (did you mean {near}?)", echo(word));
            return self.refuse(out, &message);
        }
        let reason = cut_quoted(&error_reason(&self.pos, &e));
        self.refuse(
            out,
            &format!("{reason}; type moves for the legal moves, help for the commands"),
        )
    }

    /// Whether `text` reads as a move or a chance outcome of the game, legal here or not.
    fn reads_as_step(&self, text: &str) -> bool {
        text.parse::<<C::Game as Game>::Notation>().is_ok()
            || text.parse::<<C::Game as Game>::ChanceNotation>().is_ok()
    }

    /// The command `word` is closest to, when it is close to one (a typo): among the kit's
    /// commands and the game's own ([`GameCli::commands`]).
    fn nearest_command(&self, word: &str) -> Option<String> {
        let own = self.cli.commands();
        let own_names = own
            .iter()
            .flat_map(|c| c.name.split(','))
            .filter_map(|name| name.split_whitespace().next());
        let roll = has_chance::<C::Game>().then_some("roll");
        let names = KIT_COMMANDS.iter().copied().chain(roll).chain(own_names);
        nearest(&word.to_lowercase(), names).map(str::to_owned)
    }

    /// Plays a step typed at the keyboard and shows the result.
    fn apply(&mut self, step: Applied<C::Game>, out: &mut dyn Write) -> io::Result<()> {
        self.step(step, out)?;
        self.show_when_due(out)
    }

    /// Plays `step` and says what it did, without the board; whether it was played.
    fn step(&mut self, step: Applied<C::Game>, out: &mut dyn Write) -> io::Result<bool> {
        let before = self.pos.clone();
        let who = self.who(&before);
        if let Err(e) = step.apply(&mut self.pos) {
            self.refuse(out, &e.to_string())?;
            return Ok(false);
        }
        let what = self.cli.describe_step(&before, step, &self.pos);
        writeln!(out, "{who}: {what}")?;
        self.push(before, Some(step), out)?;
        if self.pos.turn() != Turn::Over && self.occurrences() == DRAW_REPETITIONS {
            writeln!(
                out,
                "the position has occurred {DRAW_REPETITIONS} times: `draw` ends the game drawn"
            )?;
        }
        Ok(true)
    }

    /// With typed chance outcomes: text that is no move here but a chance outcome where a move
    /// must come first (the dice typed at backgammon's roll-or-double prompt) is the one legal
    /// move that leads to a chance node accepting it, then that outcome.
    fn through_chance(&self, text: &str) -> Option<[Applied<C::Game>; 2]> {
        if !self.config.manual_chance || !matches!(self.pos.turn(), Turn::Seat(_)) {
            return None;
        }
        let mut found = None;
        for &mv in self.pos.moves().iter() {
            let mut next = self.pos.clone();
            if next.play(mv).is_err() || next.turn() != Turn::Chance {
                continue;
            }
            if let Ok(outcome @ Applied::Chance(_)) = resolve_text(&next, text) {
                if found.is_some() {
                    return None;
                }
                found = Some([Applied::Move(mv), outcome]);
            }
        }
        found
    }
}

/// Runs an interactive game from [`GameCli::start`], reading `input` and writing `out`, until
/// `quit` or the end of the input.
///
/// In timed games ([`PlayConfig::time_limit`]) `input` is read on a second thread, so that a
/// clock runs out on time even while nobody types.
///
/// # Errors
/// Only I/O errors of `input` or `out`.
pub fn play<C: GameCli>(
    cli: &C,
    config: &PlayConfig,
    input: &mut (dyn BufRead + Send),
    out: &mut dyn Write,
) -> io::Result<()> {
    play_lines(cli, config, input, out, None).map(|_| ())
}

/// [`play`] with its lines from a script (a file or a pipe rather than a terminal): every line
/// refused (a move that is not legal here, text that is neither a move nor a command, a
/// command or `save` that failed) is also reported on `errors` with its line number, as is a
/// record `--record` could not write; then the result is [`Exit::Failure`], else
/// [`Exit::Success`].
///
/// # Errors
/// Only I/O errors of `input`, `out` or `errors`.
pub fn play_script<C: GameCli>(
    cli: &C,
    config: &PlayConfig,
    input: &mut (dyn BufRead + Send),
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> io::Result<Exit> {
    let failures = play_lines(cli, config, input, out, Some(errors))?;
    Ok(if failures == 0 {
        Exit::Success
    } else {
        Exit::Failure
    })
}

/// [`play`], reporting refused lines on `errors` too; the number of errors reported.
fn play_lines<C: GameCli>(
    cli: &C,
    config: &PlayConfig,
    input: &mut (dyn BufRead + Send),
    out: &mut dyn Write,
    errors: Option<&mut dyn Write>,
) -> io::Result<usize> {
    // The stream's own lifetime shortened to the session's.
    let errors = errors.map(|e| -> &mut dyn Write { e });
    let mut s = Session::new(cli, config, errors);
    std::thread::scope(|scope| {
        let mut keyboard = if config.time_limit.is_some() {
            let (ask, asked) = mpsc::channel::<()>();
            let (send, lines) = mpsc::channel();
            scope.spawn(move || {
                // One line per request, so that nothing is read after the game has ended.
                for () in asked {
                    let mut buf = Vec::new();
                    let got = input.read_until(b'\n', &mut buf).map(|_| buf);
                    if send.send(got).is_err() {
                        break;
                    }
                }
            });
            Keyboard::Threaded {
                ask: Some(ask),
                lines,
                pending: false,
            }
        } else {
            Keyboard::Direct(input)
        };
        let result = s.run(&mut keyboard, out);
        if let Keyboard::Threaded { ask, .. } = &mut keyboard {
            // Ends the reading thread (unless it is still waiting for a line).
            ask.take();
        }
        result.map(|()| s.failures)
    })
}

/// Where typed lines come from when a line editor shows the prompt and keeps the history
/// (the terminal's, in [`crate::editor`]).
pub trait LineEditor {
    /// Shows `prompt` and reads one line, without its end; `None` at the end of the input.
    ///
    /// # Errors
    /// The editor's I/O errors.
    fn read_line(&mut self, prompt: &str) -> io::Result<Option<String>>;
}

/// [`play`] with its lines from a line editor, which shows the prompts: untimed games only
/// (`config.time_limit` is ignored, as a clock cannot interrupt the editor).
///
/// # Errors
/// Only I/O errors of `editor` or `out`.
pub fn play_edited<C: GameCli>(
    cli: &C,
    config: &PlayConfig,
    editor: &mut dyn LineEditor,
    out: &mut dyn Write,
) -> io::Result<()> {
    let untimed = PlayConfig {
        time_limit: None,
        computer: config.computer.clone(),
        seat_levels: config.seat_levels.clone(),
        record: config.record.clone(),
        ..*config
    };
    let mut s = Session::new(cli, &untimed, None);
    s.run(&mut Keyboard::Edited(editor), out)
}

impl<'a, C: GameCli> Session<'a, C> {
    fn new(
        cli: &'a C,
        config: &'a PlayConfig,
        errors: Option<&'a mut dyn Write>,
    ) -> Session<'a, C> {
        let start = cli.start();
        let seats = start.seat_count();
        Session {
            errors,
            line_no: 0,
            failures: 0,
            record_failing: false,
            cli,
            config,
            pos: start.clone(),
            start,
            history: Vec::new(),
            players: (0..seats)
                .map(|s| {
                    let seat = Seat(s as u8);
                    config
                        .computer
                        .contains(&seat)
                        .then(|| cli.player(seat, config.seed, config.level_of(seat)))
                })
                .collect(),
            rng: ChaCha8Rng::seed_from_u64(config.seed),
            redraw: Vec::new(),
            clocks: config
                .time_limit
                .map_or_else(Vec::new, |limit| vec![limit; seats]),
            view: View {
                colour: config.colour,
                humans: (0..seats)
                    .map(|s| Seat(s as u8))
                    .filter(|seat| !config.computer.contains(seat))
                    .collect(),
            },
        }
    }
}

impl<C: GameCli> Session<'_, C> {
    fn run(&mut self, keyboard: &mut Keyboard<'_>, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}: type a move, or help for the commands.",
            self.pos.name()
        )?;
        if !self.config.computer.is_empty() {
            writeln!(
                out,
                "computer seed {} (repeat this game with --seed {})",
                self.config.seed, self.config.seed
            )?;
        }
        if let Some(limit) = self.config.time_limit {
            writeln!(
                out,
                "each side has {} for the game; the clock of the side to move runs",
                format_clock(limit)
            )?;
        }
        if let Some(path) = &self.config.record {
            writeln!(
                out,
                "the game is kept in {}, rewritten after every move",
                path.display()
            )?;
        }
        self.show(out)?;
        self.keep(out)?;
        let mut announced = false;
        loop {
            while self.automatic(out)? {}
            let timed_seat = match (self.config.time_limit, self.pos.turn()) {
                (Some(_), Turn::Seat(seat)) => Some(seat),
                _ => None,
            };
            let left = timed_seat.and_then(|seat| self.clocks.get(seat.index()).copied());
            if let (Some(seat), Some(left)) = (timed_seat, left) {
                if left.is_zero() {
                    if !self.flag_fell(seat, out)? {
                        break;
                    }
                    continue;
                }
            }
            match self.pos.turn() {
                Turn::Over if !announced => {
                    writeln!(out, "game over: {}", self.cli.describe_end(&self.pos))?;
                    writeln!(
                        out,
                        "type undo to take back, record for the moves, save FILE to keep them, quit to leave"
                    )?;
                    announced = true;
                }
                Turn::Over => {}
                _ => announced = false,
            }
            let prompt = match (self.pos.turn(), left) {
                (Turn::Over, _) => "> ".to_owned(),
                (_, Some(left)) => format!("{} [{}]> ", self.who(&self.pos), format_clock(left)),
                (_, None) => format!("{}> ", self.who(&self.pos)),
            };
            if !matches!(keyboard, Keyboard::Edited(_)) {
                write!(out, "{prompt}")?;
            }
            out.flush()?;
            let started = Instant::now();
            let got = keyboard.read(left, &prompt)?;
            if let Some(seat) = timed_seat {
                let out_of_time = self.charge(seat, started.elapsed());
                if out_of_time || matches!(got, Input::TimedOut) {
                    if let Some(clock) = self.clocks.get_mut(seat.index()) {
                        *clock = Duration::ZERO;
                    }
                    if let Input::Line(_) = got {
                        writeln!(out)?;
                        writeln!(out, "(too late: the clock had run out)")?;
                    }
                    if !self.flag_fell(seat, out)? || matches!(got, Input::End) {
                        break;
                    }
                    continue;
                }
            }
            match got {
                Input::End => {
                    writeln!(out)?;
                    break;
                }
                Input::TimedOut => {}
                Input::Line(buf) => {
                    self.line_no += 1;
                    let line = String::from_utf8_lossy(&buf);
                    if !self.line(&line, out)? {
                        break;
                    }
                }
            }
        }
        writeln!(out, "bye")?;
        out.flush()
    }
}
