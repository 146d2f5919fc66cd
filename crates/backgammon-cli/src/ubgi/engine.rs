//! `backgammon-cli ubgi`: the engine speaking UBGI on its standard input and output, for
//! duellers (bgci) and GUIs. It keeps the context the other side gives (the session, the
//! score, the cube, the side on roll, the position, the dice) and answers `go` from it, the
//! whole context checked as a session state ([`MatchSetup::into_match`]) before the engine
//! decides. Every answer line is flushed as it is written; a command that cannot be served
//! gets an `error CODE MESSAGE` line and the engine goes on.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use boardgames_ai::backgammon::{
    BackgammonEngine, BearoffDatabase, CubeContext, MatchPlayer, RankedPlay, TwoSidedBearoff,
};
use boardgames_ai::registry::{match_level, RegistryError, Strength};
use boardgames_ai::Budget;
use boardgames_cli::Exit;
use boardgames_core::backgammon::{
    board_from_position_id, position_id, Board, Dice, GameState, Match, MatchAction, MatchId,
    MatchSetup, Phase, Play, SetupOptions, Side, Xgid,
};
use boardgames_core::player::Player;

use super::answer::{Answer, Code, CubeWord, ProtocolError};
use super::command::{Command, Limits, Role, Session};

/// The gnubg Position ID of the starting position (the same from either side).
const START: &str = "4HPwATDgc/ABMA";

/// What the other side has said of the game: everything a decision needs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Context {
    /// The match length, 0 for money play.
    length: u16,
    jacoby: bool,
    /// Whether the game played is the Crawford game.
    crawford: bool,
    beavers: bool,
    score: [u16; 2],
    cube: u16,
    owner: Option<Side>,
    /// The side on roll (whose Position ID `position` is).
    turn: Side,
    position: String,
    dice: Option<Dice>,
}

impl Context {
    /// A money game at the start, X on roll.
    fn new() -> Context {
        Context {
            length: 0,
            jacoby: false,
            crawford: false,
            beavers: false,
            score: [0, 0],
            cube: 1,
            owner: None,
            turn: Side::X,
            position: START.to_owned(),
            dice: None,
        }
    }

    /// A new game of the same session: the starting position, the cube centred at 1.
    fn new_game(&mut self) {
        self.position = START.to_owned();
        self.cube = 1;
        self.owner = None;
        self.dice = None;
    }

    /// The context an XGID gives.
    fn of_xgid(text: &str) -> Result<Context, ProtocolError> {
        let setup = text
            .parse::<Xgid>()
            .and_then(|x| x.to_match_setup())
            .map_err(|e| ProtocolError::new(Code::BadArgument, format!("position xgid: {e}")))?;
        let id = &setup.match_id;
        Ok(Context {
            length: id.match_length,
            jacoby: id.jacoby,
            crawford: id.crawford,
            beavers: setup.options.beavers > 0,
            score: id.score,
            cube: 1 << id.cube_log2,
            owner: id.cube_owner,
            turn: id.dice_owner,
            position: position_id(&setup.board, id.dice_owner),
            dice: id.dice,
        })
    }

    /// The session state of this context for `role`: the side on roll to play its dice
    /// (`dice`), to decide on the cube before its roll (`None`), or, with `offered`, its
    /// double offered and the other side to answer.
    fn session(&self, dice: Option<Dice>, offered: bool) -> Result<Match, ProtocolError> {
        let bad = |e: &dyn std::fmt::Display| ProtocolError::new(Code::BadArgument, e.to_string());
        let board: Board =
            board_from_position_id(&self.position, self.turn).map_err(|e| bad(&e))?;
        let setup = MatchSetup {
            board,
            match_id: MatchId {
                cube_log2: self.cube.trailing_zeros() as u8,
                cube_owner: self.owner,
                dice_owner: self.turn,
                crawford: self.crawford,
                state: GameState::Playing,
                turn: if offered {
                    self.turn.other()
                } else {
                    self.turn
                },
                double_offered: offered,
                resignation: 0,
                dice,
                match_length: self.length,
                score: self.score,
                jacoby: self.jacoby,
            },
            rolling: false,
            options: SetupOptions {
                beavers: u8::from(self.beavers),
                ..SetupOptions::default()
            },
        };
        setup.into_match().map_err(|e| bad(&e))
    }

    /// The dice, or why a decision needs them.
    fn dice(&self) -> Result<Dice, ProtocolError> {
        self.dice.ok_or_else(|| {
            ProtocolError::new(Code::MissingContext, "dice: give them with dice D1 D2")
        })
    }
}

/// The play in UBGI's notation: one `from/to` step a die, `bar` and `off` by name, `*` on a
/// hit, in an order that can be played (the highest source first); `pass` for no play.
#[must_use]
pub fn play_text(play: &Play) -> String {
    if play.is_pass() {
        return "pass".to_owned();
    }
    let point = |p: u8| match p {
        25 => "bar".to_owned(),
        0 => "off".to_owned(),
        p => p.to_string(),
    };
    play.steps()
        .map(|s| {
            format!(
                "{}/{}{}",
                point(s.from),
                point(s.to),
                if s.hit { "*" } else { "" }
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The engine's state between commands.
pub struct UbgiEngine {
    /// The level set by `setoption name Level`.
    level: u8,
    /// `EvalMode cubeless`: plays chosen by cubeless equity.
    cubeless: bool,
    player: MatchPlayer,
    context: Context,
}

/// What to do after a command.
pub enum Step {
    /// Write these lines and read the next command.
    Answer(Vec<Answer>),
    /// Stop (`quit`).
    Quit,
}

impl UbgiEngine {
    /// The engine at `level` (1 to 5), a money game at the start in its context.
    #[must_use]
    pub fn new(level: u8) -> UbgiEngine {
        UbgiEngine {
            level,
            cubeless: false,
            player: MatchPlayer::new(level),
            context: Context::new(),
        }
    }

    /// The answer to one line.
    pub fn answer(&mut self, line: &str) -> Step {
        if line.trim().is_empty() {
            return Step::Answer(Vec::new());
        }
        let command = match line.parse::<Command>() {
            Ok(c) => c,
            Err(e) => return Step::Answer(vec![Answer::Error(e)]),
        };
        Step::Answer(match self.serve(command) {
            Ok(Some(lines)) => lines,
            Ok(None) => return Step::Quit,
            Err(e) => vec![Answer::Error(e)],
        })
    }

    /// The lines answering `command`; `None` to quit.
    fn serve(&mut self, command: Command) -> Result<Option<Vec<Answer>>, ProtocolError> {
        let ctx = &mut self.context;
        let silent = Ok(Some(Vec::new()));
        match command {
            Command::Ubgi => Ok(Some(handshake(self.level))),
            Command::IsReady => {
                // The databases the engine would otherwise build at its first endgame.
                let _ = (BearoffDatabase::get(), TwoSidedBearoff::get());
                Ok(Some(vec![Answer::ReadyOk]))
            }
            Command::SetOption { name, value } => self.set_option(&name, &value).and(silent),
            Command::NewGame => {
                ctx.new_game();
                silent
            }
            Command::NewSession(s) => {
                start_session(ctx, s);
                silent
            }
            Command::SetScore(score) => {
                ctx.score = score;
                silent
            }
            Command::SetCube { value, owner } => {
                ctx.cube = value;
                ctx.owner = owner;
                silent
            }
            Command::SetTurn(side) => {
                ctx.turn = side;
                silent
            }
            Command::PositionGnubgId(id) => {
                board_from_position_id(&id, Side::X).map_err(|e| {
                    ProtocolError::new(Code::BadArgument, format!("position gnubgid: {e}"))
                })?;
                ctx.position = id;
                silent
            }
            Command::PositionXgid(x) => {
                *ctx = Context::of_xgid(&x)?;
                silent
            }
            Command::Dice(a, b) => {
                ctx.dice =
                    Some(Dice::new(a, b).map_err(|e| {
                        ProtocolError::new(Code::BadArgument, format!("dice: {e}"))
                    })?);
                silent
            }
            Command::Go(role, limits) => self.go(role, limits).map(Some),
            Command::Stop => silent,
            Command::Quit => Ok(None),
        }
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), ProtocolError> {
        let bad = |what: &str| {
            ProtocolError::new(
                Code::BadArgument,
                format!("setoption {name}: {value:?}: {what}"),
            )
        };
        match name {
            "Level" => {
                let n = value
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (1..=5).contains(n))
                    .ok_or_else(|| bad("a level from 1 to 5"))?;
                self.level = n;
                self.player = MatchPlayer::new(n);
            }
            "EvalMode" => {
                self.cubeless = match value {
                    "cubeful" => false,
                    "cubeless" => true,
                    _ => return Err(bad("cubeful or cubeless")),
                };
            }
            // The engine draws no random numbers: every seed gives the same decisions.
            "Seed" => {
                value.parse::<u64>().map_err(|_| bad("a number"))?;
            }
            "Deterministic" => {
                if value != "true" && value != "false" {
                    return Err(bad("true or false"));
                }
            }
            "Threads" if value == "1" => {}
            "Threads" => return Err(bad("1 (the engine decides on one thread)")),
            "Variant" if value == "backgammon" => {}
            "Variant" => {
                return Err(ProtocolError::new(
                    Code::UnsupportedFeature,
                    format!("setoption Variant {value:?}: only backgammon"),
                ))
            }
            _ => {
                return Err(ProtocolError::new(
                    Code::UnsupportedFeature,
                    format!("setoption: no option {name:?}"),
                ))
            }
        }
        Ok(())
    }

    /// The player for a decision: the engine at its level, or at `depth` plies (the
    /// registry's rule for backgammon's budgets: no time, no nodes).
    fn player_for(&self, limits: Limits) -> Result<MatchPlayer, ProtocolError> {
        if limits.trials.is_some() {
            return Err(ProtocolError::new(
                Code::UnsupportedFeature,
                "go trials: the engine's budget is its Level or go depth N",
            ));
        }
        if limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none() {
            return Ok(self.player.clone());
        }
        let strength = Strength {
            level: Some(self.level),
            budget: Budget {
                depth: limits.depth.map(|d| u32::try_from(d).unwrap_or(u32::MAX)),
                nodes: limits.nodes,
                time: limits.movetime.map(Duration::from_millis),
            },
        };
        match match_level(&strength) {
            Ok(level) => Ok(MatchPlayer::new(level)),
            Err(e @ RegistryError::Budget { what: "depth", .. }) => {
                Err(ProtocolError::new(Code::BadArgument, format!("go: {e}")))
            }
            Err(e) => Err(ProtocolError::new(
                Code::UnsupportedFeature,
                format!("go: {e}"),
            )),
        }
    }

    fn go(&mut self, role: Role, limits: Limits) -> Result<Vec<Answer>, ProtocolError> {
        let mut player = self.player_for(limits)?;
        let start = Instant::now();
        let ctx = &self.context;
        let mut out = Vec::new();
        match role {
            Role::Chequer => {
                let m = ctx.session(Some(ctx.dice()?), false)?;
                let play = self.chequer(&m, player.engine(), start, &mut out);
                out.push(Answer::BestMove(play));
            }
            Role::Cube => {
                let m = ctx.session(None, false)?;
                let word = cube(&m, player.engine(), start, &mut out);
                out.push(Answer::BestCube(word));
            }
            Role::Take => {
                let m = ctx.session(None, true)?;
                let word = match player.choose(&m) {
                    Some(MatchAction::Take) => CubeWord::Take,
                    Some(MatchAction::Beaver) => CubeWord::Beaver,
                    _ => CubeWord::Drop,
                };
                out.push(info(role, player.engine(), start, None, ""));
                out.push(Answer::BestCube(word));
            }
            Role::Turn => {
                let m = ctx.session(None, false)?;
                let word = cube(&m, player.engine(), start, &mut out);
                let play = if word == CubeWord::Double {
                    "none".to_owned()
                } else {
                    let m = ctx.session(Some(ctx.dice()?), false)?;
                    self.chequer(&m, player.engine(), start, &mut out)
                };
                out.push(Answer::BestTurn(word, play));
            }
        }
        Ok(out)
    }

    /// The best play at `m` (dice rolled) in UBGI's notation, its `info` line added to
    /// `out`.
    fn chequer(
        &self,
        m: &Match,
        engine: &BackgammonEngine<'static>,
        start: Instant,
        out: &mut Vec<Answer>,
    ) -> String {
        let ranked: Vec<RankedPlay> = match (self.cubeless, m.position().dice()) {
            (true, Some(dice)) => {
                let level = engine.level();
                engine
                    .evaluator()
                    .rank(m.position(), dice, level.plies, level.filters, &|c| {
                        f64::from(c.equity())
                    })
            }
            _ => engine.rank_plays(m),
        };
        let Some(best) = ranked.first() else {
            out.push(info(Role::Chequer, engine, start, None, "pass"));
            return "pass".to_owned();
        };
        let text = play_text(&best.play);
        let c = &best.chances;
        let figures = format!(
            "eq {:.4} pwin {:.4} pgammon {:.4} pbg {:.4}",
            best.value, c.win, c.win_gammon, c.win_backgammon
        );
        out.push(info(Role::Chequer, engine, start, Some(figures), &text));
        text
    }
}

/// The cube decision of the side on roll at `m` (before its roll), its `info` line added
/// to `out`: `nodouble` where the rules allow no double.
fn cube(
    m: &Match,
    engine: &BackgammonEngine<'static>,
    start: Instant,
    out: &mut Vec<Answer>,
) -> CubeWord {
    if m.phase() != Phase::ToRoll || !m.can_double() {
        out.push(info(Role::Cube, engine, start, None, ""));
        return CubeWord::NoDouble;
    }
    let d = engine.cube_decision(m);
    let ctx = CubeContext::of(m);
    let figures = format!(
        "eq {:.4} nodouble {:.4} take {:.4} drop {:.4}",
        ctx.normalised(d.best()),
        ctx.normalised(d.no_double),
        ctx.normalised(d.double_take),
        ctx.normalised(d.double_drop)
    );
    out.push(info(Role::Cube, engine, start, Some(figures), ""));
    if d.action.doubles() {
        CubeWord::Double
    } else {
        CubeWord::NoDouble
    }
}

/// The `info` line of a decision: its role, depth, figures, time and line.
fn info(
    role: Role,
    engine: &BackgammonEngine<'static>,
    start: Instant,
    figures: Option<String>,
    pv: &str,
) -> Answer {
    let mut text = format!("role {} depth {}", role.word(), engine.level().plies);
    if let Some(f) = figures {
        text.push(' ');
        text.push_str(&f);
    }
    text.push_str(&format!(" time_ms {}", start.elapsed().as_millis()));
    if !pv.is_empty() {
        text.push_str(" pv ");
        text.push_str(pv);
    }
    Answer::Info(text)
}

/// `newsession`: the session's rules, the score at 0-0 and a new game.
fn start_session(ctx: &mut Context, s: Session) {
    *ctx = Context {
        length: s.length,
        jacoby: s.length == 0 && s.jacoby.unwrap_or(false),
        crawford: s.length > 0 && s.crawford.unwrap_or(false),
        beavers: s.length == 0 && s.beavers.unwrap_or(false),
        turn: ctx.turn,
        ..Context::new()
    };
}

/// The handshake's lines.
fn handshake(level: u8) -> Vec<Answer> {
    let version = env!("CARGO_PKG_VERSION");
    let mut lines = vec![
        Answer::Id(
            "name".to_owned(),
            format!("boardgames backgammon-cli {version}"),
        ),
        Answer::Id("author".to_owned(), "boardgames contributors".to_owned()),
        Answer::Id("version".to_owned(), version.to_owned()),
    ];
    for option in [
        format!("name Level type spin default {level} min 1 max 5"),
        "name EvalMode type combo default cubeful var cubeful var cubeless".to_owned(),
        "name Seed type spin default 0 min 0 max 18446744073709551615".to_owned(),
        "name Deterministic type check default true".to_owned(),
        "name Threads type spin default 1 min 1 max 1".to_owned(),
        "name Variant type combo default backgammon var backgammon".to_owned(),
    ] {
        lines.push(Answer::Option(option));
    }
    lines.push(Answer::UbgiOk);
    lines
}

/// Serves the commands of `input` until `quit` or its end, each answer line written to
/// `out` and flushed at once.
///
/// # Errors
/// Only errors reading `input` or writing `out`.
pub fn run(level: u8, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<Exit> {
    let mut engine = UbgiEngine::new(level);
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(Exit::Success);
        }
        match engine.answer(&line) {
            Step::Answer(lines) => {
                for l in lines {
                    writeln!(out, "{l}")?;
                }
                out.flush()?;
            }
            Step::Quit => return Ok(Exit::Success),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Words of commands, right and wrong, to make lines of.
    const WORDS: [&str; 40] = [
        "ubgi",
        "isready",
        "newgame",
        "newsession",
        "setscore",
        "setcube",
        "setturn",
        "position",
        "gnubgid",
        "xgid",
        "dice",
        "go",
        "role",
        "chequer",
        "cube",
        "take",
        "turn",
        "depth",
        "type",
        "money",
        "match",
        "length",
        "crawford",
        "on",
        "off",
        "value",
        "owner",
        "center",
        "p0",
        "p1",
        "0",
        "1",
        "2",
        "3",
        "6",
        "7",
        "65535",
        "4HPwATDgc/ABMA",
        "Np7BQSCYZ/AAWA",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Whatever the lines, the engine answers each without panicking; a `go` gets a
        /// best answer or an error, and nothing else gets a best answer.
        #[test]
        fn any_lines_get_answers(lines in prop::collection::vec(
            prop::collection::vec(prop::sample::select(&WORDS[..]), 0..7), 1..30)
        ) {
            let mut engine = UbgiEngine::new(1);
            for words in lines {
                let line = words.join(" ");
                let Step::Answer(answers) = engine.answer(&line) else { break };
                let finals = answers
                    .iter()
                    .filter(|a| matches!(a, Answer::BestMove(_) | Answer::BestCube(_) | Answer::BestTurn(..) | Answer::Error(_)))
                    .count();
                if words.first() == Some(&"go") {
                    prop_assert_eq!(finals, 1, "{}: {:?}", line, answers);
                } else {
                    prop_assert!(answers.iter().all(|a| !matches!(a, Answer::BestMove(_) | Answer::BestCube(_) | Answer::BestTurn(..))), "{}", line);
                }
            }
        }
    }
}
