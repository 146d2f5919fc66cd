//! `analyse FILE`: a match file judged decision by decision by the engine
//! (`boardgames_ai::backgammon::judge_match`), with the marked errors and each player's
//! error rate; one JSON line per decision and per player with `--jsonl`.

use std::io::{self, BufRead, Write};
use std::path::Path;

use boardgames_ai::backgammon::{judge_game, BackgammonEngine, Judged, Mark, PlayerSummary};
use boardgames_cli::{input, Exit};
use boardgames_core::backgammon::record::{
    read_match_file, read_matches, replay_matches, MatchReplay,
};
use boardgames_core::backgammon::Side;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::records::{is_match_file, read_error};

/// One decision as a JSON line.
#[derive(Serialize)]
struct DecisionLine<'a> {
    game: u32,
    #[serde(rename = "move")]
    move_number: usize,
    player: u8,
    kind: &'static str,
    played: &'a str,
    best: &'a str,
    equity_lost: f64,
    mark: Option<&'static str>,
}

/// One player's summary as a JSON line.
#[derive(Serialize)]
struct PlayerLine<'a> {
    player: u8,
    name: &'a str,
    decisions: u32,
    plays: u32,
    equity_lost: f64,
    error_rate: f64,
    doubtful: u32,
    bad: u32,
    very_bad: u32,
}

fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// `analyse` (see the module docs and `--help`).
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn analyse(
    file: &Path,
    level: u8,
    jsonl: bool,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let text = match input::read_record_text(file, true, is_match_file, stdin, err)? {
        Ok(t) => t,
        Err(exit) => return Ok(exit),
    };
    let records = match read_match_file(&text) {
        Ok(r) if r.is_empty() => {
            // No game to analyse: the syntax's reason where it has one, as `replay` says it.
            match read_matches(&text) {
                Err(e) => writeln!(err, "error: {}: {e}", file.display())?,
                Ok(_) => writeln!(err, "error: {}", input::EMPTY_INPUT)?,
            }
            return Ok(Exit::BadInput);
        }
        Ok(r) => r,
        Err(e) => {
            writeln!(
                err,
                "error: {}",
                read_error(&file.display().to_string(), &e)
            )?;
            return Ok(Exit::BadInput);
        }
    };
    let engine = BackgammonEngine::shipped(level);
    let mut exit = Exit::Success;
    for rec in &replay_matches(&records, true) {
        if analyse_one(&engine, rec, jsonl, out, err)? != Exit::Success {
            exit = Exit::Failure;
        }
    }
    Ok(exit)
}

/// The player's name in `rec`'s games, or `player N`.
fn name_of(rec: &MatchReplay, player: u8) -> String {
    rec.games
        .first()
        .map(|g| g.players[usize::from(player)].trim().to_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| format!("player {}", player + 1))
}

fn analyse_one(
    engine: &BackgammonEngine<'_>,
    rec: &MatchReplay,
    jsonl: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    // The first problem of the match stops the analysis there: a game's moves are judged
    // up to an illegal one, and a game whose place in the match is wrong (its score, its
    // Crawford flag, after the end of the match) is not judged, nor any game after it.
    let decisions: usize = rec.games.iter().map(|g| g.decisions().count()).sum();
    let bar = ProgressBar::new(decisions as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} decisions, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut exit = Exit::Success;
    let mut totals = [PlayerSummary::default(); 2];
    let names = [name_of(rec, 0), name_of(rec, 1)];
    if !jsonl {
        let what = if rec.length > 0 {
            format!("{} point match", rec.length)
        } else {
            "money session".to_owned()
        };
        writeln!(
            out,
            "{what}: {} against {}, {}, engine level {}-ply",
            names[0],
            names[1],
            counted(rec.games.len(), "game"),
            engine.level().plies
        )?;
    }
    for (g, place) in rec.games.iter().zip(&rec.places) {
        if let Some(e) = place {
            writeln!(err, "{e} (analysed up to the game before)")?;
            exit = Exit::Failure;
            break;
        }
        let problem = g.problem.as_ref();
        if let Some(e) = problem {
            writeln!(err, "{e} (analysed up to there)")?;
            exit = Exit::Failure;
        }
        let judged: Vec<Judged> = judge_game(engine, g);
        bar.inc(g.decisions().count() as u64);
        if !jsonl {
            writeln!(
                out,
                "Game {} (score {}-{}{})",
                g.number,
                g.score[0],
                g.score[1],
                if g.crawford { ", Crawford" } else { "" }
            )?;
        }
        for j in &judged {
            let player = j.side.gnubg_player();
            totals[usize::from(player)].add(j);
            let move_number = g.actions.get(j.action).map_or(0, |a| a.move_number);
            if jsonl {
                let line = DecisionLine {
                    game: g.number,
                    move_number,
                    player,
                    kind: j.kind.name(),
                    played: &j.played,
                    best: &j.best,
                    equity_lost: round4(j.equity_lost),
                    mark: (j.mark != Mark::None).then(|| j.mark.name()),
                };
                writeln!(out, "{}", serde_json::to_string(&line).unwrap_or_default())?;
            } else if j.mark != Mark::None {
                writeln!(
                    out,
                    "  move {move_number:>3} {:<14} {:<7} {:<24} best {:<24} -{:.3} {}",
                    names[usize::from(player)],
                    j.kind.name(),
                    j.played,
                    j.best,
                    j.equity_lost,
                    j.mark.name()
                )?;
            }
        }
        if problem.is_some() {
            break;
        }
    }
    bar.finish_and_clear();
    for player in 0..2u8 {
        let t = &totals[usize::from(player)];
        if jsonl {
            let line = PlayerLine {
                player,
                name: &names[usize::from(player)],
                decisions: t.decisions,
                plays: t.plays,
                equity_lost: round4(t.equity_lost),
                error_rate: round4(t.error_rate()),
                doubtful: t.marks[0],
                bad: t.marks[1],
                very_bad: t.marks[2],
            };
            writeln!(out, "{}", serde_json::to_string(&line).unwrap_or_default())?;
        } else {
            writeln!(
                out,
                "{} ({}): {} ({}), equity lost {:.3}, error rate {:.1}; \
                 marked {} doubtful, {} bad, {} very bad",
                names[usize::from(player)],
                Side::from_gnubg_player(player),
                counted(t.decisions as usize, "decision"),
                counted(t.plays as usize, "checker play"),
                t.equity_lost,
                t.error_rate(),
                t.marks[0],
                t.marks[1],
                t.marks[2]
            )?;
        }
    }
    Ok(exit)
}

/// `1 game`, `2 games`.
fn counted(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
