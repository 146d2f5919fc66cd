//! The JSON API driven in-process through the router: every kind of game created, moves
//! played and refused, the engine's moves and hints, undo, the saved record against the
//! core's record writers, and the errors of malformed requests.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use axum::Router;
use boardgames_core::abalone::record::AbaPro;
use boardgames_core::abalone::{Cell, Layout, Position};
use boardgames_core::backgammon::record::MatchText;
use boardgames_core::backgammon::{Match, MatchRules};
use boardgames_core::pente::record::PenteOrg;
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::record::{Applied, Format, Record, RecordedResult};
use boardgames_core::{Game, Turn};
use boardgames_web::{app, Config};
use serde_json::{json, Value};

mod common;
use common::{create, id, kind, send, send_raw, server};

/// Plays `text`: the new state.
async fn play(app: &Router, state: &Value, text: &str) -> Value {
    let uri = format!("/api/games/{}/moves", id(state));
    let (status, next) = send(app, Method::POST, &uri, Some(json!({ "move": text }))).await;
    assert_eq!(status, StatusCode::OK, "{text}: {next}");
    next
}

/// The state of a game now.
async fn fetch(app: &Router, id: &str) -> Value {
    let (status, state) = send(app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

/// The legal moves of a state.
fn legal(state: &Value) -> Vec<String> {
    state["legal_moves"]
        .as_array()
        .expect("legal moves")
        .iter()
        .map(|m| m.as_str().expect("text").to_owned())
        .collect()
}

/// The legal moves of `pos` as text.
fn moves_of<G: Game>(pos: &G) -> Vec<String> {
    pos.moves().iter().map(ToString::to_string).collect()
}

/// The steps of a state's history, replayed from `start` with the library: the steps and
/// the position reached.
fn replay_history<G: Game>(start: &G, state: &Value) -> (Vec<Applied<G>>, G) {
    let mut pos = start.clone();
    let mut steps = Vec::new();
    for written in state["history"].as_array().expect("a history") {
        let text = written.as_str().expect("text");
        let step = if pos.turn() == Turn::Chance {
            Applied::Chance(pos.parse_chance(text).expect("a chance outcome"))
        } else {
            Applied::Move(pos.parse_move(text).expect("a legal move"))
        };
        step.apply(&mut pos).expect("applied");
        steps.push(step);
    }
    (steps, pos)
}

#[tokio::test]
async fn pente_is_created_played_and_refuses_illegal_moves() {
    let app = server();
    let state = create(
        &app,
        json!({ "game": "pente", "seats": ["human", "human"] }),
    )
    .await;
    assert_eq!(state["game"], "pente");
    assert_eq!(state["turn"], json!({ "kind": "seat", "seat": 0 }));
    assert_eq!(state["computer_to_move"], false);
    // The tournament rule: the first stone goes on the centre, the only legal move.
    assert_eq!(legal(&state), moves_of(&Pente::default()));
    assert_eq!(legal(&state), vec!["K10".to_owned()]);
    assert_eq!(state["board"]["size"], 19);
    assert_eq!(state["board"]["stones"], json!([]));
    assert_eq!(state["board"]["captures"], json!([0, 0]));

    let state = play(&app, &state, "K10").await;
    assert_eq!(
        state["board"]["stones"],
        json!([{ "point": "K10", "seat": 0 }])
    );
    assert_eq!(state["last_move"], json!({ "seat": 0, "text": "K10" }));
    assert_eq!(state["board"]["last"], "K10");
    assert_eq!(state["turn"]["seat"], 1);
    let state = play(&app, &state, "a1").await;

    // Player 1's second stone inside the 5 x 5 square around K10 is illegal.
    let uri = format!("/api/games/{}/moves", id(&state));
    let before = fetch(&app, &id(&state)).await;
    for (text, expected) in [
        ("L11", "illegal_move"),
        ("K10", "illegal_move"),
        ("A1", "illegal_move"),
        ("Z99", "bad_notation"),
        ("", "bad_notation"),
        ("K10 K11", "bad_notation"),
    ] {
        let (status, body) = send(&app, Method::POST, &uri, Some(json!({ "move": text }))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{text}: {body}");
        assert_eq!(kind(&body), expected, "{text}");
        assert!(body["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()));
    }
    assert_eq!(
        fetch(&app, &id(&state)).await,
        before,
        "refused moves change nothing"
    );

    // What the library allows, the server allows.
    let mut pos = Pente::default();
    pos.play(pos.parse_move("K10").unwrap()).unwrap();
    pos.play(pos.parse_move("A1").unwrap()).unwrap();
    assert_eq!(legal(&before), moves_of(&pos));
    let state = play(&app, &before, "P10").await;
    assert_eq!(state["turn"]["seat"], 1);
}

#[tokio::test]
async fn a_capture_is_shown_and_counted() {
    let app = server();
    let state = create(&app, json!({ "game": "pente", "tournament_rule": false })).await;
    // X K10, O K11, X A1, O K12, X K13: X flanks the pair K11-K12 and captures it.
    let mut state = state;
    for m in ["K10", "K11", "A1", "K12", "K13"] {
        state = play(&app, &state, m).await;
    }
    assert_eq!(state["board"]["captures"], json!([2, 0]));
    assert_eq!(state["board"]["captured"], json!(["K11", "K12"]));
    let stones: Vec<&str> = state["board"]["stones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["point"].as_str().unwrap())
        .collect();
    assert_eq!(stones, vec!["A1", "K10", "K13"]);
}

#[tokio::test]
async fn keryo_pente_is_its_own_variant() {
    let app = server();
    let state = create(&app, json!({ "game": "keryo-pente" })).await;
    assert_eq!(state["game"], "keryo-pente");
    assert_eq!(state["board"]["variant"], "keryo-pente");
    let keryo = Pente::new(Variant::KeryoPente, OpeningRule::Tournament);
    assert_eq!(
        state["board"]["captures_to_win"],
        keryo.variant().captures_to_win()
    );
    assert_eq!(legal(&state), moves_of(&keryo));
}

#[tokio::test]
async fn abalone_for_every_number_of_players() {
    let app = server();
    for (players, layout) in [
        (2, "standard"),
        (2, "belgian_daisy"),
        (3, "three_players"),
        (4, "four_players"),
        (6, "six_players"),
    ] {
        let state = create(
            &app,
            json!({ "game": "abalone", "players": players, "layout": layout }),
        )
        .await;
        let board = &state["board"];
        let cells = board["cells"].as_array().unwrap();
        assert_eq!(cells.len(), 61, "{layout}");
        assert_eq!(board["players"], players);
        assert_eq!(state["seats"].as_array().unwrap().len(), players);
        assert_eq!(board["ejected"], json!(vec![0; players]));
        let l: Layout = layout.parse().unwrap();
        let owners: Vec<(String, Option<u8>)> = match players {
            2 => owners_of(&Position::<2>::new(l).unwrap()),
            3 => owners_of(&Position::<3>::new(l).unwrap()),
            4 => owners_of(&Position::<4>::new(l).unwrap()),
            _ => owners_of(&Position::<6>::new(l).unwrap()),
        };
        for (cell, owner) in owners {
            let shown = cells.iter().find(|c| c["cell"] == cell.as_str()).unwrap();
            assert_eq!(shown["owner"], json!(owner), "{layout} {cell}");
        }
        // Each move's marbles are the mover's.
        for mv in board["moves"].as_array().unwrap() {
            for marble in mv["marbles"].as_array().unwrap() {
                let c = cells.iter().find(|c| c["cell"] == *marble).unwrap();
                assert_eq!(c["owner"], 0, "{layout} {mv}");
            }
        }
        let first = legal(&state)[0].clone();
        let after = play(&app, &state, &first).await;
        assert_eq!(after["turn"]["seat"], 1);
        assert_eq!(after["last_move"]["text"], first.as_str());
    }
    // The standard layout's 44 moves (docs of Layout::Standard).
    let state = create(&app, json!({ "game": "abalone" })).await;
    assert_eq!(legal(&state).len(), 44);
    assert_eq!(legal(&state), moves_of(&Position::<2>::start()));
}

/// Each cell of `pos` with the seat owning it.
fn owners_of<const S: usize>(pos: &Position<S>) -> Vec<(String, Option<u8>)> {
    Cell::all()
        .map(|c| (c.to_string(), pos.at(c).map(|colour| colour.seat().0)))
        .collect()
}

#[tokio::test]
async fn backgammon_starts_with_the_opening_throw_and_the_standard_board() {
    let app = server();
    for body in [
        json!({ "game": "backgammon" }),
        json!({ "game": "backgammon", "match_length": 5, "seed": 7 }),
    ] {
        let state = create(&app, body.clone()).await;
        let board = &state["board"];
        // The opening throw was thrown: one side plays both numbers.
        assert_eq!(board["phase"], "to_play", "{body}");
        assert_eq!(state["history"].as_array().unwrap().len(), 1);
        let dice = board["dice"].as_array().unwrap();
        assert_ne!(dice[0], dice[1], "the opening throw is never a double");
        // The standard layout seen from X: 2 on 24, 5 on 13, 3 on 8, 5 on 6; O's the mirror.
        let count = |p: u64, side: &str| {
            board["points"]
                .as_array()
                .unwrap()
                .iter()
                .find(|v| v["point"] == p)
                .unwrap()[side]
                .as_u64()
                .unwrap()
        };
        for (p, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            assert_eq!(count(p, "x"), n);
            assert_eq!(count(25 - p, "o"), n);
        }
        assert_eq!(board["pips"], json!({ "x": 167, "o": 167 }));
        assert_eq!(board["cube"]["value"], 1);
        assert_eq!(board["cube"]["owner"], Value::Null);
        assert_eq!(board["score"], json!([0, 0]));
        // The legal plays are the library's after the same throw.
        let rules = if body.get("match_length").is_some() {
            MatchRules::to_points(5)
        } else {
            MatchRules::money(false)
        };
        assert_eq!(board["match_length"], rules.length);
        let (_, pos) = replay_history(&Match::new(rules), &state);
        assert_eq!(legal(&state), moves_of(&pos));
        let first = legal(&state)[0].clone();
        let after = play(&app, &state, &first).await;
        assert_eq!(after["last_move"]["text"], first.as_str());
    }
}

#[tokio::test]
async fn the_cube_is_offered_taken_and_shown() {
    let app = server();
    let state = create(
        &app,
        json!({ "game": "backgammon", "match_length": 5, "seed": 3 }),
    )
    .await;
    let first = legal(&state)[0].clone();
    let state = play(&app, &state, &first).await;
    // The other side may double before its roll (no Crawford game at 0-0).
    assert_eq!(state["board"]["phase"], "to_roll");
    assert!(legal(&state).contains(&"double".to_owned()), "{state}");
    assert!(legal(&state).contains(&"roll".to_owned()));
    let state = play(&app, &state, "double").await;
    assert_eq!(state["board"]["phase"], "double_offered");
    assert!(legal(&state).contains(&"take".to_owned()));
    assert!(legal(&state).contains(&"drop".to_owned()));
    let state = play(&app, &state, "take").await;
    assert_eq!(state["board"]["cube"]["value"], 2);
    let owner = if first_mover(&state) == 0 { "x" } else { "o" };
    assert_eq!(state["board"]["cube"]["owner"], owner);
}

/// The seat that took the double: the side that played first (the other doubled).
fn first_mover(state: &Value) -> u64 {
    let history = state["history"].as_array().unwrap();
    let opening = history[0].as_str().unwrap();
    // `opening XO`: X's die then O's; the higher starts.
    let digits: Vec<u32> = opening.chars().filter_map(|c| c.to_digit(10)).collect();
    u64::from(digits[0] < digits[1])
}

#[tokio::test]
async fn undo_takes_back_to_the_person_to_move() {
    let app = server();
    let start = create(&app, json!({ "game": "pente" })).await;
    let game = id(&start);
    let uri = format!("/api/games/{game}/undo");
    let (status, body) = send(&app, Method::POST, &uri, None).await;
    assert_eq!(
        (status, kind(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "nothing_to_undo")
    );
    let one = play(&app, &start, "K10").await;
    let two = play(&app, &one, "A1").await;
    assert_eq!(two["history"], json!(["K10", "A1"]));
    let (status, back) = send(&app, Method::POST, &format!("{uri}?to_human=false"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(back["history"], json!(["K10"]));
    assert_eq!(back["board"], one["board"]);
    assert_eq!(back["legal_moves"], one["legal_moves"]);

    // Against the computer, undo goes back to the person's turn.
    let vs = create(&app, json!({ "game": "pente", "seats": ["human", 1] })).await;
    let vs_id = id(&vs);
    let after = play(&app, &vs, "K10").await;
    assert_eq!(after["computer_to_move"], true);
    let (status, moved) = send(
        &app,
        Method::POST,
        &format!("/api/games/{vs_id}/computer"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["state"]["history"].as_array().unwrap().len(), 2);
    let (_, back) = send(
        &app,
        Method::POST,
        &format!("/api/games/{vs_id}/undo"),
        None,
    )
    .await;
    assert_eq!(back["history"], json!([]));
    assert_eq!(back["computer_to_move"], false);
}

#[tokio::test]
async fn the_engine_hints_and_moves() {
    let app = server();
    let state = create(&app, json!({ "game": "pente" })).await;
    let game = id(&state);
    let (status, hint) = send(
        &app,
        Method::GET,
        &format!("/api/games/{game}/hint?level=1"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    // K10 is the only legal first move.
    assert_eq!(hint["hint"]["move"], "K10");
    assert_eq!(hint["hint"]["level"], 1);
    assert!(hint["hint"]["score"].is_number());
    assert_eq!(hint["version"], 0);
    assert_eq!(
        fetch(&app, &game).await["history"],
        json!([]),
        "a hint plays nothing"
    );

    let (status, body) = send(
        &app,
        Method::GET,
        &format!("/api/games/{game}/hint?level=9"),
        None,
    )
    .await;
    assert_eq!(
        (status, kind(&body)),
        (StatusCode::BAD_REQUEST, "bad_option")
    );

    // Abalone and backgammon hints are legal moves.
    for body in [
        json!({ "game": "abalone" }),
        json!({ "game": "abalone", "players": 3 }),
        json!({ "game": "backgammon" }),
    ] {
        let state = create(&app, body.clone()).await;
        let uri = format!("/api/games/{}/hint?level=1", id(&state));
        let (status, hint) = send(&app, Method::GET, &uri, None).await;
        assert_eq!(status, StatusCode::OK, "{body}: {hint}");
        let mv = hint["hint"]["move"].as_str().unwrap().to_owned();
        assert!(legal(&state).contains(&mv), "{body}: {mv}");
        let uri = format!("/api/games/{}/computer?level=1", id(&state));
        let (status, moved) = send(&app, Method::POST, &uri, None).await;
        assert_eq!(status, StatusCode::OK, "{body}: {moved}");
        assert!(legal(&state).contains(&moved["engine"]["move"].as_str().unwrap().to_owned()));
    }
}

#[tokio::test]
async fn a_hint_gives_the_line_the_ranked_plays_and_the_cube() {
    let app = server();
    let hint = |state: &Value, level: u8| {
        let uri = format!("/api/games/{}/hint?level={level}", id(state));
        let app = app.clone();
        async move {
            let (status, body) = send(&app, Method::GET, &uri, None).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["hint"].clone()
        }
    };
    // Pente: the engine's line starts with its move.
    let mut state = create(&app, json!({ "game": "pente" })).await;
    for m in ["K10", "L11"] {
        state = play(&app, &state, m).await;
    }
    let h = hint(&state, 3).await;
    let line: Vec<&str> = h["line"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(line.len() >= 2, "{h}");
    assert_eq!(Some(line[0]), h["move"].as_str(), "{h}");
    assert_eq!(
        (h["ranked"].clone(), h["cube"].clone()),
        (json!([]), Value::Null)
    );

    // Backgammon, a checker play at 0 plies: every legal play ranked once, best first, the
    // hint's play at the top.
    let mut state = create(&app, json!({ "game": "backgammon", "seed": 5 })).await;
    let h = hint(&state, 1).await;
    let ranked: Vec<(String, f64)> = h["ranked"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["move"].as_str().unwrap().to_owned(),
                r["equity"].as_f64().unwrap(),
            )
        })
        .collect();
    let mut plays: Vec<String> = ranked.iter().map(|(m, _)| m.clone()).collect();
    plays.sort();
    let mut expected = legal(&state);
    expected.retain(|m| !m.starts_with("resign"));
    expected.sort();
    assert_eq!(plays, expected);
    assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1), "{ranked:?}");
    assert_eq!(Some(ranked[0].0.as_str()), h["move"].as_str());
    assert_eq!(h["cube"], Value::Null);
    state = play(&app, &state, &ranked[0].0).await;

    // Then the other side before its roll: the cube decision, its action by the field's rule
    // (double when both doubled values beat not doubling; take when the take is worth less
    // to the doubler than the drop).
    let h = hint(&state, 1).await;
    let c = &h["cube"];
    let (nd, dt, dp) = (
        c["no_double"].as_f64().unwrap(),
        c["double_take"].as_f64().unwrap(),
        c["double_drop"].as_f64().unwrap(),
    );
    let action = c["action"].as_str().unwrap();
    match action {
        "no double" => assert!(nd >= dt.min(dp), "{c}"),
        "double, take" => assert!(dt > nd && dt <= dp, "{c}"),
        "double, pass" => assert!(dp > nd && dp < dt, "{c}"),
        "too good" => assert!(nd > dp, "{c}"),
        other => panic!("{other}: {c}"),
    }
    assert_eq!(h["ranked"], json!([]));

    // At level 3 (2 plies): the plays the filters kept rank first, deepest first, each
    // stage best first; the rest at 0 plies.
    let state = play(&app, &state, "roll").await;
    let h = hint(&state, 3).await;
    let ranked: Vec<(u64, f64)> = h["ranked"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["plies"].as_u64().unwrap(), r["equity"].as_f64().unwrap()))
        .collect();
    assert_eq!(ranked.first().map(|r| r.0), Some(2), "{ranked:?}");
    assert!(
        ranked
            .windows(2)
            .all(|w| w[0].0 > w[1].0 || (w[0].0 == w[1].0 && w[0].1 >= w[1].1)),
        "{ranked:?}"
    );
    assert!(ranked.iter().any(|r| r.0 == 0), "{ranked:?}");

    // In a match the score is the chance of winning the match, and says so.
    let state = create(
        &app,
        json!({ "game": "backgammon", "match_length": 3, "seed": 5 }),
    )
    .await;
    let h = hint(&state, 1).await;
    let chance = h["score"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&chance), "{h}");
    let describe = h["describe"].as_str().unwrap();
    assert!(describe.starts_with("match winning chance "), "{describe}");
}

#[tokio::test]
async fn the_saved_record_is_the_core_writers_text() {
    let app = server();
    // Pente: a pente.org game with its result.
    let state = create(&app, json!({ "game": "pente", "tournament_rule": false })).await;
    let mut state = state;
    for m in ["K10", "A1", "L10", "A2", "M10", "A3", "N10", "A5", "O10"] {
        state = play(&app, &state, m).await;
    }
    assert_eq!(state["turn"]["kind"], "over");
    assert_eq!(state["result"]["winner"], 0);
    let start = Pente::new(Variant::Pente, OpeningRule::Free);
    let (steps, end) = replay_history(&start, &state);
    let mut record = Record::of_game(&start, &steps).unwrap();
    record.result = Some(RecordedResult::FirstPlayerWins);
    assert_eq!(end.winner().map(|s| s.0), Some(0));
    let expected = PenteOrg::new(start).write(&[record]).unwrap();
    saved_record_is(&app, &state, &expected).await;

    // Abalone: the plain Aba-Pro record.
    let mut state = create(
        &app,
        json!({ "game": "abalone", "layout": "belgian_daisy" }),
    )
    .await;
    for _ in 0..4 {
        let mv = legal(&state)[3].clone();
        state = play(&app, &state, &mv).await;
    }
    let start = Position::<2>::new(Layout::BelgianDaisy).unwrap();
    let (steps, _) = replay_history(&start, &state);
    let expected = AbaPro::new(start)
        .write(&[Record::of_game(&start, &steps).unwrap()])
        .unwrap();
    saved_record_is(&app, &state, &expected).await;

    // Backgammon: the match file, rolls and all.
    let mut state = create(
        &app,
        json!({ "game": "backgammon", "match_length": 3, "seed": 11 }),
    )
    .await;
    for _ in 0..6 {
        let mv = legal(&state)[0].clone();
        assert!(!mv.starts_with("resign"), "{mv}");
        state = play(&app, &state, &mv).await;
    }
    let start = Match::new(MatchRules::to_points(3));
    let (steps, _) = replay_history(&start, &state);
    let expected = MatchText
        .write(&[Record::of_game(&start, &steps).unwrap()])
        .unwrap();
    saved_record_is(&app, &state, &expected).await;
}

/// The record that `state`'s game saves is `expected` (to its last line), ending in a newline.
async fn saved_record_is(app: &Router, state: &Value, expected: &str) {
    let uri = format!("/api/games/{}/record", id(state));
    let (status, text) = send_raw(app, Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(text.trim_end(), expected.trim_end());
    assert!(text.ends_with('\n'));
}

/// A request body (content type and bytes), the status and error kind it gets.
type Case = (Option<(&'static str, Vec<u8>)>, StatusCode, &'static str);

#[tokio::test]
async fn malformed_requests_get_typed_errors() {
    let app = server();
    let cases: Vec<Case> = vec![
        (
            Some(("application/json", b"{".to_vec())),
            StatusCode::BAD_REQUEST,
            "malformed_json",
        ),
        (
            Some(("application/json", b"[1,2]".to_vec())),
            StatusCode::BAD_REQUEST,
            "malformed_json",
        ),
        (
            Some(("application/json", vec![0xff, 0xfe])),
            StatusCode::BAD_REQUEST,
            "malformed_json",
        ),
        (
            Some(("text/plain", b"{\"game\":\"pente\"}".to_vec())),
            StatusCode::BAD_REQUEST,
            "malformed_json",
        ),
        (None, StatusCode::BAD_REQUEST, "malformed_json"),
        (
            Some(("application/json", br#"{"game":"chess"}"#.to_vec())),
            StatusCode::BAD_REQUEST,
            "unknown_game",
        ),
        (
            Some((
                "application/json",
                br#"{"game":"pente","colour":"red"}"#.to_vec(),
            )),
            StatusCode::BAD_REQUEST,
            "malformed_json",
        ),
        (
            Some((
                "application/json",
                br#"{"game":"abalone","players":5}"#.to_vec(),
            )),
            StatusCode::BAD_REQUEST,
            "bad_option",
        ),
        (
            Some((
                "application/json",
                br#"{"game":"abalone","players":3,"layout":"standard"}"#.to_vec(),
            )),
            StatusCode::BAD_REQUEST,
            "bad_option",
        ),
        (
            Some((
                "application/json",
                br#"{"game":"pente","seats":["human",7]}"#.to_vec(),
            )),
            StatusCode::BAD_REQUEST,
            "bad_option",
        ),
        (
            Some((
                "application/json",
                br#"{"game":"pente","seats":["human","human","human"]}"#.to_vec(),
            )),
            StatusCode::BAD_REQUEST,
            "bad_option",
        ),
        (
            Some((
                "application/json",
                br#"{"game":"pente","match_length":3}"#.to_vec(),
            )),
            StatusCode::BAD_REQUEST,
            "bad_option",
        ),
        (
            Some((
                "application/json",
                br#"{"game":"backgammon","match_length":40000}"#.to_vec(),
            )),
            StatusCode::BAD_REQUEST,
            "bad_option",
        ),
        (
            Some(("application/json", vec![b' '; 2 << 20])),
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
        ),
    ];
    for (body, status, expected) in cases {
        let shown = body
            .as_ref()
            .map(|(_, b)| String::from_utf8_lossy(&b[..b.len().min(60)]).into_owned());
        let (got, text) = send_raw(&app, Method::POST, "/api/games", body).await;
        let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!((got, kind(&value)), (status, expected), "{shown:?}: {text}");
    }
    // Unknown ids, routes and files.
    for (method, uri) in [
        (Method::GET, "/api/games/nope"),
        (Method::POST, "/api/games/nope/undo"),
        (Method::GET, "/api/games/nope/record"),
        (Method::GET, "/api/games/nope/hint"),
        (Method::DELETE, "/api/games/nope"),
    ] {
        let (status, body) = send(&app, method, uri, None).await;
        assert_eq!(
            (status, kind(&body)),
            (StatusCode::NOT_FOUND, "unknown_id"),
            "{uri}"
        );
    }
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/games/nope/moves",
        Some(json!({ "move": "K10" })),
    )
    .await;
    assert_eq!((status, kind(&body)), (StatusCode::NOT_FOUND, "unknown_id"));
    for uri in [
        "/etc/passwd",
        "/../Cargo.toml",
        "/assets/app.js",
        "/api/nothing",
        "/%2e%2e/Cargo.toml",
    ] {
        let (status, body) = send(&app, Method::GET, uri, None).await;
        assert_eq!(
            (status, kind(&body)),
            (StatusCode::NOT_FOUND, "not_found"),
            "{uri}"
        );
    }
    let (status, _) = send(&app, Method::PUT, "/api/games", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A move with a malformed body leaves the game as it was.
    let state = create(&app, json!({ "game": "pente" })).await;
    let uri = format!("/api/games/{}/moves", id(&state));
    for body in [&b"{\"move\": 3}"[..], b"{\"mv\": \"K10\"}", b"K10", b"null"] {
        let (status, text) = send_raw(
            &app,
            Method::POST,
            &uri,
            Some(("application/json", body.to_vec())),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    }
    assert_eq!(fetch(&app, &id(&state)).await, state);
}

#[tokio::test]
async fn any_move_text_is_answered_without_a_failure() {
    let app = server();
    let texts = [
        "",
        " ",
        "K10",
        "k10",
        "T19",
        "U20",
        "A0",
        "A-1",
        "e5e6",
        "a1b2",
        "c3c5d4",
        "24/18",
        "bar/22*",
        "8/5 6/5",
        "double",
        "take",
        "resign gammon",
        "roll",
        "pass",
        "13/7(2)",
        "6/off",
        "\u{0}",
        "é",
        "K10\nK11",
        "99999999999999999999",
        "i9i10",
        "z1z2",
        "a1a1a1",
    ];
    for body in [
        json!({ "game": "pente" }),
        json!({ "game": "keryo-pente" }),
        json!({ "game": "abalone", "players": 6 }),
        json!({ "game": "backgammon" }),
    ] {
        let state = create(&app, body.clone()).await;
        let uri = format!("/api/games/{}/moves", id(&state));
        let long = "x".repeat(10_000);
        for text in texts.iter().copied().chain([long.as_str()]) {
            let (status, answer) =
                send(&app, Method::POST, &uri, Some(json!({ "move": text }))).await;
            assert!(
                status == StatusCode::OK || status == StatusCode::UNPROCESSABLE_ENTITY,
                "{body} {text:?}: {status} {answer}"
            );
            if status == StatusCode::UNPROCESSABLE_ENTITY {
                assert!(
                    ["bad_notation", "illegal_move"].contains(&kind(&answer)),
                    "{answer}"
                );
            }
        }
    }
}

#[tokio::test]
async fn the_store_keeps_at_most_its_games_and_each_has_its_own_id() {
    let app = app(Config {
        max_games: 2,
        ..Config::default()
    });
    let a = create(&app, json!({ "game": "pente" })).await;
    let b = create(&app, json!({ "game": "pente" })).await;
    assert_ne!(id(&a), id(&b));
    play(&app, &a, "K10").await; // a is now used more recently than b
    let c = create(&app, json!({ "game": "abalone" })).await;
    let (status, _) = send(&app, Method::GET, &format!("/api/games/{}", id(&b)), None).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "the least recently used game went"
    );
    assert_eq!(fetch(&app, &id(&a)).await["history"], json!(["K10"]));
    assert_eq!(fetch(&app, &id(&c)).await["game"], "abalone");
    // A game unused past the idle time goes too.
    let app = app_with_idle(Duration::from_millis(1));
    let d = create(&app, json!({ "game": "pente" })).await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let (status, _) = send(&app, Method::GET, &format!("/api/games/{}", id(&d)), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// A server keeping games `idle` after their last use.
fn app_with_idle(idle: Duration) -> Router {
    app(Config {
        idle,
        ..Config::default()
    })
}

#[tokio::test]
async fn a_stale_version_is_a_conflict() {
    let app = server();
    let state = create(&app, json!({ "game": "pente" })).await;
    let uri = format!("/api/games/{}/moves", id(&state));
    let (status, _) = send(
        &app,
        Method::POST,
        &uri,
        Some(json!({ "move": "K10", "version": 0 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = send(
        &app,
        Method::POST,
        &uri,
        Some(json!({ "move": "A1", "version": 0 })),
    )
    .await;
    assert_eq!((status, kind(&body)), (StatusCode::CONFLICT, "conflict"));
}

#[tokio::test]
async fn the_page_is_served() {
    let app = server();
    let (status, html) = send_raw(&app, Method::GET, "/", None).await;
    assert_eq!(status, StatusCode::OK);
    let mut total = html.len();
    for uri in [
        "/app.js",
        "/records.js",
        "/keys.js",
        "/clocks.js",
        "/style.css",
    ] {
        assert!(html.contains(&format!("\"{uri}\"")), "{uri} in {html}");
        let (status, text) = send_raw(&app, Method::GET, uri, None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(!text.is_empty());
        total += text.len();
    }
    assert!(total < 200 * 1024, "{total} bytes of assets");
    let (status, offer) = send(&app, Method::GET, "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        offer["games"],
        json!(["pente", "keryo-pente", "abalone", "backgammon"])
    );
}

#[tokio::test]
async fn pente_computer_against_computer_to_the_end() {
    let app = server();
    let state = create(&app, json!({ "game": "pente", "seats": [1, 1] })).await;
    let game = id(&state);
    let uri = format!("/api/games/{game}/computer");
    let mut state = state;
    let mut plies = 0;
    while state["turn"]["kind"] != "over" {
        assert!(plies < 361, "the board has 361 points");
        assert_eq!(state["computer_to_move"], true);
        let (status, moved) = send(&app, Method::POST, &uri, None).await;
        assert_eq!(status, StatusCode::OK, "{moved}");
        assert_eq!(moved["engine"]["level"], 1);
        state = moved["state"].clone();
        plies += 1;
    }
    // The library agrees on the moves and on how the game ended.
    let (steps, end) = replay_history(&Pente::default(), &state);
    assert_eq!(steps.len(), plies);
    // A five takes at least five stones of one side: nine plies.
    assert!(plies >= 9, "{plies}");
    assert_eq!(end.turn(), Turn::Over);
    assert!(legal(&state).is_empty());
    assert_eq!(
        state["result"]["winner"],
        json!(end.outcome().unwrap().winner().map(|t| t.0))
    );
    assert_eq!(state["status"], end.status_line());
    let (status, body) = send(&app, Method::POST, &uri, None).await;
    assert_eq!(
        (status, kind(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "game_over")
    );
    let (status, body) = send(
        &app,
        Method::POST,
        &format!("/api/games/{game}/moves"),
        Some(json!({ "move": "A1" })),
    )
    .await;
    assert_eq!(
        (status, kind(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "game_over")
    );
}

#[tokio::test]
async fn backgammon_computers_play_on_through_the_rolls() {
    let app = server();
    let state = create(
        &app,
        json!({ "game": "backgammon", "seats": [1, 1], "seed": 5 }),
    )
    .await;
    let uri = format!("/api/games/{}/computer", id(&state));
    let mut state = state;
    for _ in 0..40 {
        if state["turn"]["kind"] == "over" {
            break;
        }
        let (status, moved) = send(&app, Method::POST, &uri, None).await;
        assert_eq!(status, StatusCode::OK, "{moved}");
        state = moved["state"].clone();
    }
    // The session the library replays from the history is the one shown.
    let (_, pos) = replay_history(&Match::new(MatchRules::money(false)), &state);
    assert_eq!(legal(&state), moves_of(&pos));
    let b = pos.position().board();
    use boardgames_core::backgammon::Side;
    assert_eq!(
        state["board"]["pips"],
        json!({ "x": b.pip_count(Side::X), "o": b.pip_count(Side::O) })
    );
}

#[tokio::test]
async fn an_engine_past_its_timeout_is_a_typed_error() {
    let app = app(Config {
        think_time: Duration::from_millis(200),
        engine_timeout: Duration::from_millis(1),
        engines: 1,
        ..Config::default()
    });
    let state = create(&app, json!({ "game": "abalone" })).await;
    let uri = format!("/api/games/{}/computer?level=5", id(&state));
    let (status, body) = send(&app, Method::POST, &uri, None).await;
    assert_eq!(
        (status, kind(&body)),
        (StatusCode::SERVICE_UNAVAILABLE, "timeout")
    );
    assert_eq!(fetch(&app, &id(&state)).await["history"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_stops_when_asked_and_plays_its_best_so_far() {
    // An hour to think, and the request would wait ten minutes: only the stop ends it.
    let app = app(Config {
        think_time: Duration::from_secs(3600),
        engine_timeout: Duration::from_secs(600),
        ..Config::default()
    });
    let mut state = create(&app, json!({ "game": "pente" })).await;
    for m in ["K10", "L11", "G10", "J10"] {
        state = play(&app, &state, m).await;
    }
    // A level-5 search to depth 8 takes seconds.
    stopped_while_thinking(&app, &state).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backgammons_look_ahead_stops_when_asked_and_plays_what_it_finished() {
    let app = app(Config {
        think_time: Duration::from_secs(3600),
        engine_timeout: Duration::from_secs(600),
        ..Config::default()
    });
    // The opening throw rolled, X to play: level 5 looks 3 plies ahead, for seconds.
    let state = create(&app, json!({ "game": "backgammon", "seed": 5 })).await;
    stopped_while_thinking(&app, &state).await;
}

/// Asks the computer's move at level 5 in `state`'s game, stops it once it thinks, and
/// checks that the move comes, legal, and is played; a stop with nothing to stop, and one
/// of an unknown game, are answered.
async fn stopped_while_thinking(app: &Router, state: &Value) {
    let game = id(state);
    let (status, none) = send(app, Method::POST, &format!("/api/games/{game}/stop"), None).await;
    assert_eq!(
        (status, none["stopped"].clone()),
        (StatusCode::OK, json!(0))
    );
    let mover = {
        let (app, game) = (app.clone(), game.clone());
        tokio::spawn(async move {
            let uri = format!("/api/games/{game}/computer?level=5");
            send(&app, Method::POST, &uri, None).await
        })
    };
    // Told to stop once the engine thinks.
    loop {
        let (status, body) =
            send(app, Method::POST, &format!("/api/games/{game}/stop"), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        if body["stopped"] == 1 {
            break;
        }
        assert!(
            !mover.is_finished(),
            "the engine answered before it was stopped"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let (status, moved) = mover.await.expect("the request ends");
    assert_eq!(status, StatusCode::OK, "{moved}");
    let best = moved["engine"]["move"].as_str().unwrap().to_owned();
    assert!(legal(state).contains(&best), "{best}");
    let before = state["history"].as_array().map_or(0, Vec::len);
    assert_eq!(
        moved["state"]["history"].as_array().map(Vec::len),
        Some(before + 1)
    );
    // No search left to stop; an unknown game is refused.
    let (_, after) = send(app, Method::POST, &format!("/api/games/{game}/stop"), None).await;
    assert_eq!(after["stopped"], 0);
    let (status, body) = send(app, Method::POST, "/api/games/nosuch/stop", None).await;
    assert_eq!((status, kind(&body)), (StatusCode::NOT_FOUND, "unknown_id"));
}

#[tokio::test]
async fn a_money_game_with_beavers_offers_the_beaver() {
    let app = server();
    let mut state = create(
        &app,
        json!({ "game": "backgammon", "beavers": true, "seed": 3 }),
    )
    .await;
    // The first play, then the other side doubles before its roll.
    let first = legal(&state)[0].clone();
    state = play(&app, &state, &first).await;
    assert!(legal(&state).contains(&"double".to_owned()), "{state}");
    state = play(&app, &state, "double").await;
    // With beavers the side doubled may take, drop or beaver (GNU Backgammon's optional
    // rule); without them, take or drop.
    let mut answers: Vec<String> = legal(&state)
        .into_iter()
        .filter(|m| !m.starts_with("resign"))
        .collect();
    answers.sort();
    assert_eq!(answers, ["beaver", "drop", "take"]);
    let mut plain = create(&app, json!({ "game": "backgammon", "seed": 3 })).await;
    let first = legal(&plain)[0].clone();
    plain = play(&app, &plain, &first).await;
    plain = play(&app, &plain, "double").await;
    let mut answers: Vec<String> = legal(&plain)
        .into_iter()
        .filter(|m| !m.starts_with("resign"))
        .collect();
    answers.sort();
    assert_eq!(answers, ["drop", "take"]);
    // Beavers are money play's.
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "backgammon", "match_length": 5, "beavers": true })),
    )
    .await;
    assert_eq!(
        (status, kind(&body)),
        (StatusCode::BAD_REQUEST, "bad_option")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_opens_while_every_engine_thinks() {
    // One engine slot, taken by a search that only a stop ends.
    let app = app(Config {
        think_time: Duration::from_secs(3600),
        engine_timeout: Duration::from_secs(600),
        engines: 1,
        ..Config::default()
    });
    let mut state = create(&app, json!({ "game": "pente" })).await;
    for m in ["K10", "L11", "G10", "J10"] {
        state = play(&app, &state, m).await;
    }
    let game = id(&state);
    let mover = {
        let (app, game) = (app.clone(), game.clone());
        tokio::spawn(async move {
            let uri = format!("/api/games/{game}/computer?level=5");
            send(&app, Method::POST, &uri, None).await
        })
    };
    // The search takes the slot (a level-5 search to depth 8 takes seconds).
    tokio::time::sleep(Duration::from_millis(100)).await;
    let text = include_str!("../../../examples/games/pente-org-50000000005101.txt");
    let (status, opened) = send(
        &app,
        Method::POST,
        "/api/records",
        Some(json!({ "game": "pente", "text": text })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{opened}");
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/records",
        Some(json!({ "game": "chess", "text": "x" })),
    )
    .await;
    assert_eq!(
        (status, kind(&body)),
        (StatusCode::BAD_REQUEST, "unknown_game")
    );
    assert!(!mover.is_finished(), "the search still thinks");
    let (_, body) = send(&app, Method::POST, &format!("/api/games/{game}/stop"), None).await;
    assert_eq!(body["stopped"], 1);
    let (status, moved) = mover.await.expect("the search ends");
    assert_eq!(status, StatusCode::OK, "{moved}");
}

#[tokio::test]
async fn undo_gives_no_new_throw_of_the_dice() {
    let app = server();
    let mut state = create(&app, json!({ "game": "backgammon", "seed": 5 })).await;
    // The opening throw's play, then the other side to roll.
    let first = legal(&state)[0].clone();
    state = play(&app, &state, &first).await;
    assert!(legal(&state).contains(&"roll".to_owned()), "{state}");
    let dice = |s: &Value| s["board"]["dice"].clone();
    let rolled = play(&app, &state, "roll").await;
    assert!(dice(&rolled).is_array(), "{rolled}");
    let undo = format!("/api/games/{}/undo?to_human=false", id(&state));
    for _ in 0..5 {
        let (status, back) = send(&app, Method::POST, &undo, None).await;
        assert_eq!(status, StatusCode::OK, "{back}");
        assert_eq!(back["history"], state["history"], "the roll taken back");
        let again = play(&app, &back, "roll").await;
        assert_eq!(dice(&again), dice(&rolled), "the same dice again");
    }
}

#[tokio::test]
async fn options_given_twice_or_unknown_and_long_inputs_get_short_errors() {
    let app = server();
    let mut state = create(&app, json!({ "game": "pente" })).await;
    state = play(&app, &state, "K10").await;
    let game = id(&state);
    for (method, uri) in [
        (Method::POST, format!("/api/games/{game}/undo?to_human=no")),
        (
            Method::POST,
            format!("/api/games/{game}/computer?level=2&level=9"),
        ),
        (
            Method::GET,
            format!("/api/games/{game}/hint?level=2&level=2"),
        ),
    ] {
        let (status, body) = send(&app, method, &uri, None).await;
        assert_eq!(
            (status, kind(&body)),
            (StatusCode::BAD_REQUEST, "bad_option"),
            "{uri}: {body}"
        );
    }
    assert_eq!(fetch(&app, &game).await["history"], json!(["K10"]));
    // A move or a record of a megabyte is not sent back whole.
    let long = "K".repeat(900_000);
    let uri = format!("/api/games/{game}/moves");
    let (status, body) = send(&app, Method::POST, &uri, Some(json!({ "move": long }))).await;
    assert_eq!(kind(&body), "bad_notation", "{status}");
    let message = body["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.chars().count() <= 303,
        "{} characters",
        message.len()
    );
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/records",
        Some(json!({ "game": "pente", "text": long })),
    )
    .await;
    assert_eq!(kind(&body), "bad_record", "{status}");
    let message = body["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.chars().count() <= 303,
        "{} characters",
        message.len()
    );
}

#[tokio::test]
async fn a_game_ended_in_a_match_is_shown_with_the_next_one() {
    let app = server();
    let mut state = create(
        &app,
        json!({ "game": "backgammon", "match_length": 3, "seed": 2 }),
    )
    .await;
    assert_eq!(state["board"]["game_ended"], Value::Null);
    let first = legal(&state)[0].clone();
    state = play(&app, &state, &first).await;
    let doubler = state["board"]["on_roll"].clone();
    state = play(&app, &state, "double").await;
    state = play(&app, &state, "drop").await;
    // The next game started at once with its opening throw; the game before is told.
    assert_eq!(
        state["board"]["game_ended"],
        json!({ "winner": doubler, "points": 1, "how": "the double dropped" })
    );
    assert_eq!(state["board"]["phase"], "to_play");
    let next = legal(&state)[0].clone();
    state = play(&app, &state, &next).await;
    assert_eq!(state["board"]["game_ended"], Value::Null);
}
