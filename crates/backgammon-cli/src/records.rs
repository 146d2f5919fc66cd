//! `replay` of the program: a match file (match text or its JSON form) through the kit as
//! records of the match game ([`MatchCli`], whose report is [`match_report`]); the simple
//! one-turn-a-line record and `replay --jsonl` through the kit as the checker game
//! ([`BackgammonCli`]). Reading, writing and the rules checks are the library's
//! (`boardgames_core::backgammon::record`).

use std::io::{self, BufRead, Write};

use boardgames_cli::{input, replay, Exit, Presentation, ReplayArgs};
use boardgames_core::backgammon::record::{
    replay_matches, GameReplay, MatchFileError, MatchJson, MatchReplay, MatchText,
};
use boardgames_core::backgammon::{Backgammon, Ending, Match, MatchRules, WinKind};
use boardgames_core::record::{Format, Record};

use crate::plain::BackgammonCli;
use crate::session::MatchCli;

/// Whether `text` is a match file: what the match formats detect.
pub fn is_match_file(text: &str) -> bool {
    MatchText.detect(text) || MatchJson.detect(text)
}

/// `replay FILE` (`-` for standard input) with the kit's options: a match file as the match
/// game's records, anything else as the checker game's simple record; `--jsonl` the kit's
/// batch loop. Match files from servers may carry player names in a legacy 8-bit encoding:
/// bytes that are not UTF-8 become U+FFFD instead of refusing the file.
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn replay(
    args: &ReplayArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let checker = BackgammonCli {
        start: Backgammon::new(),
        roll: None,
    };
    if args.jsonl {
        return replay::replay(&checker, args, stdin, out, err);
    }
    let text = match input::read_record_text(&args.file, true, is_match_file, stdin, err)? {
        Ok(t) => t,
        Err(exit) => return Ok(exit),
    };
    let mut text = io::Cursor::new(text.into_bytes());
    if is_match_file(std::str::from_utf8(text.get_ref()).unwrap_or("")) {
        let game = MatchCli::reader(Match::new(MatchRules::to_points(1)));
        return replay::replay(&game, args, &mut text, out, err);
    }
    replay::replay(&checker, args, &mut text, out, err)
}

/// How `replay` shows match files: the games of each match as one report
/// ([`match_report`]), a file that does not read named with the reason ([`read_error`]).
#[derive(Copy, Clone, Debug, Default)]
pub struct MatchFiles;

impl Presentation<Match, MatchFileError> for MatchFiles {
    fn read_error(&self, file: &str, error: &MatchFileError) -> String {
        read_error(file, error)
    }

    fn report(
        &self,
        records: &[Record<Match>],
        args: &ReplayArgs,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Option<io::Result<Exit>> {
        Some(match_report(records, args, out, err))
    }
}

/// The message for a match file that does not read: the file and the reason (a JSON record
/// on one line is not numbered).
pub fn read_error(file: &str, error: &MatchFileError) -> String {
    match error {
        MatchFileError::Json {
            lines: 1, message, ..
        } => format!("{file}: not a JSON match record: {message}"),
        e => format!("{file}: {e}"),
    }
}

/// `replay` of a match file's records: every game's actions (plays in gnubg notation with
/// the Position ID after them), its result and the score; the first problem stops the replay
/// with its game, move and reason on `err` and exit status 1.
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn match_report(
    records: &[Record<Match>],
    args: &ReplayArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let matches = replay_matches(records, true);
    let mut exit = Exit::Success;
    for (i, m) in matches.iter().enumerate() {
        if matches.len() > 1 {
            writeln!(out, "== match {} of {}", i + 1, matches.len())?;
        }
        if let Some(k) = args.game.filter(|&k| k as usize > m.games.len()) {
            writeln!(
                err,
                "error: --game {k}: the match holds {} games",
                m.games.len()
            )?;
            return Ok(Exit::BadInput);
        }
        if report_one(m, args, out, err)? != Exit::Success {
            exit = Exit::Failure;
        }
    }
    Ok(exit)
}

/// `1 point`, `2 points`.
fn points(n: u32) -> String {
    if n == 1 {
        "1 point".into()
    } else {
        format!("{n} points")
    }
}

/// How a game ended, in the report's words.
fn how(ending: Ending) -> &'static str {
    match ending {
        Ending::BorneOff(WinKind::Single) => "single game",
        Ending::BorneOff(WinKind::Gammon) => "gammon",
        Ending::BorneOff(WinKind::Backgammon) => "backgammon",
        Ending::Dropped => "double dropped",
        Ending::Resigned {
            kind: WinKind::Single,
            ..
        } => "resigned a single game",
        Ending::Resigned {
            kind: WinKind::Gammon,
            ..
        } => "resigned a gammon",
        Ending::Resigned { .. } => "resigned a backgammon",
    }
}

/// A player's name in game `g`: as its score line gives it, else `player N`.
fn who(g: &GameReplay, p: u8) -> String {
    let name = g.players[usize::from(p.min(1))].as_str();
    if name.is_empty() {
        format!("player {}", u16::from(p) + 1)
    } else {
        name.to_string()
    }
}

/// [`match_report`] of one match.
fn report_one(
    m: &MatchReplay,
    args: &ReplayArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let n = m.length;
    let file = args.file.display();
    if n > 0 {
        writeln!(out, "{n} point match, {} games", m.games.len())?;
    } else {
        writeln!(out, "money session, {} games", m.games.len())?;
    }
    let mut score = None;
    for (index, (g, place)) in m.games.iter().zip(&m.places).enumerate() {
        // With --game N only the Nth game is shown; the others are still checked.
        let shown = args.game.is_none_or(|k| k as usize == index + 1);
        let out: &mut dyn Write = if shown { &mut *out } else { &mut io::sink() };
        let crawford = if g.crawford { " (Crawford game)" } else { "" };
        writeln!(
            out,
            "Game {}: {} {} - {} {}{crawford}",
            g.number,
            who(g, 0),
            g.score[0],
            who(g, 1),
            g.score[1]
        )?;
        if let Some(e) = place {
            writeln!(err, "{file}: {e}")?;
            return Ok(Exit::Failure);
        }
        if !args.quiet {
            write_actions(g, out)?;
        }
        if let Some(bad) = &g.problem {
            writeln!(
                err,
                "{file}: game {}, move {}: {}",
                g.number, bad.move_number, bad.reason
            )?;
            return Ok(Exit::Failure);
        }
        if let Some((end, cube)) = g.end {
            let mut s = g.score;
            let w = end.winner.gnubg_player();
            let written = g.wins.map_or(end.points, |x| x.points);
            s[usize::from(w)] = s[usize::from(w)].saturating_add(written);
            let worth = if written == end.points {
                String::new()
            } else {
                format!(", worth {} uncapped", end.points)
            };
            writeln!(
                out,
                "  {} wins {} ({}, cube {cube}){worth}",
                who(g, w),
                points(written),
                how(end.ending),
            )?;
            score = Some((s, [who(g, 0), who(g, 1)]));
        }
    }
    if let Some((s, names)) = score {
        let verdict = match (0..2).find(|&i| n > 0 && s[i] >= n) {
            Some(i) => format!("{} wins the match", names[i]),
            None if n > 0 => "the match is not finished".into(),
            None => "end of the session".into(),
        };
        writeln!(
            out,
            "final score: {} {} - {} {}: {verdict}",
            names[0], s[0], names[1], s[1]
        )?;
    }
    Ok(Exit::Success)
}

/// The actions of game `g` replayed, one a line, up to its first problem.
fn write_actions(g: &GameReplay, out: &mut dyn Write) -> io::Result<()> {
    use boardgames_core::backgammon::record::ActionKind;
    let upto = g.problem.as_ref().map_or(g.actions.len(), |b| b.action);
    for w in g.actions.iter().take(upto) {
        let what = match &w.action.kind {
            ActionKind::Roll { dice, .. } => match &w.played {
                Some((play, pid)) => format!("{}{}: {play}  [{pid}]", dice[0], dice[1]),
                None => format!("{}{}: (no play)", dice[0], dice[1]),
            },
            ActionKind::Double { cube } => format!("doubles => {cube}"),
            ActionKind::Beaver { cube } => format!("beavers => {cube}"),
            ActionKind::Take => "takes".into(),
            ActionKind::Drop => "drops".into(),
            ActionKind::Resign { value } => format!("resigns ({value} x cube)"),
        };
        writeln!(
            out,
            "{:>4}) {}: {what}",
            w.move_number,
            who(g, w.action.player)
        )?;
    }
    Ok(())
}
