//! The record of a played session: the steps of a [`Match`] written as a [`MatchRecord`], so
//! that a money game or match played with the library (self-play, the terminal) writes as a
//! match file and replays.

use super::model::{Action, ActionKind, GameRecord, MatchRecord, Wins};
use crate::backgammon::{Match, MatchAction, Phase, Side, Throw, WinKind};
use crate::record::Applied;

/// The record's player number of a side: 0 for the first named (gnubg's player 0, O), 1 for
/// the second.
fn player(side: Side) -> u8 {
    side.gnubg_player()
}

/// The record of `steps` played from `start` (a session at its first opening throw): one
/// game record per game, with the score at its start, the Crawford flag, every roll with its
/// play (a roll that could not be played without one), double, take and drop, an accepted
/// resignation, and the `Wins` line of each finished game. Players are named `X` and `O`. A
/// rejected resignation is not written (match text has no way to state it). Steps that do
/// not apply end the record there; a beaver or raccoon is written as match text writes it,
/// `Beavers => N`, automatic doubles as the `AutoDoubles` tag (a count per game). Money play with the Jacoby rule writes a `Jacoby "On"`
/// tag, which the record's replay honours ([`MatchRecord::jacoby_rule`]).
#[must_use]
pub fn record_of_session(start: &Match, steps: &[Applied<Match>]) -> MatchRecord {
    let names = [Side::O, Side::X].map(|s| s.to_string());
    let mut rec = MatchRecord {
        match_length: u32::from(start.rules().length),
        ..MatchRecord::default()
    };
    if start.rules().is_money() && start.rules().jacoby {
        rec.tags.push(("Jacoby".to_owned(), "On".to_owned()));
    }
    let new_game = |rec: &mut MatchRecord, pos: &Match| {
        let score = pos.score();
        rec.games.push(GameRecord {
            number: rec.games.len() as u32 + 1,
            players: names.clone(),
            score: [
                u32::from(score[Side::O.index()]),
                u32::from(score[Side::X.index()]),
            ],
            crawford: pos.is_crawford(),
            ..GameRecord::default()
        });
    };
    let mut pos = start.clone();
    // The dice thrown for the play to come.
    let mut pending: Option<[u8; 2]> = None;
    new_game(&mut rec, &pos);
    for &step in steps {
        let before = pos.clone();
        if step.apply(&mut pos).is_err() {
            break;
        }
        let Some(game) = rec.games.last_mut() else {
            break;
        };
        let side = before.side_on_roll();
        let push = |game: &mut GameRecord, side: Side, kind: ActionKind| {
            game.actions.push(Action {
                player: player(side),
                kind,
            });
        };
        match step {
            // An automatic double: no roll of match text; counted in the `AutoDoubles` tag.
            Applied::Chance(Throw::Opening { x, o }) if x == o => {
                game.auto_doubles += 1;
            }
            Applied::Chance(throw) => {
                let dice = match throw {
                    Throw::Opening { x, o } => [x.max(o), x.min(o)],
                    Throw::Roll(d) => [d.high(), d.low()],
                };
                let roller = match throw {
                    Throw::Opening { .. } => pos.side_on_roll(),
                    Throw::Roll(_) => side,
                };
                // A roll that cannot be played is passed with the throw: no play written.
                if pos.phase() != Phase::ToPlay {
                    push(
                        game,
                        roller,
                        ActionKind::Roll {
                            dice,
                            play: String::new(),
                        },
                    );
                } else {
                    pending = Some(dice);
                }
            }
            Applied::Move(MatchAction::Play(p)) => {
                let dice = pending.take().unwrap_or([0, 0]);
                push(
                    game,
                    side,
                    ActionKind::Roll {
                        dice,
                        play: p.to_string(),
                    },
                );
            }
            Applied::Move(MatchAction::Double) => push(
                game,
                side,
                ActionKind::Double {
                    cube: u32::from(before.cube_value()).saturating_mul(2),
                },
            ),
            Applied::Move(MatchAction::Take) => {
                push(game, before.answering_side(), ActionKind::Take);
            }
            Applied::Move(MatchAction::Drop) => {
                push(game, before.answering_side(), ActionKind::Drop);
            }
            Applied::Move(MatchAction::Beaver) => push(
                game,
                before.answering_side(),
                ActionKind::Beaver {
                    cube: u32::from(pos.cube_value()).saturating_mul(2),
                },
            ),
            Applied::Move(MatchAction::Accept) => {
                if let Phase::ResignationOffered { kind, by, .. } = before.phase() {
                    let value = match kind {
                        WinKind::Single => 1,
                        WinKind::Gammon => 2,
                        WinKind::Backgammon => 3,
                    };
                    push(game, by, ActionKind::Resign { value });
                }
            }
            Applied::Move(MatchAction::Roll | MatchAction::Resign(_) | MatchAction::Reject) => {}
        }
        // The end of a game: the points it gave, then the next game's record.
        let (was, now) = (before.score(), pos.score());
        if let Some(winner) = Side::BOTH
            .into_iter()
            .find(|s| now[s.index()] > was[s.index()])
        {
            pending = None;
            game.wins = Some(Wins {
                winner: player(winner),
                points: u32::from(now[winner.index()] - was[winner.index()]),
            });
            if pos.phase() == Phase::Opening {
                new_game(&mut rec, &pos);
            }
        }
    }
    if rec.games.iter().any(|g| g.auto_doubles > 0) {
        let counts: Vec<String> = rec
            .games
            .iter()
            .map(|g| g.auto_doubles.to_string())
            .collect();
        rec.tags.push(("AutoDoubles".to_owned(), counts.join(" ")));
    }
    rec
}
