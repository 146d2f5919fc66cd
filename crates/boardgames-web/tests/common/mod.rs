//! What the API tests share: a server with short engine times, requests sent through the
//! router in-process, and the fields of answers.
#![allow(dead_code)]

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use boardgames_web::{app, Config};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// A server with short engine times.
pub fn server() -> Router {
    app(Config {
        think_time: Duration::from_millis(300),
        ..Config::default()
    })
}

/// The status and body text of a request.
pub async fn send_raw(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<(&str, Vec<u8>)>,
) -> (StatusCode, String) {
    let builder = Request::builder().method(method).uri(uri);
    let request = match body {
        Some((content_type, bytes)) => builder
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(bytes)),
        None => builder.body(Body::empty()),
    }
    .expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    (status, String::from_utf8(bytes.to_vec()).expect("UTF-8"))
}

/// The status and JSON body of a request with an optional JSON body.
pub async fn send(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let body = body.map(|b| ("application/json", b.to_string().into_bytes()));
    let (status, text) = send_raw(app, method, uri, body).await;
    let value = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    (status, value)
}

/// A new game: its state.
pub async fn create(app: &Router, body: Value) -> Value {
    let (status, state) = send(app, Method::POST, "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    state
}

/// The id of a state.
pub fn id(state: &Value) -> String {
    state["id"].as_str().expect("an id").to_owned()
}

/// The kind of an error answer.
pub fn kind(body: &Value) -> &str {
    body["error"]["kind"].as_str().unwrap_or("(no error kind)")
}
