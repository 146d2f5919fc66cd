//! The kit's commands on the dice race of [`crate::testgame`].

use std::io::Cursor;
use std::path::PathBuf;

use boardgames_core::{Game, Seat, Turn};

use crate::testgame::{Race, RaceCli};
use crate::*;

fn run_play(config: &PlayConfig, script: &str) -> String {
    let mut input = Cursor::new(script.as_bytes().to_vec());
    let mut out = Vec::new();
    repl::play(&RaceCli, config, &mut input, &mut out).expect("in-memory I/O");
    String::from_utf8(out).expect("UTF-8 output")
}

fn manual() -> PlayConfig {
    PlayConfig {
        manual_chance: true,
        ..PlayConfig::default()
    }
}

#[test]
fn repl_manual_dice_moves_errors_and_undo() {
    // Roll 2, advance 2; roll 1, try 3 (more than the roll), list moves, undo twice.
    let out = run_play(
        &manual(),
        "2\n2\n1\n3\nmoves\nundo\nundo\nbogus words\nquit\n",
    );
    assert!(out.contains("player 1: 2\nrace 2 - 0"), "{out}");
    assert!(
        out.contains("error: illegal move: more than the roll"),
        "{out}"
    );
    assert!(out.contains("1 legal: 1"), "{out}");
    assert!(out.contains("taken back\nrace 2 - 0"), "{out}");
    assert!(out.contains("taken back\nrace 0 - 0"), "{out}");
    assert!(out.contains("error: bad notation"), "{out}");
    assert!(out.ends_with("bye\n"), "{out}");
}

#[test]
fn repl_end_of_input_and_garbage_never_crash() {
    let script = "\u{0}\u{7f}\n   \n9999999999999\n-1\nundo\nroll\nroll\nrecord\nhelp\n";
    let out = run_play(&manual(), script);
    assert!(out.contains("nothing to take back"), "{out}");
    assert!(out.contains("Commands:"), "{out}");
    assert!(out.ends_with("\nbye\n"), "{out}");
    // Invalid UTF-8 and no final newline.
    let mut input = Cursor::new(vec![0xff, 0xfe, b'\n', b'q', b'u']);
    let mut out = Vec::new();
    repl::play(&RaceCli, &manual(), &mut input, &mut out).expect("in-memory I/O");
    assert!(String::from_utf8_lossy(&out).ends_with("bye\n"));
}

#[test]
fn repl_against_computer_plays_to_the_end_and_undo_takes_back_the_reply() {
    let config = PlayConfig {
        computer: vec![Seat(1)],
        seed: 7,
        ..PlayConfig::default()
    };
    // Always advance 1 (always legal): the computer answers each move.
    let out = run_play(&config, "1\n1\nundo\n1\n1\n1\n1\n1\n1\n1\n");
    assert!(out.contains("player 2 (computer): "), "{out}");
    assert!(out.contains("taken back"), "{out}");
    assert!(out.contains("game over: player"), "{out}");
    // After the end, a move is refused with the game's reason.
    assert!(out.contains("error: illegal move: game over") || out.ends_with("bye\n"));
}

#[test]
fn repl_game_commands_print_or_replace_the_position() {
    let out = run_play(
        &manual(),
        "help\nrestart\n3\n2\nscore\nrestart\nscore\nundo\nscore\n",
    );
    assert!(
        out.contains("  score            show the totals\n"),
        "{out}"
    );
    assert!(out.contains("error: already at the start"), "{out}");
    assert!(out.contains("totals [2, 0]\n"), "{out}");
    assert!(out.contains("restarted\nrace 0 - 0"), "{out}");
    assert!(out.contains("totals [0, 0]\n"), "{out}");
    // undo takes the restart back.
    assert!(out.contains("taken back\nrace 2 - 0"), "{out}");
    assert_eq!(out.matches("totals [2, 0]").count(), 2, "{out}");
}

#[test]
fn perft_counts_chance_branches_without_a_ply() {
    // Hand-worked: at the start chance rolls 1, 2 or 3, then 1..=roll moves: 1 + 2 + 3 = 6.
    // Each of those moves reaches a new roll with again 6 continuations: 36 at depth 2.
    for (depth, want) in [(0, "1"), (1, "6"), (2, "36"), (3, "216")] {
        let args = PerftArgs {
            depth,
            divide: depth == 1,
            threads: 1,
            moves: vec![],
            progress_after: 1.0,
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let exit = perft::perft(&RaceCli, &args, &mut out, &mut err).expect("I/O");
        assert_eq!(exit, Exit::Success);
        let out = String::from_utf8(out).expect("UTF-8");
        assert_eq!(out.lines().last(), Some(want), "{out}");
        if depth == 1 {
            assert_eq!(out, "1 1\n2 2\n3 3\n6\n");
        }
        assert!(String::from_utf8_lossy(&err).contains("nodes/s"));
    }
}

#[test]
fn perft_on_several_threads_prints_what_one_thread_prints() {
    for depth in 1..=4 {
        let run = |threads: u32| {
            let args = PerftArgs {
                depth,
                divide: true,
                threads,
                moves: vec![],
                progress_after: 0.0,
            };
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let exit = perft::perft(&RaceCli, &args, &mut out, &mut err).expect("I/O");
            assert_eq!(exit, Exit::Success);
            String::from_utf8(out).expect("UTF-8")
        };
        let one = run(1);
        // Hand-worked as above: 6 continuations a ply, each first roll's line in order.
        assert_eq!(
            one.lines().last(),
            Some(6u64.pow(depth).to_string().as_str())
        );
        assert!(one.starts_with("1 "), "{one}");
        for threads in [2, 3, 8] {
            assert_eq!(run(threads), one, "{threads} threads, depth {depth}");
        }
    }
}

#[test]
fn moves_after_a_move_list_and_bad_lists() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let args = MovesArgs {
        jsonl: None,
        moves: vec!["3".into(), "2".into(), "1".into()],
    };
    assert_eq!(
        moves::moves(
            &RaceCli,
            &args,
            &mut Cursor::new(vec![]),
            &mut out,
            &mut err
        )
        .expect("I/O"),
        Exit::Success
    );
    assert_eq!(String::from_utf8_lossy(&out), "1\n");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let args = MovesArgs {
        jsonl: None,
        moves: vec!["1".into(), "2".into()],
    };
    assert_eq!(
        moves::moves(
            &RaceCli,
            &args,
            &mut Cursor::new(vec![]),
            &mut out,
            &mut err
        )
        .expect("I/O"),
        Exit::BadInput
    );
    assert!(String::from_utf8_lossy(&err).contains("ply 1"));
    let pos = position_after(&RaceCli, &["2".into()]).expect("a roll");
    assert_eq!(pos.turn(), Turn::Seat(Seat(0)));
}

fn replay_stdin(text: &str, jsonl: bool) -> (Exit, String, String) {
    let args = ReplayArgs {
        file: PathBuf::from("-"),
        jsonl,
        quiet: false,
        color: ColorChoice::Never,
        game: None,
    };
    let mut input = Cursor::new(text.as_bytes().to_vec());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let exit = replay::replay(&RaceCli, &args, &mut input, &mut out, &mut err).expect("I/O");
    (
        exit,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

#[test]
fn replay_prints_steps_and_stops_at_an_illegal_one() {
    let (exit, out, _) = replay_stdin("2 1 3 3 1 1", false);
    assert_eq!(exit, Exit::Success);
    assert!(
        out.starts_with("Event: test\n      chance: 2\n   1. player 1: 1\n"),
        "{out}"
    );
    assert!(out.contains("race 2 - 3"), "{out}");
    assert!(out.contains("result: game goes on\n"), "{out}");

    let (exit, out, err) = replay_stdin("2 1 1 3", false);
    assert_eq!(exit, Exit::Failure);
    assert!(out.contains("race 1 - 0"), "{out}");
    assert!(
        err.contains("ply 2 (player 2)") && err.contains("more than the roll"),
        "{err}"
    );

    let (exit, _, err) = replay_stdin("2 !", false);
    assert_eq!(exit, Exit::BadInput);
    assert!(err.contains("not a game record"), "{err}");

    let missing = ReplayArgs {
        file: PathBuf::from("/nonexistent/record.txt"),
        jsonl: false,
        quiet: false,
        color: ColorChoice::Never,
        game: None,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let exit = replay::replay(
        &RaceCli,
        &missing,
        &mut Cursor::new(vec![]),
        &mut out,
        &mut err,
    )
    .expect("I/O");
    assert_eq!(exit, Exit::BadInput);
    assert!(String::from_utf8_lossy(&err).contains("cannot read"));
}

#[test]
fn batch_reports_bad_lines_by_number_and_goes_on() {
    let (exit, out, err) = replay_stdin("2 1\n\n3 9\n1 1 1\n\u{0}!\n", true);
    assert_eq!(exit, Exit::Failure);
    assert_eq!(out, "2\n3\n");
    assert!(err.contains("line 3:") && err.contains("line 5:"), "{err}");
    assert!(
        !err.contains("line 1:") && !err.contains("line 4:"),
        "{err}"
    );
}

#[test]
fn selfplay_is_deterministic_for_a_seed() {
    let play = |seed| {
        let args = SelfplayArgs {
            seed,
            games: 3,
            max_steps: 1000,
            level: 1,
        };
        let mut out = Vec::new();
        selfplay::selfplay(&RaceCli, &args, &mut out).expect("I/O");
        String::from_utf8(out).expect("UTF-8")
    };
    let a = play(5);
    assert_eq!(a, play(5));
    assert_eq!(a.lines().count(), 9);
    assert!(a.starts_with("# game 1 of 3, seed 5\n"), "{a}");
    // Each record replays to a finished game.
    for record in a.lines().skip(1).step_by(3) {
        let words: Vec<String> = record
            .split_whitespace()
            .filter(|w| *w != "1-0" && *w != "0-1")
            .map(str::to_owned)
            .collect();
        let pos: Race = position_after(&RaceCli, &words).expect("replays");
        assert_eq!(pos.turn(), Turn::Over, "{record}");
    }
}

#[test]
fn play_config_from_shared_options() {
    let start = Race::default();
    let args = PlayArgs {
        vs: Opponent::Computer,
        seed: Some(3),
        computer_first: true,
        seat: None,
        computer_seats: Vec::new(),
        color: ColorChoice::Never,
        level: Some(2),
        record: None,
    };
    let c = PlayConfig::from_args(&args, &ChanceArgs { manual_dice: true }, &start).unwrap();
    assert_eq!(c.computer, vec![Seat(0)]);
    assert_eq!(c.seed, 3);
    assert_eq!(c.level, Some(2));
    assert!(c.manual_chance);
    let c = PlayConfig::from_args(&PlayArgs::default(), &ChanceArgs::default(), &start).unwrap();
    assert!(c.computer.is_empty());
    let args = PlayArgs {
        vs: Opponent::Computer,
        seat: Some(2),
        ..PlayArgs::default()
    };
    let c = PlayConfig::from_args(&args, &ChanceArgs::default(), &start).unwrap();
    assert_eq!(c.computer, vec![Seat(0)]);
    assert!(!c.manual_chance);
    // --computer-seats 2,1,2: seats 1 and 2 (from 1), sorted, once each.
    let args = PlayArgs {
        computer_seats: ["2", "1:4", "2"]
            .map(|s| s.parse().expect("a seat"))
            .to_vec(),
        ..PlayArgs::default()
    };
    let c = PlayConfig::from_args(&args, &ChanceArgs::default(), &start).unwrap();
    assert_eq!(c.computer, vec![Seat(0), Seat(1)]);
    // Seat 1 plays at its own level 4, seat 2 at --level (none given: the default).
    assert_eq!((c.level_of(Seat(0)), c.level_of(Seat(1))), (Some(4), None));
    for bad in ["0", "7", "2:6", "2:", "x:1", ""] {
        assert!(bad.parse::<crate::args::ComputerSeat>().is_err(), "{bad}");
    }
    // A seat the race does not have is refused, naming the seat count.
    for (option, args) in [
        (
            "--computer-seats 6",
            PlayArgs {
                computer_seats: vec![
                    crate::args::ComputerSeat {
                        seat: 2,
                        level: None,
                    },
                    crate::args::ComputerSeat {
                        seat: 6,
                        level: Some(1),
                    },
                ],
                ..PlayArgs::default()
            },
        ),
        (
            "--seat 3",
            PlayArgs {
                vs: Opponent::Computer,
                seat: Some(3),
                ..PlayArgs::default()
            },
        ),
    ] {
        let e = PlayConfig::from_args(&args, &ChanceArgs::default(), &start).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{option}: Dice race has 2 seats, numbered 1 to 2")
        );
    }
}

#[test]
fn one_board_a_turn_against_the_computer() {
    let config = PlayConfig {
        computer: vec![Seat(1)],
        seed: 7,
        ..PlayConfig::default()
    };
    let out = run_play(&config, "1\nquit\n");
    // The human's move, then straight to the computer's reply: the board only after it.
    let mine = out.find("player 1: 1\n").expect("the move is told");
    let reply = out
        .find("player 2 (computer): ")
        .expect("the computer replies");
    assert!(!out[mine..reply].contains("race "), "{out}");
    assert!(out[reply..].contains("race "), "{out}");
}

#[test]
fn long_echoed_tokens_are_cut() {
    let long = "9".repeat(300);
    assert_eq!(
        common::echo(&long),
        format!("{}... (300 characters)", "9".repeat(32))
    );
    assert_eq!(common::echo("short"), "short");
    assert_eq!(common::echo(&"x".repeat(40)), "x".repeat(40));
    let message = format!("{long:?} is not a move: bad row in {long:?}: rows are 1..19");
    let cut = format!("\"{}... (300 characters)\"", "9".repeat(32));
    assert_eq!(
        common::cut_quoted(&message),
        format!("{cut} is not a move: bad row in {cut}: rows are 1..19")
    );
    // Short quotes, escaped quotes and an unclosed one are left as they are.
    for text in ["\"a1b2\": no marble", "\"a \\\" b\" x", "\"open"] {
        assert_eq!(common::cut_quoted(text), text);
    }
}

/// A line editor that answers from a script and keeps the prompts it was shown.
struct ScriptedEditor {
    lines: Vec<&'static str>,
    prompts: Vec<String>,
}

impl repl::LineEditor for ScriptedEditor {
    fn read_line(&mut self, prompt: &str) -> std::io::Result<Option<String>> {
        self.prompts.push(prompt.to_owned());
        Ok((!self.lines.is_empty()).then(|| self.lines.remove(0).to_owned()))
    }
}

#[test]
fn a_line_editor_shows_the_prompts_itself() {
    let mut editor = ScriptedEditor {
        lines: vec!["2", "2", "quit"],
        prompts: Vec::new(),
    };
    let mut out = Vec::new();
    repl::play_edited(&RaceCli, &manual(), &mut editor, &mut out).expect("in-memory I/O");
    let out = String::from_utf8(out).expect("UTF-8");
    assert_eq!(editor.prompts, ["chance> ", "player 1> ", "chance> "]);
    // The prompts are the editor's to draw, not written again.
    assert!(
        !out.contains("chance>") && !out.contains("player 1>"),
        "{out}"
    );
    assert!(out.contains("player 1: 2\nrace 2 - 0"), "{out}");
}

#[test]
fn arena_counts_games_alternates_teams_and_repeats_for_a_seed() {
    use crate::arena;
    use crate::args::{ArenaArgs, PlayerSpec};
    let run = |seed, jsonl| {
        let args = ArenaArgs {
            a: PlayerSpec::Random,
            b: PlayerSpec::Random,
            games: 6,
            from_game: 1,
            seed,
            openings: None,
            random_plies: 1,
            max_steps: 1000,
            repetition: None,
            records: None,
            engine_timeout: 300,
            jsonl,
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let exit = arena::arena(&RaceCli, &args, &mut &b""[..], &mut out, &mut err).expect("I/O");
        assert_eq!(exit, Exit::Success);
        String::from_utf8(out).expect("UTF-8")
    };
    let text = run(4, false);
    assert_eq!(text, run(4, false));
    assert!(
        text.starts_with("A: random\nB: random\ngames 6: A wins "),
        "{text}"
    );
    let lines = run(4, true);
    let games: Vec<serde_json::Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(games.len(), 7);
    let mut a_wins = 0;
    for (k, g) in games[..6].iter().enumerate() {
        // A plays team 0 then team 1, in turn.
        assert_eq!(g["a_team"], k % 2, "{g}");
        a_wins += u64::from(g["result"] == "a");
        assert_ne!(g["result"], "unfinished");
    }
    // Every Race game ends with a winner: the text and the JSON agree on the count.
    assert_eq!(games[6]["a_wins"], a_wins);
    assert!(text.contains(&format!("A wins {a_wins}, draws 0, B wins {}", 6 - a_wins)));
    // No engine in this game: the arena says so.
    let args = ArenaArgs {
        a: "level=2".parse().expect("a spec"),
        b: PlayerSpec::Random,
        games: 1,
        from_game: 1,
        seed: 0,
        openings: None,
        random_plies: 0,
        max_steps: 10,
        repetition: None,
        records: None,
        engine_timeout: 300,
        jsonl: false,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let exit = arena::arena(&RaceCli, &args, &mut &b""[..], &mut out, &mut err).expect("I/O");
    assert_eq!(exit, Exit::BadInput);
    assert!(String::from_utf8_lossy(&err).contains("--a: this game has no engine"));
}

#[test]
fn edit_distance_and_the_nearest_command() {
    use crate::repl::{edit_distance, nearest};
    assert_eq!(edit_distance("hnt", "hint"), 1);
    assert_eq!(edit_distance("hitn", "hint"), 1);
    assert_eq!(edit_distance("", "ab"), 2);
    assert_eq!(edit_distance("kitten", "sitting"), 3);
    let names = ["help", "hint", "roll", "record", "save"];
    assert_eq!(nearest("hnt", names), Some("hint"));
    assert_eq!(nearest("rol", names), Some("roll"));
    assert_eq!(nearest("recrod", names), Some("record"));
    assert_eq!(nearest("sve", names), Some("save"));
    // A name itself, one letter, or too far: none.
    assert_eq!(nearest("save", names), None);
    assert_eq!(nearest("x", names), None);
    assert_eq!(nearest("xyzzy", names), None);
    assert_eq!(nearest("he", names), None);
}

#[test]
fn a_script_reports_its_refused_lines_and_fails() {
    let script = "2\n2\n1\nrol\nscroe\n3\nbogus\nquit\n";
    let mut input = Cursor::new(script.as_bytes().to_vec());
    let (mut out, mut errors) = (Vec::new(), Vec::new());
    let exit = repl::play_script(&RaceCli, &manual(), &mut input, &mut out, &mut errors)
        .expect("in-memory I/O");
    assert_eq!(exit, Exit::Failure);
    let out = String::from_utf8(out).expect("UTF-8");
    let errors = String::from_utf8(errors).expect("UTF-8");
    // `rol` at a move: the kit's roll (the race has chance); `scroe`: the game's score.
    assert!(
        out.contains("error: unknown command \"rol\" (did you mean roll?)"),
        "{out}"
    );
    assert!(
        errors.contains("error: line 5: unknown command \"scroe\" (did you mean score?)"),
        "{errors}"
    );
    assert!(errors.contains("error: line 6: illegal move"), "{errors}");
    assert!(errors.contains("error: line 7: bad notation"), "{errors}");
    assert_eq!(errors.lines().count(), 4, "{errors}");
    // Without a refused line: success.
    let mut input = Cursor::new(b"2\n2\nquit\n".to_vec());
    let exit = repl::play_script(
        &RaceCli,
        &manual(),
        &mut input,
        &mut Vec::new(),
        &mut Vec::new(),
    )
    .expect("in-memory I/O");
    assert_eq!(exit, Exit::Success);
}

#[test]
fn save_and_record_write_what_record_shows() {
    let dir = std::env::temp_dir();
    let saved = dir.join(format!("boardgames-cli-{}-saved.txt", std::process::id()));
    let kept = dir.join(format!("boardgames-cli-{}-kept.txt", std::process::id()));
    let config = PlayConfig {
        record: Some(kept.clone()),
        ..manual()
    };
    let script = format!("2\n2\n1\n1\nrecord\nsave {}\nhelp\n", saved.display());
    let out = run_play(&config, &script);
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert_eq!(text, "2 2 1 1\n");
    assert_eq!(std::fs::read_to_string(&kept).ok(), Some(text));
    assert!(
        out.contains(&format!("saved to {}", saved.display())),
        "{out}"
    );
    assert!(out.contains("(--record: "), "{out}");
    // `undo` rewrites the kept record; after `restart`, a command of the game, it holds
    // the steps played, as `record` shows them.
    let out = run_play(
        &config,
        &format!("2\n2\nundo\nrestart\nsave {}\n", saved.display()),
    );
    assert_eq!(std::fs::read_to_string(&kept).ok().as_deref(), Some("2\n"));
    assert_eq!(std::fs::read_to_string(&saved).ok().as_deref(), Some("2\n"));
    assert!(out.contains("restarted"), "{out}");
    for file in [saved, kept] {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn help_of_a_game_says_only_what_applies() {
    use clap::{CommandFactory, Parser};
    #[derive(Parser)]
    struct Program {
        #[arg(long, global = true)]
        option: bool,
        #[command(subcommand)]
        command: crate::shell::ProgramCommand,
    }
    let game = crate::args::GameHelp {
        formats: vec!["one", "two", "three"],
        replay_jsonl: false,
        moves_jsonl: false,
        chance: false,
        default_level: Some("4".to_owned()),
    };
    let command = crate::args::for_game(Program::command(), &game);
    let mut command = crate::args::hide_global(command, "option", |sub| sub == "play");
    let mut help = |sub: &str| {
        command
            .find_subcommand_mut(sub)
            .map(|c| c.render_long_help().to_string())
            .unwrap_or_default()
    };
    assert!(help("convert").contains("The format to write: one, two or three"));
    assert!(!help("moves").contains("--jsonl"));
    assert!(!help("replay").contains("--jsonl"));
    assert!(help("play").contains("--option"));
    // The game's default level where the kit's help speaks of it.
    assert!(help("play").contains("or 0 for uniformly random legal moves (default: 4)"));
    assert!(help("bestmove").contains("1 to 5 (default: 4)"));
    for sub in ["selfplay", "arena", "completions", "man", "replay"] {
        let text = help(sub);
        assert!(!text.to_lowercase().contains("chance"), "{sub}: {text}");
        assert!(!text.contains("--option"), "{sub}: {text}");
    }
    // The options hidden still parse, in their places.
    let matches = command
        .try_get_matches_from_mut(["program", "moves", "--jsonl", "-", "--option"])
        .expect("parses");
    let (name, sub) = matches.subcommand().expect("a subcommand");
    assert_eq!(name, "moves");
    assert_eq!(sub.get_one::<PathBuf>("jsonl"), Some(&PathBuf::from("-")));
}

#[test]
fn a_bestmove_line_is_read_once_into_a_request() {
    use crate::bestmove::Request;
    let r = Request::read(r#"{"id": 7, "position": {"a": [1, 2]}, "depth": 3}"#).expect("reads");
    assert_eq!(r.id, serde_json::json!(7));
    // The position's text as written, for the game to read.
    assert_eq!(r.field("position"), Some(r#"{"a": [1, 2]}"#));
    assert_eq!(r.budget, Some(boardgames_ai::Budget::depth(3)));
    let plain = Request::read(r#"{"position": "x"}"#).expect("reads");
    assert_eq!((plain.id, plain.budget), (serde_json::Value::Null, None));
    for (line, error) in [
        ("{", "not JSON"),
        ("[1]", "not a bestmove request"),
        (r#"{"id": 1}"#, "no \"position\" field"),
        (
            r#"{"position": 1, "depth": 65}"#,
            "\"depth\" must be a whole number from 1 to 64",
        ),
        (
            r#"{"position": 1, "nodes": 0}"#,
            "\"nodes\" must be a whole number from 1 to",
        ),
        (
            r#"{"position": 1, "movetime_ms": "5"}"#,
            "\"movetime_ms\" must be",
        ),
    ] {
        let e = Request::read(line).expect_err(line);
        assert!(e.starts_with(error), "{line}: {e}");
    }
}

#[test]
fn a_bestmove_line_of_another_shape_keeps_its_position_fields_as_written() {
    use crate::bestmove::{Request, Shape};
    let ids = Shape {
        fields: &["a", "b"],
        described: "\"a\" and \"b\"",
        depths: 0..=3,
    };
    let line = r#"{"b": "x\"y", "other": [1], "a": {"n": 1}, "depth": 0}"#;
    let r = Request::read_shaped(line, &ids).expect("reads");
    assert_eq!(
        r.fields.as_slice(),
        [("b", r#""x\"y""#), ("a", r#"{"n": 1}"#)]
    );
    assert_eq!(r.text("b").as_deref(), Some("x\"y"));
    assert_eq!((r.text("a"), r.field("c")), (None, None));
    assert_eq!(r.budget, Some(boardgames_ai::Budget::depth(0)));
    for (line, error) in [
        (
            r#"{"a": 1, "a": 2}"#,
            "not a bestmove request (a JSON object with \"a\" and \"b\"): duplicate field `a`",
        ),
        (r#"{"id": 1, "id": 2}"#, "not a bestmove request"),
        (r#"{"a": 1} x"#, "not JSON"),
        (
            r#"{"depth": 4}"#,
            "\"depth\" must be a whole number from 0 to 3",
        ),
    ] {
        let e = Request::read_shaped(line, &ids).expect_err(line);
        assert!(e.starts_with(error), "{line}: {e}");
    }
}
