//! The routes of records opened (docs/web.md): open a record file's text, the state of each
//! step, a new game from a step, and the analysis of a backgammon match file. Their bodies
//! may be larger than the other routes' (a record file): [`Config::record_limit`](crate::Config).

use axum::extract::rejection::PathRejection;
use axum::extract::{DefaultBodyLimit, Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::Deserialize;

use crate::create::seat_players;
use crate::error::{ApiError, ApiJson, ErrorKind};
use crate::records::{read, Analysis, Summary};
use crate::routes::{level_of, AppState, StopOnDrop};
use crate::session::StateView;

/// The record routes, their bodies limited to `limit` bytes.
pub(crate) fn routes(limit: usize) -> Router<AppState> {
    Router::new()
        .route(
            "/api/records",
            post(open).layer(DefaultBodyLimit::max(limit)),
        )
        .route("/api/records/{id}", get(show).delete(remove))
        .route("/api/records/{id}/steps/{k}", get(step))
        .route("/api/records/{id}/continue", post(resume))
        .route("/api/records/{id}/analysis", get(analysis))
}

/// The body of `POST /api/records`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenRequest {
    /// `pente`, `keryo-pente`, `abalone` or `backgammon`.
    game: String,
    /// The record file's text.
    text: String,
}

/// The id of a record route's path, or why it is none.
fn id_of(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    path.map(|Path(id)| id)
        .map_err(|e| ApiError::new(ErrorKind::UnknownId, e.body_text()))
}

/// `POST /api/records`: the record file read and replayed; its summary (with its id), 201.
async fn open(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<OpenRequest>,
) -> Result<Response, ApiError> {
    // Reading and replaying a long file takes a while: off the request threads, but
    // without waiting for the engines (a file is bounded by the upload limit).
    let replay = tokio::task::spawn_blocking(move || read::open(&request.game, &request.text))
        .await
        .map_err(|_| ApiError::new(ErrorKind::Engine, "the record could not be read"))??;
    let mut records = app.records();
    let id = records.insert(replay);
    let summary = records.with(&id, |r| r.summary(&id))?;
    Ok((StatusCode::CREATED, Json(summary)).into_response())
}

/// `GET /api/records/{id}`: the summary again.
async fn show(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<Summary>, ApiError> {
    let id = id_of(path)?;
    app.records()
        .with(&id, |r| r.summary(&id))
        .map(Json)
        .map_err(|_| ApiError::unknown_record(&id))
}

/// `DELETE /api/records/{id}`: the record closed, 204.
async fn remove(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
) -> Result<StatusCode, ApiError> {
    let id = id_of(path)?;
    if app.records().remove(&id) {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::unknown_record(&id))
    }
}

/// `GET /api/records/{id}/steps/{k}`: the state of step `k`.
async fn step(
    State(app): State<AppState>,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<StateView>, ApiError> {
    let (id, k) = path
        .map(|Path(p)| p)
        .map_err(|e| ApiError::new(ErrorKind::UnknownId, e.body_text()))?;
    let k: usize = k.parse().map_err(|_| {
        let shown: String = k.chars().take(20).collect();
        ApiError::new(
            ErrorKind::BadStep,
            format!("step {shown:?} is not a number"),
        )
    })?;
    app.records()
        .with(&id, |r| r.step(&id, k))
        .map_err(|_| ApiError::unknown_record(&id))?
        .map(Json)
}

/// The body of `POST /api/records/{id}/continue`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ContinueRequest {
    /// The step whose position the new game starts from.
    step: usize,
    /// Who plays each seat, as for a new game.
    #[serde(default)]
    seats: Vec<serde_json::Value>,
    /// The seed of the dice (default: a fresh one).
    seed: Option<u64>,
}

/// `POST /api/records/{id}/continue`: a new game from a step; its state, 201.
async fn resume(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
    ApiJson(request): ApiJson<ContinueRequest>,
) -> Result<Response, ApiError> {
    let id = id_of(path)?;
    let seed = match request.seed {
        Some(seed) => seed,
        None => app.store().fresh_number(),
    };
    let think_time = app.config.think_time;
    let session = app
        .records()
        .with(&id, |r| -> Result<_, ApiError> {
            // The seats of the position's game: the summary's first step names them.
            let count = r.step(&id, request.step)?.seats.len();
            let seats = seat_players(&request.seats, count)?;
            r.resume(request.step, &seats, seed, think_time)
        })
        .map_err(|_| ApiError::unknown_record(&id))??;
    Ok(app.insert(session))
}

/// `GET /api/records/{id}/analysis[?level=N]`: every decision of a backgammon match file
/// judged by the engine, off the request threads.
async fn analysis(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Result<Json<Analysis>, ApiError> {
    let id = id_of(path)?;
    let level = level_of(query.as_deref())?;
    let analyser = app
        .records()
        .with(&id, |r| r.analyser(level))
        .map_err(|_| ApiError::unknown_record(&id))??;
    // An analysis nobody waits for any more (the timeout, a client gone) ends at 0 plies.
    let stop = Arc::new(AtomicBool::new(false));
    let _stop = StopOnDrop(Arc::clone(&stop));
    Ok(Json(app.off_thread(move || analyser(stop)).await?))
}
