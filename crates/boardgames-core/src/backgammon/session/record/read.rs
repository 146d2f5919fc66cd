//! Match text (as its syntax, [`MatchRecord`]) read into records of the match game: one
//! [`Record<Match>`] per game, starting at the game's opening throw with the score and the
//! Crawford game the text states, its steps as the session takes them.
//!
//! A match file leaves things implicit that the session makes explicit: the decision to roll
//! rather than double (written only as the roll), a forced play left out, a roll that cannot
//! be played (`Cannot Move`), who threw the opening dice. Reading resolves them by driving
//! the session through the game's own rules; what the text says that is no step (the game's
//! number and players, the `Wins` line, a play's own spelling) becomes a [`Note`]. At the first
//! action the rules refuse, the step is kept as it is (typed when it reads as notation) and
//! the rest of the game as steps kept as written, each with a `player` note, so that the
//! record writes back as it was read and its replay stops at that action.

use crate::backgammon::record::{Action, ActionKind, GameRecord, MatchRecord};
use crate::backgammon::{ActionText, Match, MatchAction, Phase, PlayNotation, Side, ThrowText};
use crate::record::{resolve_step, Note, Record, Step};
use crate::{Game, Turn};

use super::explain::kind_of;
use super::notes;

/// The records of one match: one per game, in order, the match's header tags on each.
pub(crate) fn records_of(rec: &MatchRecord) -> Vec<Record<Match>> {
    rec.games
        .iter()
        .enumerate()
        .map(|(i, g)| game_record(rec, g, i == 0))
        .collect()
}

/// The session at the opening throw of game `g`: the match's rules, the score the game's
/// score line states and its Crawford flag; where those are no state of a session (a score
/// past the match length), the game alone as the money-like session of one game.
fn start_of(rec: &MatchRecord, g: &GameRecord) -> Match {
    let jacoby = rec.jacoby_rule();
    let beavers = rec.match_length == 0
        && g.actions
            .iter()
            .any(|a| matches!(a.kind, ActionKind::Beaver { .. }));
    let auto = if rec.match_length == 0 {
        g.auto_doubles.min(15) as u8
    } else {
        0
    };
    let alone = Match::one_game(g.crawford, jacoby, beavers, auto);
    // A game marked as the Crawford game stays one (no doubling) where the match cannot
    // say so.
    in_match(&alone, rec.match_length, g.score, g.crawford, jacoby)
        .filter(|m| m.is_crawford() == g.crawford)
        .unwrap_or(alone)
}

/// The session `game` (one game alone) with the match's state: `length` (0 money, `jacoby`
/// its rule), the score before the game by the record's player numbers, the Crawford game as
/// stated. `None` when that is no state a session can be in (a score past the length).
fn in_match(
    game: &Match,
    length: u32,
    score: [u32; 2],
    crawford: bool,
    jacoby: bool,
) -> Option<Match> {
    let mut setup = game.to_setup();
    let id = &mut setup.match_id;
    id.match_length = u16::try_from(length).ok()?;
    for player in 0..2u8 {
        let side = Side::from_gnubg_player(player);
        id.score[side.index()] = u16::try_from(score[usize::from(player)]).ok()?;
    }
    id.crawford = crawford && length > 0;
    id.jacoby = jacoby && length == 0;
    setup.into_match().ok()
}

/// The record of game `g` of `rec`.
fn game_record(rec: &MatchRecord, g: &GameRecord, first: bool) -> Record<Match> {
    let mut reader = Reader {
        record: Record::new(start_of(rec, g)),
        m: start_of(rec, g),
        stopped: false,
        player: 0,
    };
    reader.record.tags = rec.tags.clone();
    if first {
        reader.note(notes::MATCH, rec.match_length.to_string());
    }
    reader.note(notes::GAME, g.number.to_string());
    reader.note(notes::PLAYER_1, g.players[0].clone());
    reader.note(notes::PLAYER_2, g.players[1].clone());
    reader.note(notes::SCORE, format!("{} {}", g.score[0], g.score[1]));
    for (i, a) in g.actions.iter().enumerate() {
        // After the first refusal, and after the game's end, the rest is kept as written.
        if reader.stopped || a.player > 1 {
            reader.stopped = true;
            reader.kept(a);
            continue;
        }
        let resigns_next = match g.actions.get(i + 1) {
            Some(next) => matches!(next.kind, ActionKind::Resign { .. }),
            None => g.wins.is_some(),
        };
        reader.action(a, resigns_next);
    }
    if let Some(w) = g.wins {
        reader.note(notes::WINS, format!("{} {}", w.winner, w.points));
    }
    reader.record
}

/// Whether a play as written is no play: nothing, `????` or `Cannot Move`.
pub(crate) fn is_no_play(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t == "????" || t.eq_ignore_ascii_case("cannot move")
}

/// Whether a play as written is the pass: no play (see [`is_no_play`]) or the notation of
/// the pass (`pass`, `-`, `no move`).
pub(crate) fn passes(text: &str) -> bool {
    is_no_play(text)
        || text
            .trim()
            .parse::<PlayNotation>()
            .is_ok_and(|n| n.is_pass())
}

/// The side of a record's player (0, the left column, is gnubg's player 0, O).
fn side_of(player: u8) -> Side {
    Side::from_gnubg_player(player.min(1))
}

/// The cell of an action as match text writes it (`52: 13/11 13/8`, `Doubles => 2`,
/// `Takes`), for steps kept as written.
pub(crate) fn cell_text(a: &Action) -> String {
    match &a.kind {
        ActionKind::Roll { dice, play } if play.is_empty() => format!("{}{}:", dice[0], dice[1]),
        ActionKind::Roll { dice, play } => format!("{}{}: {play}", dice[0], dice[1]),
        ActionKind::Double { cube } => format!("Doubles => {cube}"),
        ActionKind::Beaver { cube } => format!("Beavers => {cube}"),
        ActionKind::Take => "Takes".to_owned(),
        ActionKind::Drop => "Drops".to_owned(),
        ActionKind::Resign { value } => format!("Resigns {value}"),
    }
}

/// One game read into its record, the session driven along.
struct Reader {
    record: Record<Match>,
    m: Match,
    /// Set at the first step the session refuses: the rest is kept as written.
    stopped: bool,
    /// The player of the action being read.
    player: u8,
}

impl Reader {
    /// A note at the next step.
    fn note(&mut self, name: &str, value: String) {
        let at = self.record.steps.len();
        self.record.notes.push(Note::new(at, name, value));
    }

    /// Adds `step` and plays it; at the first refusal the step stays, with a note of the
    /// player whose action it is, and reading stops.
    fn push(&mut self, step: Step<Match>) -> bool {
        let applied = resolve_step(&self.m, &step).ok().and_then(|a| {
            let mut next = self.m.clone();
            a.apply(&mut next).ok().map(|()| next)
        });
        self.record.steps.push(step);
        match applied {
            Some(next) => {
                // The game is over once the step scores it.
                self.stopped =
                    next.score() != self.m.score() || matches!(next.phase(), Phase::Over(_));
                self.m = next;
                true
            }
            None => {
                let at = self.record.steps.len() - 1;
                let player = self.player.to_string();
                self.record.notes.push(Note::new(at, notes::PLAYER, player));
                self.stopped = true;
                false
            }
        }
    }

    /// An action kept as written after reading stopped, with its player.
    fn kept(&mut self, a: &Action) {
        self.note(notes::PLAYER, a.player.to_string());
        self.record.steps.push(Step::Written(cell_text(a)));
    }

    /// Stops at an action the session cannot take from this player: kept as written.
    fn refuse(&mut self, a: &Action) {
        self.stopped = true;
        self.kept(a);
    }

    /// Whether the side of `player` is the one to decide now.
    fn deciding(&self, player: u8) -> bool {
        self.m.turn() == Turn::Seat(crate::Seat(side_of(player) as u8))
    }

    fn action(&mut self, a: &Action, resigns_next: bool) {
        self.player = a.player;
        match &a.kind {
            ActionKind::Roll { dice, play } => self.roll(a, *dice, play, resigns_next),
            ActionKind::Double { cube } => {
                self.decision(a, MatchAction::Double, *cube, |m| {
                    u32::from(m.cube_value()).saturating_mul(2)
                });
            }
            ActionKind::Beaver { cube } => {
                self.decision(a, MatchAction::Beaver, *cube, |m| {
                    u32::from(m.cube_value()).saturating_mul(4)
                });
            }
            ActionKind::Take => {
                self.decision(a, MatchAction::Take, 0, |_| 0);
            }
            ActionKind::Drop => {
                self.decision(a, MatchAction::Drop, 0, |_| 0);
            }
            ActionKind::Resign { value } => self.resign(a, *value),
        }
    }

    /// A cube decision by the player of `a`; `cube` is the value the text states (0 when it
    /// states none), noted where it is not `expected`'s.
    fn decision(
        &mut self,
        a: &Action,
        action: MatchAction,
        cube: u32,
        expected: fn(&Match) -> u32,
    ) {
        if !self.deciding(a.player) {
            return self.refuse(a);
        }
        if expected(&self.m) != cube {
            self.note(notes::CUBE, cube.to_string());
        }
        self.push(Step::Move(ActionText::Word(action)));
    }

    /// A resignation the text states, accepted: steps where the resigning side may resign
    /// now, else a note resolved by the match's replay.
    fn resign(&mut self, a: &Action, value: u8) {
        if !(1..=3).contains(&value) {
            return self.refuse(a);
        }
        let word = MatchAction::Resign(kind_of(value));
        if self.deciding(a.player) && self.m.is_legal(word) {
            if self.push(Step::Move(ActionText::Word(word))) {
                self.push(Step::Move(ActionText::Word(MatchAction::Accept)));
            }
            return;
        }
        // The game ends there: what follows is kept as written.
        self.note(notes::RESIGN, format!("{} {value}", a.player));
        self.stopped = true;
    }

    fn roll(&mut self, a: &Action, dice: [u8; 2], play: &str, resigns_next: bool) {
        let side = side_of(a.player);
        if self.m.phase() == Phase::Opening {
            // The player who starts has the higher die; the throw is written X's die first.
            let (hi, lo) = (dice[0].max(dice[1]), dice[0].min(dice[1]));
            let (x, o) = if side == Side::X { (hi, lo) } else { (lo, hi) };
            if dice[0] < dice[1] {
                self.note(notes::DICE, format!("{}{}", dice[0], dice[1]));
            }
            if !self.push(Step::Chance(ThrowText(x, o))) {
                self.note_at_last(notes::PLAY, play);
                return;
            }
        } else {
            if self.m.side_on_roll() != side || self.m.phase() == Phase::DoubleOffered {
                return self.refuse(a);
            }
            if self.m.turn() != Turn::Chance
                && !self.push(Step::Move(ActionText::Word(MatchAction::Roll)))
            {
                return self.kept(a);
            }
            if !self.push(Step::Chance(ThrowText(dice[0], dice[1]))) {
                self.note_at_last(notes::PLAY, play);
                return;
            }
        }
        self.play(play, resigns_next);
    }

    /// The play of the roll just thrown, as written.
    fn play(&mut self, text: &str, resigns_next: bool) {
        if self.m.phase() != Phase::ToPlay {
            // The roll could not be played: the session passed it with the throw. A play
            // written all the same is kept in the note, and the match's replay refuses it.
            if !text.is_empty() {
                self.note_at_last(notes::PLAY, text);
            }
            self.stopped |= !passes(text);
            return;
        }
        if is_no_play(text) {
            // The checker plays (resignations are legal too, and no play).
            let plays: Vec<MatchAction> = self
                .m
                .moves()
                .into_iter()
                .filter(|a| matches!(a, MatchAction::Play(_)))
                .collect();
            if let [only] = plays.as_slice() {
                if text.trim().is_empty() {
                    // A forced play the text leaves out.
                    self.note(notes::PLAY, text.to_owned());
                    self.push(Step::Move(self.m.notation(*only)));
                    return;
                }
            }
            if resigns_next {
                // The game ends in a resignation right after the roll.
                self.note_at_last(notes::PLAY, text);
                return;
            }
        }
        match text.trim().parse::<PlayNotation>() {
            Ok(n) => {
                if n.to_string() != text {
                    self.note(notes::PLAY, text.to_owned());
                }
                self.push(Step::Move(ActionText::Play(n)));
            }
            Err(_) => {
                self.push(Step::Written(text.to_owned()));
            }
        }
    }

    /// A note with the last step (the throw whose roll has no play step).
    fn note_at_last(&mut self, name: &str, value: &str) {
        let at = self.record.steps.len().saturating_sub(1);
        self.record.notes.push(Note::new(at, name, value));
    }
}
