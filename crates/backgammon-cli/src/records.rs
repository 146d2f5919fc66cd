//! `replay` and `convert` of the program: match records (a match file, Jellyfish-style `.mat`
//! / `.txt` text, or its JSON form) replayed and converted here, the simple one-turn-a-line
//! record and `replay --jsonl` by the kit (through [`BackgammonCli`]). The reading, writing
//! and rules checks are the library's (`boardgames_core::backgammon::record`).

use std::io::{self, BufRead, Write};
use std::path::Path;

use boardgames_cli::{input, replay, Exit, ReplayArgs};
use boardgames_core::backgammon::record::replay::move_numbers;
use boardgames_core::backgammon::record::{
    read_matches, replay_game_in, ActionKind, EndKind, GameRecord, GameReplay, MatchRecord,
    ReplayError,
};
use boardgames_core::backgammon::{Backgammon, WinKind};

use crate::plain::BackgammonCli;

/// `replay FILE` (`-` for standard input), with the kit's replay options: with `jsonl`, the kit's batch loop over JSON-lines
/// game records; otherwise a match record through [`replay_match`] and anything else as a
/// simple record through the kit's replay. Match files from servers may carry player names
/// in a legacy 8-bit encoding: bytes that are not UTF-8 become U+FFFD instead of refusing the
/// file.
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn replay(
    args: &ReplayArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let game = BackgammonCli {
        start: Backgammon::new(),
        roll: None,
    };
    let (file, quiet, only) = (args.file.as_path(), args.quiet, args.game);
    if args.jsonl {
        return replay::replay(&game, args, stdin, out, err);
    }
    let text = match read_record_text(file, stdin, err)? {
        Ok(t) => t,
        Err(exit) => return Ok(exit),
    };
    if is_match_record(&text) {
        return replay_match(&text, file, quiet, only, out, err);
    }
    replay::replay(
        &game,
        args,
        &mut io::Cursor::new(text.into_bytes()),
        out,
        err,
    )
}

/// The text of a record file read as `replay` and `convert` read it: match files from
/// servers may carry player names in a legacy 8-bit encoding, so bytes that are not UTF-8
/// become U+FFFD in a match record; any other text that is not UTF-8 is refused as such.
pub fn read_record_text(
    file: &Path,
    stdin: &mut dyn BufRead,
    err: &mut dyn Write,
) -> io::Result<Result<String, Exit>> {
    let text = match input::read_text(file, true, stdin, err)? {
        Ok(t) => t,
        Err(exit) => return Ok(Err(exit)),
    };
    if text.contains('\u{FFFD}') && !is_match_record(&text) {
        writeln!(err, "error: {} is not UTF-8 text", file.display())?;
        return Ok(Err(Exit::BadInput));
    }
    Ok(Ok(text))
}

/// Whether `text` is a match record: JSON (`{`), or match text with an `N point match` or
/// `Game N` line.
fn is_match_record(text: &str) -> bool {
    if text.trim_start().starts_with('{') {
        return true;
    }
    text.lines().any(|l| {
        let t = l.trim();
        t.ends_with("point match")
            || t.strip_prefix("Game ")
                .is_some_and(|n| n.trim().parse::<u32>().is_ok())
    })
}

/// Reads match text or its JSON form (one match a line), one match or several.
pub fn read_any(text: &str) -> Result<Vec<MatchRecord>, String> {
    if !text.trim_start().starts_with('{') {
        return read_matches(text).map_err(|e| e.to_string());
    }
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.len() < 2 {
        let one = serde_json::from_str(text).map_err(|e| format!("not a JSON match record: {e}"));
        return one.map(|r| vec![r]);
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l)
                .map_err(|e| format!("line {}: not a JSON match record: {e}", i + 1))
        })
        .collect()
}

fn points(n: u32) -> String {
    if n == 1 {
        "1 point".into()
    } else {
        format!("{n} points")
    }
}

fn how(kind: EndKind) -> String {
    match kind {
        EndKind::Borne(WinKind::Single) => "single game".into(),
        EndKind::Borne(WinKind::Gammon) => "gammon".into(),
        EndKind::Borne(WinKind::Backgammon) => "backgammon".into(),
        EndKind::Drop => "double dropped".into(),
        EndKind::Resign(1) => "resigned a single game".into(),
        EndKind::Resign(2) => "resigned a gammon".into(),
        EndKind::Resign(_) => "resigned a backgammon".into(),
    }
}

/// `replay` of a match record: every game's actions (plays in gnubg notation with the
/// Position ID after them), its result and the score; the first problem stops the replay
/// with its game, move and reason on `err` and exit status 1.
///
/// # Errors
/// Only errors writing `out` or `err`.
fn replay_match(
    text: &str,
    name: &Path,
    quiet: bool,
    only: Option<u32>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let records = match read_any(text) {
        Ok(r) => r,
        Err(e) => {
            writeln!(err, "error: {}: {e}", name.display())?;
            return Ok(Exit::BadInput);
        }
    };
    let mut exit = Exit::Success;
    for (i, rec) in records.iter().enumerate() {
        if records.len() > 1 {
            writeln!(out, "== match {} of {}", i + 1, records.len())?;
        }
        if let Some(k) = only.filter(|&k| k as usize > rec.games.len()) {
            writeln!(
                err,
                "error: --game {k}: the match holds {} games",
                rec.games.len()
            )?;
            return Ok(Exit::BadInput);
        }
        if replay_one(rec, name, quiet, only, out, err)? != Exit::Success {
            exit = Exit::Failure;
        }
    }
    Ok(exit)
}

/// [`replay_match`] of one match record.
fn replay_one(
    rec: &MatchRecord,
    name: &Path,
    quiet: bool,
    only: Option<u32>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let n = rec.match_length;
    if n > 0 {
        writeln!(out, "{n} point match, {} games", rec.games.len())?;
    } else {
        writeln!(out, "money session, {} games", rec.games.len())?;
    }
    // The whole-match check first: scores between games and Crawford flags too.
    let checked = rec.check();
    let mut score = None;
    for (index, g) in rec.games.iter().enumerate() {
        // With --game N only the Nth game is shown; the others are still checked.
        let shown = only.is_none_or(|k| k as usize == index + 1);
        let who = |p: u8| {
            let name = g.players[usize::from(p.min(1))].as_str();
            if name.is_empty() {
                format!("player {}", p + 1)
            } else {
                name.to_string()
            }
        };
        let crawford = if g.crawford { " (Crawford game)" } else { "" };
        let out: &mut dyn Write = if shown { &mut *out } else { &mut io::sink() };
        writeln!(
            out,
            "Game {}: {} {} - {} {}{crawford}",
            g.number,
            who(0),
            g.score[0],
            who(1),
            g.score[1]
        )?;
        let r = replay_game_in(g, n, rec.jacoby_rule(), index + 1 == rec.games.len());
        if let Some(e) = match_problem(&checked, g, &r) {
            writeln!(err, "{}: {e}", name.display())?;
            return Ok(Exit::Failure);
        }
        if !quiet {
            let numbers = move_numbers(&g.actions);
            let upto = r
                .first_illegal
                .as_ref()
                .map_or(g.actions.len(), |b| b.action);
            let mut plays = r.plays.iter().zip(&r.pid_after).peekable();
            for (i, a) in g.actions.iter().enumerate().take(upto) {
                let line = numbers.get(i).copied().unwrap_or(0);
                let what = match &a.kind {
                    ActionKind::Roll { dice, .. } => match plays.peek() {
                        Some(((k, play), pid)) if *k == i => {
                            let s = format!("{}{}: {play}  [{pid}]", dice[0], dice[1]);
                            plays.next();
                            s
                        }
                        _ => format!("{}{}: (no play)", dice[0], dice[1]),
                    },
                    ActionKind::Double { cube } => format!("doubles => {cube}"),
                    ActionKind::Beaver { cube } => format!("beavers => {cube}"),
                    ActionKind::Take => "takes".into(),
                    ActionKind::Drop => "drops".into(),
                    ActionKind::Resign { value } => format!("resigns ({value} x cube)"),
                };
                writeln!(out, "{line:>4}) {}: {what}", who(a.player))?;
            }
        }
        if let Some(bad) = &r.first_illegal {
            let line = move_numbers(&g.actions)
                .get(bad.action)
                .or(move_numbers(&g.actions).last())
                .copied()
                .unwrap_or(0);
            writeln!(
                err,
                "{}: game {}, move {line}: {}",
                name.display(),
                g.number,
                bad.reason
            )?;
            return Ok(Exit::Failure);
        }
        if let Some(end) = r.end {
            let mut s = g.score;
            let w = usize::from(end.winner.min(1));
            let written = g.wins.map_or(end.points, |x| x.points);
            s[w] = s[w].saturating_add(written);
            writeln!(
                out,
                "  {} wins {} ({}, cube {}){}",
                who(end.winner),
                points(written),
                how(end.kind),
                end.cube,
                if written != end.points {
                    format!(", worth {} uncapped", end.points)
                } else {
                    String::new()
                }
            )?;
            score = Some((s, [who(0), who(1)]));
        }
    }
    if let Err(e) = checked {
        writeln!(err, "{}: {e}", name.display())?;
        return Ok(Exit::Failure);
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

/// The problem [`MatchRecord::check`] found with game `g`'s place in the match (its score,
/// its Crawford flag, a game after the end of the match), as opposed to a move of the game
/// that its own replay `r` refuses too: the first problem of a match may be either.
pub fn match_problem<'a>(
    checked: &'a Result<Vec<GameReplay>, ReplayError>,
    g: &GameRecord,
    r: &GameReplay,
) -> Option<&'a ReplayError> {
    let e = checked.as_ref().err()?;
    let same_move = r
        .first_illegal
        .as_ref()
        .is_some_and(|b| b.action == e.action && b.reason == e.reason);
    (e.game == g.number && !same_move).then_some(e)
}
