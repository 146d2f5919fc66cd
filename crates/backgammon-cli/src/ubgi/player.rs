//! An engine that speaks UBGI as a player of the arena (`ubgi=PROGRAM ARGS`): before each
//! decision it is told the whole context (session, score, cube, side on roll, position,
//! dice), then asked with `go role chequer` (a play), `go role cube` (double or roll) or
//! `go role take` (take, drop or beaver).
//!
//! Context commands an engine does not know (`error unknown_command`, as a minimal engine
//! answers `newsession`) are passed over: such an engine plays as if the context were a
//! money game with the cube centred, which is all a cubeless duel needs. A resignation
//! offered to it is rejected (UBGI has no words for one); a beaver waiting for the doubler's
//! answer stops the session with an error, for the same reason.

use std::rc::Rc;
use std::time::Duration;

use boardgames_cli::pipe::Pipe;
use boardgames_core::backgammon::{Match, MatchAction, Phase};
use boardgames_core::player::Player;
use boardgames_core::Game;

use super::answer::{Answer, Code, CubeWord};
use super::command::{Command, Limits, Role, Session};
use crate::external::{guarded, Failure};

/// A player of the match game whose decisions come from a UBGI engine.
pub struct UbgiPlayer {
    pipe: Pipe,
    /// The engine's `id name`, or its command.
    name: String,
    failure: Failure,
}

impl UbgiPlayer {
    /// Starts the engine `words` (the program, then its arguments) and shakes hands with it
    /// (`ubgi` ... `ubgiok`, `isready` ... `readyok`); its errors in play go to `failure`.
    ///
    /// # Errors
    /// A message when the program cannot be started or does not answer the handshake.
    pub fn spawn(words: &[String], timeout: Duration, failure: Failure) -> Result<Self, String> {
        let pipe = Pipe::spawn(words, timeout)?;
        let name = pipe.name().to_owned();
        let mut player = UbgiPlayer {
            pipe,
            name,
            failure,
        };
        player.pipe.send(&Command::Ubgi.to_string())?;
        loop {
            match player.next()? {
                Answer::UbgiOk => break,
                Answer::Id(key, value) if key == "name" => player.name = value,
                Answer::Error(e) => return Err(format!("{:?} answered ubgi: {e}", player.name)),
                _ => {}
            }
        }
        player.sync()?;
        Ok(player)
    }

    /// The engine's next answer line; lines that are no answer are passed over.
    fn next(&mut self) -> Result<Answer, String> {
        loop {
            if let Ok(answer) = self.pipe.next_line()?.parse::<Answer>() {
                return Ok(answer);
            }
        }
    }

    /// `isready` and its `readyok`: the errors of the commands before it, other than
    /// `unknown_command`, fail.
    fn sync(&mut self) -> Result<(), String> {
        self.pipe.send(&Command::IsReady.to_string())?;
        loop {
            match self.next()? {
                Answer::ReadyOk => return Ok(()),
                Answer::Error(e) if e.code == Code::UnknownCommand => {}
                Answer::Error(e) => return Err(format!("{:?}: {e}", self.name)),
                _ => {}
            }
        }
    }

    /// Tells the engine the context of `m`: the side on roll's view, dice when rolled.
    fn tell(&mut self, m: &Match) -> Result<(), String> {
        let rules = m.rules();
        let side = m.side_on_roll();
        let mut commands = vec![
            Command::NewSession(Session {
                length: rules.length,
                jacoby: (rules.length == 0).then_some(rules.jacoby),
                crawford: (rules.length > 0).then_some(m.is_crawford()),
                beavers: (rules.length == 0).then_some(rules.beavers > 0),
            }),
            Command::SetScore(m.score()),
            Command::SetCube {
                value: m.cube_value(),
                owner: m.cube_owner(),
            },
            Command::SetTurn(side),
            Command::PositionGnubgId(m.position_id()),
        ];
        if let Some(d) = m.position().dice() {
            let (a, b) = (d.high(), d.low());
            commands.push(Command::Dice(a, b));
        }
        for c in commands {
            self.pipe.send(&c.to_string())?;
        }
        self.sync()
    }

    /// Asks `go role ROLE` and waits for its answer.
    fn ask(&mut self, role: Role) -> Result<Answer, String> {
        self.pipe
            .send(&Command::Go(role, Limits::default()).to_string())?;
        loop {
            match self.next()? {
                a @ (Answer::BestMove(_) | Answer::BestCube(_) | Answer::BestTurn(..)) => {
                    return Ok(a)
                }
                Answer::Error(e) => {
                    return Err(format!(
                        "{:?} answered go role {}: {e}",
                        self.name,
                        role.word()
                    ))
                }
                _ => {}
            }
        }
    }

    /// The engine's decision at `m`, or why there is none.
    fn decide(&mut self, m: &Match) -> Result<MatchAction, String> {
        let role = match m.phase() {
            Phase::ToPlay => Role::Chequer,
            Phase::ToRoll if m.can_double() => Role::Cube,
            Phase::ToRoll => return Ok(MatchAction::Roll),
            Phase::DoubleOffered if m.redoubles() > 0 => {
                return Err(format!(
                    "{:?}: a beaver waits for an answer, and UBGI has no words for it",
                    self.name
                ))
            }
            Phase::DoubleOffered => Role::Take,
            Phase::ResignationOffered { .. } => return Ok(MatchAction::Reject),
            _ => return Err(format!("{:?} asked with no decision to make", self.name)),
        };
        self.tell(m)?;
        let answer = self.ask(role)?;
        let name = &self.name;
        match (role, answer) {
            (Role::Chequer, Answer::BestMove(text)) => m
                .parse_move(&text)
                .map_err(|e| format!("{name:?} answered bestmove {text}: {e}")),
            (Role::Cube, Answer::BestCube(CubeWord::Double)) => Ok(MatchAction::Double),
            (Role::Cube, Answer::BestCube(CubeWord::NoDouble)) => Ok(MatchAction::Roll),
            (Role::Take, Answer::BestCube(CubeWord::Take)) => Ok(MatchAction::Take),
            (Role::Take, Answer::BestCube(CubeWord::Drop)) => Ok(MatchAction::Drop),
            (Role::Take, Answer::BestCube(CubeWord::Beaver)) if m.is_legal(MatchAction::Beaver) => {
                Ok(MatchAction::Beaver)
            }
            (_, answer) => Err(format!(
                "{name:?} answered \"{answer}\" to go role {}",
                role.word()
            )),
        }
    }
}

impl Player<Match> for UbgiPlayer {
    fn name(&self) -> String {
        format!("UBGI {}", self.name)
    }

    /// `None` once the engine has failed: the session stops and the arena reports why.
    fn choose(&mut self, m: &Match) -> Option<MatchAction> {
        let failure = Rc::clone(&self.failure);
        guarded(&failure, || self.decide(m))
    }
}
