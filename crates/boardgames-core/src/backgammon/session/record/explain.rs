//! Why the rules refuse an action of a match file, in the text's own terms: the players by
//! their column (`player 1`, `player 2`), the cube as written (`Doubles => 4`), the play as
//! written. The rules are [`Match`]'s: each action is tried on a copy of the session, and
//! what it refuses is worded here.

use crate::backgammon::record::{Action, ActionKind};
use crate::backgammon::{
    Backgammon, Dice, Match, MatchAction, Phase, Play, PlayNotation, Side, Throw, WinKind,
};

use crate::Game;

use super::read::is_no_play;
use super::refusal::{Refusal, SomePlays, WrittenPlayError};

/// The end of the game before the action: its winner (0 or 1) and points.
#[derive(Copy, Clone, Debug)]
pub(super) struct Ended {
    pub(super) winner: u8,
    pub(super) points: u32,
}

/// A resignation's kind from its value (1 to 3 times the cube).
pub(super) fn kind_of(value: u8) -> WinKind {
    match value {
        1 => WinKind::Single,
        2 => WinKind::Gammon,
        _ => WinKind::Backgammon,
    }
}

/// Resolves a play as a record writes it against a position with its dice rolled: any
/// equivalent spelling of a legal play (gnubg's, step by step, `25`/`0` for bar/off, `*`
/// marks missing). No play written (empty, `Cannot Move`) is the pass, legal only when no
/// die can be played.
///
/// ```
/// use boardgames_core::backgammon::record::resolve_written;
/// use boardgames_core::backgammon::{Backgammon, Dice};
///
/// let mut pos = Backgammon::new();
/// pos.set_dice(Some(Dice::new(3, 1)?));
/// assert_eq!(resolve_written(&pos, "8/5 6/5")?.to_string(), "8/5 6/5");
/// assert!(resolve_written(&pos, "Cannot Move").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Why the text is not a legal play here.
pub fn resolve_written(pos: &Backgammon, text: &str) -> Result<Play, WrittenPlayError> {
    let Some(dice) = pos.dice() else {
        return Err(WrittenPlayError::NotRolled);
    };
    let legal = pos.plays(dice);
    let t = text.trim();
    if t.to_ascii_lowercase().starts_with("illegal play") {
        return Err(WrittenPlayError::BoardDump);
    }
    if is_no_play(t) {
        return match legal.as_slice() {
            [only] if only.is_pass() => Ok(*only),
            _ => Err(WrittenPlayError::NoPlay {
                dice,
                legal: some_plays(&legal),
            }),
        };
    }
    let notation: PlayNotation = t.parse()?;
    Ok(notation.resolve(&legal, dice)?)
}

/// Up to five legal plays, for a message.
fn some_plays(legal: &[Play]) -> SomePlays {
    let mut s: Vec<String> = legal.iter().take(5).map(Play::to_string).collect();
    if legal.len() > 5 {
        s.push("...".into());
    }
    SomePlays(s.join(", "))
}

/// The record's player (0 or 1) of a side.
fn player_of(side: Side) -> u8 {
    side.gnubg_player()
}

/// Tries action `a` on a copy of `m` (the session before it): why the rules refuse it, if
/// they do. `resigns_next`: a resignation follows (the only case a roll may go unplayed);
/// `ended`: the game ended before the action.
pub(super) fn explain(
    m: &Match,
    a: &Action,
    resigns_next: bool,
    ended: Option<Ended>,
) -> Result<(), Refusal> {
    let p = a.player;
    if p > 1 {
        return Err(Refusal::NoSuchPlayer(p));
    }
    if let Some(e) = ended {
        return Err(Refusal::GameOver {
            winner: e.winner,
            points: e.points,
        });
    }
    let mut m = m.clone();
    // A roll without a play waits for a resignation.
    if m.phase() == Phase::ToPlay && !matches!(a.kind, ActionKind::Resign { .. }) {
        return Err(Refusal::RolledWithoutPlaying(on_roll(&m)));
    }
    match &a.kind {
        ActionKind::Roll { dice, play } => roll(&mut m, p, *dice, play, resigns_next),
        ActionKind::Double { cube } => double(&mut m, p, *cube),
        ActionKind::Beaver { cube } => {
            answering(&m, p, "beavers")?;
            let now = u32::from(m.cube_value());
            if Some(*cube) != now.checked_mul(4) {
                return Err(Refusal::CubeValue {
                    word: "Beavers",
                    stated: *cube,
                    cube: now,
                });
            }
            m.play(MatchAction::Beaver).map_err(|error| Refusal::Cube {
                word: "Beavers",
                stated: *cube,
                error: Box::new(error),
            })
        }
        ActionKind::Take => {
            answering(&m, p, "takes")?;
            Ok(m.play(MatchAction::Take)?)
        }
        ActionKind::Drop => {
            answering(&m, p, "drops")?;
            Ok(m.play(MatchAction::Drop)?)
        }
        ActionKind::Resign { value } if !(1..=3).contains(value) => {
            Err(Refusal::ResignationValue(*value))
        }
        ActionKind::Resign { .. } => Ok(()),
    }
}

/// The player on roll (the doubler while a double is offered).
fn on_roll(m: &Match) -> u8 {
    player_of(m.side_on_roll())
}

/// The player that made the offer waiting for its answer (the doubler, or the side that
/// beavered last).
fn offered(m: &Match) -> Option<u8> {
    (m.phase() == Phase::DoubleOffered).then(|| player_of(m.answering_side().other()))
}

/// Player `p` answers a double (`verb`: takes, drops, beavers): only one offered to them.
fn answering(m: &Match, p: u8, verb: &'static str) -> Result<(), Refusal> {
    if offered(m) == Some(1 - p) {
        Ok(())
    } else {
        Err(Refusal::NotOffered { player: p, verb })
    }
}

/// Player `p` doubles to `cube`.
fn double(m: &mut Match, p: u8, cube: u32) -> Result<(), Refusal> {
    if m.phase() == Phase::Opening {
        return Err(Refusal::DoubleAtOpening);
    }
    if offered(m).is_some() {
        return Err(Refusal::DoubleWhileDoubled);
    }
    if on_roll(m) != p {
        return Err(Refusal::NotOnRoll {
            player: p,
            verb: "doubles",
            on_roll: on_roll(m),
        });
    }
    if m.is_crawford() {
        return Err(Refusal::DoubleInCrawford);
    }
    if m.cube_owner() == Some(Side::from_gnubg_player(1 - p)) {
        return Err(Refusal::OpponentsCube(p));
    }
    let now = u32::from(m.cube_value());
    if Some(cube) != now.checked_mul(2) {
        return Err(Refusal::CubeValue {
            word: "Doubles",
            stated: cube,
            cube: now,
        });
    }
    m.play(MatchAction::Double).map_err(|error| Refusal::Cube {
        word: "Doubles",
        stated: cube,
        error: Box::new(error),
    })
}

/// Player `p` rolls `dice` and plays `play` (as written).
fn roll(
    m: &mut Match,
    p: u8,
    dice: [u8; 2],
    play: &str,
    resigns_next: bool,
) -> Result<(), Refusal> {
    let Ok(d) = Dice::new(dice[0], dice[1]) else {
        return Err(Refusal::NotARoll(dice));
    };
    if offered(m).is_some() {
        return Err(Refusal::RollWhileDoubled(p));
    }
    let side = Side::from_gnubg_player(p);
    let throw = if m.phase() == Phase::Opening {
        if d.is_double() {
            return Err(Refusal::EqualOpening(d));
        }
        // The player who starts has the higher die.
        match side {
            Side::X => Throw::Opening {
                x: d.high(),
                o: d.low(),
            },
            Side::O => Throw::Opening {
                x: d.low(),
                o: d.high(),
            },
        }
    } else if on_roll(m) != p {
        return Err(Refusal::NotOnRoll {
            player: p,
            verb: "rolls",
            on_roll: on_roll(m),
        });
    } else {
        Throw::Roll(d)
    };
    // The position with the dice, as the player sees it before playing.
    let mut pos = match throw {
        Throw::Opening { .. } => Backgammon::new().with_side(side),
        Throw::Roll(_) => *m.position(),
    };
    pos.set_dice(Some(d));
    let legal = pos.plays(d);
    let chosen = if is_no_play(play) && !(legal.len() == 1 && legal[0].is_pass()) {
        if legal.len() == 1 && play.trim().is_empty() {
            // A forced play left out.
            Some(legal[0])
        } else if resigns_next {
            // The game ends in a resignation right after the roll.
            None
        } else {
            return Err(Refusal::Unplayed {
                player: p,
                dice: d,
                legal: some_plays(&legal),
            });
        }
    } else {
        Some(resolve_written(&pos, play)?)
    };
    if m.can_double() {
        m.play(MatchAction::Roll)?;
    }
    m.apply_chance(throw)?;
    match chosen {
        Some(chosen) if m.phase() == Phase::ToPlay => Ok(m.play(MatchAction::Play(chosen))?),
        _ => Ok(()),
    }
}
