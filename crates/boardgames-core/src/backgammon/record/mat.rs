//! Match text in the Jellyfish style (`.mat`, `.txt`), as GNU Backgammon and most servers
//! write and read it:
//!
//! ```text
//! ; [Site "BackgammonGalaxy"]
//!
//!  5 point match
//!
//!  Game 1
//!  P1 : 0                              P2 : 0
//!   1)                                 51: 24/23 13/8
//!   2) 21: 13/11 24/23                 Doubles => 2
//!   3)  Takes                          44: 25/21 11/7 11/7 8/4
//!   ...
//!       Wins 1 point
//! ```
//!
//! The left column is the first player named, the right column the second. Lines starting
//! with `#` are comments; a text may hold several matches one after another
//! ([`read_matches`]). Reading is
//! lenient (every variation met in real files is listed in `docs/backgammon.md`, "Match
//! files"): which column a cell belongs to is told by where it starts, not by exact widths;
//! a cell starts at a roll (`52:`), `Doubles => N`, `Beavers => N`, `Takes`, `Drops`, `Wins N point(s)`
//! (optionally `and the match`) or `Losses N point(s)`; any other text after a roll is its
//! play, kept verbatim. Writing lays out the columns as gnubg does.

use core::fmt::Write as _;

use super::model::{Action, ActionKind, GameRecord, MatchRecord, Wins};
use super::{RecordError, TextProblem};
use crate::backgammon::MAX_SCORE;
use crate::record::tags::{read_tag, write_tag, TagSyntax};

/// A cell starting this many columns or more after its line's start (the move number, or
/// the line's first column) is in the right-hand column. Left cells start within 7 columns
/// in every file seen, right cells at 28 or more.
const RIGHT_COLUMN: usize = 16;

/// Reads a match file.
///
/// # Errors
/// [`RecordError`] with the line and column of the first thing that cannot be read: a line
/// that is none of a tag, the match length, a game header, a score line, a numbered move
/// line or a result line; dice that are not two numbers 1-6; a cube value or a point count
/// that is not a number; actions before the first game.
pub fn read_match(text: &str) -> Result<MatchRecord, RecordError> {
    let mut rec = MatchRecord::default();
    let mut saw_length = false;
    let mut expect_score = false;
    let mut losses: Option<(usize, usize, u8, u32)> = None;
    for (li, raw) in text.lines().enumerate() {
        let line_no = li + 1;
        let line = raw.trim_end_matches('\r');
        let t = line.trim();
        let indent = line.len() - line.trim_start().len();
        let err = |col: usize, problem: TextProblem| RecordError::new(line_no, col + 1, problem);
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if let Some(rest) = t.strip_prefix(';') {
            if let Ok(Some(tag)) = read_tag(rest, TagSyntax::Loose) {
                rec.tags.push((tag.name, tag.value));
            }
            continue;
        }
        if expect_score {
            expect_score = false;
            let game = rec
                .games
                .last_mut()
                .ok_or_else(|| err(indent, TextProblem::NoGame))?;
            let (names, score) = parse_score_line(line).map_err(|(c, m)| err(c, m))?;
            game.players = names;
            game.score = score;
            continue;
        }
        if let Some(n) = length_line(t) {
            if saw_length || !rec.games.is_empty() {
                return Err(err(indent, TextProblem::SecondLength));
            }
            rec.match_length = n
                .trim()
                .parse()
                .ok()
                .filter(|&n| n <= u32::from(MAX_SCORE))
                .ok_or_else(|| err(indent, TextProblem::Length(n.trim().to_owned())))?;
            saw_length = true;
            continue;
        }
        if let Some(n) = t.strip_prefix("Game ") {
            if let Ok(number) = n.trim().parse::<u32>() {
                finish_game(&mut rec, &mut losses)?;
                rec.games.push(GameRecord {
                    number,
                    ..GameRecord::default()
                });
                expect_score = true;
                continue;
            }
        }
        let Some(game) = rec.games.last_mut() else {
            return Err(err(indent, TextProblem::NotAHeader(t.to_owned())));
        };
        for cell in split_cells(line).map_err(|(c, m)| err(c, m))? {
            let player = u8::from(cell.rel >= RIGHT_COLUMN);
            if game.wins.is_some() {
                return Err(err(cell.col, TextProblem::AfterResult));
            }
            match cell.kind {
                Cell::Roll(dice, play) => game.actions.push(Action {
                    player,
                    kind: ActionKind::Roll { dice, play },
                }),
                Cell::Double(cube) => game.actions.push(Action {
                    player,
                    kind: ActionKind::Double { cube },
                }),
                Cell::Beaver(cube) => game.actions.push(Action {
                    player,
                    kind: ActionKind::Beaver { cube },
                }),
                Cell::Take => game.actions.push(Action {
                    player,
                    kind: ActionKind::Take,
                }),
                Cell::Drop => game.actions.push(Action {
                    player,
                    kind: ActionKind::Drop,
                }),
                Cell::Wins(points) => {
                    game.wins = Some(Wins {
                        winner: player,
                        points,
                    });
                }
                Cell::Losses(points) => losses = Some((line_no, cell.col, player, points)),
            }
        }
    }
    if expect_score {
        return Err(RecordError::new(
            text.lines().count().max(1),
            1,
            TextProblem::NoScoreLine,
        ));
    }
    finish_game(&mut rec, &mut losses)?;
    if !saw_length && rec.games.is_empty() {
        return Err(RecordError::new(1, 1, TextProblem::Empty));
    }
    rec.mark_crawford();
    rec.mark_auto_doubles();
    Ok(rec)
}

/// Every match of a text that holds one or several, one after another (as `selfplay` writes
/// them): a match-length line after a game starts the next match, with the tag lines just
/// before it. A text of one match reads as [`read_match`] reads it.
///
/// # Errors
/// As [`read_match`], the line counted from the start of the whole text.
pub fn read_matches(text: &str) -> Result<Vec<MatchRecord>, RecordError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut starts = vec![0];
    let mut game_seen = false;
    // The first line of the run of tag, comment and blank lines before the current line.
    let mut run_start = None;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with(';') || t.starts_with('#') {
            run_start.get_or_insert(i);
            continue;
        }
        if length_line(t).is_some() && game_seen {
            starts.push(run_start.unwrap_or(i));
            game_seen = false;
        }
        game_seen |= t.starts_with("Game ");
        run_start = None;
    }
    if starts.len() == 1 {
        return read_match(text).map(|r| vec![r]);
    }
    starts.push(lines.len());
    starts
        .windows(2)
        .map(|w| {
            let part = lines[w[0]..w[1]].join("\n");
            read_match(&part).map_err(|mut e| {
                e.line += w[0];
                e
            })
        })
        .collect()
}

/// Folds a `Losses N point` line into the game's result: without a `Wins` line it names the
/// loser; with one, the points must agree (Galaxy writes it in either column).
fn finish_game(
    rec: &mut MatchRecord,
    losses: &mut Option<(usize, usize, u8, u32)>,
) -> Result<(), RecordError> {
    let Some((line, col, loser, points)) = losses.take() else {
        return Ok(());
    };
    let Some(game) = rec.games.last_mut() else {
        return Ok(());
    };
    match game.wins {
        None => {
            game.wins = Some(Wins {
                winner: 1 - loser,
                points,
            })
        }
        Some(w) if w.points != points => {
            return Err(RecordError::new(
                line,
                col + 1,
                TextProblem::LossesAndWins {
                    losses: points,
                    wins: w.points,
                },
            ))
        }
        Some(_) => {}
    }
    Ok(())
}

/// ` Name1 : 3        Name2 : 0`: the names and the scores.
fn parse_score_line(line: &str) -> Result<([String; 2], [u32; 2]), (usize, TextProblem)> {
    let bad = |c: usize| (c, TextProblem::NotAScoreLine(line.trim().to_owned()));
    let first = line.find(':').ok_or_else(|| bad(0))?;
    let last = line.rfind(':').ok_or_else(|| bad(0))?;
    if first == last {
        return Err(bad(first));
    }
    let name0 = line[..first].trim();
    let middle = &line[first + 1..last];
    let m = middle.trim_start();
    let digits = m.len() - m.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return Err(bad(first + 1));
    }
    let s0: u32 = m[..digits].parse().map_err(|_| bad(first + 1))?;
    // A mark follows the score after at most one space; a name is further away.
    let rest = &m[digits..];
    let spaces = rest.len() - rest.trim_start_matches(' ').len();
    let name1 = if spaces <= 1 {
        strip_crawford_mark(&rest[spaces..]).trim()
    } else {
        rest.trim()
    };
    let s1: u32 = strip_crawford_mark_end(line[last + 1..].trim())
        .trim()
        .parse()
        .map_err(|_| bad(last + 1))?;
    Ok(([name0.to_string(), name1.to_string()], [s0, s1]))
}

/// A Crawford mark some writers put after a score (`(Crawford)` or `*`), removed: the
/// Crawford game is derived from the scores.
fn strip_crawford_mark(s: &str) -> &str {
    const MARK: &str = "(crawford)";
    if s.len() >= MARK.len()
        && s.is_char_boundary(MARK.len())
        && s[..MARK.len()].eq_ignore_ascii_case(MARK)
    {
        return &s[MARK.len()..];
    }
    s.strip_prefix('*').unwrap_or(s)
}

fn strip_crawford_mark_end(s: &str) -> &str {
    const MARK: &str = "(crawford)";
    if s.len() >= MARK.len()
        && s.is_char_boundary(s.len() - MARK.len())
        && s[s.len() - MARK.len()..].eq_ignore_ascii_case(MARK)
    {
        return &s[..s.len() - MARK.len()];
    }
    s.strip_suffix('*').unwrap_or(s)
}

enum Cell {
    Roll([u8; 2], String),
    Double(u32),
    Beaver(u32),
    Take,
    Drop,
    Wins(u32),
    Losses(u32),
}

struct Placed {
    /// Column in the line, from 0.
    col: usize,
    /// Column relative to the logical line's start.
    rel: usize,
    kind: Cell,
}

/// The length of a match-length line (`5 point match`), trimmed, as written: `None` for a
/// line that does not end with `point match` / `points match`, or that starts as a move line
/// does (a move number or a cell), whose play may end with those words.
fn length_line(t: &str) -> Option<&str> {
    let n = t
        .strip_suffix("point match")
        .or_else(|| t.strip_suffix("points match"))?;
    let first = t.split_whitespace().next().unwrap_or("");
    (!is_number(first) && !starts_cell(first)).then_some(n)
}

/// Whether `tok` is a move number `12)`.
fn is_number(tok: &str) -> bool {
    tok.len() >= 2 && tok.ends_with(')') && tok[..tok.len() - 1].bytes().all(|b| b.is_ascii_digit())
}

/// Whether `tok` starts a roll: two digits then `:`.
fn is_roll(tok: &str) -> bool {
    let b = tok.as_bytes();
    b.len() >= 3 && b[0].is_ascii_digit() && b[1].is_ascii_digit() && b[2] == b':'
}

fn starts_cell(tok: &str) -> bool {
    is_roll(tok)
        || matches!(
            tok,
            "Doubles" | "Beavers" | "Takes" | "Drops" | "Wins" | "Losses"
        )
}

/// Splits a move line (or a result line) into its cells, each with its column.
fn split_cells(line: &str) -> Result<Vec<Placed>, (usize, TextProblem)> {
    // Whitespace-separated tokens with their columns.
    let mut toks: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                toks.push((s, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        toks.push((s, &line[s..]));
    }
    // A roll glued to what follows (`52:24/20`, `42:54:`) is a token of its own.
    let mut k = 0;
    while k < toks.len() {
        let (c, t) = toks[k];
        if is_roll(t) && t.len() > 3 {
            toks[k] = (c, &t[..3]);
            toks.insert(k + 1, (c + 3, &t[3..]));
        }
        k += 1;
    }
    let mut cells = Vec::new();
    let mut anchor = 0usize;
    let mut i = 0;
    let first_is_number = toks.first().is_some_and(|t| is_number(t.1));
    if !first_is_number && toks.first().is_some_and(|t| !starts_cell(t.1)) {
        let (c, t) = toks[0];
        return Err((c, TextProblem::NotAMoveLine(t.to_owned())));
    }
    while i < toks.len() {
        let (col, tok) = toks[i];
        if is_number(tok) {
            anchor = col;
            i += 1;
            continue;
        }
        if !starts_cell(tok) {
            return Err((col, TextProblem::NotACell(tok.to_owned())));
        }
        // The cell runs to the next cell start or move number.
        let mut j = i + 1;
        while j < toks.len() && !starts_cell(toks[j].1) && !is_number(toks[j].1) {
            j += 1;
        }
        // A roll's play may contain what looks like a move number only inside an
        // `Illegal play (...)` dump; such dumps contain no spaces, so no special case.
        let rest_end = if j < toks.len() {
            toks[j].0
        } else {
            line.len()
        };
        let body = &line[col..rest_end];
        let kind = parse_cell(tok, body).map_err(|m| (col, m))?;
        cells.push(Placed {
            col,
            rel: col - anchor,
            kind,
        });
        i = j;
    }
    Ok(cells)
}

fn number_after(words: &str, what: &'static str) -> Result<u32, TextProblem> {
    let w = words.split_whitespace().next().unwrap_or("");
    w.parse().map_err(|_| TextProblem::NotANumber {
        what,
        word: w.to_owned(),
    })
}

fn parse_cell(tok: &str, body: &str) -> Result<Cell, TextProblem> {
    if is_roll(tok) {
        let b = tok.as_bytes();
        let die = |d: u8| {
            let v = d - b'0';
            if (1..=6).contains(&v) {
                Ok(v)
            } else {
                Err(TextProblem::Die(tok.to_owned()))
            }
        };
        let dice = [die(b[0])?, die(b[1])?];
        let play = body[3..].trim().to_string();
        return Ok(Cell::Roll(dice, play));
    }
    let rest = body[tok.len()..].trim();
    match tok {
        "Doubles" => {
            let v = rest.strip_prefix("=>").unwrap_or(rest);
            Ok(Cell::Double(number_after(v, "Doubles => N")?))
        }
        "Beavers" => {
            let v = rest.strip_prefix("=>").unwrap_or(rest);
            Ok(Cell::Beaver(number_after(v, "Beavers => N")?))
        }
        "Takes" => Ok(Cell::Take),
        "Drops" => Ok(Cell::Drop),
        "Wins" => Ok(Cell::Wins(number_after(rest, "Wins N points")?)),
        _ => Ok(Cell::Losses(number_after(rest, "Losses N points")?)),
    }
}

/// Width of the left column, from the move number to the right-hand cell.
const LEFT_WIDTH: usize = 28;

fn cell_text(a: &Action) -> String {
    match &a.kind {
        ActionKind::Roll { dice, play } => {
            if play.is_empty() {
                format!("{}{}:", dice[0], dice[1])
            } else {
                format!("{}{}: {play}", dice[0], dice[1])
            }
        }
        ActionKind::Double { cube } => format!(" Doubles => {cube}"),
        ActionKind::Beaver { cube } => format!(" Beavers => {cube}"),
        ActionKind::Take => " Takes".to_string(),
        ActionKind::Drop => " Drops".to_string(),
        ActionKind::Resign { .. } => String::new(),
    }
}

fn points_text(points: u32) -> String {
    if points == 1 {
        "1 point".to_string()
    } else {
        format!("{points} points")
    }
}

/// Writes a match as Jellyfish-style text, laid out as gnubg writes it. Explicit
/// resignations ([`ActionKind::Resign`]) are not written: match text implies them by the
/// `Wins` line of an unfinished game.
#[must_use]
pub fn write_match(rec: &MatchRecord) -> String {
    let mut out = String::new();
    for (name, value) in &rec.tags {
        out.push_str("; ");
        write_tag(&mut out, name, value, TagSyntax::Loose);
    }
    if !rec.tags.is_empty() {
        out.push('\n');
    }
    let _ = writeln!(out, " {} point match\n", rec.match_length);
    for g in &rec.games {
        let _ = writeln!(out, " Game {}", g.number);
        let left = format!(" {} : {}", g.players[0], g.score[0]);
        // The second name at column 34, and at least two spaces after the first score (padded
        // by hand: a format width is limited, a name is not).
        let width = (LEFT_WIDTH + 5 + 1).max(left.len() + 2);
        let pad = " ".repeat(width.saturating_sub(left.chars().count()));
        let _ = writeln!(out, "{left}{pad}{} : {}", g.players[1], g.score[1]);
        // Lines: a left cell then a right cell; a new line whenever the next action cannot
        // go on the current one.
        let mut lines: Vec<[Option<String>; 2]> = Vec::new();
        for a in &g.actions {
            if matches!(a.kind, ActionKind::Resign { .. }) {
                continue;
            }
            let side = usize::from(a.player.min(1));
            let text = cell_text(a);
            let need_new = match lines.last() {
                None => true,
                Some(l) => side == 0 || l[1].is_some(),
            };
            if need_new {
                lines.push([None, None]);
            }
            if let Some(l) = lines.last_mut() {
                l[side] = Some(text);
            }
        }
        let wins_on_line = g.wins.filter(|w| w.winner == 1).is_some()
            && lines.last().is_some_and(|l| l[1].is_none());
        let n_lines = lines.len();
        for (k, l) in lines.iter().enumerate() {
            let left = l[0].clone().unwrap_or_default();
            let mut right = l[1].clone().unwrap_or_default();
            if k + 1 == n_lines && wins_on_line {
                if let Some(w) = g.wins {
                    right = format!(" Wins {}", points_text(w.points));
                }
            }
            // A line without a right-hand cell keeps the left column's padding, as Jellyfish
            // writes it: gnubg 1.07 misreads lines of 15 characters or fewer.
            let row = format!("{:>3}) {left:<w$} {right}", k + 1, w = LEFT_WIDTH);
            let keep = 5 + LEFT_WIDTH;
            let trimmed = row.trim_end();
            let _ = writeln!(
                out,
                "{}",
                if trimmed.len() < keep {
                    &row[..keep.min(row.len())]
                } else {
                    trimmed
                }
            );
        }
        if let Some(w) = g.wins {
            if !wins_on_line {
                let pad = if w.winner == 0 { 6 } else { LEFT_WIDTH + 6 };
                let _ = writeln!(out, "{:pad$}Wins {}", "", points_text(w.points));
            }
        }
        out.push('\n');
    }
    out
}
