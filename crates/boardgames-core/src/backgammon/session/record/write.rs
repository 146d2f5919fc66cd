//! Records of the match game written as match text's syntax ([`MatchRecord`]): each record's
//! steps walked through the session, with its notes for what the text said beside them.

use crate::backgammon::record::{Action, ActionKind, GameRecord, MatchRecord, Wins};
use crate::backgammon::{ActionText, Match, MatchAction, Phase, Side, ThrowText, WinKind};
use crate::record::{resolve_step, Applied, Record, Step};
use crate::{Game, Turn};

use super::notes;

/// The matches of `records`: a record with a `match` note starts a match block, and the
/// records after it without one are its later games; a record without notes (a played
/// session) is a block of its own.
pub(crate) fn matches_of(records: &[Record<Match>]) -> Vec<MatchRecord> {
    let mut out: Vec<MatchRecord> = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let starts = i == 0
            || record.notes.is_empty()
            || record.notes_at(0).any(|n| n.name == notes::MATCH)
            || records[i - 1].notes.is_empty();
        if starts {
            let mut tags = record.tags.clone();
            let rules = record.start.rules();
            if rules.is_money() && rules.jacoby {
                // The Jacoby rule, which the match file's replay honours.
                set_tag(&mut tags, "Jacoby", "On".to_owned());
            }
            out.push(MatchRecord {
                tags,
                match_length: u32::from(rules.length),
                games: Vec::new(),
            });
        }
        if let Some(block) = out.last_mut() {
            Writer::new(record, block).walk();
        }
    }
    for block in &mut out {
        set_rule_tags(block);
    }
    out
}

/// The game of one record (a game of a match file) as match text writes it, with the index
/// of the step each of its actions begins at (a roll at its decision to roll or its throw, a
/// resignation at its offer).
pub(crate) fn written_game(record: &Record<Match>) -> (GameRecord, Vec<usize>) {
    let mut block = MatchRecord::default();
    let mut writer = Writer::new(record, &mut block);
    writer.walk_steps();
    let starts = std::mem::take(&mut writer.starts);
    let game = block.games.into_iter().next().unwrap_or_default();
    (game, starts)
}

/// The tags match text keeps the rules in: `AutoDoubles` (a count per game) where a game
/// had any, in place when the text had it.
fn set_rule_tags(block: &mut MatchRecord) {
    if block.games.iter().any(|g| g.auto_doubles > 0) {
        let counts: Vec<String> = block
            .games
            .iter()
            .map(|g| g.auto_doubles.to_string())
            .collect();
        set_tag(&mut block.tags, "AutoDoubles", counts.join(" "));
    }
}

fn set_tag(tags: &mut Vec<(String, String)>, name: &str, value: String) {
    match tags.iter_mut().find(|(n, _)| n == name) {
        Some((_, v)) => *v = value,
        None => tags.push((name.to_owned(), value)),
    }
}

/// The record's player (0 for the left column) of a side.
fn player_of(side: Side) -> u8 {
    side.gnubg_player()
}

/// A cell kept as written (`52: 13/11 13/8`, `Doubles => 2`, ...) read back as an action.
fn kept_action(text: &str, player: u8) -> Action {
    let t = text.trim();
    let number = |rest: &str| {
        rest.trim()
            .trim_start_matches("=>")
            .trim()
            .parse::<u32>()
            .unwrap_or(0)
    };
    let kind = if let Some(rest) = t.strip_prefix("Doubles") {
        ActionKind::Double { cube: number(rest) }
    } else if let Some(rest) = t.strip_prefix("Beavers") {
        ActionKind::Beaver { cube: number(rest) }
    } else if t == "Takes" {
        ActionKind::Take
    } else if t == "Drops" {
        ActionKind::Drop
    } else if let Some(rest) = t.strip_prefix("Resigns") {
        ActionKind::Resign {
            value: u8::try_from(number(rest)).unwrap_or(1),
        }
    } else {
        let b = t.as_bytes();
        let die = |i: usize| b.get(i).map_or(0, |d| d.wrapping_sub(b'0'));
        ActionKind::Roll {
            dice: [die(0), die(1)],
            play: t.get(3..).unwrap_or("").trim().to_owned(),
        }
    };
    Action { player, kind }
}

/// One record walked into the games of its match block.
struct Writer<'a> {
    record: &'a Record<Match>,
    block: &'a mut MatchRecord,
    m: Match,
    /// Whether every step so far applied (after a refused step the rest is written as it
    /// stands).
    live: bool,
    /// The roll thrown whose play is still to come: the roller and the dice as written, and
    /// the step of the throw.
    pending: Option<(u8, [u8; 2], usize)>,
    /// The last game ended; the next step starts the next game.
    ended: bool,
    /// The step the action in progress began at, once one has.
    open: Option<usize>,
    /// The step being walked.
    at: usize,
    /// The step each action written began at, in order.
    starts: Vec<usize>,
}

impl<'a> Writer<'a> {
    fn new(record: &'a Record<Match>, block: &'a mut MatchRecord) -> Writer<'a> {
        Writer {
            record,
            block,
            m: record.start.clone(),
            live: true,
            pending: None,
            ended: false,
            open: None,
            at: 0,
            starts: Vec::new(),
        }
    }

    fn note(&self, at: usize, name: &str) -> Option<&'a str> {
        self.record
            .notes_at(at)
            .find(|n| n.name == name)
            .map(|n| n.value.as_str())
    }

    fn game(&mut self) -> &mut GameRecord {
        if self.block.games.is_empty() {
            self.new_game(0);
        }
        let last = self.block.games.len() - 1;
        &mut self.block.games[last]
    }

    /// Starts the game whose first step is `at`.
    fn new_game(&mut self, at: usize) {
        let number = self
            .note(at, notes::GAME)
            .and_then(|n| n.parse().ok())
            .unwrap_or(self.block.games.len() as u32 + 1);
        let name = |note: Option<&str>, side: Side| note.map_or(side.to_string(), str::to_owned);
        let players = [
            name(self.note(at, notes::PLAYER_1), Side::O),
            name(self.note(at, notes::PLAYER_2), Side::X),
        ];
        let s = self.m.score();
        let mut score = [u32::from(s[Side::O.index()]), u32::from(s[Side::X.index()])];
        if let Some((a, b)) = self.note(at, notes::SCORE).and_then(|v| v.split_once(' ')) {
            score = [a.parse().unwrap_or(score[0]), b.parse().unwrap_or(score[1])];
        }
        self.block.games.push(GameRecord {
            number,
            players,
            score,
            crawford: self.m.is_crawford(),
            auto_doubles: u32::from(self.m.auto_doubles_made()),
            ..GameRecord::default()
        });
    }

    /// Writes an action, begun at the step the action in progress began at.
    fn push(&mut self, player: u8, kind: ActionKind) {
        let start = self.open.take().unwrap_or(self.at);
        self.push_at(start, player, kind);
    }

    fn push_at(&mut self, start: usize, player: u8, kind: ActionKind) {
        self.starts.push(start);
        self.game().actions.push(Action { player, kind });
    }

    /// The roll thrown, written with the play `play` (as written at `at`, else `play`).
    fn roll(&mut self, at: usize, play: String) {
        if let Some((player, dice, _)) = self.pending.take() {
            let play = self.note(at, notes::PLAY).map_or(play, str::to_owned);
            self.push(player, ActionKind::Roll { dice, play });
        }
    }

    /// A roll thrown without a play step: its play as the note at its throw says.
    fn flush(&mut self) {
        if let Some((_, _, at)) = self.pending {
            let play = self.note(at, notes::PLAY).unwrap_or("").to_owned();
            self.roll(at, play);
        }
    }

    fn walk(mut self) {
        self.walk_steps();
    }

    fn walk_steps(&mut self) {
        if self.block.games.is_empty() || self.note(0, notes::GAME).is_some() {
            self.new_game(0);
        }
        for (i, step) in self.record.steps.iter().enumerate() {
            if let Some(v) = self.note(i, notes::RESIGN) {
                self.resign_note(i, v);
            }
            self.at = i;
            self.open.get_or_insert(i);
            self.step(i, step);
        }
        self.flush();
        let end = self.record.steps.len();
        if let Some(v) = self.note(end, notes::RESIGN) {
            self.resign_note(end, v);
        }
        if let Some((w, p)) = self.note(end, notes::WINS).and_then(|v| v.split_once(' ')) {
            let wins = Wins {
                winner: w.parse().unwrap_or(0),
                points: p.parse().unwrap_or(0),
            };
            self.game().wins = Some(wins);
        }
    }

    /// A resignation the text states where it could be no step, noted at step `at`.
    fn resign_note(&mut self, at: usize, value: &str) {
        if let Some((p, v)) = value.split_once(' ') {
            let value = v.parse().unwrap_or(1);
            self.push_at(at, p.parse().unwrap_or(0), ActionKind::Resign { value });
        }
    }

    fn step(&mut self, i: usize, step: &Step<Match>) {
        let player_note = self
            .note(i, notes::PLAYER)
            .and_then(|p| p.parse::<u8>().ok());
        let applied = if self.live {
            resolve_step(&self.m, step).ok().filter(|a| {
                let mut next = self.m.clone();
                a.apply(&mut next).is_ok()
            })
        } else {
            None
        };
        let Some(applied) = applied else {
            // A step refused after a game's end stays with that game.
            self.live = false;
            return self.refused(i, step, player_note);
        };
        if self.ended {
            self.ended = false;
            self.new_game(i);
        }
        let before = self.m.clone();
        if applied.apply(&mut self.m).is_err() {
            return;
        }
        self.applied(i, &before, applied);
        self.game_end(&before);
    }

    /// A step written as it stands: refused by the session, or kept as written.
    fn refused(&mut self, i: usize, step: &Step<Match>, player: Option<u8>) {
        match step {
            // The play of the roll just thrown (a play step follows its throw at once).
            Step::Written(text) if self.pending.is_some_and(|(_, _, at)| at + 1 == i) => {
                self.roll(i, text.clone());
            }
            Step::Written(text) => {
                self.flush();
                let Action { player, kind } = kept_action(text, player.unwrap_or(0));
                self.push(player, kind);
            }
            Step::Move(ActionText::Play(n)) => self.roll(i, n.to_string()),
            Step::Chance(ThrowText(a, b)) => {
                self.flush();
                let dice = self.dice_as_written(&self.m, i, *a, *b);
                let p = player.unwrap_or(0);
                self.pending = Some((p, dice, i));
                self.flush();
            }
            Step::Move(ActionText::Word(word)) => {
                self.flush();
                let p = player.unwrap_or(0);
                let cube = self.note(i, notes::CUBE).and_then(|c| c.parse().ok());
                let kind = match word {
                    MatchAction::Double => ActionKind::Double {
                        cube: cube.unwrap_or(u32::from(self.m.cube_value()) * 2),
                    },
                    MatchAction::Beaver => ActionKind::Beaver {
                        cube: cube.unwrap_or(u32::from(self.m.cube_value()) * 4),
                    },
                    MatchAction::Take => ActionKind::Take,
                    MatchAction::Drop => ActionKind::Drop,
                    _ => return,
                };
                self.push(p, kind);
            }
        }
    }

    /// The dice of throw `i` as the text wrote them, `before` the position it was thrown at:
    /// an opening throw high die first unless a note says otherwise.
    fn dice_as_written(&self, before: &Match, i: usize, a: u8, b: u8) -> [u8; 2] {
        if let Some(d) = self.note(i, notes::DICE) {
            let v: Vec<u8> = d.bytes().map(|c| c.wrapping_sub(b'0')).collect();
            if let [x, y] = v.as_slice() {
                return [*x, *y];
            }
        }
        if before.phase() == Phase::Opening {
            [a.max(b), a.min(b)]
        } else {
            [a, b]
        }
    }

    fn applied(&mut self, i: usize, before: &Match, applied: Applied<Match>) {
        let actor = match before.turn() {
            Turn::Seat(s) => player_of(if s.0 == 0 { Side::X } else { Side::O }),
            _ => player_of(before.side_on_roll()),
        };
        match applied {
            Applied::Chance(crate::backgammon::Throw::Opening { x, o }) if x == o => {
                self.game().auto_doubles += 1;
                self.open = None;
            }
            Applied::Chance(throw) => {
                let written = match self.record.steps[i] {
                    Step::Chance(ThrowText(a, b)) => self.dice_as_written(before, i, a, b),
                    _ => [0, 0],
                };
                let roller = match throw {
                    crate::backgammon::Throw::Opening { .. } => player_of(self.m.side_on_roll()),
                    crate::backgammon::Throw::Roll(_) => player_of(before.side_on_roll()),
                };
                self.pending = Some((roller, written, i));
                // No play step follows a roll that passed, nor one the player resigned after
                // (its play, if any, is noted at the throw).
                if self.m.phase() != Phase::ToPlay || self.note(i, notes::PLAY).is_some() {
                    self.flush();
                }
            }
            // The play as the step writes it (the record's own notation).
            Applied::Move(MatchAction::Play(_)) => {
                let text = self.record.steps[i].to_string();
                self.roll(i, text);
            }
            Applied::Move(MatchAction::Double) => {
                let cube = self.note(i, notes::CUBE).and_then(|c| c.parse().ok());
                let cube = cube.unwrap_or(u32::from(before.cube_value()).saturating_mul(2));
                self.push(actor, ActionKind::Double { cube });
            }
            Applied::Move(MatchAction::Beaver) => {
                let cube = self.note(i, notes::CUBE).and_then(|c| c.parse().ok());
                let cube = cube.unwrap_or(u32::from(self.m.cube_value()).saturating_mul(2));
                self.push(actor, ActionKind::Beaver { cube });
            }
            Applied::Move(MatchAction::Take) => self.push(actor, ActionKind::Take),
            Applied::Move(MatchAction::Drop) => self.push(actor, ActionKind::Drop),
            Applied::Move(MatchAction::Accept) => {
                if let Phase::ResignationOffered { kind, by, .. } = before.phase() {
                    let value = match kind {
                        WinKind::Single => 1,
                        WinKind::Gammon => 2,
                        WinKind::Backgammon => 3,
                    };
                    self.flush();
                    self.push(player_of(by), ActionKind::Resign { value });
                }
            }
            Applied::Move(MatchAction::Roll | MatchAction::Resign(_) | MatchAction::Reject) => {}
        }
    }

    /// The end of a game the session reached with the last step: its `Wins` line (a note's
    /// points win over the session's, which are not capped), then the next game.
    fn game_end(&mut self, before: &Match) {
        let (was, now) = (before.score(), self.m.score());
        let Some(winner) = Side::BOTH
            .into_iter()
            .find(|s| now[s.index()] > was[s.index()])
        else {
            return;
        };
        self.flush();
        let points = u32::from(now[winner.index()] - was[winner.index()]);
        // A file's game keeps its own Wins line, or none; a played game states its end.
        if self.record.notes.is_empty() {
            self.game().wins = Some(Wins {
                winner: player_of(winner),
                points,
            });
        }
        self.ended = true;
    }
}
