//! The server under abuse: bodies far over the limits answered with a typed 413 and the
//! server still answering, and a thousand requests at once all answered, no game lost.

use std::sync::Arc;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use boardgames_web::{app, Config};
use serde_json::{json, Value};

mod common;
use common::{create, id, kind, send, send_raw, server};

/// A JSON body of `size` bytes: a record whose text is that long.
fn huge_record(size: usize) -> Vec<u8> {
    let head = br#"{"game": "pente", "text": ""#;
    let tail = br#""}"#;
    let mut body = Vec::with_capacity(size);
    body.extend_from_slice(head);
    body.resize(size - tail.len(), b'a');
    body.extend_from_slice(tail);
    body
}

#[tokio::test]
async fn a_body_of_100_mb_is_refused_with_a_typed_413_and_the_server_goes_on() {
    let app = server();
    for uri in ["/api/records", "/api/games"] {
        let body = Some(("application/json", huge_record(100 << 20)));
        let (status, text) = send_raw(&app, Method::POST, uri, body).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{uri}");
        let error: Value = serde_json::from_str(&text).expect("a JSON error");
        assert_eq!(kind(&error), "body_too_large", "{uri}");
    }
    // Just over the record limit (8 MB) is refused too; the game routes keep theirs (1 MB).
    let body = Some(("application/json", huge_record((8 << 20) + 1)));
    let (status, _) = send_raw(&app, Method::POST, "/api/records", body).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let body = Some(("application/json", huge_record((1 << 20) + 1)));
    let (status, _) = send_raw(&app, Method::POST, "/api/games", body).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    // Within the record limit, a text that is no record is read and refused.
    let body = Some(("application/json", huge_record(2 << 20)));
    let (status, text) = send_raw(&app, Method::POST, "/api/records", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{text}");
    // The server still answers.
    let state = create(&app, json!({ "game": "pente" })).await;
    assert_eq!(state["legal_moves"], json!(["K10"]));
    let (status, _) = send(&app, Method::GET, "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_requests_at_once_are_all_answered_and_no_game_is_lost() {
    const GAMES: usize = 100;
    const REQUESTS: usize = 1000;
    let app = app(Config {
        max_games: GAMES,
        think_time: Duration::from_millis(100),
        ..Config::default()
    });
    let mut ids = Vec::with_capacity(GAMES);
    for _ in 0..GAMES {
        ids.push(id(&create(&app, json!({ "game": "pente" })).await));
    }
    let ids = Arc::new(ids);
    // Each game gets its first move (K10, the only legal one under the tournament rule)
    // once, among nine reads of its state, all at once.
    let mut tasks = Vec::with_capacity(REQUESTS);
    for i in 0..REQUESTS {
        let app = app.clone();
        let ids = Arc::clone(&ids);
        tasks.push(tokio::spawn(async move {
            let game = &ids[i % GAMES];
            if i < GAMES {
                let uri = format!("/api/games/{game}/moves");
                send(&app, Method::POST, &uri, Some(json!({ "move": "K10" }))).await
            } else {
                send(&app, Method::GET, &format!("/api/games/{game}"), None).await
            }
        }));
    }
    let mut answered = 0;
    for task in tasks {
        let (status, body) = task.await.expect("the task ends");
        assert_eq!(status, StatusCode::OK, "{body}");
        answered += 1;
    }
    assert_eq!(answered, REQUESTS);
    for game in ids.iter() {
        let (status, state) = send(&app, Method::GET, &format!("/api/games/{game}"), None).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(state["history"], json!(["K10"]), "{game}");
        assert_eq!(state["version"], 1);
    }
}
