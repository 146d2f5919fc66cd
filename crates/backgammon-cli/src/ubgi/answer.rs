//! The answers of UBGI (engine to dueller or GUI), written with
//! [`Display`](fmt::Display) and read with [`str::parse`].

use std::fmt;
use std::str::FromStr;

/// The code of an `error` line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Code {
    /// `unknown_command`: the line names no command.
    UnknownCommand,
    /// `bad_argument`: the command's words are wrong, or describe no legal state.
    BadArgument,
    /// `missing_context`: the decision needs what was not given (the dice).
    MissingContext,
    /// `unsupported_feature`: a command or option this engine does not offer.
    UnsupportedFeature,
    /// `search_in_progress`: a command that must wait for the current search.
    SearchInProgress,
    /// `no_decision`: the state given has no such decision (a cube action the rules do not
    /// allow). Beyond v0.1.
    NoDecision,
}

impl Code {
    /// The code's word.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Code::UnknownCommand => "unknown_command",
            Code::BadArgument => "bad_argument",
            Code::MissingContext => "missing_context",
            Code::UnsupportedFeature => "unsupported_feature",
            Code::SearchInProgress => "search_in_progress",
            Code::NoDecision => "no_decision",
        }
    }

    fn of(word: &str) -> Option<Code> {
        [
            Code::UnknownCommand,
            Code::BadArgument,
            Code::MissingContext,
            Code::UnsupportedFeature,
            Code::SearchInProgress,
            Code::NoDecision,
        ]
        .into_iter()
        .find(|c| c.word() == word)
    }
}

/// An `error CODE MESSAGE` line: what went wrong with a command. The engine goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    /// The code.
    pub code: Code,
    /// What and where, in words (one line).
    pub message: String,
}

impl ProtocolError {
    /// An error of `code` saying `message` (line ends become spaces).
    #[must_use]
    pub fn new(code: Code, message: impl Into<String>) -> ProtocolError {
        ProtocolError {
            code,
            message: message.into().replace(['\n', '\r'], " "),
        }
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error {} {}", self.code.word(), self.message)
    }
}

impl std::error::Error for ProtocolError {}

/// The answer of a cube role: `bestcube WORD`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CubeWord {
    /// `double`.
    Double,
    /// `nodouble`.
    NoDouble,
    /// `take` (to `go role take`).
    Take,
    /// `drop` (to `go role take`).
    Drop,
    /// `beaver` (to `go role take`, beavers allowed).
    Beaver,
}

impl CubeWord {
    /// The word.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            CubeWord::Double => "double",
            CubeWord::NoDouble => "nodouble",
            CubeWord::Take => "take",
            CubeWord::Drop => "drop",
            CubeWord::Beaver => "beaver",
        }
    }

    fn of(word: &str) -> Option<CubeWord> {
        match word {
            "double" => Some(CubeWord::Double),
            "nodouble" | "no_double" => Some(CubeWord::NoDouble),
            "take" => Some(CubeWord::Take),
            "drop" | "pass" => Some(CubeWord::Drop),
            "beaver" => Some(CubeWord::Beaver),
            _ => None,
        }
    }
}

/// One line from the engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// `id KEY VALUE` (name, author, version).
    Id(String, String),
    /// `option name NAME type ...`: the rest of the line after `option `.
    Option(String),
    /// `ubgiok`: the handshake is done.
    UbgiOk,
    /// `readyok`.
    ReadyOk,
    /// `info ...`: the rest of the line after `info `.
    Info(String),
    /// `bestmove PLAY`: a play in from/to steps, one die a step (`pass` for none).
    BestMove(String),
    /// `bestcube WORD`.
    BestCube(CubeWord),
    /// `bestturn cube=WORD move=PLAY`: the play is `none` after a double.
    BestTurn(CubeWord, String),
    /// `error CODE MESSAGE`.
    Error(ProtocolError),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Id(key, value) => write!(f, "id {key} {value}"),
            Answer::Option(rest) => write!(f, "option {rest}"),
            Answer::UbgiOk => f.write_str("ubgiok"),
            Answer::ReadyOk => f.write_str("readyok"),
            Answer::Info(rest) => write!(f, "info {rest}"),
            Answer::BestMove(play) => write!(f, "bestmove {play}"),
            Answer::BestCube(word) => write!(f, "bestcube {}", word.word()),
            Answer::BestTurn(word, play) => write!(f, "bestturn cube={} move={play}", word.word()),
            Answer::Error(e) => e.fmt(f),
        }
    }
}

impl FromStr for Answer {
    type Err = String;

    /// Reads one line of an engine.
    ///
    /// # Errors
    /// A message for a line that is no answer.
    fn from_str(line: &str) -> Result<Answer, String> {
        let line = line.trim();
        let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let cube =
            |w: &str| CubeWord::of(w).ok_or_else(|| format!("{line:?}: no cube action {w:?}"));
        match name {
            "ubgiok" => Ok(Answer::UbgiOk),
            "readyok" => Ok(Answer::ReadyOk),
            "id" => {
                let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                Ok(Answer::Id(key.to_owned(), value.trim().to_owned()))
            }
            "option" => Ok(Answer::Option(rest.to_owned())),
            "info" => Ok(Answer::Info(rest.to_owned())),
            "bestmove" => Ok(Answer::BestMove(rest.to_owned())),
            "bestcube" => cube(rest).map(Answer::BestCube),
            "bestturn" => {
                let mut word = None;
                let mut play = None;
                // The move runs to the end of the line (its steps are separated by spaces).
                if let Some((head, tail)) = rest.split_once("move=") {
                    play = Some(tail.trim().to_owned());
                    for w in head.split_whitespace() {
                        if let Some(c) = w.strip_prefix("cube=") {
                            word = Some(cube(c)?);
                        }
                    }
                } else if let Some(c) = rest.strip_prefix("cube=") {
                    word = Some(cube(c.trim())?);
                }
                let word = word.ok_or_else(|| format!("{line:?}: no cube="))?;
                Ok(Answer::BestTurn(
                    word,
                    play.unwrap_or_else(|| "none".to_owned()),
                ))
            }
            "error" => {
                let (code, message) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                // A code this side does not know is kept in the message.
                Ok(Answer::Error(match Code::of(code) {
                    Some(code) => ProtocolError::new(code, message.trim()),
                    None => ProtocolError::new(Code::BadArgument, rest),
                }))
            }
            _ => Err(format!("{line:?} is no UBGI answer")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_answer_reads_back_as_written() {
        let answers = [
            Answer::Id("name".to_owned(), "an engine 1.0".to_owned()),
            Answer::Option("name Level type spin default 3 min 1 max 5".to_owned()),
            Answer::UbgiOk,
            Answer::ReadyOk,
            Answer::Info("role chequer depth 2 eq 0.1".to_owned()),
            Answer::BestMove("bar/22* 13/8".to_owned()),
            Answer::BestMove("pass".to_owned()),
            Answer::BestCube(CubeWord::NoDouble),
            Answer::BestCube(CubeWord::Beaver),
            Answer::BestTurn(CubeWord::NoDouble, "24/18 18/13".to_owned()),
            Answer::BestTurn(CubeWord::Double, "none".to_owned()),
            Answer::Error(ProtocolError::new(Code::MissingContext, "dice")),
        ];
        for a in answers {
            assert_eq!(a.to_string().parse::<Answer>(), Ok(a.clone()), "{a}");
        }
        // An unknown code is kept in the message; a line that is no answer is refused.
        assert_eq!(
            "error internal move_select_failed".parse::<Answer>(),
            Ok(Answer::Error(ProtocolError::new(
                Code::BadArgument,
                "internal move_select_failed"
            )))
        );
        assert!("hello".parse::<Answer>().is_err());
    }
}
