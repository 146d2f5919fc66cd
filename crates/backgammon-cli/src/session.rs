//! The money game or match of `play` and `selfplay`: [`MatchGame`], the core's [`Match`] (the
//! cube, the score, the Crawford and Jacoby rules, resignations, the opening throw, the
//! auto-pass) with the sides the computer decides for, and [`MatchCli`], its hooks.
//!
//! Turns, as the kit sees them, are the core's ([`Match`]):
//!
//! * the opening roll (each side throws one die) and every roll are chance nodes;
//! * a side about to roll that may double chooses first: `roll` or `double`;
//! * a double offered: the other side chooses `take` or `drop`;
//! * a resignation offered (the `resign` command): the other side chooses `accept` or
//!   `reject`;
//! * dice rolled: the side plays (a play in gnubg notation); a roll with no legal play is
//!   passed at once.
//!
//! The core lists resignations among the moves; here they are the `resign` command instead,
//! so that the computer's random plays never resign and `moves` lists the plays only.
//! The sides played by the computer make their cube and resignation decisions inside the
//! step that leads to them ([`crate::computer`]); what they decided is reported with that
//! step ([`MatchGame::events`]).

use core::fmt;

use arrayvec::ArrayVec;
use boardgames_cli::jsonl::NoLines;
use boardgames_cli::{CommandHelp, CommandOutput, Formats, GameCli};
use boardgames_core::backgammon::{
    ActionText, Backgammon, Dice, EndOfGame, Ending, IllegalPlay, Match, MatchAction, MatchError,
    MatchRules, MatchSetup, NotationError, Phase, PlayNotation, SetupError, Side, Throw, ThrowText,
    WinKind, MAX_PLAYS,
};
use boardgames_core::record::Applied;
use boardgames_core::{ChanceList, Game, Outcome, Seat, Turn};

use crate::computer;

/// A decision of a side: the core's.
pub type Action = MatchAction;

/// A money game or match in progress, with the sides the computer decides for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchGame {
    m: Match,
    computer: [bool; 2],
    /// While the next game of a match waits for its opening throw: the last game's final
    /// position, which the board shows until then.
    shown: Option<Backgammon>,
    events: Vec<String>,
}

fn illegal(why: impl Into<String>) -> IllegalPlay {
    IllegalPlay::Action(why.into())
}

/// The core's refusal as this program reports it.
fn refused(e: MatchError) -> IllegalPlay {
    match e {
        MatchError::Play(p) => p,
        other => illegal(other.to_string()),
    }
}

fn side_of(seat: Seat) -> Side {
    if seat.0 == 0 {
        Side::X
    } else {
        Side::O
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

impl MatchGame {
    /// A new money game or match at 0-0; `computer[i]` says whether the computer decides for
    /// side `i` (X = 0, O = 1).
    pub fn new(rules: MatchRules, computer: [bool; 2]) -> MatchGame {
        MatchGame {
            m: Match::new(rules),
            computer,
            shown: None,
            events: Vec::new(),
        }
    }

    /// What happened on its own during the last step: the computer's cube decisions, a roll
    /// that could not be played, the end of a game.
    pub fn events(&self) -> &[String] {
        &self.events
    }

    /// The position the board shows: the current game's, or between two games of a match
    /// the last game's final position.
    fn shown_position(&self) -> &Backgammon {
        self.shown.as_ref().unwrap_or(self.m.position())
    }

    /// The side on roll (to roll, or to play once rolled), as the board shows it.
    fn on_roll(&self) -> Side {
        self.shown_position().side()
    }

    /// Whether the side on roll is asked to roll or double.
    fn asks_roll_or_double(&self) -> bool {
        self.m.can_double()
    }

    /// The gnubg Position ID and Match ID shown by `id`: the session's, but between two games
    /// of a match the Position ID of the last game's final position, seen from its side on
    /// roll.
    fn ids(&self) -> (String, String) {
        let mut id = self.m.match_id();
        match &self.shown {
            Some(g) => {
                id.dice_owner = g.side();
                id.turn = g.side();
                (g.position_id(), id.encode())
            }
            None => (self.m.position_id(), id.encode()),
        }
    }

    /// What is expected next, in words.
    pub fn expecting(&self) -> String {
        let side = self.on_roll();
        let other = side.other();
        match self.m.phase() {
            Phase::Opening => "opening roll: each side throws one die".to_owned(),
            Phase::ToRoll if self.asks_roll_or_double() => format!(
                "{side} to roll, or to double (the cube to {})",
                u32::from(self.m.cube_value()) * 2
            ),
            Phase::ToRoll | Phase::Rolling => format!("{side} to roll"),
            Phase::DoubleOffered => format!(
                "{side} doubles (the cube to {}): {other} to take or drop",
                u32::from(self.m.cube_value()) * 2
            ),
            Phase::ResignationOffered { kind, by, .. } => format!(
                "{by} offers to resign {} ({}): {} to accept or reject",
                kind_words(kind),
                points(kind.multiplier() * u32::from(self.m.cube_value())),
                by.other()
            ),
            Phase::ToPlay => match self.m.position().dice() {
                Some(d) => format!("{side} to play {d}"),
                None => format!("{side} to play"),
            },
            Phase::Over(_) => format!("over: {}", self.result_words()),
        }
    }

    /// The score line: `match to 5: X 2 - O 1 (Crawford game)` or `money game (Jacoby rule)`.
    pub fn score_line(&self) -> String {
        let mut s = self.score_text();
        if self.m.is_crawford() && !matches!(self.m.phase(), Phase::Over(_)) {
            s.push_str(" (Crawford game: no doubling)");
        }
        s
    }

    /// The score line without the Crawford note.
    fn score_text(&self) -> String {
        let rules = self.m.rules();
        let [x, o] = self.m.score();
        if rules.length > 0 {
            format!("match to {}: X {x} - O {o}", rules.length)
        } else if rules.jacoby {
            format!("money game, Jacoby rule: X {x} - O {o}")
        } else {
            format!("money game: X {x} - O {o}")
        }
    }

    /// The cube line: `cube 2, owned by O`.
    pub fn cube_line(&self) -> String {
        match self.m.cube_owner() {
            None => format!("cube {}, centred", self.m.cube_value()),
            Some(s) => format!("cube {}, owned by {s}", self.m.cube_value()),
        }
    }

    /// How the session ended (or the last game), in words.
    fn result_words(&self) -> String {
        let rules = self.m.rules();
        let [x, o] = self.m.score();
        match (self.m.winner(), self.m.end_of_game()) {
            (Some(w), _) if rules.length > 0 => {
                format!("{w} wins the match to {}, X {x} - O {o}", rules.length)
            }
            (_, Some(end)) => Self::end_words(end),
            _ => "no result".to_owned(),
        }
    }

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

    /// Applies a decision and notes the end of a game when it ends one.
    fn act(&mut self, action: Action) -> Result<(), IllegalPlay> {
        let end = self.m.ending_of(action);
        let mut last = match action {
            Action::Play(p) => self.m.position().after(&p),
            _ => *self.m.position(),
        };
        self.m.play(action).map_err(refused)?;
        self.shown = None;
        let Some(end) = end else {
            return Ok(());
        };
        self.events.push(Self::end_words(end));
        match self.m.phase() {
            Phase::Over(_) => {
                if self.m.rules().length > 0 {
                    self.events
                        .push(format!("match over: {}", self.result_words()));
                }
            }
            _ => {
                last.set_dice(None);
                last.set_cube_value(1);
                self.shown = Some(last);
                if self.m.is_crawford() {
                    self.events.push(format!(
                        "{}; next game is the Crawford game (no doubling)",
                        self.score_text()
                    ));
                } else {
                    self.events
                        .push(format!("{}; next game", self.score_text()));
                }
            }
        }
        Ok(())
    }

    /// Throws the dice; a roll with no legal play is passed (by the core) and reported.
    fn throw(&mut self, outcome: Throw) -> Result<(), IllegalPlay> {
        let side = self.on_roll();
        let pass = match outcome {
            Throw::Roll(d) => {
                let plays = self.m.position().plays(d);
                matches!(plays.as_slice(), [p] if p.is_pass()).then_some(d)
            }
            Throw::Opening { .. } => None,
        };
        self.m.apply_chance(outcome).map_err(refused)?;
        self.shown = None;
        if let Some(d) = pass {
            self.events
                .push(format!("{side} cannot move with {d}: pass"));
        }
        Ok(())
    }

    /// Plays what the computer decides: its cube and resignation decisions.
    fn settle(&mut self) {
        // Each round changes the phase or ends; a match has finitely many decisions, and a
        // bound keeps a mistake from looping.
        for _ in 0..64 {
            let side = self.on_roll();
            let other = side.other();
            match self.m.phase() {
                Phase::ToRoll if self.m.can_double() && self.computer[side.index()] => {
                    if computer::doubles(&self.m) && self.act(Action::Double).is_ok() {
                        self.events.push(format!(
                            "{side} doubles (the cube to {})",
                            u32::from(self.m.cube_value()) * 2
                        ));
                    } else if self.act(Action::Roll).is_err() {
                        return;
                    }
                }
                Phase::DoubleOffered if self.computer[other.index()] => {
                    let value = u32::from(self.m.cube_value()) * 2;
                    if computer::takes(&self.m) {
                        if self.act(Action::Take).is_err() {
                            return;
                        }
                        self.events
                            .push(format!("{other} takes (cube {value}, owned by {other})"));
                    } else {
                        self.events.push(format!("{other} drops"));
                        if self.act(Action::Drop).is_err() {
                            return;
                        }
                    }
                }
                Phase::ResignationOffered { kind, by, .. } if self.computer[by.other().index()] => {
                    let answer = by.other();
                    if computer::accepts(&self.m, kind) {
                        self.events.push(format!("{answer} accepts"));
                        if self.act(Action::Accept).is_err() {
                            return;
                        }
                    } else {
                        if self.act(Action::Reject).is_err() {
                            return;
                        }
                        self.events
                            .push(format!("{answer} rejects the resignation; play on"));
                    }
                }
                _ => return,
            }
        }
    }

    /// Why `action` cannot be played now.
    fn refusal(&self, action: &Action) -> IllegalPlay {
        let now = self.expecting();
        match action {
            Action::Double => illegal(self.why_no_double()),
            Action::Play(_) if self.m.phase() == Phase::ToPlay => illegal("not a legal play here"),
            Action::Play(_) => illegal(format!("no checker play now: {now}")),
            _ => illegal(format!("{action} is not possible now: {now}")),
        }
    }

    /// Why the side to act may not double now.
    pub fn why_no_double(&self) -> String {
        let side = match self.turn() {
            Turn::Seat(s) => side_of(s),
            _ => self.on_roll(),
        };
        let now = self.expecting();
        if self.m.is_crawford() {
            "no doubling in the Crawford game".to_owned()
        } else if matches!(self.m.phase(), Phase::Over(_)) {
            "the match is over".to_owned()
        } else if self.m.phase() == Phase::Opening {
            "the opening roll comes first".to_owned()
        } else if side != self.on_roll() {
            format!("only the side about to roll may double ({now})")
        } else if self.m.cube_owner() == Some(side.other()) {
            format!("the cube is {}'s: only its owner may double", side.other())
        } else if self.m.phase() == Phase::ToPlay {
            format!("double before rolling, not after ({now})")
        } else if self.m.phase() == Phase::Rolling {
            format!("{side} chose to roll ({now})")
        } else {
            format!("{side} may not double now ({now})")
        }
    }

    /// The position after `side` offers to resign `kind` (and the computer's answer, when it
    /// decides for the other side).
    ///
    /// # Errors
    /// A message when no game is in play or `side` is not the one to act.
    pub fn resign(&self, kind: WinKind) -> Result<MatchGame, String> {
        if !matches!(
            self.m.phase(),
            Phase::ToRoll | Phase::Rolling | Phase::ToPlay
        ) {
            return Err(format!(
                "resign on your own turn, before rolling or with the dice to play ({})",
                self.expecting()
            ));
        }
        let mut next = self.clone();
        next.events.clear();
        next.m
            .offer_resignation(self.on_roll(), kind)
            .map_err(|e| e.to_string())?;
        next.settle();
        Ok(next)
    }
}

impl MatchGame {
    /// The board diagram seen from `view`'s side: its home board bottom right, the points
    /// numbered as it counts them. Then the score, the cube and what comes next.
    pub fn diagram(&self, view: Side) -> String {
        let pos = self.shown_position();
        let text = if view == Side::X {
            pos.to_string()
        } else {
            // O's view: the board with the roles swapped, drawn, and the letters swapped back.
            match Backgammon::from_parts(pos.board().swapped(), pos.side().other(), None, 1) {
                Ok(mirror) => mirror
                    .to_string()
                    .chars()
                    .map(|c| match c {
                        'X' => 'O',
                        'O' => 'X',
                        c => c,
                    })
                    .collect(),
                Err(_) => pos.to_string(),
            }
        };
        let lines: Vec<&str> = text.lines().collect();
        // The diagram's last line (who is to roll, the cube) is replaced by the match's.
        let keep = lines.len().saturating_sub(1);
        let mut out: Vec<String> = lines.iter().take(keep).map(|l| (*l).to_owned()).collect();
        if view == Side::O {
            if let Some(last) = out.last_mut() {
                last.push_str("   (points numbered from O's side)");
            }
        }
        out.push(format!("{}; {}", self.score_line(), self.cube_line()));
        out.push(self.expecting());
        out.join("\n")
    }
}

impl fmt::Display for MatchGame {
    /// The diagram from X's side ([`MatchGame::diagram`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagram(Side::X))
    }
}

impl Game for MatchGame {
    type Move = Action;
    type MoveList = ArrayVec<Action, MAX_PLAYS>;
    type Notation = ActionText;
    type NotationError = NotationError;
    type IllegalMove = IllegalPlay;
    type Setup = MatchSetup;
    type SetupError = SetupError;
    type Chance = Throw;
    type ChanceNotation = ThrowText;

    fn name(&self) -> &'static str {
        "Backgammon"
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        self.m.turn()
    }

    /// The core's moves without the resignations (the `resign` command offers them).
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        match (self.m.phase(), self.m.position().dice()) {
            (Phase::ToPlay, Some(d)) => {
                for p in self.m.position().plays(d) {
                    moves.push(Action::Play(p));
                }
            }
            _ => {
                for &a in self.m.moves().iter() {
                    if !matches!(a, Action::Resign(_)) {
                        moves.push(a);
                    }
                }
            }
        }
    }

    fn count_legal_moves(&self) -> usize {
        match (self.m.phase(), self.m.position().dice()) {
            (Phase::ToPlay, Some(d)) => self.m.position().count_plays(d),
            _ => self.moves().len(),
        }
    }

    fn nth_legal_move(&self, n: usize) -> Option<Action> {
        match (self.m.phase(), self.m.position().dice()) {
            (Phase::ToPlay, Some(d)) => self.m.position().plays(d).get(n).map(|&p| Action::Play(p)),
            _ => self.moves().get(n).copied(),
        }
    }

    fn is_legal(&self, mv: Action) -> bool {
        !matches!(mv, Action::Resign(_)) && self.m.is_legal(mv)
    }

    fn play(&mut self, mv: Action) -> Result<(), IllegalPlay> {
        if !self.is_legal(mv) {
            return Err(match mv {
                Action::Play(p) if self.m.phase() == Phase::ToPlay => {
                    let mut pos = *self.m.position();
                    match pos.play(p) {
                        Err(e) => e,
                        Ok(()) => self.refusal(&mv),
                    }
                }
                _ => self.refusal(&mv),
            });
        }
        let mut next = self.clone();
        next.events.clear();
        let side = next.on_roll();
        next.act(mv)?;
        if mv == Action::Take {
            next.events.push(format!(
                "{} owns the cube at {}",
                side.other(),
                next.m.cube_value()
            ));
        }
        next.settle();
        *self = next;
        Ok(())
    }

    fn play_unchecked(&mut self, mv: Action) {
        // Checked anyway: an illegal action leaves the position unchanged.
        let _ = self.play(mv);
    }

    fn resolve(&self, notation: &ActionText) -> Result<Action, IllegalPlay> {
        let action = match notation {
            ActionText::Word(a) => *a,
            ActionText::Play(n) => {
                if self.m.phase() != Phase::ToPlay {
                    return Err(illegal(format!(
                        "no checker play now: {}",
                        self.expecting()
                    )));
                }
                Action::Play(self.m.position().resolve(n)?)
            }
        };
        if self.is_legal(action) {
            Ok(action)
        } else {
            Err(self.refusal(&action))
        }
    }

    fn notation(&self, mv: Action) -> ActionText {
        match mv {
            Action::Play(p) => ActionText::Play(PlayNotation::of(&p)),
            other => ActionText::Word(other),
        }
    }

    fn chance_outcomes(&self) -> ChanceList<Throw> {
        self.m.chance_outcomes()
    }

    fn apply_chance(&mut self, outcome: Throw) -> Result<(), IllegalPlay> {
        if self.turn() != Turn::Chance {
            return Err(illegal(format!("no roll now: {}", self.expecting())));
        }
        let mut next = self.clone();
        next.events.clear();
        next.throw(outcome)?;
        next.settle();
        *self = next;
        Ok(())
    }

    fn resolve_chance(&self, notation: &ThrowText) -> Result<Throw, IllegalPlay> {
        self.m
            .resolve_chance(notation)
            .map_err(|_| illegal(format!("no roll {notation} now: {}", self.expecting())))
    }

    fn chance_notation(&self, outcome: Throw) -> ThrowText {
        self.m.chance_notation(outcome)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.m.outcome()
    }

    fn from_setup(setup: MatchSetup) -> Result<MatchGame, SetupError> {
        Ok(MatchGame {
            m: Match::from_setup(setup)?,
            computer: [false; 2],
            shown: None,
            events: Vec::new(),
        })
    }

    fn to_setup(&self) -> MatchSetup {
        self.m.to_setup()
    }
}

/// The hooks of `play` and `selfplay`: the rules, who the computer plays, typed dice.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MatchCli {
    /// Money game or match.
    pub rules: MatchRules,
    /// The sides the computer plays, `[X, O]`.
    pub computer: [bool; 2],
    /// The dice are typed in.
    pub manual_dice: bool,
}

impl MatchCli {
    /// What to type at a roll with typed dice.
    fn dice_hint(&self, pos: &MatchGame) -> Option<&'static str> {
        if !self.manual_dice || pos.turn() != Turn::Chance {
            return None;
        }
        Some(if pos.m.phase() == Phase::Opening {
            "type the opening roll, X's die then O's (e.g. 41), or roll to draw it"
        } else {
            "type the dice (e.g. 31), or roll to draw them"
        })
    }
}

impl MatchCli {
    /// The side the board is drawn from: the human's against the computer, else the side on
    /// roll's.
    fn view(&self, pos: &MatchGame) -> Side {
        match self.computer {
            [true, false] => Side::O,
            [false, true] => Side::X,
            _ => pos.on_roll(),
        }
    }
}

impl GameCli for MatchCli {
    type Game = MatchGame;
    type RecordError = boardgames_core::backgammon::record::TurnsError;
    type ReplayLines = NoLines;
    type MovesLines = NoLines;

    fn start(&self) -> MatchGame {
        let mut game = MatchGame::new(self.rules, self.computer);
        game.settle();
        game
    }

    /// Match files are read by `replay` and `convert` themselves (see `records`).
    fn formats(&self) -> Formats<'_, Self> {
        Vec::new()
    }

    fn replay_lines(&self) -> Option<NoLines> {
        None
    }

    fn moves_lines(&self) -> Option<NoLines> {
        None
    }

    fn manual_chance(&self) -> bool {
        self.manual_dice
    }

    /// The board from the human's side against the computer, else from the side on roll's
    /// (as gnubg numbers the points for the player on roll).
    fn render(&self, pos: &MatchGame, _colour: bool) -> String {
        let mut text = pos.diagram(self.view(pos));
        if let Some(hint) = self.dice_hint(pos) {
            text.push_str(&format!("\n{hint}"));
        } else if pos.asks_roll_or_double() {
            text.push_str("\ntype roll (or r), or double");
        } else if matches!(pos.turn(), Turn::Seat(_)) && pos.m.phase() == Phase::ToPlay {
            text.push_str("\ntype a play like 13/9 6/5, moves for the list, help for more");
        }
        text
    }

    /// After a decision that moves no checker (roll, double, take, reject), only the score,
    /// cube and what comes next: the board is as it was shown just before.
    fn render_after(
        &self,
        before: &MatchGame,
        step: Applied<MatchGame>,
        after: &MatchGame,
        colour: bool,
    ) -> String {
        let same_game = !matches!(after.m.phase(), Phase::Opening | Phase::Over(_));
        match step {
            Applied::Move(Action::Roll | Action::Double | Action::Take | Action::Reject)
                if same_game
                    && before.shown_position().board() == after.shown_position().board() =>
            {
                let full = self.render(after, colour);
                let lines: Vec<&str> = full.lines().collect();
                let from = lines
                    .iter()
                    .position(|l| l.starts_with(" 12 11 10"))
                    .map_or(0, |i| i + 1);
                lines[from..].join("\n")
            }
            _ => self.render(after, colour),
        }
    }

    /// `X`, or `X 31` for the side with dice to play, so that the prompt shows the roll.
    fn seat_name(&self, pos: &MatchGame, seat: Seat) -> String {
        let side = side_of(seat);
        match (pos.m.phase(), pos.m.position().dice()) {
            (Phase::ToPlay, Some(d)) if side == pos.on_roll() => format!("{side} {d}"),
            _ => side.to_string(),
        }
    }

    fn move_separator(&self) -> &'static str {
        ", "
    }

    fn describe_step(
        &self,
        before: &MatchGame,
        step: Applied<MatchGame>,
        after: &MatchGame,
    ) -> String {
        let side = before.on_roll();
        let mut text = match step {
            Applied::Chance(Throw::Opening { x, o }) => {
                let first = if x > o { Side::X } else { Side::O };
                let roll = Dice::new(x, o).map(|d| d.to_string()).unwrap_or_default();
                format!("opening roll X {x}, O {o}: {first} starts with {roll}")
            }
            Applied::Chance(Throw::Roll(d)) => format!("{side} rolls {d}"),
            Applied::Move(Action::Double) => format!(
                "double (the cube to {})",
                u32::from(before.m.cube_value()) * 2
            ),
            Applied::Move(a) => a.to_string(),
        };
        for e in after.events() {
            text.push_str("\n  ");
            text.push_str(e);
        }
        // A roll is not followed by the board: show it when it is now seen from the other
        // side (two players, O starting).
        if matches!(step, Applied::Chance(_)) && self.view(before) != self.view(after) {
            text.push('\n');
            text.push_str(&self.render(after, false));
        }
        text
    }

    fn describe_end(&self, pos: &MatchGame) -> String {
        if matches!(pos.m.phase(), Phase::Over(_)) {
            pos.result_words()
        } else {
            format!("goes on: {}", pos.expecting())
        }
    }

    /// One line per decision: `X 31: 8/5 6/5`, `O doubles`, with what happened in between
    /// (the end of each game, the match's result), and where it stands when not over.
    fn write_played(
        &self,
        start: &MatchGame,
        steps: &[Applied<MatchGame>],
        end: &MatchGame,
    ) -> String {
        let mut lines = vec![format!("# {}", start.score_line())];
        let mut pos = start.clone();
        let mut rolled: Option<(Side, Dice)> = None;
        for step in steps {
            let before = pos.clone();
            let ok = match step {
                Applied::Move(a) => pos.play(*a).is_ok(),
                Applied::Chance(c) => pos.apply_chance(*c).is_ok(),
            };
            if !ok {
                lines.push(format!("# stopped: {step} refused"));
                break;
            }
            let side = before.on_roll();
            match step {
                Applied::Chance(Throw::Roll(d)) => rolled = Some((side, *d)),
                Applied::Chance(Throw::Opening { x, o }) => {
                    lines.push(format!("opening X {x}, O {o}"));
                    if let Some(d) = Dice::new(*x, *o) {
                        rolled = Some((pos.on_roll(), d));
                    }
                }
                Applied::Move(Action::Play(p)) => match rolled.take() {
                    Some((s, d)) => lines.push(format!("{s} {d}: {p}")),
                    None => lines.push(format!("{side}: {p}")),
                },
                Applied::Move(Action::Roll) => {}
                Applied::Move(a) => {
                    let who = match before.turn() {
                        Turn::Seat(s) => side_of(s),
                        _ => side,
                    };
                    lines.push(format!("{who}: {a}"));
                }
            }
            for e in pos.events() {
                if e.contains("cannot move") {
                    rolled = None;
                }
                lines.push(e.clone());
            }
        }
        if !matches!(end.m.phase(), Phase::Over(_)) {
            lines.push(format!("# {}", self.describe_end(end)));
        }
        lines.join("\n")
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
                name: "id",
                help: "show the gnubg Position ID and Match ID",
            },
            CommandHelp {
                name: "score",
                help: "show the score, the cube and pip counts",
            },
        ]
    }

    fn command(
        &self,
        pos: &MatchGame,
        name: &str,
        args: &str,
    ) -> Option<Result<CommandOutput<MatchGame>, String>> {
        match name.to_ascii_lowercase().as_str() {
            "resign" => {
                let kind = match args.trim().to_ascii_lowercase().as_str() {
                    "" | "single" | "normal" | "s" | "1" => WinKind::Single,
                    "gammon" | "g" | "2" => WinKind::Gammon,
                    "backgammon" | "b" | "3" => WinKind::Backgammon,
                    other => {
                        return Some(Err(format!(
                            "{other:?}: resign single, resign gammon or resign backgammon"
                        )))
                    }
                };
                Some(pos.resign(kind).map(|next| {
                    let who = pos.on_roll();
                    let mut text = format!("{who} offers to resign {}", kind_words(kind));
                    for e in next.events() {
                        text.push_str("\n  ");
                        text.push_str(e);
                    }
                    CommandOutput::Replace(next, text)
                }))
            }
            // At a typed roll nobody may double (a side that may is asked first).
            "double" if pos.turn() == Turn::Chance => Some(Err(pos.why_no_double())),
            "id" | "ids" => {
                let (pid, mid) = pos.ids();
                Some(Ok(CommandOutput::Print(format!(
                    "Position ID: {pid}\nMatch ID:    {mid}\ngnubg ID:    {pid}:{mid}"
                ))))
            }
            "score" | "pips" | "cube" => {
                let b = pos.shown_position().board();
                Some(Ok(CommandOutput::Print(format!(
                    "{}\n{}\npips: X {}, O {}",
                    pos.score_line(),
                    pos.cube_line(),
                    b.pip_count(Side::X),
                    b.pip_count(Side::O)
                ))))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator for the test's choices.
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

    const DECISIONS: [Action; 7] = [
        Action::Roll,
        Action::Double,
        Action::Take,
        Action::Drop,
        Action::Accept,
        Action::Reject,
        Action::Resign(WinKind::Single),
    ];

    /// Checks the trait's promises at one position (as the core's conformance kit does; the
    /// setup gives the core's session back, not the sides the computer plays).
    fn check(pos: &MatchGame) {
        let moves = pos.moves();
        for (i, mv) in moves.iter().enumerate() {
            assert!(!moves[..i].contains(mv), "duplicate {mv}");
            assert!(pos.is_legal(*mv));
            assert_eq!(pos.nth_legal_move(i), Some(*mv));
            let mut child = pos.clone();
            assert!(child.play(*mv).is_ok(), "{mv} refused");
            let text = pos.notation(*mv).to_string();
            assert_eq!(pos.parse_move(&text).ok(), Some(*mv), "{text}");
        }
        assert_eq!(pos.count_legal_moves(), moves.len());
        for d in DECISIONS {
            if !moves.contains(&d) {
                let mut child = pos.clone();
                assert!(child.play(d).is_err(), "{d} accepted");
                assert_eq!(&child, pos, "a refused {d} changed the position");
            }
        }
        if pos.m.is_crawford() {
            assert!(
                !moves.contains(&Action::Double),
                "double in the Crawford game"
            );
        }
        match pos.turn() {
            Turn::Chance => {
                let outcomes = pos.chance_outcomes();
                let den = outcomes.first().map_or(1, |(_, p)| p.denominator);
                let sum: u32 = outcomes.iter().map(|(_, p)| p.numerator).sum();
                assert!(outcomes.iter().all(|(_, p)| p.denominator == den));
                assert_eq!(sum, den);
            }
            Turn::Over => {
                assert!(moves.is_empty());
                assert!(pos.outcome().is_some());
            }
            Turn::Seat(_) => {
                assert!(!moves.is_empty());
                assert!(pos.outcome().is_none());
            }
        }
        // The gnubg IDs read back to the same session.
        let id = pos.to_setup();
        let back = MatchGame::from_text(&id.to_string()).expect("IDs read back");
        assert_eq!(back.m, pos.m);
        assert!(pos.m.cube_value().is_power_of_two());
    }

    /// Random sessions with every decision typed (no computer side), resignations now and
    /// then; each must end with a winner and the score it says.
    #[test]
    fn random_sessions_keep_the_promises() {
        let mut rng = Lcg(7);
        let mut crawford_games = 0;
        for (n, rules) in [
            MatchRules::money(true),
            MatchRules::money(false),
            MatchRules::to_points(3),
            MatchRules::to_points(5),
        ]
        .into_iter()
        .cycle()
        .take(12)
        .enumerate()
        {
            let mut pos = MatchGame::new(rules, [false, false]);
            let mut steps = 0;
            while pos.turn() != Turn::Over {
                check(&pos);
                steps += 1;
                assert!(steps < 20_000, "session {n} does not end");
                if pos.m.is_crawford() && pos.m.phase() == Phase::Opening {
                    crawford_games += 1;
                }
                if rng.below(200) == 0 {
                    let kind =
                        [WinKind::Single, WinKind::Gammon, WinKind::Backgammon][rng.below(3)];
                    if let Ok(next) = pos.resign(kind) {
                        pos = next;
                        continue;
                    }
                }
                match pos.turn() {
                    Turn::Chance => {
                        let outcomes = pos.chance_outcomes();
                        let (c, _) = outcomes[rng.below(outcomes.len())];
                        pos.apply_chance(c).expect("listed outcome");
                    }
                    Turn::Seat(_) => {
                        let moves = pos.moves();
                        let mv = moves[rng.below(moves.len())];
                        pos.play(mv).expect("generated move");
                    }
                    Turn::Over => {}
                }
            }
            check(&pos);
            let winner = pos.m.winner().expect("a winner");
            let score = pos.m.score()[winner.index()];
            if rules.length > 0 {
                assert!(score >= rules.length);
            } else {
                assert!(score >= 1);
            }
        }
        assert!(crawford_games > 0, "no session reached the Crawford game");
    }
}
