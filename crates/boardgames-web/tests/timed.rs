//! Abalone's limits: the move limit ends the game adjudicated, and the clocks counted by
//! the server end it when a seat's time runs out, as the rules say.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use boardgames_core::abalone::{Abalone, Layout};
use boardgames_core::Game;
use serde_json::json;

mod common;
use common::{create, id, kind, send, send_raw, server};

#[tokio::test]
async fn the_move_limit_ends_the_game_adjudicated() {
    let app = server();
    let state = create(&app, json!({ "game": "abalone", "move_limit": 2 })).await;
    let start = Abalone::new(Layout::Standard).expect("a layout");
    let first = start.moves()[0];
    let uri = format!("/api/games/{}/moves", id(&state));
    let (status, state) = send(
        &app,
        Method::POST,
        &uri,
        Some(json!({ "move": first.to_string() })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let mut after = start;
    after.play(first).expect("legal");
    let second = after.moves()[0].to_string();
    let (status, state) = send(&app, Method::POST, &uri, Some(json!({ "move": second }))).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    // Nobody ejected a marble: a draw.
    assert_eq!(state["turn"]["kind"], "over");
    assert_eq!(state["result"]["winner"], json!(null));
}

#[tokio::test]
async fn a_flag_falls_and_the_game_ends_on_time() {
    let app = server();
    let state = create(&app, json!({ "game": "abalone", "time_limit": 1 })).await;
    let clocks = &state["clocks"];
    assert_eq!(clocks["limit_ms"], 1000);
    assert_eq!(clocks["running"], 0);
    assert!(clocks["left_ms"][1] == 1000, "{clocks}");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (status, state) = send(
        &app,
        Method::GET,
        &format!("/api/games/{}", id(&state)),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Black's time ran out with nothing ejected: adjudicated as a draw, the clocks stopped.
    assert_eq!(state["turn"]["kind"], "over", "{state}");
    assert_eq!(state["result"]["winner"], json!(null));
    assert_eq!(state["clocks"]["left_ms"][0], 0);
    assert_eq!(state["clocks"]["running"], json!(null));
    assert!(
        state["status"].as_str().is_some_and(|s| s.contains("time")),
        "{state}"
    );
    let uri = format!("/api/games/{}/moves", id(&state));
    let (status, error) = send(&app, Method::POST, &uri, Some(json!({ "move": "a1b2" }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&error), "game_over");
    // The record starts from the layout, as a game's record does, not from the end on time.
    let record = format!("/api/games/{}/record", id(&state));
    let (_, text) = send_raw(&app, Method::GET, &record, None).await;
    assert!(!text.contains("timeout"), "{text}");
    let fresh = create(&app, json!({ "game": "abalone" })).await;
    let (_, fresh_text) = send_raw(
        &app,
        Method::GET,
        &format!("/api/games/{}/record", id(&fresh)),
        None,
    )
    .await;
    assert_eq!(text.lines().next(), fresh_text.lines().next());

    // A flag that fell after a move: nothing to undo.
    let state = create(&app, json!({ "game": "abalone", "time_limit": 1 })).await;
    let first = state["legal_moves"][0].as_str().unwrap().to_owned();
    let uri = format!("/api/games/{}/moves", id(&state));
    let (status, moved) = send(&app, Method::POST, &uri, Some(json!({ "move": first }))).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["can_undo"], true);
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let after = format!("/api/games/{}", id(&state));
    let (_, over) = send(&app, Method::GET, &after, None).await;
    assert_eq!(over["turn"]["kind"], "over", "{over}");
    assert_eq!(over["can_undo"], false);
    let undo = format!("/api/games/{}/undo", id(&state));
    let (status, error) = send(&app, Method::POST, &undo, None).await;
    assert_eq!(
        (status, kind(&error)),
        (StatusCode::UNPROCESSABLE_ENTITY, "game_over")
    );
}

#[tokio::test]
async fn limits_are_abalones_and_in_range() {
    let app = server();
    for body in [
        json!({ "game": "pente", "time_limit": 60 }),
        json!({ "game": "backgammon", "move_limit": 60 }),
        json!({ "game": "abalone", "time_limit": 0 }),
        json!({ "game": "abalone", "time_limit": 100_000 }),
        json!({ "game": "abalone", "move_limit": 0 }),
        json!({ "game": "abalone", "move_limit": 70_000 }),
    ] {
        let (status, error) = send(&app, Method::POST, "/api/games", Some(body.clone())).await;
        assert_eq!(status.as_u16() / 100, 4, "{body}: {error}");
        assert!(
            ["bad_option", "malformed_json"].contains(&kind(&error)),
            "{body}: {error}"
        );
    }
    // Untimed games have no clocks.
    let state = create(&app, json!({ "game": "abalone" })).await;
    assert_eq!(state["clocks"], json!(null));
}
