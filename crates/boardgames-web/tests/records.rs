//! The record routes: files of every game opened and stepped through against the core's own
//! replay of them, a game continued from a step, the backgammon analysis against the
//! engine's judgement of the match, and each route's errors.

use axum::http::{Method, StatusCode};
use axum::Router;
use boardgames_ai::backgammon::{judge_match, BackgammonEngine};
use boardgames_core::abalone::record::{AbaPro, Apgn};
use boardgames_core::abalone::{Abalone, Layout, Position};
use boardgames_core::backgammon::record::{read_match_file, replay_matches};
use boardgames_core::pente::record::PenteOrg;
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::record::{replay, Format, Trace};
use boardgames_core::Game;
use serde_json::{json, Value};

mod common;
use common::{id, kind, send, server};

/// A file of the examples.
fn example(name: &str) -> String {
    let path = format!("{}/../../examples/games/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Opens `text` as a record of `game`: the summary.
async fn open(app: &Router, game: &str, text: &str) -> Value {
    let body = json!({ "game": game, "text": text });
    let (status, summary) = send(app, Method::POST, "/api/records", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{summary}");
    summary
}

/// The state of step `k`.
async fn step(app: &Router, summary: &Value, k: usize) -> Value {
    let uri = format!("/api/records/{}/steps/{k}", id(summary));
    let (status, state) = send(app, Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

/// The move list's texts.
fn move_texts(summary: &Value) -> Vec<String> {
    summary["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["text"].as_str().expect("text").to_owned())
        .collect()
}

/// The texts of a trace's steps.
fn trace_texts<G: Game>(trace: &Trace<G>) -> Vec<String> {
    trace.applied.iter().map(ToString::to_string).collect()
}

/// The legal moves of a state.
fn legal(state: &Value) -> Vec<String> {
    serde_json::from_value(state["legal_moves"].clone()).expect("legal moves")
}

/// The legal moves of `pos`.
fn moves_of<G: Game>(pos: &G) -> Vec<String> {
    pos.moves().iter().map(ToString::to_string).collect()
}

#[tokio::test]
async fn a_pente_org_game_steps_through_every_position_and_continues() {
    let app = server();
    let text = example("pente-org-50000000005101.txt");
    let summary = open(&app, "pente", &text).await;
    let records = PenteOrg::new(Pente::new(Variant::Pente, OpeningRule::Tournament))
        .read(&text)
        .expect("the library reads it");
    let trace = replay(&records[0]);
    assert!(trace.illegal.is_none());
    assert_eq!(summary["game"], "pente");
    assert_eq!(summary["steps"], trace.positions.len());
    assert_eq!(move_texts(&summary), trace_texts(&trace));
    assert_eq!(summary["records"].as_array().map(Vec::len), Some(1));
    assert_eq!(summary["can_analyse"], false);
    // The start, a middle step and the end, each the library's position.
    for k in [0, trace.positions.len() / 2, trace.positions.len() - 1] {
        let state = step(&app, &summary, k).await;
        let pos = &trace.positions[k];
        assert_eq!(legal(&state), moves_of(pos), "step {k}");
        assert_eq!(state["version"], k);
        assert_eq!(state["history"].as_array().map(Vec::len), Some(k));
        let stones = state["board"]["stones"].as_array().expect("stones").len();
        let [x, o] = pos.captures();
        assert_eq!(
            stones + usize::from(x) + usize::from(o),
            k,
            "every stone placed is on the board or captured"
        );
    }
    // A new game from step 4, the computer for the second seat.
    let uri = format!("/api/records/{}/continue", id(&summary));
    let body = json!({ "step": 4, "seats": ["human", 1] });
    let (status, game) = send(&app, Method::POST, &uri, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    assert_eq!(legal(&game), moves_of(&trace.positions[4]));
    assert_eq!(game["history"], json!(trace_texts(&trace)[..4]));
    assert_eq!(game["seats"][1]["player"], "computer");
    assert_eq!(game["can_undo"], true);
}

#[tokio::test]
async fn abalone_records_in_each_format() {
    let app = server();
    // The AWC 2015 final, plain Aba-Pro: 115 plies, 1 Black and 5 White marbles pushed off.
    let text = example("abalone-awc2015-final.txt");
    let summary = open(&app, "abalone", &text).await;
    assert_eq!(summary["steps"], 116);
    let last = step(&app, &summary, 115).await;
    assert_eq!(last["board"]["lost"], json!([1, 5]));
    let records = AbaPro::new(Abalone::new(Layout::BelgianDaisy).expect("a layout"))
        .read(&text)
        .expect("read");
    assert_eq!(move_texts(&summary), trace_texts(&replay(&records[0])));
    // APGN with several games: each game's positions in turn.
    let text = example("abalone-migs-2016-first-games.apgn");
    let summary = open(&app, "abalone", &text).await;
    let records: Vec<_> = Format::<Abalone>::read(&Apgn, &text).expect("read");
    let traces: Vec<Trace<Abalone>> = records.iter().map(replay).collect();
    let total: usize = traces.iter().map(|t| t.positions.len()).sum();
    assert_eq!(summary["steps"], total);
    assert_eq!(
        summary["records"].as_array().map(Vec::len),
        Some(records.len())
    );
    let second = summary["records"][1]["first"].as_u64().expect("first") as usize;
    assert_eq!(second, traces[0].positions.len());
    let state = step(&app, &summary, second + 1).await;
    assert_eq!(legal(&state), moves_of(&traces[1].positions[1]));
    // A record for three players, by its Layout header.
    let start = Position::<3>::new(Layout::ThreePlayers).expect("a layout");
    let first = moves_of(&start)[0].clone();
    let text = format!("[Layout \"three_players\"]\n1. {first}\n");
    let summary = open(&app, "abalone", &text).await;
    let state = step(&app, &summary, 1).await;
    assert_eq!(state["seats"].as_array().map(Vec::len), Some(3));
    assert_eq!(state["last_move"]["text"], first.as_str());
}

#[tokio::test]
async fn a_match_file_is_replayed_and_analysed_as_the_engine_judges_it() {
    let app = server();
    let text = example("backgammon-galaxy-match.txt");
    let summary = open(&app, "backgammon", &text).await;
    let matches = replay_matches(&read_match_file(&text).expect("read"), true);
    let games: Vec<_> = matches.iter().flat_map(|m| &m.games).collect();
    let total: usize = games.iter().map(|g| g.trace.positions.len()).sum();
    assert_eq!(summary["steps"], total);
    assert_eq!(
        summary["records"].as_array().map(Vec::len),
        Some(games.len())
    );
    assert_eq!(summary["can_analyse"], true);
    // The analysis at level 1 is the engine's judgement of every decision.
    let uri = format!("/api/records/{}/analysis?level=1", id(&summary));
    let (status, analysis) = send(&app, Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let engine = BackgammonEngine::shipped(1);
    let judged: Vec<_> = matches
        .iter()
        .flat_map(|m| judge_match(&engine, m))
        .flatten()
        .collect();
    let decisions = analysis["decisions"].as_array().expect("decisions");
    assert_eq!(decisions.len(), judged.len());
    for (d, j) in decisions.iter().zip(&judged) {
        assert_eq!(d["played"], j.played.as_str());
        assert_eq!(d["best"], j.best.as_str());
        let lost = d["equity_lost"].as_f64().expect("a number");
        assert!((lost - j.equity_lost).abs() < 1e-9);
    }
    // Each decision's step shows the position it was made in: a play's dice are rolled.
    let play = decisions
        .iter()
        .find(|d| d["kind"] == "play")
        .expect("a play");
    let k = play["step"].as_u64().expect("a step") as usize;
    let state = step(&app, &summary, k).await;
    assert_eq!(state["board"]["phase"], "to_play");
    assert!(legal(&state).contains(&play["played"].as_str().expect("text").to_owned()));
    let rates: Vec<f64> = analysis["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["error_rate"].as_f64().expect("a rate"))
        .collect();
    assert_eq!(rates.len(), 2);
}

#[tokio::test]
async fn a_record_with_an_error_is_refused_naming_its_step_or_line() {
    let app = server();
    // K10 twice: the second stone has no point.
    let body = json!({ "game": "pente", "text": "1. K10 L9 2. K10 L10\n" });
    let (status, error) = send(&app, Method::POST, "/api/records", Some(body)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&error), "bad_record");
    let message = error["error"]["message"].as_str().expect("a message");
    assert!(message.contains("step 3"), "{message}");
    // A token that is no move: its line.
    let body = json!({ "game": "pente", "text": "1. K10 L9\n2. ZZ9 L10\n" });
    let (status, error) = send(&app, Method::POST, "/api/records", Some(body)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("line 2")),
        "{error}"
    );
    // A match file whose second game's score is not the first game's result.
    let text = " 1 point match\n\n Game 1\n A : 0                            B : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n\n Game 2\n A : 5                            B : 0\n";
    let body = json!({ "game": "backgammon", "text": text });
    let (status, error) = send(&app, Method::POST, "/api/records", Some(body)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert!(
        error["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("game 2")),
        "{error}"
    );
    for text in ["", "   \n", "{\"not\": \"a record\"}"] {
        let body = json!({ "game": "abalone", "text": text });
        let (status, error) = send(&app, Method::POST, "/api/records", Some(body)).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{text:?}: {error}"
        );
        assert_eq!(kind(&error), "bad_record");
    }
}

#[tokio::test]
async fn the_record_routes_errors() {
    let app = server();
    let summary = open(&app, "pente", "1. K10 L9 2. K14 L10\n").await;
    let rid = id(&summary);
    let cases = [
        (
            Method::GET,
            "/api/records/nothing".to_owned(),
            None,
            "unknown_id",
        ),
        (
            Method::GET,
            "/api/records/nothing/steps/0".to_owned(),
            None,
            "unknown_id",
        ),
        (
            Method::GET,
            format!("/api/records/{rid}/steps/5"),
            None,
            "bad_step",
        ),
        (
            Method::GET,
            format!("/api/records/{rid}/steps/x"),
            None,
            "bad_step",
        ),
        (
            Method::GET,
            format!("/api/records/{rid}/steps/-1"),
            None,
            "bad_step",
        ),
        (
            Method::GET,
            format!("/api/records/{rid}/analysis"),
            None,
            "bad_option",
        ),
        (
            Method::GET,
            "/api/records/nothing/analysis".to_owned(),
            None,
            "unknown_id",
        ),
        (
            Method::POST,
            format!("/api/records/{rid}/continue"),
            Some(json!({ "step": 9 })),
            "bad_step",
        ),
        (
            Method::POST,
            format!("/api/records/{rid}/continue"),
            Some(json!({ "step": 1, "seats": ["human", "human", "human"] })),
            "bad_option",
        ),
        (
            Method::POST,
            format!("/api/records/{rid}/continue"),
            Some(json!({ "step": 1, "seats": [9] })),
            "bad_option",
        ),
        (
            Method::POST,
            format!("/api/records/{rid}/continue"),
            Some(json!({ "stop": 1 })),
            "malformed_json",
        ),
        (
            Method::POST,
            "/api/records/nothing/continue".to_owned(),
            Some(json!({ "step": 0 })),
            "unknown_id",
        ),
        (
            Method::POST,
            "/api/records".to_owned(),
            Some(json!({ "game": "chess", "text": "1. e4" })),
            "unknown_game",
        ),
        (
            Method::POST,
            "/api/records".to_owned(),
            Some(json!({ "text": "1. K10" })),
            "malformed_json",
        ),
        (
            Method::DELETE,
            "/api/records/nothing".to_owned(),
            None,
            "unknown_id",
        ),
    ];
    for (method, uri, body, expected) in cases {
        let (status, error) = send(&app, method.clone(), &uri, body).await;
        assert_eq!(kind(&error), expected, "{method} {uri}: {error}");
        assert!(status.is_client_error(), "{method} {uri}: {status}");
    }
    // A finished game cannot be continued; a closed record is gone.
    let won = "1. K10 A1 2. N10 C1 3. O10 E1 4. P10 G1 5. Q10 J1 6. R10\n";
    let over = open(&app, "pente", won).await;
    let last = over["steps"].as_u64().expect("steps") - 1;
    let state = step(&app, &over, last as usize).await;
    assert_eq!(state["turn"]["kind"], "over");
    let uri = format!("/api/records/{}/continue", id(&over));
    let (status, error) = send(&app, Method::POST, &uri, Some(json!({ "step": last }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&error), "game_over");
    let uri = format!("/api/records/{rid}");
    let (status, _) = send(&app, Method::DELETE, &uri, None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = send(&app, Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_backgammon_game_just_played_opens_and_is_analysed() {
    let app = server();
    let body = json!({ "game": "backgammon", "match_length": 3, "seed": 11 });
    let (status, mut state) = send(&app, Method::POST, "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    // Twenty decisions, each the first legal one; the game goes on.
    for _ in 0..20 {
        let first = legal(&state)[0].clone();
        let uri = format!("/api/games/{}/moves", id(&state));
        let (status, next) = send(&app, Method::POST, &uri, Some(json!({ "move": first }))).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        state = next;
    }
    let uri = format!("/api/games/{}/record", id(&state));
    let (status, text) = common::send_raw(&app, Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::OK);
    let summary = open(&app, "backgammon", &text).await;
    let history = state["history"].as_array().expect("history").len();
    assert_eq!(summary["steps"], history + 1, "{summary}");
    let last = step(&app, &summary, history).await;
    assert_eq!(last["board"], state["board"]);
    let uri = format!("/api/records/{}/analysis?level=1", id(&summary));
    let (status, analysis) = send(&app, Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let matches = replay_matches(&read_match_file(&text).expect("read"), true);
    let engine = BackgammonEngine::shipped(1);
    let judged: usize = matches
        .iter()
        .flat_map(|m| judge_match(&engine, m))
        .map(|g| g.len())
        .sum();
    assert_eq!(analysis["decisions"].as_array().map(Vec::len), Some(judged));
}

#[tokio::test]
async fn a_simple_backgammon_record_opens_as_a_money_game() {
    // examples/games/backgammon-bear-off.txt: X (on roll) has three checkers on its 2-point
    // and O two on its 1-point; X rolls 31 (2/off 2/1, written in canonical order), O rolls
    // 21 and bears both off.
    let app = server();
    let summary = open(&app, "backgammon", &example("backgammon-bear-off.txt")).await;
    assert_eq!(
        move_texts(&summary),
        ["roll", "31", "2/1 2/off", "roll", "21", "1/off(2)"]
    );
    assert_eq!(summary["can_analyse"], false);
    let last = summary["steps"].as_u64().unwrap() as usize - 1;
    let start = step(&app, &summary, 0).await;
    assert_eq!(start["board"]["off"], json!({ "x": 12, "o": 13 }));
    assert_eq!(start["board"]["on_roll"], "x");
    let end = step(&app, &summary, last).await;
    assert_eq!(end["turn"]["kind"], "over");
    assert_eq!(end["board"]["off"], json!({ "x": 13, "o": 15 }));
    assert_eq!(end["board"]["game_ended"]["winner"], "o");
    // From the start, the game plays on against the computer.
    let uri = format!("/api/records/{}/continue", id(&summary));
    let body = json!({ "step": 0, "seats": ["human", 1], "seed": 4 });
    let (status, state) = send(&app, Method::POST, &uri, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    assert!(legal(&state).contains(&"roll".to_owned()), "{state}");
}
