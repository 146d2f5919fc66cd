//! What the engine says about a position, as text: `hint` (the ranked plays, or the cube
//! decision) and `eval` (the chances and equities at each depth), for the REPL and the
//! `hint` / `eval` commands.

use boardgames_ai::backgammon::{
    BackgammonEngine, CubeAction, CubeContext, CubeDecision, Level, MatchPlayer, Outcomes,
    RolloutSettings, Stakes,
};
use boardgames_core::backgammon::{Match, Phase, Side, WinKind};
use boardgames_core::player::Player;

/// The five chances as gnubg lists them: `win w-gammon w-backgammon - lose l-gammon
/// l-backgammon`, in per cent.
pub fn chances_line(c: &Outcomes) -> String {
    // In per cent, never "-0.0" (a chance a hair below zero or one).
    let pct = |x: f32| {
        let v = 100.0 * x;
        if v.abs() < 0.05 {
            0.0
        } else {
            v
        }
    };
    format!(
        "win {:.1}% (gammon {:.1}%, backgammon {:.1}%), lose {:.1}% (gammon {:.1}%, backgammon {:.1}%)",
        pct(c.win),
        pct(c.win_gammon),
        pct(c.win_backgammon),
        pct(1.0 - c.win),
        pct(c.lose_gammon),
        pct(c.lose_backgammon)
    )
}

/// A value in the stakes' units with its normalised equity: `+0.123` in money play,
/// `+0.123 (55.1% MWC)` in a match.
fn valued(ctx: &CubeContext, value: f64) -> String {
    match ctx.stakes {
        Stakes::Money { .. } => format!("{:+.3}", ctx.normalised(value)),
        Stakes::Match { .. } => {
            format!("{:+.3} ({:.1}% MWC)", ctx.normalised(value), 100.0 * value)
        }
    }
}

/// The hint at `m`: with the dice rolled, the best `top` plays ranked; before a roll, the
/// cube decision; with a double offered, take or drop; with a resignation offered, accept or
/// reject; otherwise why there is none.
pub fn hint(m: &Match, engine: &BackgammonEngine<'_>, top: usize) -> String {
    match m.phase() {
        Phase::ToPlay => plays(m, engine, top),
        Phase::ToRoll | Phase::Rolling => cube(m, engine, false),
        Phase::DoubleOffered if m.redoubles() > 0 => redouble(m, engine),
        Phase::DoubleOffered => cube(m, engine, true),
        Phase::ResignationOffered { kind, by, .. } => resignation(m, engine, kind, by),
        Phase::Opening => "no hint: the opening roll comes first".to_owned(),
        Phase::Over(_) => "no hint: the session is over".to_owned(),
    }
}

/// Accept or reject the resignation offered at `m`, as the engine's player decides (`bestmove`
/// answers the same): accept when what it gives is worth at least the game played on.
fn resignation(m: &Match, engine: &BackgammonEngine<'_>, kind: WinKind, by: Side) -> String {
    let me = by.other();
    let ctx = CubeContext::of(m);
    let mine = if m.position().side() == me {
        ctx
    } else {
        ctx.flipped()
    };
    let given = BackgammonEngine::end_value(m, me, i64::from(m.value(kind)));
    let on = engine.value_for(m, me);
    format!(
        "{me} to answer a resignation: {} (it gives {}, playing on {})",
        if given >= on { "accept" } else { "reject" },
        valued(&mine, given),
        valued(&mine, on)
    )
}

/// The ranked plays of the roll at `m`.
fn plays(m: &Match, engine: &BackgammonEngine<'_>, top: usize) -> String {
    let ranked = engine.rank_plays(m);
    let Some(best) = ranked.first() else {
        return "no hint: no play".to_owned();
    };
    let unit = match CubeContext::of(m).stakes {
        Stakes::Money { .. } => "cubeful equity",
        Stakes::Match { .. } => "cubeful equity (equivalent to money)",
    };
    let mut out = format!(
        "{} play{} of {}, by {unit}:\n",
        ranked.len(),
        if ranked.len() == 1 { "" } else { "s" },
        m.position().dice().map_or(String::new(), |d| d.to_string())
    );
    for (i, p) in ranked.iter().take(top.max(1)).enumerate() {
        let behind = if i == 0 {
            String::new()
        } else {
            format!(" ({:+.3})", p.value - best.value)
        };
        out.push_str(&format!(
            "{:>3}. {}-ply  {:<28} {:+.3}{behind}\n       {}\n",
            i + 1,
            p.plies,
            p.play.to_string(),
            p.value,
            chances_line(&p.chances)
        ));
    }
    if ranked.len() > top {
        out.push_str(&format!("     ({} more)\n", ranked.len() - top));
    }
    out.pop();
    out
}

/// The cube decision at `m` (the side on roll before its roll, or the doubler with its
/// double offered: `offered`).
fn cube(m: &Match, engine: &BackgammonEngine<'_>, offered: bool) -> String {
    let ctx = CubeContext::of(m);
    let d = engine.cube_decision(m);
    let mut pos = *m.position();
    pos.set_dice(None);
    let chances = engine.chances(&pos);
    let side = m.position().side();
    let mut out = format!(
        "cube decision of {side} ({}-ply): {}\n",
        engine.level().cube_plies,
        chances_line(&chances)
    );
    out.push_str(&format!(
        "  cubeless equity {:+.3}\n",
        f64::from(chances.equity())
    ));
    out.push_str(&decision_lines(&ctx, &d));
    if offered {
        // The computer's answer: take or drop, or a beaver where the rules allow one and
        // the take leaves the side doubled the favourite.
        let answer = MatchPlayer::new(level_of(engine))
            .choose(m)
            .map_or_else(|| "take".to_owned(), |a| a.to_string());
        out.push_str(&format!("proper answer for {}: {answer}", side.other()));
    } else if d.action == CubeAction::NoCube {
        out.push_str(&format!(
            "{side} may not double here{}",
            if m.can_double() {
                " usefully (a won game at this cube already wins the match)"
            } else {
                ""
            }
        ));
    } else {
        out.push_str(&format!("proper cube action: {}", d.action.words()));
    }
    out
}

/// The engine's level number (1 to 5) of `engine`'s look-ahead.
fn level_of(engine: &BackgammonEngine<'_>) -> u8 {
    (1..=5)
        .find(|&n| Level::of(n) == engine.level())
        .unwrap_or(Level::DEFAULT)
}

/// A beaver or raccoon to answer at `m` (money play): the value of playing on at the
/// current cube for the side answering, what a take and a drop give, and the answer.
fn redouble(m: &Match, engine: &BackgammonEngine<'_>) -> String {
    let me = m.answering_side();
    let cube = f64::from(m.cube_value());
    let on = engine.value_for(m, me);
    let answer = MatchPlayer::new(level_of(engine))
        .choose(m)
        .map_or_else(|| "take".to_owned(), |a| a.to_string());
    format!(
        "redouble to answer for {me} ({}-ply): playing on at cube {} worth {:+.3}\n  \
         take (cube {}, kept by {})  {:+.3}\n  drop                      {:+.3}\n\
         proper answer for {me}: {answer}",
        engine.level().cube_plies,
        m.cube_value(),
        on,
        u32::from(m.cube_value()) * 2,
        me.other(),
        2.0 * on,
        -cube
    )
}

/// The three equities of a cube decision, each with its difference to the best.
pub fn decision_lines(ctx: &CubeContext, d: &CubeDecision) -> String {
    let best = d.best();
    let line = |name: &str, v: f64| {
        let diff = ctx.normalised(v) - ctx.normalised(best);
        let diff = if diff.abs() < 5e-4 {
            String::new()
        } else {
            format!(" ({diff:+.3})")
        };
        format!("  {name:<14}{}{diff}\n", valued(ctx, v))
    };
    [
        line("no double", d.no_double),
        line("double, take", d.double_take),
        line("double, pass", d.double_drop),
    ]
    .concat()
}

/// `eval` of `m`'s position: the chances of the side on roll before its roll at each depth
/// up to the engine's, with the cubeless and cubeful equities; with `rollout`, a truncated
/// rollout's too.
pub fn eval(m: &Match, engine: &BackgammonEngine<'_>, rollout: Option<&RolloutSettings>) -> String {
    if let Phase::Over(_) = m.phase() {
        return "no evaluation: the session is over".to_owned();
    }
    let ctx = CubeContext::of(m);
    let pos = m.position();
    let (board, side) = (pos.board(), pos.side());
    let set_aside = pos
        .dice()
        .map_or_else(String::new, |d| format!("; the roll {d} set aside"));
    let mut out = format!(
        "{side} on roll, before the roll (cube {}{}{set_aside}):\n",
        ctx.cube,
        match ctx.stakes {
            Stakes::Money { jacoby: true } => ", money, Jacoby",
            Stakes::Money { jacoby: false } => ", money",
            Stakes::Match { .. } => ", match",
        }
    );
    let eval = engine.evaluator();
    let mut line = |label: String, c: &Outcomes| {
        out.push_str(&format!(
            "  {label:<12} {}\n  {:<12} cubeless {:+.3}, cubeful {}\n",
            chances_line(c),
            "",
            f64::from(c.equity()),
            valued(&ctx, ctx.cubeful(c))
        ));
    };
    for plies in 0..=engine.level().plies {
        line(format!("{plies}-ply"), &eval.chances(board, side, plies));
    }
    if let Some(s) = rollout {
        let r = eval.rollout(board, side, s);
        line("rollout".to_owned(), &r.chances);
        out.push_str(&format!(
            "  rollout: {} games {}, cubeless equity {:+.3} +- {:.3} (95 %)\n",
            r.trials,
            cut(s.truncate),
            f64::from(r.chances.equity()),
            1.96 * r.equity_error
        ));
    }
    out.pop();
    out
}

/// How far a rollout game is played: `truncated at N plies`, or to the end for 0.
fn cut(truncate: u32) -> String {
    if truncate == 0 {
        "played to the end".to_owned()
    } else {
        format!("truncated at {truncate} plies")
    }
}

/// Truncated rollouts: of the best `top` plays at `m` (dice rolled), each play's position
/// rolled out with the other side on roll; before a roll, of the position itself, with the
/// cube decision on the rolled-out chances.
pub fn rollouts(
    m: &Match,
    engine: &BackgammonEngine<'_>,
    top: usize,
    settings: &RolloutSettings,
) -> String {
    let eval = engine.evaluator();
    let ctx = CubeContext::of(m);
    let side = m.position().side();
    let mut out = format!(
        "rollouts: {} games each, {}, 0-ply plays, seed {}\n",
        settings.trials,
        cut(settings.truncate),
        settings.seed
    );
    if m.phase() == Phase::ToPlay {
        for (i, p) in engine.rank_plays(m).iter().take(top.max(1)).enumerate() {
            let r = eval.rollout(&p.after, side.other(), settings);
            let mine = r.chances.flipped();
            out.push_str(&format!(
                "{:>3}. {:<28} cubeless {:+.3} +- {:.3}\n       {}\n",
                i + 1,
                p.play.to_string(),
                f64::from(mine.equity()),
                1.96 * r.equity_error,
                chances_line(&mine)
            ));
        }
    } else {
        let r = eval.rollout(m.position().board(), side, settings);
        out.push_str(&format!(
            "  {}\n  cubeless {:+.3} +- {:.3}\n",
            chances_line(&r.chances),
            f64::from(r.chances.equity()),
            1.96 * r.equity_error
        ));
        let d = ctx.decision(&r.chances);
        out.push_str(&decision_lines(&ctx, &d));
        out.push_str(&format!("proper cube action: {}\n", d.action.words()));
    }
    out.pop();
    out
}
