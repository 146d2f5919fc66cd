//! Backgammon, a money game or a match with the cube: the board as the checkers on each
//! point, the bar and borne off, the dice, the cube, the score and the pip counts; each play
//! with its checker steps; the record as a match file (what `backgammon-cli`'s `save`
//! writes of a session from the opening throw).
//!
//! Points are numbered from X's side (X moves from 24 down to 1, O from 1 up to 24); plays
//! are written, as everywhere, in the mover's own numbering. The board's JSON: `points`
//! (`[{"point": 1, "x": 0, "o": 2}, ...]`, 24 of them), `bar`, `off` and `pips` (`{"x": ..,
//! "o": ..}`), `dice` (`[high, low]` once rolled, else null), `cube` (`{"value", "owner": "x",
//! "o" or null, "can_double"}`), `score` (`[x, o]`), `match_length` (0: a money game),
//! `crawford`, `phase` (`opening`, `to_roll`, `rolling`, `double_offered`,
//! `resignation_offered`, `to_play`, `over`), `on_roll` (`x` or `o`), `plays` (each legal
//! play: `{"move": "24/18 13/11", "steps": [{"from": "24", "to": "18", "hit": false}]}`, the
//! steps in X's numbering, `bar` and `off` by name) and `last` (the last decision: `side`,
//! `move` and, for a play, its `steps`).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use boardgames_ai::backgammon::{BackgammonEngine, CubeAction, CubeContext, RankedPlay};
use boardgames_ai::registry::{match_level, match_player, Strength};
use boardgames_core::backgammon::record::MatchText;
use boardgames_core::backgammon::{
    EndOfGame, Ending, Match, MatchAction, Phase, Play, Side, Throw, WinKind, BAR,
};
use boardgames_core::record::{Applied, Format, Record};
use boardgames_core::{Game, Seat};
use serde::Serialize;

use super::to_json;
use crate::error::{ApiError, ErrorKind};
use crate::session::{CubeDecisionView, RankedMove, Thought, WebGame};

/// Both sides' counts.
#[derive(Serialize)]
struct PerSide {
    x: u32,
    o: u32,
}

/// A point and the checkers of each side on it.
#[derive(Serialize)]
struct PointView {
    point: u8,
    x: u8,
    o: u8,
}

/// A checker step in X's numbering.
#[derive(Serialize)]
struct StepView {
    from: String,
    to: String,
    hit: bool,
}

/// A decision with the checker steps of a play.
#[derive(Serialize)]
struct DecisionView {
    side: &'static str,
    #[serde(rename = "move")]
    text: String,
    steps: Vec<StepView>,
}

/// The cube.
#[derive(Serialize)]
struct CubeView {
    value: u16,
    owner: Option<&'static str>,
    can_double: bool,
}

/// The board as the page draws it.
#[derive(Serialize)]
struct Board {
    points: Vec<PointView>,
    bar: PerSide,
    off: PerSide,
    pips: PerSide,
    dice: Option<[u8; 2]>,
    cube: CubeView,
    score: [u16; 2],
    match_length: u16,
    crawford: bool,
    phase: &'static str,
    on_roll: &'static str,
    plays: Vec<DecisionView>,
    last: Option<DecisionView>,
    /// The game that the last decision ended, when it ended one (the next game of a match
    /// already started, its opening throw thrown).
    game_ended: Option<GameEndView>,
}

/// A game ended: who won, the points, how.
#[derive(Serialize)]
struct GameEndView {
    winner: &'static str,
    points: u32,
    how: String,
}

/// How a game ended, in words.
fn ending_words(end: &EndOfGame) -> String {
    let kind = |k: WinKind| match k {
        WinKind::Single => "a single game",
        WinKind::Gammon => "a gammon",
        WinKind::Backgammon => "a backgammon",
    };
    match end.ending {
        Ending::BorneOff(k) => format!("borne off: {}", kind(k)),
        Ending::Dropped => "the double dropped".to_owned(),
        Ending::Resigned { kind: k, by } => format!("{by} resigned {}", kind(k)),
    }
}

/// `x` or `o`.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::X => "x",
        Side::O => "o",
    }
}

/// A point of `side`'s numbering (`25` the bar, `0` off) in X's numbering.
fn slot_name(side: Side, slot: u8) -> String {
    match slot {
        0 => "off".to_owned(),
        s if usize::from(s) == BAR => "bar".to_owned(),
        s if side == Side::X => s.to_string(),
        s => (25 - s).to_string(),
    }
}

/// The steps of `play` by `side`, in X's numbering.
fn steps_of(side: Side, play: &Play) -> Vec<StepView> {
    play.steps()
        .map(|s| StepView {
            from: slot_name(side, s.from),
            to: slot_name(side, s.to),
            hit: s.hit,
        })
        .collect()
}

/// A decision of `side` as the page lists it.
fn decision(side: Side, action: MatchAction) -> DecisionView {
    DecisionView {
        side: side_name(side),
        text: action.to_string(),
        steps: match action {
            MatchAction::Play(p) => steps_of(side, &p),
            _ => Vec::new(),
        },
    }
}

/// The phase's name in the API.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Opening => "opening",
        Phase::ToRoll => "to_roll",
        Phase::Rolling => "rolling",
        Phase::DoubleOffered => "double_offered",
        Phase::ResignationOffered { .. } => "resignation_offered",
        Phase::ToPlay => "to_play",
        Phase::Over(_) => "over",
    }
}

/// The side that decides at `m` (the side seated to move).
fn decider(m: &Match) -> Side {
    match m.turn() {
        boardgames_core::Turn::Seat(Seat(1)) => Side::O,
        _ => Side::X,
    }
}

impl WebGame for Match {
    fn board(m: &Match, last: Option<(&Match, MatchAction)>) -> serde_json::Value {
        let pos = m.position();
        let b = pos.board();
        let per_side = |f: &dyn Fn(Side) -> u32| PerSide {
            x: f(Side::X),
            o: f(Side::O),
        };
        let side = decider(m);
        to_json(&Board {
            points: (1..=24u8)
                .map(|p| PointView {
                    point: p,
                    x: b.count(Side::X, usize::from(p)),
                    o: b.count(Side::O, usize::from(25 - p)),
                })
                .collect(),
            bar: per_side(&|s| u32::from(b.bar(s))),
            off: per_side(&|s| u32::from(b.off(s))),
            pips: per_side(&|s| b.pip_count(s)),
            dice: pos.dice().map(|d| [d.high(), d.low()]),
            cube: CubeView {
                value: m.cube_value(),
                owner: m.cube_owner().map(side_name),
                can_double: m.can_double(),
            },
            score: m.score(),
            match_length: m.rules().length,
            crawford: m.is_crawford(),
            phase: phase_name(m.phase()),
            on_roll: side_name(m.side_on_roll()),
            plays: m
                .moves()
                .iter()
                .map(|&action| decision(side, action))
                .collect(),
            last: last.map(|(before, action)| decision(decider(before), action)),
            game_ended: last
                .and_then(|(before, action)| before.ending_of(action))
                .map(|end| GameEndView {
                    winner: side_name(end.winner),
                    points: end.points,
                    how: ending_words(&end),
                }),
        })
    }

    /// The match file of the session from its opening throw (`backgammon-cli`'s record).
    fn record(start: &Match, steps: &[Applied<Match>], _end: &Match) -> String {
        let record = Record::of_game(start, steps).ok();
        let written = record.and_then(|r| MatchText.write(&[r]).ok());
        written.unwrap_or_else(|| "the session cannot be written as a match file".to_owned())
    }

    fn status(m: &Match) -> String {
        let side = m.side_on_roll();
        match m.phase() {
            Phase::Opening => "opening roll: each side throws one die".to_owned(),
            Phase::ToRoll if m.can_double() => format!("{side} to roll or double"),
            Phase::ToRoll | Phase::Rolling => format!("{side} to roll"),
            Phase::DoubleOffered => {
                format!("{} to take or drop the double", m.answering_side())
            }
            Phase::ResignationOffered { by, .. } => {
                format!("{} to accept or reject the resignation", by.other())
            }
            Phase::ToPlay => match m.position().dice() {
                Some(d) => format!("{side} to play {d}"),
                None => format!("{side} to play"),
            },
            Phase::Over(_) => match (m.winner(), m.end_of_game()) {
                (Some(w), Some(end)) => {
                    let [x, o] = m.score();
                    format!(
                        "game over: {w} wins ({} point{}; score X {x}, O {o})",
                        end.points,
                        if end.points == 1 { "" } else { "s" }
                    )
                }
                _ => "game over".to_owned(),
            },
        }
    }

    /// `O rolled 6-5: no legal play` for a roll that the rules passed at once.
    fn unplayable(before: &Match, outcome: Throw, after: &Match) -> Option<String> {
        let Throw::Roll(dice) = outcome else {
            return None;
        };
        let passed = before.phase() == Phase::Rolling && after.phase() == Phase::ToRoll;
        passed.then(|| {
            let (side, high, low) = (before.side_on_roll(), dice.high(), dice.low());
            format!("{side} rolled {high}-{low}: no legal play")
        })
    }

    fn seat_name(_m: &Match, seat: Seat) -> String {
        if seat.0 == 0 { "X" } else { "O" }.to_owned()
    }

    /// The match player of the registry at `level`, and the cubeful equity of the side to
    /// move as its engine values the position, with its plays ranked and its cube decision.
    /// The look-ahead is limited in plies, not in time; once `stop` is set (a stop, or the
    /// server's time for a move run out) every part stands on what it finished (plays
    /// ranked at the deepest stage done, the cube and the equity at 0 plies).
    fn think(
        positions: &[Match],
        steps: &[Applied<Match>],
        level: Option<u8>,
        _time: Duration,
        stop: Arc<AtomicBool>,
    ) -> Result<Thought, ApiError> {
        let strength = Strength {
            level,
            ..Strength::DEFAULT
        };
        let refused = |e: boardgames_ai::registry::RegistryError| {
            ApiError::new(ErrorKind::Engine, e.to_string())
        };
        let level = match_level(&strength).map_err(refused)?;
        let Some((m, _)) = positions.split_last() else {
            return Err(ApiError::new(ErrorKind::Engine, "no position"));
        };
        let mut player = match_player(&strength).map_err(refused)?;
        player.set_stop(Arc::clone(&stop));
        let (mut chosen, mut ranked) = player.choose_ranked(m);
        // The player offers a resignation once where it stands; asked again at a position
        // where that offer was rejected, it plays on.
        let rejected_here = steps.iter().zip(positions).any(|(step, before)| {
            matches!(step, Applied::Move(MatchAction::Resign(_))) && before == m
        });
        if rejected_here && matches!(chosen, Some(MatchAction::Resign(_))) {
            (chosen, ranked) = player.choose_ranked(m);
        }
        let action =
            chosen.ok_or_else(|| ApiError::new(ErrorKind::Engine, "the engine found no move"))?;
        let engine = player.engine().with_stop(&stop);
        if ranked.is_empty() {
            // The player resigned rather than play: the plays ranked all the same.
            ranked = engine.rank_plays(m);
        }
        let equity = engine.value_for(m, decider(m));
        // In a match the value is the chance of winning the match; in money play, points.
        let describe = if m.rules().length > 0 {
            format!(
                "match winning chance {:.1} % for {}",
                100.0 * equity,
                decider(m)
            )
        } else {
            format!("equity {equity:+.3} for {}", decider(m))
        };
        Ok(Thought {
            text: action.to_string(),
            score: Some(equity),
            describe,
            level,
            line: Vec::new(),
            ranked: ranked.iter().map(RankedMove::of).collect(),
            cube: cube_view(m, &engine),
        })
    }
}

/// The cube decision at `m` (before the roll, or a double offered) with its equities for
/// the side on roll, normalised to the cube.
fn cube_view(m: &Match, engine: &BackgammonEngine<'_>) -> Option<CubeDecisionView> {
    if !matches!(
        m.phase(),
        Phase::ToRoll | Phase::Rolling | Phase::DoubleOffered
    ) {
        return None;
    }
    let d = engine.cube_decision(m);
    let ctx = CubeContext::of(m);
    Some(CubeDecisionView {
        no_double: ctx.normalised(d.no_double),
        double_take: ctx.normalised(d.double_take),
        double_drop: ctx.normalised(d.double_drop),
        action: match d.action {
            CubeAction::NoCube => "no cube",
            CubeAction::NoDouble => "no double",
            CubeAction::DoubleTake => "double, take",
            CubeAction::DoublePass => "double, pass",
            CubeAction::TooGood => "too good",
        },
    })
}

impl RankedMove {
    /// A play as the engine ranked it.
    fn of(r: &RankedPlay) -> RankedMove {
        RankedMove {
            text: r.play.to_string(),
            equity: r.value,
            plies: r.plies,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::backgammon::MatchRules;

    /// The opening 6-2 of a money game, X to play.
    fn opening() -> Match {
        let mut m = Match::new(MatchRules::money(false));
        let throw = m.parse_chance("62").expect("a throw");
        m.apply_chance(throw).expect("the opening throw");
        m
    }

    #[test]
    fn a_stopped_thought_is_the_0_ply_one() {
        let m = opening();
        let time = Duration::from_secs(3600);
        let think = |level, stop: bool| {
            Match::think(
                std::slice::from_ref(&m),
                &[],
                Some(level),
                time,
                Arc::new(AtomicBool::new(stop)),
            )
            .expect("a thought")
        };
        let flat = think(1, false);
        let mut stopped = think(5, true);
        assert_eq!(stopped.level, 5);
        stopped.level = 1;
        // The play, its equity and every ranked play as level 1 (0 plies) gives them.
        assert_eq!(stopped, flat);
        assert!(flat.ranked.len() > 1, "{flat:?}");
    }

    #[test]
    fn a_roll_that_cannot_be_played_is_told() {
        use crate::session::{state_view, SeatPlayer};
        // X on roll with a checker on the bar and two on its 6-point; O's home board (X's
        // points 19 to 24) closed: no roll enters, so every roll of X is passed at once.
        let pos = format!("-{}B{}bbbbbbA", "-".repeat(5), "-".repeat(12));
        let start = Match::from_xgid(&format!("XGID={pos}:0:0:1:00:0:0:0:0:10")).expect("XGID");
        let mut rolling = start.clone();
        rolling.play(MatchAction::Roll).expect("X rolls");
        let throw = rolling.parse_chance("65").expect("a roll");
        let mut after = rolling.clone();
        after.apply_chance(throw).expect("the roll");
        assert_eq!(after.phase(), Phase::ToRoll);
        assert_eq!(after.side_on_roll(), Side::O);
        let told = Match::unplayable(&rolling, throw, &after);
        const TOLD: &str = "X rolled 6-5: no legal play";
        assert_eq!(told.as_deref(), Some(TOLD));
        // The state tells each seat to move what passed since it last moved: O to roll is
        // told, O to play (its roll since) not; X, after O's play, is told; once X rolls
        // again no more. A roll that can be played is never told.
        let mut positions = vec![start.clone(), rolling, after.clone()];
        let mut steps = vec![Applied::Move(MatchAction::Roll), Applied::Chance(throw)];
        let seats = [SeatPlayer::Human, SeatPlayer::Computer(None)];
        let told_now = |positions: &[Match], steps: &[Applied<Match>]| {
            state_view("g", "backgammon", 2, &seats, positions, steps).unplayable
        };
        assert_eq!(told_now(&positions, &steps), [TOLD]);
        let mut o_rolls = after.clone();
        o_rolls.play(MatchAction::Roll).expect("O rolls");
        let mut o_plays = o_rolls.clone();
        let o_throw = o_plays.parse_chance("31").expect("a roll");
        o_plays.apply_chance(o_throw).expect("the roll");
        let o_play = o_plays.moves()[0];
        let mut x_to_roll = o_plays.clone();
        x_to_roll.play(o_play).expect("O plays");
        positions.extend([o_rolls.clone(), o_plays.clone()]);
        steps.extend([Applied::Move(MatchAction::Roll), Applied::Chance(o_throw)]);
        assert!(told_now(&positions, &steps).is_empty());
        positions.push(x_to_roll.clone());
        steps.push(Applied::Move(o_play));
        assert_eq!(told_now(&positions, &steps), [TOLD]);
        let mut x_rolls = x_to_roll.clone();
        x_rolls.play(MatchAction::Roll).expect("X rolls again");
        positions.push(x_rolls);
        steps.push(Applied::Move(MatchAction::Roll));
        assert!(told_now(&positions, &steps).is_empty());
        assert_eq!(Match::unplayable(&o_rolls, o_throw, &o_plays), None);
        assert_eq!(Match::unplayable(&start, throw, &after), None);
    }
}
