//! The analysis of a recorded match, decision by decision: each checker play and cube action
//! against the engine's choice, the equity it lost, a mark for the larger errors, and per
//! player the error rate (the average equity lost per decision, times 1000, as GNU
//! Backgammon and eXtreme Gammon report it).

use boardgames_core::backgammon::record::{GameReplay, MatchReplay};
use boardgames_core::backgammon::{Match, MatchAction, Side};
use boardgames_core::Game;

use super::cube::{CubeAction, CubeContext};
use super::engine::BackgammonEngine;

/// What kind of decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DecisionKind {
    /// A checker play (with more than one legal play).
    Play,
    /// Whether to double (counted when the side doubled or should have).
    Double,
    /// Whether to take a double.
    Take,
}

impl DecisionKind {
    /// The kind's name in reports: `play`, `double`, `take`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            DecisionKind::Play => "play",
            DecisionKind::Double => "double",
            DecisionKind::Take => "take",
        }
    }
}

/// How large an error is, by the equity lost (normalised to the cube): GNU Backgammon's
/// default thresholds, 0.04, 0.08 and 0.16.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// Less than 0.04 lost.
    None,
    /// 0.04 or more: doubtful (`?!`).
    Doubtful,
    /// 0.08 or more: bad (`?`).
    Bad,
    /// 0.16 or more: very bad (`??`).
    VeryBad,
}

impl Mark {
    /// The mark of `lost` equity.
    #[must_use]
    pub fn of(lost: f64) -> Mark {
        if lost >= 0.16 {
            Mark::VeryBad
        } else if lost >= 0.08 {
            Mark::Bad
        } else if lost >= 0.04 {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }

    /// Its name in reports: `""`, `doubtful`, `bad`, `very bad`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Doubtful => "doubtful",
            Mark::Bad => "bad",
            Mark::VeryBad => "very bad",
        }
    }
}

/// One decision judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The index of its action in the game's record.
    pub action: usize,
    /// The side that decided.
    pub side: Side,
    /// What was decided.
    pub kind: DecisionKind,
    /// What was played, in gnubg notation or a cube word (`double`, `no double`, `take`,
    /// `drop`).
    pub played: String,
    /// The engine's choice, in the same words.
    pub best: String,
    /// The equity the choice lost against the engine's, normalised to the cube (in a
    /// match, equivalent to money), never below 0.
    pub equity_lost: f64,
    /// The mark of the error.
    pub mark: Mark,
}

/// A player's totals over the decisions judged.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// Decisions judged.
    pub decisions: u32,
    /// Of them checker plays.
    pub plays: u32,
    /// Equity lost in all.
    pub equity_lost: f64,
    /// Decisions marked doubtful, bad, very bad.
    pub marks: [u32; 3],
}

impl PlayerSummary {
    /// Adds one decision.
    pub fn add(&mut self, j: &Judged) {
        self.decisions += 1;
        if j.kind == DecisionKind::Play {
            self.plays += 1;
        }
        self.equity_lost += j.equity_lost;
        match j.mark {
            Mark::Doubtful => self.marks[0] += 1,
            Mark::Bad => self.marks[1] += 1,
            Mark::VeryBad => self.marks[2] += 1,
            Mark::None => {}
        }
    }

    /// The error rate: the equity lost per decision, times 1000 (0 without decisions).
    #[must_use]
    pub fn error_rate(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            1000.0 * self.equity_lost / f64::from(self.decisions)
        }
    }
}

/// Judges the decision `action` made at `m` (the session just before it); `None` for an
/// action that is not legal at `m`, a decision that is no choice (the only legal play) or a
/// plain roll when doubling was not worth considering (the engine does not double there).
#[must_use]
pub fn judge(engine: &BackgammonEngine<'_>, m: &Match, action: MatchAction) -> Option<Judged> {
    if !m.is_legal(action) {
        return None;
    }
    let side = m.position().side();
    let ctx = CubeContext::of(m);
    match action {
        MatchAction::Play(play) => {
            let ranked = engine.rank_plays(m);
            let best = ranked.first()?;
            if ranked.len() < 2 {
                return None;
            }
            let mine = ranked.iter().find(|p| p.play == play)?;
            let value = if mine.plies < best.plies {
                engine.evaluate_play(m, &mine.after, best.plies)
            } else {
                mine.value
            };
            let lost = (best.value - value).max(0.0);
            Some(Judged {
                action: 0,
                side,
                kind: DecisionKind::Play,
                played: play.to_string(),
                best: best.play.to_string(),
                equity_lost: lost,
                mark: Mark::of(lost),
            })
        }
        MatchAction::Roll | MatchAction::Double => {
            let d = engine.cube_decision(m);
            let doubled = action == MatchAction::Double;
            if !doubled && !d.action.doubles() && d.action != CubeAction::TooGood {
                return None;
            }
            let chosen = if doubled {
                d.double_take.min(d.double_drop)
            } else {
                d.no_double
            };
            let lost = (ctx.normalised(d.best()) - ctx.normalised(chosen)).max(0.0);
            let word = |double: bool| if double { "double" } else { "no double" };
            Some(Judged {
                action: 0,
                side,
                kind: DecisionKind::Double,
                played: word(doubled).to_owned(),
                best: word(d.action.doubles()).to_owned(),
                equity_lost: lost,
                mark: Mark::of(lost),
            })
        }
        MatchAction::Take | MatchAction::Drop => {
            let d = engine.cube_decision(m);
            let took = action == MatchAction::Take;
            // The taker's normalised equities are the doubler's negated.
            let (take, drop) = (
                -ctx.normalised(d.double_take),
                -ctx.normalised(d.double_drop),
            );
            let chosen = if took { take } else { drop };
            let lost = (take.max(drop) - chosen).max(0.0);
            let word = |t: bool| if t { "take" } else { "drop" };
            Some(Judged {
                action: 0,
                side: side.other(),
                kind: DecisionKind::Take,
                played: word(took).to_owned(),
                best: word(d.takes()).to_owned(),
                equity_lost: lost,
                mark: Mark::of(lost),
            })
        }
        _ => None,
    }
}

/// Every decision of one replayed game judged, in order (the replay's decisions up to its
/// first problem, if any), each in its match: the length, the score before the game, the
/// Crawford game.
#[must_use]
pub fn judge_game(engine: &BackgammonEngine<'_>, game: &GameReplay) -> Vec<Judged> {
    game.decisions()
        .filter_map(|(i, m, action)| {
            let mut j = judge(engine, m, action)?;
            j.action = i;
            Some(j)
        })
        .collect()
}

/// Every game of a replayed match judged: for each game, its decisions.
#[must_use]
pub fn judge_match(engine: &BackgammonEngine<'_>, replay: &MatchReplay) -> Vec<Vec<Judged>> {
    replay.games.iter().map(|g| judge_game(engine, g)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::backgammon::MatchRules;

    #[test]
    fn marks_by_gnubg_thresholds() {
        assert_eq!(Mark::of(0.0), Mark::None);
        assert_eq!(Mark::of(0.039), Mark::None);
        assert_eq!(Mark::of(0.04), Mark::Doubtful);
        assert_eq!(Mark::of(0.1), Mark::Bad);
        assert_eq!(Mark::of(0.5), Mark::VeryBad);
    }

    #[test]
    fn the_engines_own_play_loses_nothing_and_a_blunder_loses_much() {
        let engine = BackgammonEngine::shipped(1);
        let mut m = Match::new(MatchRules::money(false));
        m.apply_chance(m.parse_chance("31").unwrap()).unwrap();
        let best = engine.rank_plays(&m)[0].play;
        let j = judge(&engine, &m, MatchAction::Play(best)).unwrap();
        assert_eq!(j.equity_lost, 0.0);
        assert_eq!(j.mark, Mark::None);
        assert_eq!(j.played, "8/5 6/5");
        // 31 played 24/21 24/23: splitting the back checkers instead of making the 5-point.
        let split = m.parse_move("24/21 24/23").unwrap();
        let j = judge(&engine, &m, split).unwrap();
        assert!(j.equity_lost > 0.04, "{j:?}");
        assert_eq!(j.best, "8/5 6/5");
        let mut s = PlayerSummary::default();
        s.add(&j);
        assert_eq!(s.decisions, 1);
        assert!((s.error_rate() - 1000.0 * j.equity_lost).abs() < 1e-9);
        // An action that is not legal here (a drop with no double offered) is no decision.
        assert!(!m.is_legal(MatchAction::Drop));
        assert_eq!(judge(&engine, &m, MatchAction::Drop), None);
    }
}
