//! The match files' replay ([`replay_matches`] over the records [`MatchText`] reads) as the
//! corpus tests check it: one game of a match text's syntax replayed alone, or a whole match
//! checked, each game's result flattened to what the tests compare with GNU Backgammon's
//! reading (plays, Position IDs, the end, the decisions). Builds without every feature use
//! part of it.
#![cfg_attr(not(all(feature = "serde", feature = "conformance")), allow(dead_code))]

use boardgames_core::backgammon::record::{
    replay_matches, GameRecord, GameReplay, MatchRecord, MatchText, ReplayError,
};
use boardgames_core::backgammon::{Ending, Match, MatchAction, Play, WinKind};
use boardgames_core::record::{Applied, Format, Record};

/// How a game ended by the rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndKind {
    /// The last checker borne off.
    Borne(WinKind),
    /// A double dropped.
    Drop,
    /// A resignation of 1, 2 or 3 times the cube.
    Resign(u8),
}

/// The end of a replayed game: winner 0 or 1 (the record's columns), points by the rules,
/// how, the cube then.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub winner: u8,
    pub points: u32,
    pub kind: EndKind,
    pub cube: u32,
}

/// The first action refused: its index among the game's actions, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    pub action: usize,
    pub reason: String,
}

/// One game replayed, flattened.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub plies: usize,
    /// Each checker play with the index of its action.
    pub plays: Vec<(usize, Play)>,
    /// The Position ID after each play.
    pub pid_after: Vec<String>,
    pub first_illegal: Option<Illegal>,
    pub end: Option<GameEnd>,
    /// Each decision: its action's index, the session before it (in its match), the decision.
    pub decisions: Vec<(usize, Match, MatchAction)>,
}

/// A game replay flattened.
pub fn flat(g: &GameReplay) -> Replayed {
    let upto = g.problem.as_ref().map_or(usize::MAX, |p| p.action);
    let played: Vec<(usize, Play, String)> = g
        .actions
        .iter()
        .enumerate()
        .take(upto)
        .filter_map(|(i, a)| a.played.clone().map(|(p, pid)| (i, p, pid)))
        .collect();
    Replayed {
        plies: g.plies(),
        plays: played.iter().map(|(i, p, _)| (*i, *p)).collect(),
        pid_after: played.into_iter().map(|(_, _, pid)| pid).collect(),
        first_illegal: g.problem.as_ref().map(|p| Illegal {
            action: p.action,
            reason: p.reason.to_string(),
        }),
        end: g.end.map(|(e, cube)| GameEnd {
            winner: e.winner.gnubg_player(),
            points: e.points,
            kind: match e.ending {
                Ending::BorneOff(k) => EndKind::Borne(k),
                Ending::Dropped => EndKind::Drop,
                Ending::Resigned { kind, .. } => EndKind::Resign(kind.multiplier() as u8),
            },
            cube,
        }),
        decisions: g.decisions().map(|(i, m, a)| (i, m.clone(), a)).collect(),
    }
}

/// Game `g` of a match to `length` points (0 money) replayed alone: it must have ended.
pub fn replay_game(g: &GameRecord, length: u32) -> Replayed {
    let rec = MatchRecord {
        tags: Vec::new(),
        match_length: length,
        games: vec![g.clone()],
    };
    let matches = replay_matches(&rec.to_records(), false);
    flat(&matches[0].games[0])
}

/// Every game of `rec` replayed and the match around them checked: the first problem, or
/// every game (the last may be unfinished).
pub fn check(rec: &MatchRecord) -> Result<Vec<Replayed>, ReplayError> {
    let matches = replay_matches(&rec.to_records(), true);
    let Some(m) = matches.first() else {
        return Ok(Vec::new());
    };
    match m.first_problem() {
        Some(e) => Err(e.clone()),
        None => Ok(m.games.iter().map(flat).collect()),
    }
}

/// Every game of `rec` replayed on its own terms (the last may be unfinished), with no check
/// of the match around them.
pub fn replay_match(rec: &MatchRecord) -> Vec<Replayed> {
    replay_matches(&rec.to_records(), true)
        .first()
        .map(|m| m.games.iter().map(flat).collect())
        .unwrap_or_default()
}

/// The match text of a session played through the match game.
pub fn session_text(start: &Match, steps: &[Applied<Match>]) -> String {
    let record = Record::of_game(start, steps).expect("the steps were played");
    MatchText
        .write(&[record])
        .expect("a session from an opening throw")
}
