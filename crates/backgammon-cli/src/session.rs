//! The money game or match of `play` and `selfplay`: the core's [`Match`] itself, and
//! [`MatchCli`], its hooks.
//!
//! Turns, as the kit sees them, are the core's ([`Match`]):
//!
//! * the opening roll (each side throws one die) and every roll are chance nodes;
//! * a side about to roll that may double chooses first: `roll` or `double`;
//! * a double offered: the other side chooses `take` or `drop`;
//! * a resignation offered: the other side chooses `accept` or `reject`;
//! * dice rolled: the side plays (a play in gnubg notation); a roll with no legal play is
//!   passed with the throw.
//!
//! A side may resign where the core lists the resignation among its moves (before a roll it
//! may double, or with the dice rolled): `resign [single|gammon|backgammon]` is then that
//! move. Where the core has no such move (while the dice are to be thrown) the `resign`
//! command offers it with [`Match::offer_resignation`].
//!
//! The sides the computer plays are the kit's players ([`GameCli::computer`]:
//! [`MatchPlayer`] at the level of `--level`), asked at each of their decisions; nothing of who plays a side is in
//! the game state. What a step did beyond the step itself (a roll that could not be played,
//! the end of a game, the score and the next game, the end of the match) is read from the
//! positions before and after it ([`step_events`]).

use boardgames_ai::registry::Engines;
use boardgames_cli::jsonl::NoLines;
use boardgames_cli::{CommandHelp, CommandOutput, Formats, GameCli, RecordFormat, View};
use boardgames_core::backgammon::record::{MatchFileError, MatchJson, MatchText};

use crate::records::MatchFiles;
use boardgames_core::backgammon::{
    ActionText, Backgammon, Dice, EndOfGame, Ending, Match, MatchAction, NoDouble, Phase, Side,
    Throw, WinKind,
};
use boardgames_core::player::{Player, RandomPlayer};
use boardgames_core::record::{Applied, Format, Record};
use boardgames_core::{Game, Seat, Turn};

use boardgames_ai::backgammon::{BackgammonEngine, Level, MatchPlayer};

fn side_of(seat: Seat) -> Side {
    if seat.0 == 0 {
        Side::X
    } else {
        Side::O
    }
}

/// The side that acts at `m`: the seat to move, else the side on roll.
fn actor(m: &Match) -> Side {
    match m.turn() {
        Turn::Seat(s) => side_of(s),
        _ => m.side_on_roll(),
    }
}

/// `a single game`, `a gammon`, `a backgammon`.
fn kind_words(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Single => "a single game",
        WinKind::Gammon => "a gammon",
        WinKind::Backgammon => "a backgammon",
    }
}

fn points(n: u32) -> String {
    if n == 1 {
        "1 point".to_owned()
    } else {
        format!("{n} points")
    }
}

/// What the redouble made after `made` others in the exchange is called: the first a
/// beaver, the doubler's answer to it a raccoon, later ones redoubles.
fn redouble_word(made: u8) -> &'static str {
    match made {
        0 => "beaver",
        1 => "raccoon",
        _ => "redouble",
    }
}

/// Twice the cube's value: what a double offers.
fn doubled(m: &Match) -> u32 {
    u32::from(m.cube_value()).saturating_mul(2)
}

/// What is expected next, in words.
pub fn expecting(m: &Match) -> String {
    let side = m.side_on_roll();
    let other = side.other();
    match m.phase() {
        Phase::Opening => "opening roll: each side throws one die".to_owned(),
        Phase::ToRoll if m.can_double() => {
            format!("{side} to roll, or to double (the cube to {})", doubled(m))
        }
        Phase::ToRoll | Phase::Rolling => format!("{side} to roll"),
        Phase::DoubleOffered if m.redoubles() > 0 => {
            let answer = m.answering_side();
            format!(
                "{} {}s (the cube to {}, kept by {}): {answer} to take or drop{}",
                answer.other(),
                redouble_word(m.redoubles() - 1),
                doubled(m),
                other,
                if m.beaver_refusal().is_none() {
                    ", or redouble again (beaver)"
                } else {
                    ""
                }
            )
        }
        Phase::DoubleOffered => format!(
            "{side} doubles (the cube to {}): {other} to take or drop{}",
            doubled(m),
            if m.beaver_refusal().is_none() {
                ", or beaver"
            } else {
                ""
            }
        ),
        Phase::ResignationOffered { kind, by, .. } => format!(
            "{by} offers to resign {} ({}): {} to accept or reject",
            kind_words(kind),
            points(m.value(kind)),
            by.other()
        ),
        Phase::ToPlay => match m.position().dice() {
            Some(d) => format!("{side} to play {d}"),
            None => format!("{side} to play"),
        },
        Phase::Over(_) => format!("over: {}", result_words(m)),
    }
}

/// The score line: `match to 5: X 2 - O 1 (Crawford game: no doubling)`, `money game, Jacoby
/// rule: X 0 - O 0`.
pub fn score_line(m: &Match) -> String {
    let mut s = score_text(m);
    if m.is_crawford() && !matches!(m.phase(), Phase::Over(_)) {
        s.push_str(" (Crawford game: no doubling)");
    }
    s
}

/// The score line without the Crawford note.
fn score_text(m: &Match) -> String {
    let rules = m.rules();
    let [x, o] = m.score();
    let mut words = vec![if rules.length > 0 {
        format!("match to {}", rules.length)
    } else {
        "money game".to_owned()
    }];
    if rules.jacoby {
        words.push("Jacoby rule".to_owned());
    }
    if rules.beavers > 0 {
        words.push(if rules.raccoons {
            format!("beavers and raccoons ({} an exchange)", rules.beavers)
        } else {
            "beavers".to_owned()
        });
    }
    if rules.auto_doubles > 0 {
        words.push(format!(
            "automatic doubles (at most {})",
            rules.auto_doubles
        ));
    }
    if rules.holland {
        words.push("Holland rule".to_owned());
    }
    format!("{}: X {x} - O {o}", words.join(", "))
}

/// The cube line: `cube 2, owned by O`.
pub fn cube_line(m: &Match) -> String {
    match m.cube_owner() {
        None => format!("cube {}, centred", m.cube_value()),
        Some(s) => format!("cube {}, owned by {s}", m.cube_value()),
    }
}

/// How the session ended (or its last game), in words.
fn result_words(m: &Match) -> String {
    let rules = m.rules();
    let [x, o] = m.score();
    match (m.winner(), m.end_of_game()) {
        (Some(w), _) if rules.length > 0 => {
            format!("{w} wins the match to {}, X {x} - O {o}", rules.length)
        }
        (_, Some(end)) => end_words(end),
        _ => "no result".to_owned(),
    }
}

/// How a game ended: `O dropped: X wins 2 points`, `X wins a gammon: 4 points`.
fn end_words(end: EndOfGame) -> String {
    let (winner, pts) = (end.winner, end.points);
    match end.ending {
        Ending::Dropped => format!("{} dropped: {winner} wins {}", winner.other(), points(pts)),
        Ending::Resigned { kind, .. } => format!(
            "{} resigned {}: {winner} wins {}",
            winner.other(),
            kind_words(kind),
            points(pts)
        ),
        Ending::BorneOff(k) => format!("{winner} wins {}: {}", kind_words(k), points(pts)),
    }
}

/// What a step did beyond itself, read from the positions before and after it: a roll that
/// could not be played (`X cannot move with 31: pass`); the end of a game (`X wins a gammon:
/// 2 points`), then the end of the match (`match over: ...`) or the score before the next
/// game (`match to 5: X 2 - O 1; next game`, `...; next game is the Crawford game (no
/// doubling)`).
pub fn step_events(before: &Match, step: Applied<Match>, after: &Match) -> Vec<String> {
    let mut events = Vec::new();
    match step {
        Applied::Chance(throw) => {
            // A throw leaves the dice to play unless the roll could not be played.
            let thrown = match throw {
                // Equal opening dice (an automatic double) are thrown again: no roll.
                Throw::Opening { x, o } if x == o => None,
                Throw::Opening { x, o } => Dice::new(x, o)
                    .ok()
                    .map(|d| (if x > o { Side::X } else { Side::O }, d)),
                Throw::Roll(d) => Some((before.side_on_roll(), d)),
            };
            if let (Some((side, d)), false) = (thrown, after.phase() == Phase::ToPlay) {
                events.push(format!("{side} cannot move with {d}: pass"));
            }
        }
        Applied::Move(action) => {
            let Some(end) = before.ending_of(action) else {
                return events;
            };
            events.push(end_words(end));
            match after.phase() {
                Phase::Over(_) if after.rules().length > 0 => {
                    events.push(format!("match over: {}", result_words(after)));
                }
                Phase::Over(_) => {}
                _ if after.is_crawford() => events.push(format!(
                    "{}; next game is the Crawford game (no doubling)",
                    score_text(after)
                )),
                _ => events.push(format!("{}; next game", score_text(after))),
            }
        }
    }
    events
}

/// Why the side to act at `m` may not double now.
pub fn why_no_double(m: &Match) -> String {
    let side = actor(m);
    let on_roll = m.side_on_roll();
    let now = expecting(m);
    if matches!(m.phase(), Phase::Over(_)) {
        "the match is over".to_owned()
    } else if m.is_crawford() {
        "no doubling in the Crawford game".to_owned()
    } else if m.phase() == Phase::Opening {
        "the opening roll comes first".to_owned()
    } else if side != on_roll {
        format!("only the side about to roll may double ({now})")
    } else if m.cube_owner() == Some(side.other()) {
        format!("the cube is {}'s: only its owner may double", side.other())
    } else if m.phase() == Phase::ToPlay {
        format!("double before rolling, not after ({now})")
    } else if m.phase() == Phase::Rolling {
        format!("{side} chose to roll ({now})")
    } else if m.double_refusal() == Some(NoDouble::Holland) {
        "the Holland rule: after the Crawford game the trailer doubles only once both sides \
         have played two rolls"
            .to_owned()
    } else {
        format!("{side} may not double now ({now})")
    }
}

/// Why `action` (not a play) cannot be played at `m`, in the program's words.
fn refusal(m: &Match, action: MatchAction) -> String {
    match action {
        MatchAction::Double => why_no_double(m),
        MatchAction::Beaver if m.phase() == Phase::DoubleOffered => match m.beaver_refusal() {
            Some(why) => why.to_string(),
            None => format!("beaver is not possible now: {}", expecting(m)),
        },
        _ => format!("{action} is not possible now: {}", expecting(m)),
    }
}

/// The board diagram of `shown` (the current game's position, or the last game's final one
/// between two games of a match) seen from `view`'s side: its home board bottom right, the
/// points numbered as it counts them. Then the score and the cube of `m`.
fn diagram(m: &Match, shown: &Backgammon, view: Side) -> String {
    let mut text = if view == Side::X {
        shown.board_diagram()
    } else {
        // O's view: the board with the roles swapped, drawn, and the letters swapped back.
        match Backgammon::from_parts(shown.board().swapped(), shown.side().other(), None, 1) {
            Ok(mirror) => mirror
                .board_diagram()
                .chars()
                .map(|c| match c {
                    'X' => 'O',
                    'O' => 'X',
                    c => c,
                })
                .collect(),
            Err(_) => shown.board_diagram(),
        }
    };
    if view == Side::O {
        text.push_str("   (points numbered from O's side)");
    }
    text.push_str(&format!("\n{}; {}", score_line(m), cube_line(m)));
    text
}

/// The last game's final position when `step` ended it and the next game of the match waits
/// for its opening throw: what the board shows until then.
fn finished_game(before: &Match, step: Applied<Match>, after: &Match) -> Option<Backgammon> {
    let Applied::Move(action) = step else {
        return None;
    };
    before.ending_of(action)?;
    if after.phase() != Phase::Opening {
        return None;
    }
    Some(match action {
        MatchAction::Play(p) => before.position().after(&p),
        _ => *before.position(),
    })
}

/// The hooks of `play` and `selfplay`: the rules, typed dice, the side the board is drawn
/// from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchCli {
    /// Where new sessions start: a money game or match from its first game, or the state of
    /// gnubg IDs or an XGID.
    pub start: Match,
    /// The dice are typed in.
    pub manual_dice: bool,
    /// The side the board is drawn from: the human's against the computer; `None` for the
    /// side on roll's (two players at the keyboard, or the computer against itself).
    pub view: Option<Side>,
    /// The engine's level for `hint` and for computer seats without a level of their own
    /// (1 to 5, `boardgames_ai::backgammon::Level::of`).
    pub level: u8,
}

impl MatchCli {
    /// The hooks for reading and writing match files from `start` (no dice typed, the board
    /// drawn from the side on roll, the default engine level).
    #[must_use]
    pub fn reader(start: Match) -> MatchCli {
        MatchCli {
            start,
            manual_dice: false,
            view: None,
            level: Level::DEFAULT,
        }
    }

    /// The side the board is drawn from when `on_roll` is on roll.
    fn view(&self, on_roll: Side) -> Side {
        self.view.unwrap_or(on_roll)
    }

    /// What to type at a roll with typed dice.
    fn dice_hint(&self, m: &Match) -> Option<&'static str> {
        if !self.manual_dice || m.turn() != Turn::Chance {
            return None;
        }
        Some(if m.phase() == Phase::Opening {
            "type the opening roll, X's die then O's (e.g. 41), or roll to draw it"
        } else {
            "type the dice (e.g. 31), or roll to draw them"
        })
    }

    /// The board of `shown` with `m`'s score and cube, in colour when `colour` is set.
    fn board(&self, m: &Match, shown: &Backgammon, colour: bool) -> String {
        let text = diagram(m, shown, self.view(shown.side()));
        if colour {
            crate::paint::paint(&text)
        } else {
            text
        }
    }

    /// The board with what comes next under it, as the prompt shows it.
    fn whole(&self, m: &Match) -> String {
        let status = self.status(m).unwrap_or_default();
        format!("{}\n{status}", self.render(m, &View::default()))
    }

    /// What comes next in `m` and what to type.
    fn next(&self, m: &Match) -> String {
        let mut text = expecting(m);
        if let Some(hint) = self.dice_hint(m) {
            text.push_str(&format!("\n{hint}"));
        } else if m.can_double() {
            text.push_str("\ntype roll (or r), or double");
        } else if matches!(m.turn(), Turn::Seat(_)) && m.phase() == Phase::ToPlay {
            text.push_str("\ntype a play like 13/9 6/5, moves for the list, help for more");
        }
        text
    }

    /// `resign [kind]`: the move where the core has it, else the offer.
    fn resign(&self, m: &Match, args: &str) -> Option<Result<CommandOutput<Match>, String>> {
        let word = args.trim().to_ascii_lowercase();
        let kind = match word.as_str() {
            "" | "single" | "normal" | "s" | "1" => WinKind::Single,
            "gammon" | "g" | "2" => WinKind::Gammon,
            "backgammon" | "b" | "3" => WinKind::Backgammon,
            other => {
                return Some(Err(format!(
                    "{other:?}: resign single, resign gammon or resign backgammon"
                )))
            }
        };
        if m.is_legal(MatchAction::Resign(kind)) {
            // A move of the core's: the kit plays it as typed (in the move's own words).
            return match word.as_str() {
                "" | "single" | "normal" | "gammon" | "backgammon" => None,
                other => Some(Err(format!(
                    "{other:?}: resign single, resign gammon or resign backgammon"
                ))),
            };
        }
        if !matches!(m.phase(), Phase::ToRoll | Phase::Rolling | Phase::ToPlay) {
            return Some(Err(format!(
                "resign on your own turn, before rolling or with the dice to play ({})",
                expecting(m)
            )));
        }
        let who = m.side_on_roll();
        let mut next = m.clone();
        Some(
            next.offer_resignation(who, kind)
                .map(|()| {
                    CommandOutput::Replace(
                        next,
                        format!("{who} offers to resign {}", kind_words(kind)),
                    )
                })
                .map_err(|e| e.to_string()),
        )
    }

    /// A decision or play typed where it is not legal, refused in the program's words (what
    /// is expected instead); `None` for everything else, which the kit resolves.
    fn refuse(
        &self,
        m: &Match,
        name: &str,
        args: &str,
    ) -> Option<Result<CommandOutput<Match>, String>> {
        if m.turn() == Turn::Chance {
            return None;
        }
        let line = format!("{name} {args}");
        let why = match line.parse::<ActionText>().ok()? {
            ActionText::Word(action) if !m.is_legal(action) => refusal(m, action),
            ActionText::Play(_) if m.phase() != Phase::ToPlay => {
                format!("no checker play now: {}", expecting(m))
            }
            _ => return None,
        };
        Some(Err(format!(
            "illegal move: {why}; type moves for the legal moves, help for the commands"
        )))
    }
}

impl GameCli for MatchCli {
    type Game = Match;
    type RecordError = MatchFileError;
    type ReplayLines = NoLines;
    type MovesLines = NoLines;

    fn start(&self) -> Match {
        self.start.clone()
    }

    /// Match text (`mat`) and its JSON form (`json`): what `convert` reads and writes.
    fn formats(&self) -> Formats<'_, Self> {
        vec![
            RecordFormat::new(MatchText).shown_with(MatchFiles),
            RecordFormat::new(MatchJson).shown_with(MatchFiles),
        ]
    }

    /// A match file reads back one record per game, the resignation of a game in its `Wins`
    /// line: the kit's check of one record replaying to the session does not fit it (the
    /// round trip is checked by the program's tests).
    fn check_saved_records(&self) -> bool {
        false
    }

    /// Match files from servers may carry player names in a legacy 8-bit encoding: bytes
    /// that are not UTF-8 are read as U+FFFD.
    fn lossy_input(&self) -> bool {
        true
    }

    fn replay_lines(&self) -> Option<NoLines> {
        None
    }

    fn default_level(&self) -> Option<String> {
        Some(Match::DEFAULT_LEVEL.to_string())
    }

    fn moves_lines(&self) -> Option<NoLines> {
        None
    }

    /// The engine's player at the level of `--level` (every decision: plays, cube,
    /// resignations); the same for every seat and seed (the seed gives the dice).
    fn computer(&self, _seat: Seat, _seed: u64) -> Box<dyn Player<Match>> {
        Box::new(MatchPlayer::new(self.level))
    }

    /// The engine's player at the seat's level (`--computer-seats 2:4`), else `--level`'s;
    /// level 0 plays uniformly random legal moves.
    fn player(&self, seat: Seat, seed: u64, level: Option<u8>) -> Box<dyn Player<Match>> {
        match level {
            Some(0) => {
                let mix = seed ^ (u64::from(seat.0) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                Box::new(RandomPlayer::seeded(mix))
            }
            Some(l) => Box::new(MatchPlayer::new(l)),
            None => self.computer(seat, seed),
        }
    }

    fn manual_chance(&self) -> bool {
        self.manual_dice
    }

    /// The board from the human's side against the computer, else from the side on roll's
    /// (as gnubg numbers the points for the player on roll), with the score and the cube.
    fn render(&self, pos: &Match, view: &View) -> String {
        self.board(pos, pos.position(), view.colour)
    }

    /// What comes next, and what to type for it.
    fn status(&self, pos: &Match) -> Option<String> {
        Some(self.next(pos))
    }

    /// After a decision that moves no checker (roll, take, reject), only the score, cube and
    /// what comes next: the board is as it was shown just before. After a double the whole
    /// board: the side doubled decides on it, and the doubler's play before it (the
    /// computer's) may not have been shown. After the end of a
    /// game of a match, the board of its end until the next opening throw.
    fn render_after(
        &self,
        before: &Match,
        step: Applied<Match>,
        after: &Match,
        view: &View,
    ) -> String {
        if let Some(last) = finished_game(before, step, after) {
            return self.board(after, &last, view.colour);
        }
        let same_game = !matches!(after.phase(), Phase::Opening | Phase::Over(_));
        match step {
            Applied::Move(MatchAction::Roll | MatchAction::Take | MatchAction::Reject)
                if same_game && before.position().board() == after.position().board() =>
            {
                let full = self.render(after, view);
                let lines: Vec<&str> = full.lines().collect();
                let from = lines
                    .iter()
                    .position(|l| l.starts_with(" 12 11 10"))
                    .map_or(0, |i| i + 1);
                lines[from..].join("\n")
            }
            _ => self.render(after, view),
        }
    }

    /// `X`, or `X 31` for the side with dice to play, so that the prompt shows the roll.
    fn seat_name(&self, pos: &Match, seat: Seat) -> String {
        let side = side_of(seat);
        match (pos.phase(), pos.position().dice()) {
            (Phase::ToPlay, Some(d)) if side == pos.side_on_roll() => format!("{side} {d}"),
            _ => side.to_string(),
        }
    }

    fn move_separator(&self) -> &'static str {
        ", "
    }

    /// The step in words, then what it did ([`step_events`]).
    fn describe_step(&self, before: &Match, step: Applied<Match>, after: &Match) -> String {
        let mut text = match step {
            Applied::Chance(Throw::Opening { x, o }) if x == o => format!(
                "opening roll X {x}, O {o}: an automatic double, the cube to {} (centred); \
                 thrown again",
                after.cube_value()
            ),
            Applied::Chance(Throw::Opening { x, o }) => {
                let first = if x > o { Side::X } else { Side::O };
                let roll = Dice::new(x, o).map(|d| d.to_string()).unwrap_or_default();
                format!("opening roll X {x}, O {o}: {first} starts with {roll}")
            }
            Applied::Chance(Throw::Roll(d)) => format!("{} rolls {d}", before.side_on_roll()),
            Applied::Move(MatchAction::Double) => {
                format!("double (the cube to {})", doubled(before))
            }
            // The taker owns the cube, except after a beaver: then the side that beavered
            // keeps it (docs/backgammon.md).
            Applied::Move(MatchAction::Take) => format!(
                "take\n  {} owns the cube at {}",
                after.cube_owner().unwrap_or_else(|| actor(before)),
                after.cube_value()
            ),
            Applied::Move(MatchAction::Resign(kind)) => {
                format!("offers to resign {}", kind_words(kind))
            }
            Applied::Move(MatchAction::Beaver) => format!(
                "{} (the cube to {}, kept by {})",
                redouble_word(before.redoubles()),
                doubled(after),
                after.cube_owner().map_or(String::new(), |s| s.to_string())
            ),
            Applied::Move(a) => a.to_string(),
        };
        for e in step_events(before, step, after) {
            text.push_str("\n  ");
            text.push_str(&e);
        }
        // A drawn roll is not followed by the board: the kit shows it when a side decides
        // next. With two players, show it here when the roll of the side now on roll follows
        // at once and the board is now seen from the other side (a pass, the other side
        // unable to double).
        let turned = self.view(before.side_on_roll()) != self.view(after.side_on_roll());
        let drawn_next = after.turn() == Turn::Chance && !self.manual_dice;
        if matches!(step, Applied::Chance(_)) && self.view.is_none() && drawn_next && turned {
            text.push('\n');
            text.push_str(&self.whole(after));
        }
        text
    }

    fn describe_end(&self, pos: &Match) -> String {
        if matches!(pos.phase(), Phase::Over(_)) {
            result_words(pos)
        } else {
            format!("goes on: {}", expecting(pos))
        }
    }

    /// One line per decision: `X 31: 8/5 6/5`, `O doubles (the cube to 2)`, `X takes (cube 2,
    /// owned by X)`, with what happened in between (a roll that could not be played, the end
    /// of each game, the match's result), and where it stands when not over.
    /// A match file (Jellyfish-style text) of the session, which `replay` and `convert`
    /// read back; the players are named X and O.
    fn write_record(&self, start: &Match, steps: &[Applied<Match>], _end: &Match) -> String {
        let record = Record::of_game(start, steps).ok();
        let written = record.and_then(|r| MatchText.write(&[r]).ok());
        written.unwrap_or_else(|| "the session cannot be written as a match file".to_owned())
    }

    /// The match file of [`GameCli::write_record`] when the session started at an opening
    /// throw (what `replay` and `convert` read back); a session set up mid-game (by IDs or
    /// XGID), which match text cannot state, as a transcript of its decisions.
    fn write_played(&self, start: &Match, steps: &[Applied<Match>], end: &Match) -> String {
        if start.phase() == Phase::Opening && start.position().board() == Backgammon::new().board()
        {
            return self.write_record(start, steps, end);
        }
        transcript(self, start, steps, end)
    }

    fn move_help(&self) -> Vec<String> {
        vec![
            "plays in gnubg notation: 8/5 6/5, bar/22*, 6/off, 13/7(2), pass".to_owned(),
            "before your roll, when you may double: roll (or r), or double".to_owned(),
        ]
    }

    fn commands(&self) -> Vec<CommandHelp> {
        vec![
            CommandHelp {
                name: "double",
                help: "offer a double before rolling (cube centred or yours, not Crawford)",
            },
            CommandHelp {
                name: "take, drop",
                help: "answer a double: take (the cube doubles) or drop (lose its value)",
            },
            CommandHelp {
                name: "resign [kind]",
                help: "offer to resign: single (default), gammon or backgammon",
            },
            CommandHelp {
                name: "accept, reject",
                help: "answer a resignation",
            },
            CommandHelp {
                name: "hint [N]",
                help: "the engine's best N plays (default 5) with their equities, or its cube decision",
            },
            CommandHelp {
                name: "id",
                help: "show the gnubg Position ID and Match ID",
            },
            CommandHelp {
                name: "score",
                help: "show the score, the cube and pip counts",
            },
        ]
    }

    /// `resign`, `id`, `score`; a `double` typed at a roll (why nobody may double); the
    /// decisions and plays typed where they are not legal, refused with what is expected.
    fn command(
        &self,
        pos: &Match,
        name: &str,
        args: &str,
    ) -> Option<Result<CommandOutput<Match>, String>> {
        match name.to_ascii_lowercase().as_str() {
            "resign" => self.resign(pos, args),
            "moves" | "legal" if pos.turn() != Turn::Chance => {
                Some(Ok(CommandOutput::Print(legal_listing(pos))))
            }
            "hint" => {
                let top = args.trim().parse().unwrap_or(5);
                let engine = BackgammonEngine::shipped(self.level);
                Some(Ok(CommandOutput::Print(crate::advice::hint(
                    pos, &engine, top,
                ))))
            }
            // At a typed roll nobody may double (a side that may is asked first).
            "double" if pos.turn() == Turn::Chance => Some(Err(why_no_double(pos))),
            "id" | "ids" => {
                let (pid, mid) = (pos.position_id(), pos.match_id().encode());
                Some(Ok(CommandOutput::Print(format!(
                    "Position ID: {pid}\nMatch ID:    {mid}\ngnubg ID:    {pid}:{mid}"
                ))))
            }
            "score" | "pips" | "cube" => {
                let b = pos.position().board();
                Some(Ok(CommandOutput::Print(format!(
                    "{}\n{}\npips: X {}, O {}",
                    score_line(pos),
                    cube_line(pos),
                    b.pip_count(Side::X),
                    b.pip_count(Side::O)
                ))))
            }
            _ => self.refuse(pos, name, args),
        }
    }
}

/// What `moves` prints at the prompt when a side decides: the plays (or the cube decisions)
/// on one line, the resignations the side may offer apart on a second.
fn legal_listing(pos: &Match) -> String {
    let (resignations, others): (Vec<MatchAction>, Vec<MatchAction>) = pos
        .moves()
        .into_iter()
        .partition(|a| matches!(a, MatchAction::Resign(_)));
    let what = if pos.phase() == Phase::ToPlay {
        if others.len() == 1 {
            "play"
        } else {
            "plays"
        }
    } else if others.len() == 1 {
        "decision"
    } else {
        "decisions"
    };
    let texts: Vec<String> = others.iter().map(ToString::to_string).collect();
    let mut text = format!("{} {what}: {}", texts.len(), texts.join(", "));
    if !resignations.is_empty() {
        let kinds: Vec<String> = resignations.iter().map(ToString::to_string).collect();
        text.push_str(&format!("\nor offer to resign: {}", kinds.join(", ")));
    }
    text
}

/// The decisions of a session set up mid-game, one a line (see [`GameCli::write_played`]).
fn transcript(cli: &MatchCli, start: &Match, steps: &[Applied<Match>], end: &Match) -> String {
    let mut lines = vec![format!("# {}", score_line(start))];
    let mut pos = start.clone();
    let mut rolled: Option<(Side, Dice)> = None;
    for &step in steps {
        let before = pos.clone();
        if step.apply(&mut pos).is_err() {
            lines.push(format!("# stopped: {step} refused"));
            break;
        }
        let side = actor(&before);
        match step {
            Applied::Chance(Throw::Roll(d)) => rolled = Some((side, d)),
            Applied::Chance(Throw::Opening { x, o }) if x == o => {
                lines.push(format!(
                    "opening X {x}, O {o}: automatic double (cube {})",
                    pos.cube_value()
                ));
            }
            Applied::Chance(Throw::Opening { x, o }) => {
                lines.push(format!("opening X {x}, O {o}"));
                rolled = Dice::new(x, o).ok().map(|d| (pos.side_on_roll(), d));
            }
            Applied::Move(MatchAction::Play(p)) => match rolled.take() {
                Some((s, d)) => lines.push(format!("{s} {d}: {p}")),
                None => lines.push(format!("{side}: {p}")),
            },
            Applied::Move(MatchAction::Roll) => {}
            Applied::Move(MatchAction::Double) => {
                lines.push(format!("{side} doubles (the cube to {})", doubled(&before)));
            }
            Applied::Move(MatchAction::Take) => lines.push(format!(
                "{side} takes (cube {}, owned by {})",
                pos.cube_value(),
                pos.cube_owner().unwrap_or(side)
            )),
            Applied::Move(MatchAction::Beaver) => lines.push(format!(
                "{side} {}s (the cube to {}, kept by {})",
                redouble_word(before.redoubles()),
                doubled(&pos),
                pos.cube_owner().unwrap_or(side)
            )),
            Applied::Move(MatchAction::Drop) => lines.push(format!("{side} drops")),
            Applied::Move(MatchAction::Resign(kind)) => {
                lines.push(format!("{side} offers to resign {}", kind_words(kind)));
            }
            Applied::Move(MatchAction::Accept) => lines.push(format!("{side} accepts")),
            Applied::Move(MatchAction::Reject) => {
                lines.push(format!("{side} rejects the resignation; play on"));
            }
        }
        let events = step_events(&before, step, &pos);
        if matches!(step, Applied::Chance(_)) && !events.is_empty() {
            rolled = None;
        }
        lines.extend(events);
    }
    if !matches!(end.phase(), Phase::Over(_)) {
        lines.push(format!("# {}", cli.describe_end(end)));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::backgammon::{Board, GameState, MatchId, MatchRules, BAR};

    /// A small deterministic generator for the test's dice.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % n.max(1) as u64) as usize
        }
    }

    fn cli(rules: MatchRules) -> MatchCli {
        MatchCli {
            start: Match::new(rules),
            manual_dice: false,
            view: None,
            level: 1,
        }
    }

    /// Applies `step` to a copy of `m`; the copy.
    fn after(m: &Match, step: Applied<Match>) -> Match {
        let mut next = m.clone();
        step.apply(&mut next).expect("a legal step");
        next
    }

    fn throw(m: &Match, text: &str) -> Applied<Match> {
        Applied::Chance(
            m.resolve_chance(&text.parse().expect("dice"))
                .expect("a throw"),
        )
    }

    fn action(m: &Match, text: &str) -> Applied<Match> {
        Applied::Move(m.resolve(&text.parse().expect("notation")).expect("legal"))
    }

    /// X on roll before its roll with a checker on the bar against O's closed home board
    /// (every roll is passed), in a money game.
    fn closed_out() -> Match {
        let mut b = Board::EMPTY;
        b.set_count(Side::X, BAR, 1);
        b.set_count(Side::X, 6, 14);
        for p in 1..=6 {
            b.set_count(Side::O, p, 2);
        }
        b.set_count(Side::O, 8, 3);
        let pos = Backgammon::from_parts(b, Side::X, None, 1).expect("valid");
        let mut id = MatchId::money(Side::X, None);
        id.state = GameState::Playing;
        Match::from_ids(&pos.position_id(), &id.encode()).expect("IDs")
    }

    #[test]
    fn a_roll_that_cannot_be_played_is_told_as_a_pass() {
        let m = closed_out();
        // X owns no cube and may double: it rolls first.
        let rolled = after(&m, action(&m, "roll"));
        let step = throw(&rolled, "31");
        let next = after(&rolled, step);
        assert_eq!(next.side_on_roll(), Side::O);
        assert_eq!(
            step_events(&rolled, step, &next),
            ["X cannot move with 31: pass"]
        );
        // Against the computer (the board from X's side) the roll is told alone; with two
        // players the board follows, now seen from O's side.
        let against = MatchCli {
            view: Some(Side::X),
            ..cli(MatchRules::money(false))
        };
        assert_eq!(
            against.describe_step(&rolled, step, &next),
            "X rolls 31\n  X cannot move with 31: pass"
        );
        // With two players O, who may double, decides next: the kit shows the board then,
        // once, so the roll is told alone here too.
        let two = cli(MatchRules::money(false));
        assert_eq!(
            two.describe_step(&rolled, step, &next),
            "X rolls 31\n  X cannot move with 31: pass"
        );
        // X owning the cube, O may not double: O's roll follows at once, so the board is
        // shown after the pass, seen from O's side.
        let mut setup = m.to_setup();
        setup.match_id.cube_log2 = 1;
        setup.match_id.cube_owner = Some(Side::X);
        let owned = setup.into_match().expect("X owns the cube at 2");
        let rolled = after(&owned, action(&owned, "roll"));
        let step = throw(&rolled, "31");
        let next = after(&rolled, step);
        assert_eq!(next.turn(), Turn::Chance);
        let told = two.describe_step(&rolled, step, &next);
        assert!(told.contains("(points numbered from O's side)"), "{told}");
    }

    #[test]
    fn the_end_of_a_game_the_score_and_the_crawford_game() {
        let cli = cli(MatchRules::to_points(3));
        let mut m = Match::new(MatchRules::to_points(3));
        let mut steps = Vec::new();
        let mut lines = Vec::new();
        // O doubles and X drops twice: 0-2, the next game is the Crawford game.
        for (opening, play) in [("31", "8/5 6/5"), ("41", "24/23 13/9")] {
            let step = throw(&m, opening);
            steps.push(step);
            m = after(&m, step);
            for text in [play, "double", "drop"] {
                let step = action(&m, text);
                let next = after(&m, step);
                lines.push(cli.describe_step(&m, step, &next));
                steps.push(step);
                m = next;
            }
        }
        assert_eq!(lines[1], "double (the cube to 2)");
        assert_eq!(
            lines[2],
            "drop\n  X dropped: O wins 1 point\n  match to 3: X 0 - O 1; next game"
        );
        assert_eq!(
            lines[5],
            "drop\n  X dropped: O wins 1 point\n  match to 3: X 0 - O 2; next game is the \
             Crawford game (no doubling)"
        );
        assert!(m.is_crawford());
        assert!(cli
            .render(&m, &View::default())
            .contains("(Crawford game: no doubling)"));
        // O opens the Crawford game and resigns a gammon with the dice to play; X accepts:
        // X wins 2 points, 2-2, and after the Crawford game the cube is back.
        for text in ["13", "resign gammon", "accept"] {
            let step = match text {
                "13" => throw(&m, text),
                _ => action(&m, text),
            };
            let next = after(&m, step);
            lines.push(cli.describe_step(&m, step, &next));
            steps.push(step);
            m = next;
        }
        // O, who plays next, is shown the board by the kit: the throw is told alone.
        assert_eq!(lines[6], "opening roll X 1, O 3: O starts with 31");
        assert_eq!(lines[7], "offers to resign a gammon");
        assert_eq!(
            lines[8],
            "accept\n  O resigned a gammon: X wins 2 points\n  match to 3: X 2 - O 2; next game"
        );
        assert!(!m.is_crawford());
        let start = Match::new(MatchRules::to_points(3));
        // From an opening throw the record is the match file; the transcript is for sessions
        // set up mid-game.
        assert_eq!(
            cli.write_played(&start, &steps, &m),
            cli.write_record(&start, &steps, &m)
        );
        let record = transcript(&cli, &start, &steps, &m);
        assert_eq!(
            record,
            "# match to 3: X 0 - O 0\nopening X 3, O 1\nX 31: 8/5 6/5\nO doubles (the cube to 2)\n\
             X drops\nX dropped: O wins 1 point\nmatch to 3: X 0 - O 1; next game\n\
             opening X 4, O 1\nX 41: 24/23 13/9\nO doubles (the cube to 2)\nX drops\n\
             X dropped: O wins 1 point\n\
             match to 3: X 0 - O 2; next game is the Crawford game (no doubling)\n\
             opening X 1, O 3\nO offers to resign a gammon\nX accepts\n\
             O resigned a gammon: X wins 2 points\nmatch to 3: X 2 - O 2; next game\n\
             # goes on: opening roll: each side throws one die"
        );
    }

    #[test]
    fn the_board_of_a_finished_game_stays_until_the_next_opening() {
        let cli = cli(MatchRules::to_points(3));
        let mut m = Match::new(MatchRules::to_points(3));
        for step in ["31", "8/5 6/5", "double"] {
            let s = match step {
                "31" => throw(&m, step),
                _ => action(&m, step),
            };
            m = after(&m, s);
        }
        let drop = action(&m, "drop");
        let next = after(&m, drop);
        let shown = cli.render_after(&m, drop, &next, &View::default());
        // X's 8/5 6/5 is on the board (X 163 pips), with the new game's score and phase.
        assert!(shown.contains("X: pips 163"), "{shown}");
        assert!(shown.ends_with("match to 3: X 0 - O 1; cube 1, centred"));
        assert_eq!(
            cli.status(&next).as_deref(),
            Some("opening roll: each side throws one die")
        );
        assert!(cli.render(&next, &View::default()).contains("X: pips 167"));
    }

    #[test]
    fn refusals_in_the_programs_words() {
        let cli = cli(MatchRules::money(false));
        let mut m = Match::new(MatchRules::money(false));
        m = after(&m, throw(&m, "52"));
        let refused = |m: &Match, line: &str| {
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            match cli.command(m, word, rest) {
                Some(Err(e)) => e,
                _ => String::new(),
            }
        };
        assert_eq!(
            refused(&m, "roll"),
            "illegal move: roll is not possible now: X to play 52; type moves for the legal \
             moves, help for the commands"
        );
        assert_eq!(
            refused(&m, "double"),
            "illegal move: double before rolling, not after (X to play 52); type moves for the \
             legal moves, help for the commands"
        );
        // Legal steps, play notation and junk go to the kit.
        for line in ["24/22 13/8", "8/5 6/5", "resign", "resign gammon", "xyzzy"] {
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            assert!(cli.command(&m, word, rest).is_none(), "{line}");
        }
        assert!(refused(&m, "resign g").contains("resign single, resign gammon"));
        // Before O's roll, O may double: a play is refused with what is expected.
        m = after(&m, action(&m, "24/22 13/8"));
        assert_eq!(
            refused(&m, "8/5 6/5"),
            "illegal move: no checker play now: O to roll, or to double (the cube to 2); type \
             moves for the legal moves, help for the commands"
        );
        // X takes, owns the cube; then O's roll is thrown at once: no double, but a resignation
        // is offered outside the moves.
        m = after(&m, action(&m, "double"));
        m = after(&m, action(&m, "take"));
        assert_eq!(m.turn(), Turn::Chance);
        assert_eq!(
            refused(&m, "double"),
            "the cube is X's: only its owner may double"
        );
        match cli.command(&m, "resign", "b") {
            Some(Ok(CommandOutput::Replace(next, text))) => {
                assert_eq!(text, "O offers to resign a backgammon");
                assert_eq!(next.turn(), Turn::Seat(Seat(0)));
            }
            other => panic!("{other:?}"),
        }
    }

    /// Whole sessions of the computer against itself: every step's words and the record
    /// agree with the rules, and every session ends with its winner.
    #[test]
    fn computer_sessions_are_told_step_by_step() {
        let mut rng = Lcg(11);
        for (n, rules) in [
            MatchRules::money(true),
            MatchRules::money(false),
            MatchRules::to_points(3),
            MatchRules::to_points(5),
        ]
        .into_iter()
        .cycle()
        .take(8)
        .enumerate()
        {
            let cli = cli(rules);
            let mut players = [
                cli.computer(Seat(0), n as u64),
                cli.computer(Seat(1), n as u64),
            ];
            let start = cli.start();
            let mut m = start.clone();
            let mut steps = Vec::new();
            let (mut ends, mut crawford_openings) = (0, 0);
            while m.turn() != Turn::Over {
                assert!(steps.len() < 50_000, "session {n} does not end");
                let step = match m.turn() {
                    Turn::Chance => {
                        let outcomes = m.chance_outcomes();
                        Applied::Chance(outcomes[rng.below(outcomes.len())].0)
                    }
                    Turn::Seat(s) => {
                        // Hopeless, the computer resigns; the other accepts or rejects.
                        Applied::Move(players[s.index()].choose(&m).expect("a decision"))
                    }
                    Turn::Over => break,
                };
                let next = after(&m, step);
                let events = step_events(&m, step, &next);
                let ended = matches!(step, Applied::Move(a) if m.ending_of(a).is_some());
                if ended {
                    ends += 1;
                    let last = events.last().expect("the end is told");
                    if rules.length == 0 {
                        assert_eq!(events.len(), 1);
                    } else if next.turn() == Turn::Over {
                        assert!(last.starts_with("match over: "), "{last}");
                        assert!(last.contains(&format!("wins the match to {}", rules.length)));
                    } else if next.is_crawford() {
                        crawford_openings += 1;
                        assert!(last.ends_with("next game is the Crawford game (no doubling)"));
                    } else {
                        assert!(last.ends_with("; next game"), "{last}");
                    }
                }
                if let Applied::Chance(Throw::Roll(_)) = step {
                    assert_eq!(events.is_empty(), next.phase() == Phase::ToPlay);
                }
                steps.push(step);
                m = next;
            }
            assert!(ends >= 1);
            assert!(crawford_openings <= 1);
            let record = transcript(&cli, &start, &steps, &m);
            assert!(!record.contains("stopped"), "{record}");
            assert!(!record.contains("goes on"), "{record}");
            assert!(record.ends_with(&result_words(&m)), "{record}");
            assert_eq!(cli.describe_end(&m), result_words(&m));
        }
    }
}
