//! A conformance kit: checks that any [`Game`] keeps the trait's promises.
//!
//! Every game's tests call [`check_position`] on chosen positions and [`check_random_games`]
//! on random games from its start positions. The kit checks that
//!
//! * the generated moves have no duplicates, [`Game::count_legal_moves`] and
//!   [`Game::nth_legal_move`] agree with [`Game::legal_moves`];
//! * every generated move is accepted by [`Game::is_legal`] and [`Game::play`], and
//!   [`Game::play_unchecked`] gives the same position;
//! * every candidate move that was not generated is refused by both, and a refused move leaves
//!   the position unchanged (candidates come from the caller: e.g. every point of the board);
//! * a finished game has an outcome, no moves, and refuses every candidate; a running one has
//!   no outcome; an outcome names a team of the game, a win is worth at least 1 point, and
//!   there is a score per seat; every seat's team is one of the game's teams, and every
//!   team has a seat;
//! * equal positions (a move played and played unchecked, a setup read back) have equal
//!   [`Game::key`] and [`Game::zobrist`], and the distinct positions one move apart from a
//!   position have distinct keys;
//! * chance nodes list outcomes whose probabilities sum to one, each applicable;
//! * each move's notation parses and resolves back to the move;
//! * the setup, in value and in text, round-trips; with the `serde` feature,
//!   [`check_serde`] round-trips positions and moves through JSON;
//! * perft at depth 2 (`Game::count_replies`, which a game may answer in bulk) equals the sum
//!   of depth-1 counts over the children, each child played.

use std::collections::{HashMap, HashSet};

use rand::SeedableRng;

use crate::game::{Game, GameResult, Seat, Turn};
use crate::search::{count_replies_by_play, perft, random_chance, random_move};

/// A broken promise, with the position (printed by `Display`) and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("conformance failure: {what}\nin position:\n{position}")]
pub struct ConformanceError {
    /// What was wrong.
    pub what: String,
    /// The position where it happened, as its `Display` diagram.
    pub position: String,
}

/// What a run of the kit looked at.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Report {
    /// Positions checked.
    pub positions: usize,
    /// Generated moves played and checked.
    pub moves: usize,
    /// Non-generated candidates checked to be refused.
    pub refused: usize,
    /// Finished positions reached.
    pub finished: usize,
    /// Chance nodes checked.
    pub chance_nodes: usize,
}

fn fail<G: Game>(pos: &G, what: String) -> ConformanceError {
    ConformanceError {
        what,
        position: pos.to_string(),
    }
}

/// Checks every promise above on one position.
///
/// `candidates` are moves to try whether or not they are legal here (every point, every
/// move of some other position...): those not generated must be refused.
///
/// # Errors
/// The first [`ConformanceError`] found.
pub fn check_position<G: Game>(
    pos: &G,
    candidates: &[G::Move],
    report: &mut Report,
) -> Result<(), ConformanceError> {
    report.positions += 1;
    let moves = pos.moves();
    let set = check_move_list(pos, &moves)?;
    check_teams(pos)?;
    check_turn(pos, &moves, report)?;
    check_generated(pos, &moves, report)?;
    check_refused(pos, &set, candidates, report)?;
    check_setup(pos)?;
    check_perft(pos)
}

/// The generated moves have no duplicates, and their count and `nth_legal_move` agree with
/// them; the set of them.
fn check_move_list<G: Game>(
    pos: &G,
    moves: &[G::Move],
) -> Result<HashSet<G::Move>, ConformanceError> {
    let set: HashSet<G::Move> = moves.iter().copied().collect();
    if set.len() != moves.len() {
        return Err(fail(pos, format!("duplicate moves in {moves:?}")));
    }
    if pos.count_legal_moves() != moves.len() {
        return Err(fail(
            pos,
            format!(
                "count_legal_moves {} != {} generated",
                pos.count_legal_moves(),
                moves.len()
            ),
        ));
    }
    let nth: HashSet<G::Move> = (0..moves.len())
        .filter_map(|i| pos.nth_legal_move(i))
        .collect();
    if nth != set || pos.nth_legal_move(moves.len()).is_some() {
        return Err(fail(
            pos,
            "nth_legal_move does not enumerate the legal moves".into(),
        ));
    }
    Ok(set)
}

/// Every seat's team is one of the game's teams, and every team has a seat.
fn check_teams<G: Game>(pos: &G) -> Result<(), ConformanceError> {
    let teams = pos.team_count();
    let mut seated = vec![false; teams];
    for seat in 0..pos.seat_count() {
        let team = pos.team_of(Seat(u8::try_from(seat).unwrap_or(u8::MAX)));
        match seated.get_mut(usize::from(team.0)) {
            Some(t) => *t = true,
            None => {
                return Err(fail(
                    pos,
                    format!("seat {seat} is in team {} of {teams}", team.0),
                ))
            }
        }
    }
    if let Some(empty) = seated.iter().position(|&t| !t) {
        return Err(fail(pos, format!("team {empty} of {teams} has no seat")));
    }
    Ok(())
}

/// The outcome and the turn agree: a finished game has a valid outcome and no moves, a
/// chance node no moves and valid outcomes, a seat to move no outcome.
fn check_turn<G: Game>(
    pos: &G,
    moves: &[G::Move],
    report: &mut Report,
) -> Result<(), ConformanceError> {
    match pos.turn() {
        Turn::Over => {
            report.finished += 1;
            check_outcome(pos)?;
            if !moves.is_empty() {
                return Err(fail(pos, "moves generated after the game ended".into()));
            }
        }
        Turn::Chance => {
            report.chance_nodes += 1;
            if !moves.is_empty() {
                return Err(fail(pos, "moves generated at a chance node".into()));
            }
            check_chance(pos)?;
        }
        Turn::Seat(seat) => {
            if pos.outcome().is_some() {
                return Err(fail(pos, "outcome while a seat is to move".into()));
            }
            if seat.index() >= pos.seat_count() {
                return Err(fail(pos, format!("{seat} is not a seat of this game")));
            }
        }
    }
    Ok(())
}

/// A finished game's outcome: a score per seat, a win for a team of the game worth at least
/// a point.
fn check_outcome<G: Game>(pos: &G) -> Result<(), ConformanceError> {
    let teams = pos.team_count();
    let Some(outcome) = pos.outcome() else {
        return Err(fail(pos, "game over without an outcome".into()));
    };
    if outcome.scores.len() != pos.seat_count() {
        return Err(fail(
            pos,
            format!(
                "{} scores for {} seats",
                outcome.scores.len(),
                pos.seat_count()
            ),
        ));
    }
    if let GameResult::Win { winner, points } = outcome.result {
        if winner.0 as usize >= teams || points == 0 {
            return Err(fail(
                pos,
                format!(
                    "a win for team {} of {teams} worth {points} points",
                    winner.0
                ),
            ));
        }
    }
    Ok(())
}

/// Every generated move is accepted and played alike by `play` and `play_unchecked`, with
/// equal keys; distinct children have distinct keys; each move's notation resolves back to
/// it.
fn check_generated<G: Game>(
    pos: &G,
    moves: &[G::Move],
    report: &mut Report,
) -> Result<(), ConformanceError> {
    // Each child's key, with the first move that reached it.
    let mut keys: HashMap<u64, (G::Move, G)> = HashMap::new();
    for &mv in moves {
        report.moves += 1;
        let played = check_played(pos, mv)?;
        match keys.get(&played.key()) {
            Some((other, child)) if *child != played => {
                return Err(fail(
                    pos,
                    format!("the positions after {other} and {mv} differ but have the same key"),
                ))
            }
            Some(_) => {}
            None => {
                keys.insert(played.key(), (mv, played));
            }
        }
        let text = pos.notation(mv).to_string();
        match pos.parse_move(&text) {
            Ok(back) if back == mv => {}
            other => {
                return Err(fail(
                    pos,
                    format!("notation {text:?} of {mv:?} resolves to {other:?}"),
                ))
            }
        }
    }
    Ok(())
}

/// A generated move `mv` accepted by `is_legal` and `play`, and `play_unchecked` giving the
/// same position with the same keys: that position.
fn check_played<G: Game>(pos: &G, mv: G::Move) -> Result<G, ConformanceError> {
    if !pos.is_legal(mv) {
        return Err(fail(
            pos,
            format!("generated move {mv} refused by is_legal"),
        ));
    }
    let mut played = pos.clone();
    if let Err(e) = played.play(mv) {
        return Err(fail(
            pos,
            format!("generated move {mv} refused by play: {e}"),
        ));
    }
    let mut unchecked = pos.clone();
    unchecked.play_unchecked(mv);
    if unchecked != played {
        return Err(fail(pos, format!("play_unchecked({mv}) differs from play")));
    }
    if unchecked.key() != played.key() || unchecked.zobrist() != played.zobrist() {
        return Err(fail(
            pos,
            format!("equal positions after {mv} have different keys"),
        ));
    }
    Ok(played)
}

/// Every candidate not generated (not in `set`) is refused by `is_legal` and `play`, and
/// leaves the position as it was.
fn check_refused<G: Game>(
    pos: &G,
    set: &HashSet<G::Move>,
    candidates: &[G::Move],
    report: &mut Report,
) -> Result<(), ConformanceError> {
    for &mv in candidates {
        if set.contains(&mv) {
            continue;
        }
        report.refused += 1;
        if pos.is_legal(mv) {
            return Err(fail(
                pos,
                format!("is_legal accepts {mv}, which was not generated"),
            ));
        }
        let mut tried = pos.clone();
        if tried.play(mv).is_ok() {
            return Err(fail(
                pos,
                format!("play accepts {mv}, which was not generated"),
            ));
        }
        if tried != *pos {
            return Err(fail(pos, format!("refused move {mv} changed the position")));
        }
    }
    Ok(())
}

fn check_chance<G: Game>(pos: &G) -> Result<(), ConformanceError> {
    let outcomes = pos.chance_outcomes();
    if outcomes.is_empty() {
        return Err(fail(pos, "chance node without outcomes".into()));
    }
    // Sum of fractions == 1, exactly, with 128-bit cross-multiplication.
    let (mut num, mut den) = (0u128, 1u128);
    for (outcome, p) in &outcomes {
        if p.denominator == 0 || p.numerator == 0 || p.numerator > p.denominator {
            return Err(fail(pos, format!("outcome {outcome} has probability {p}")));
        }
        num = num * u128::from(p.denominator) + u128::from(p.numerator) * den;
        den *= u128::from(p.denominator);
        let g = gcd(num, den);
        num /= g;
        den /= g;
        let mut child = pos.clone();
        if let Err(e) = child.apply_chance(*outcome) {
            return Err(fail(pos, format!("listed outcome {outcome} refused: {e}")));
        }
        // Its notation, as a value and as text, resolves back to it.
        let notation = pos.chance_notation(*outcome);
        let by_value = pos.resolve_chance(&notation).ok();
        let by_text = pos.parse_chance(&notation.to_string()).ok();
        if by_value != Some(*outcome) || by_text != Some(*outcome) {
            return Err(fail(
                pos,
                format!("outcome {outcome}: its notation {notation} does not resolve back"),
            ));
        }
    }
    if num != den {
        return Err(fail(
            pos,
            format!("chance probabilities sum to {num}/{den}"),
        ));
    }
    Ok(())
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

fn check_setup<G: Game>(pos: &G) -> Result<(), ConformanceError> {
    let setup = pos.to_setup();
    match G::from_setup(setup.clone()) {
        Ok(back) if back == *pos => {
            if back.key() != pos.key() || back.zobrist() != pos.zobrist() {
                return Err(fail(
                    pos,
                    "the position read back from its setup has another key".into(),
                ));
            }
        }
        Ok(_) => {
            return Err(fail(
                pos,
                "from_setup(to_setup()) gives another position".into(),
            ))
        }
        Err(e) => return Err(fail(pos, format!("from_setup(to_setup()) fails: {e}"))),
    }
    let text = setup.to_string();
    match G::from_text(&text) {
        Ok(back) if back == *pos => Ok(()),
        Ok(_) => Err(fail(
            pos,
            format!("setup text {text:?} reads back as another position"),
        )),
        Err(e) => Err(fail(
            pos,
            format!("setup text {text:?} does not read back: {e}"),
        )),
    }
}

fn check_perft<G: Game>(pos: &G) -> Result<(), ConformanceError> {
    if !matches!(pos.turn(), Turn::Seat(_)) {
        return Ok(());
    }
    let total = perft(pos, 2);
    let by_child = count_replies_by_play(pos);
    if total != by_child {
        return Err(fail(
            pos,
            format!("perft(2) = {total} but the children sum to {by_child}"),
        ));
    }
    Ok(())
}

/// Plays `games` random games from `start` (seeded, so failures reproduce) for at most
/// `max_plies` moves each, running [`check_position`] on every position met, with
/// `candidates(pos)` giving the moves to try.
///
/// # Errors
/// The first [`ConformanceError`] found.
pub fn check_random_games<G, F>(
    start: &G,
    games: usize,
    max_plies: usize,
    seed: u64,
    mut candidates: F,
) -> Result<Report, ConformanceError>
where
    G: Game,
    F: FnMut(&G) -> Vec<G::Move>,
{
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut report = Report::default();
    for _ in 0..games {
        let mut pos = start.clone();
        let mut plies = 0;
        loop {
            let cands = candidates(&pos);
            check_position(&pos, &cands, &mut report)?;
            if plies >= max_plies {
                break;
            }
            match pos.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let Some(c) = random_chance(&pos, &mut rng) else {
                        break;
                    };
                    pos.apply_chance(c).map_err(|e| fail(&pos, e.to_string()))?;
                }
                Turn::Seat(_) => {
                    let Some(mv) = random_move(&pos, &mut rng) else {
                        break;
                    };
                    pos.play(mv).map_err(|e| fail(&pos, format!("{mv}: {e}")))?;
                    plies += 1;
                }
            }
        }
    }
    Ok(report)
}

/// Checks that a position and each of its legal moves survive a JSON round trip.
///
/// # Errors
/// A [`ConformanceError`] naming what did not round-trip.
#[cfg(feature = "serde")]
pub fn check_serde<G>(pos: &G) -> Result<(), ConformanceError>
where
    G: Game + serde::Serialize + serde::de::DeserializeOwned,
    G::Move: serde::Serialize + serde::de::DeserializeOwned,
{
    let json = serde_json::to_string(pos).map_err(|e| fail(pos, format!("serialize: {e}")))?;
    let back: G =
        serde_json::from_str(&json).map_err(|e| fail(pos, format!("deserialize {json}: {e}")))?;
    if back != *pos {
        return Err(fail(
            pos,
            format!("JSON {json} reads back as another position"),
        ));
    }
    for &mv in pos.moves().iter() {
        let json =
            serde_json::to_string(&mv).map_err(|e| fail(pos, format!("serialize {mv}: {e}")))?;
        let back: G::Move = serde_json::from_str(&json)
            .map_err(|e| fail(pos, format!("deserialize {json}: {e}")))?;
        if back != mv {
            return Err(fail(pos, format!("move JSON {json} reads back as {back}")));
        }
    }
    Ok(())
}
