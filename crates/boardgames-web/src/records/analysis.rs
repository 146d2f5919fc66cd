//! Backgammon match files opened: the replay of their games ([`match_file`]) and the analysis
//! of every decision by the engine (`boardgames_ai::backgammon::judge_match`, as the
//! program's `analyse` runs it): the equity each decision lost, its mark, the step of its
//! position in the replay, and each player's totals and error rate.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use boardgames_ai::backgammon::{
    judge_match, BackgammonEngine, DecisionKind, Judged, Mark, PlayerSummary,
};
use boardgames_core::backgammon::record::{GameReplay, MatchReplay};
use boardgames_core::backgammon::{Match, MatchAction};
use boardgames_core::record::Applied;
use serde::Serialize;

use super::{Replayed, Traced};

/// The engine level of an analysis when none is asked for: 1-ply, as the program's
/// `analyse`.
pub const DEFAULT_LEVEL: u8 = 2;

/// The analysis's work, to run on a blocking thread, cut short once its flag is set (the
/// rest of the decisions then judged at 0 plies).
pub type Analyser = Box<dyn FnOnce(Arc<AtomicBool>) -> Analysis + Send>;

/// One decision judged, as the chart draws it.
#[derive(Clone, Debug, Serialize)]
pub struct DecisionPoint {
    /// Its place among the decisions judged, from 0 (the chart's x).
    pub n: usize,
    /// The replay's step of the position where it was decided.
    pub step: usize,
    /// The game's number in its match (`Game N`).
    pub game: u32,
    /// The player (0 the match file's left column, 1 the right).
    pub player: u8,
    /// The player's side on the board: `x` or `o`.
    pub side: String,
    /// `play`, `double` or `take`.
    pub kind: &'static str,
    /// What was played.
    pub played: String,
    /// The engine's choice.
    pub best: String,
    /// The equity lost against the engine's choice, normalised to the cube (the chart's y).
    pub equity_lost: f64,
    /// `doubtful`, `bad`, `very bad`, or null.
    pub mark: Option<&'static str>,
}

/// A player's totals.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    /// The player (0 the left column, 1 the right).
    pub player: u8,
    /// The name the match file gives, or `player N`.
    pub name: String,
    /// The side on the board: `x` or `o`.
    pub side: String,
    /// Decisions judged.
    pub decisions: u32,
    /// Equity lost in all.
    pub equity_lost: f64,
    /// The equity lost per decision, times 1000.
    pub error_rate: f64,
    /// Decisions marked doubtful, bad, very bad.
    pub marks: [u32; 3],
}

/// The analysis of a match file.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The engine's level.
    pub level: u8,
    /// Every decision judged, in order.
    pub decisions: Vec<DecisionPoint>,
    /// Each player's totals.
    pub players: Vec<PlayerView>,
}

/// The replay of a match file's `matches`, each game under its number, its players and
/// their score, with the analysis of their decisions ([`analyse`]).
#[must_use]
pub fn match_file(matches: Vec<MatchReplay>) -> Replayed<Match> {
    let games = matches
        .iter()
        .flat_map(|m| &m.games)
        .map(|g| Traced {
            label: format!(
                "Game {}: {} {} - {} {}",
                g.number,
                name_in(g, 0),
                g.score[0],
                name_in(g, 1),
                g.score[1]
            ),
            positions: g.trace.positions.clone(),
            steps: g.trace.applied.clone(),
        })
        .collect();
    let matches = Arc::new(matches);
    Replayed::new("backgammon", games)
        .with_analysis(Arc::new(move |level, stop| analyse(&matches, level, stop)))
}

/// The name of `player` in game `g`, or `player N`.
fn name_in(g: &GameReplay, player: u8) -> String {
    let name = g.players[usize::from(player.min(1))].trim();
    if name.is_empty() {
        format!("player {}", player + 1)
    } else {
        name.to_owned()
    }
}

/// The step of game `g` where the judged decision `j` was made: from its action's first
/// step, the first of the decision's kind.
fn step_of(g: &GameReplay, j: &Judged) -> usize {
    let from = g.actions.get(j.action).map_or(0, |a| a.first_step);
    g.trace
        .applied
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, a)| {
            matches!(
                (j.kind, a),
                (DecisionKind::Play, Applied::Move(MatchAction::Play(_)))
                    | (
                        DecisionKind::Double,
                        Applied::Move(MatchAction::Roll | MatchAction::Double)
                    )
                    | (
                        DecisionKind::Take,
                        Applied::Move(MatchAction::Take | MatchAction::Drop | MatchAction::Beaver)
                    )
            )
        })
        .map_or(from, |(i, _)| i)
}

/// The analysis of `matches` at `level` (see the module docs); once `stop` is set, the
/// decisions left are judged at 0 plies, quickly.
#[must_use]
pub fn analyse(matches: &[MatchReplay], level: u8, stop: &AtomicBool) -> Analysis {
    let engine = BackgammonEngine::shipped(level).with_stop(stop);
    let mut decisions = Vec::new();
    let mut totals = [PlayerSummary::default(); 2];
    let mut names = [None, None];
    let mut first = 0;
    for m in matches {
        for (g, judged) in m.games.iter().zip(judge_match(&engine, m)) {
            for j in &judged {
                let player = j.side.gnubg_player().min(1);
                totals[usize::from(player)].add(j);
                names[usize::from(player)].get_or_insert_with(|| name_in(g, player));
                decisions.push(DecisionPoint {
                    n: decisions.len(),
                    step: first + step_of(g, j),
                    game: g.number,
                    player,
                    side: j.side.to_string().to_lowercase(),
                    kind: j.kind.name(),
                    played: j.played.clone(),
                    best: j.best.clone(),
                    equity_lost: j.equity_lost,
                    mark: (j.mark != Mark::None).then(|| j.mark.name()),
                });
            }
            first += g.trace.positions.len();
        }
    }
    let players = (0..2u8)
        .map(|p| {
            let t = &totals[usize::from(p)];
            PlayerView {
                player: p,
                name: names[usize::from(p)]
                    .clone()
                    .unwrap_or_else(|| format!("player {}", p + 1)),
                side: boardgames_core::backgammon::Side::from_gnubg_player(p)
                    .to_string()
                    .to_lowercase(),
                decisions: t.decisions,
                equity_lost: t.equity_lost,
                error_rate: t.error_rate(),
                marks: t.marks,
            }
        })
        .collect();
    Analysis {
        level,
        decisions,
        players,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::backgammon::record::{read_match_file, replay_matches};

    #[test]
    fn a_stopped_analysis_judges_at_0_plies() {
        let text = include_str!("../../../../examples/games/backgammon-galaxy-match.txt");
        let records = read_match_file(text).expect("the match file");
        let matches = replay_matches(&records, true);
        let judged = |level, stop| {
            let a = analyse(&matches, level, &AtomicBool::new(stop));
            serde_json::to_value(&a.decisions).expect("JSON")
        };
        let flat = judged(1, false);
        assert!(flat.as_array().is_some_and(|d| d.len() > 50), "{flat}");
        // Level 5 looks 3 plies ahead; stopped, every decision is judged as level 1 does.
        assert_eq!(judged(5, true), flat);
    }
}
