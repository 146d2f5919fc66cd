//! The commands of UBGI (dueller or GUI to engine), read with [`str::parse`] and written
//! with [`Display`](fmt::Display), so that the engine and the arena's UBGI player share one
//! reading of every word.

use std::fmt;
use std::str::FromStr;

use boardgames_core::backgammon::Side;

use super::answer::{Code, ProtocolError};

/// The decision asked by `go role ROLE`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// `chequer`: the checker play of the dice.
    Chequer,
    /// `cube`: double or not, before the roll.
    Cube,
    /// `take`: the answer to a double (take, drop, or beaver where allowed). Beyond v0.1,
    /// which has no take decision.
    Take,
    /// `turn`: the whole turn, the cube decision then the play of the dice.
    Turn,
}

impl Role {
    /// The word of the role.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Role::Chequer => "chequer",
            Role::Cube => "cube",
            Role::Take => "take",
            Role::Turn => "turn",
        }
    }
}

/// The budget words of `go` (`movetime MS`, `depth N`, `nodes N`, `trials N`), as given.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// `movetime`: milliseconds for the decision.
    pub movetime: Option<u64>,
    /// `depth`: plies of look-ahead.
    pub depth: Option<u64>,
    /// `nodes`: positions evaluated.
    pub nodes: Option<u64>,
    /// `trials`: rollout trials.
    pub trials: Option<u64>,
}

/// What a session is: `newsession type money|match [length N] [jacoby on|off]
/// [crawford on|off] [beavers on|off]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Session {
    /// The match length, 0 for money play.
    pub length: u16,
    /// `jacoby`: the Jacoby rule (money play), when said.
    pub jacoby: Option<bool>,
    /// `crawford on`: the game played is the Crawford game (as gnubg's own UBGI reads it).
    pub crawford: Option<bool>,
    /// `beavers`: beavers allowed (money play), when said. Beyond v0.1.
    pub beavers: Option<bool>,
}

/// One command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ubgi`: the handshake; the engine names itself and its options, then `ubgiok`.
    Ubgi,
    /// `isready`: answered `readyok` once the engine is ready.
    IsReady,
    /// `setoption name NAME value VALUE`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its value, as written.
        value: String,
    },
    /// `newgame`: the starting position, the cube centred at 1, no dice.
    NewGame,
    /// `newsession ...`.
    NewSession(Session),
    /// `setscore P0 P1`.
    SetScore([u16; 2]),
    /// `setcube value N owner center|p0|p1`.
    SetCube {
        /// The cube's value.
        value: u16,
        /// Who owns it, `None` centred.
        owner: Option<Side>,
    },
    /// `setturn p0|p1`: the side on roll.
    SetTurn(Side),
    /// `position gnubgid ID`: a gnubg Position ID, from the side on roll's side.
    PositionGnubgId(String),
    /// `position xgid XGID`: a whole context (board, cube, turn, dice, score).
    PositionXgid(String),
    /// `dice D1 D2`.
    Dice(u8, u8),
    /// `go role ROLE [budget]`.
    Go(Role, Limits),
    /// `stop`: stop thinking (an engine that answers at once has nothing to stop).
    Stop,
    /// `quit`.
    Quit,
}

/// The word for `side`: X is `p0`, O is `p1`.
#[must_use]
pub fn seat(side: Side) -> &'static str {
    match side {
        Side::X => "p0",
        Side::O => "p1",
    }
}

/// The side of a seat word.
fn side_of(word: &str) -> Option<Side> {
    match word {
        "p0" => Some(Side::X),
        "p1" => Some(Side::O),
        _ => None,
    }
}

/// `on` or `off`.
fn switch(word: &str) -> Option<bool> {
    match word {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

/// A `bad_argument` error about `what`.
fn bad(what: &str, detail: impl fmt::Display) -> ProtocolError {
    ProtocolError::new(Code::BadArgument, format!("{what}: {detail}"))
}

/// The words after a command's name as `key value` pairs.
fn pairs<'a>(what: &str, words: &[&'a str]) -> Result<Vec<(&'a str, &'a str)>, ProtocolError> {
    if !words.len().is_multiple_of(2) {
        return Err(bad(what, "expected KEY VALUE pairs"));
    }
    Ok(words.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// A number.
fn number<T: FromStr>(what: &str, word: &str) -> Result<T, ProtocolError> {
    word.parse()
        .map_err(|_| bad(what, format_args!("{word:?} is not a number in range")))
}

fn parse_session(words: &[&str]) -> Result<Session, ProtocolError> {
    let mut kind = None;
    let mut s = Session {
        length: 0,
        jacoby: None,
        crawford: None,
        beavers: None,
    };
    for (key, value) in pairs("newsession", words)? {
        let flag = || {
            switch(value)
                .ok_or_else(|| bad("newsession", format_args!("{key} {value:?}: on or off")))
        };
        match key {
            "type" => kind = Some(value),
            "length" => s.length = number("newsession length", value)?,
            "jacoby" => s.jacoby = Some(flag()?),
            "crawford" => s.crawford = Some(flag()?),
            "beavers" => s.beavers = Some(flag()?),
            _ => return Err(bad("newsession", format_args!("unknown key {key:?}"))),
        }
    }
    match kind {
        Some("money") if s.length == 0 => Ok(s),
        Some("money") => Err(bad("newsession", "a money session has no length")),
        Some("match") if s.length > 0 => Ok(s),
        Some("match") => Err(bad("newsession", "a match needs a length of 1 or more")),
        Some(other) => Err(bad(
            "newsession",
            format_args!("type {other:?}: money or match"),
        )),
        None => Err(bad("newsession", "no type (money or match)")),
    }
}

fn parse_go(words: &[&str]) -> Result<Command, ProtocolError> {
    let mut role = None;
    let mut limits = Limits::default();
    for (key, value) in pairs("go", words)? {
        match key {
            "role" => {
                role = Some(match value {
                    "chequer" | "checker" => Role::Chequer,
                    "cube" => Role::Cube,
                    "take" => Role::Take,
                    "turn" => Role::Turn,
                    _ => {
                        return Err(bad(
                            "go",
                            format_args!("role {value:?}: chequer, cube, take or turn"),
                        ))
                    }
                });
            }
            "movetime" => limits.movetime = Some(number("go movetime", value)?),
            "depth" => limits.depth = Some(number("go depth", value)?),
            "nodes" => limits.nodes = Some(number("go nodes", value)?),
            "trials" => limits.trials = Some(number("go trials", value)?),
            _ => return Err(bad("go", format_args!("unknown key {key:?}"))),
        }
    }
    // A bare `go` asks for a checker play, as duellers of the first drafts send it.
    Ok(Command::Go(role.unwrap_or(Role::Chequer), limits))
}

fn parse_option(rest: &str) -> Result<Command, ProtocolError> {
    let body = rest
        .strip_prefix("name ")
        .ok_or_else(|| bad("setoption", "expected name NAME value VALUE"))?;
    let (name, value) = match body.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (body.trim(), ""),
    };
    if name.is_empty() {
        return Err(bad("setoption", "no option name"));
    }
    Ok(Command::SetOption {
        name: name.to_owned(),
        value: value.to_owned(),
    })
}

impl FromStr for Command {
    type Err = ProtocolError;

    /// Reads one line (surrounding white space ignored).
    ///
    /// # Errors
    /// `unknown_command` for a line that names no command, `bad_argument` for a command
    /// whose words are wrong.
    fn from_str(line: &str) -> Result<Command, ProtocolError> {
        let line = line.trim();
        let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let words: Vec<&str> = rest.split_whitespace().collect();
        let none = |c: Command| {
            if words.is_empty() {
                Ok(c)
            } else {
                Err(bad(name, "takes no arguments"))
            }
        };
        match name {
            "ubgi" => none(Command::Ubgi),
            "isready" => none(Command::IsReady),
            "newgame" => none(Command::NewGame),
            "stop" => none(Command::Stop),
            "quit" => none(Command::Quit),
            "setoption" => parse_option(rest),
            "newsession" => parse_session(&words).map(Command::NewSession),
            "setscore" => match words[..] {
                [a, b] => Ok(Command::SetScore([
                    number("setscore", a)?,
                    number("setscore", b)?,
                ])),
                _ => Err(bad("setscore", "expected two scores, p0's then p1's")),
            },
            "setcube" => {
                let mut value = None;
                let mut owner = None;
                for (key, v) in pairs("setcube", &words)? {
                    match key {
                        "value" => value = Some(number::<u16>("setcube value", v)?),
                        "owner" => {
                            owner = Some(match v {
                                "center" | "centre" => None,
                                _ => Some(side_of(v).ok_or_else(|| {
                                    bad("setcube", format_args!("owner {v:?}: center, p0 or p1"))
                                })?),
                            });
                        }
                        _ => return Err(bad("setcube", format_args!("unknown key {key:?}"))),
                    }
                }
                let value = value.ok_or_else(|| bad("setcube", "no value"))?;
                if !value.is_power_of_two() {
                    return Err(bad(
                        "setcube",
                        format_args!("value {value}: a power of two"),
                    ));
                }
                Ok(Command::SetCube {
                    value,
                    owner: owner.unwrap_or(None),
                })
            }
            "setturn" => match words[..] {
                [w] => side_of(w)
                    .map(Command::SetTurn)
                    .ok_or_else(|| bad("setturn", format_args!("{w:?}: p0 or p1"))),
                _ => Err(bad("setturn", "expected p0 or p1")),
            },
            "position" => match words[..] {
                ["gnubgid", id] => Ok(Command::PositionGnubgId(id.to_owned())),
                ["xgid", x] => Ok(Command::PositionXgid(x.to_owned())),
                _ => Err(bad("position", "expected gnubgid ID or xgid XGID")),
            },
            "dice" => match words[..] {
                [a, b] => {
                    let die = |w: &str| {
                        w.parse::<u8>()
                            .ok()
                            .filter(|d| (1..=6).contains(d))
                            .ok_or_else(|| bad("dice", format_args!("{w:?} is no die (1 to 6)")))
                    };
                    Ok(Command::Dice(die(a)?, die(b)?))
                }
                _ => Err(bad("dice", "expected two dice")),
            },
            "go" => parse_go(&words),
            _ => Err(ProtocolError::new(
                Code::UnknownCommand,
                name.chars().take(40).collect::<String>(),
            )),
        }
    }
}

impl fmt::Display for Command {
    /// The line, as [`Command::from_str`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Ubgi => f.write_str("ubgi"),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => write!(f, "setoption name {name} value {value}"),
            Command::NewGame => f.write_str("newgame"),
            Command::NewSession(s) => {
                if s.length == 0 {
                    f.write_str("newsession type money")?;
                } else {
                    write!(f, "newsession type match length {}", s.length)?;
                }
                for (key, value) in [
                    ("jacoby", s.jacoby),
                    ("crawford", s.crawford),
                    ("beavers", s.beavers),
                ] {
                    if let Some(v) = value {
                        write!(f, " {key} {}", on_off(v))?;
                    }
                }
                Ok(())
            }
            Command::SetScore([a, b]) => write!(f, "setscore {a} {b}"),
            Command::SetCube { value, owner } => write!(
                f,
                "setcube value {value} owner {}",
                owner.map_or("center", seat)
            ),
            Command::SetTurn(side) => write!(f, "setturn {}", seat(*side)),
            Command::PositionGnubgId(id) => write!(f, "position gnubgid {id}"),
            Command::PositionXgid(x) => write!(f, "position xgid {x}"),
            Command::Dice(a, b) => write!(f, "dice {a} {b}"),
            Command::Go(role, limits) => {
                write!(f, "go role {}", role.word())?;
                for (key, value) in [
                    ("movetime", limits.movetime),
                    ("depth", limits.depth),
                    ("nodes", limits.nodes),
                    ("trials", limits.trials),
                ] {
                    if let Some(v) = value {
                        write!(f, " {key} {v}")?;
                    }
                }
                Ok(())
            }
            Command::Stop => f.write_str("stop"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_reads_back_as_written() {
        let commands = [
            Command::Ubgi,
            Command::IsReady,
            Command::SetOption {
                name: "EvalMode".to_owned(),
                value: "cubeless".to_owned(),
            },
            Command::NewGame,
            Command::NewSession(Session {
                length: 0,
                jacoby: Some(true),
                crawford: None,
                beavers: Some(false),
            }),
            Command::NewSession(Session {
                length: 7,
                jacoby: None,
                crawford: Some(true),
                beavers: None,
            }),
            Command::SetScore([3, 6]),
            Command::SetCube {
                value: 4,
                owner: Some(Side::O),
            },
            Command::SetCube {
                value: 1,
                owner: None,
            },
            Command::SetTurn(Side::O),
            Command::PositionGnubgId("4HPwATDgc/ABMA".to_owned()),
            Command::PositionXgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10".to_owned()),
            Command::Dice(6, 1),
            Command::Go(
                Role::Turn,
                Limits {
                    depth: Some(2),
                    ..Limits::default()
                },
            ),
            Command::Go(Role::Take, Limits::default()),
            Command::Stop,
            Command::Quit,
        ];
        for c in commands {
            assert_eq!(c.to_string().parse::<Command>(), Ok(c.clone()), "{c}");
        }
        // The spec's own example lines.
        assert_eq!(
            "go role chequer movetime 500".parse::<Command>(),
            Ok(Command::Go(
                Role::Chequer,
                Limits {
                    movetime: Some(500),
                    ..Limits::default()
                }
            ))
        );
        assert_eq!(
            "setcube value 2 owner center".parse::<Command>(),
            Ok(Command::SetCube {
                value: 2,
                owner: None
            })
        );
    }
}
