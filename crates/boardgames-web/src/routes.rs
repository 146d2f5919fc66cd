//! The routes: the page and the JSON API (docs/web.md), over the shared store.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::rejection::PathRejection;
use axum::extract::{DefaultBodyLimit, Path, RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use crate::assets;
use crate::create::{new_session, NewGame, GAMES};
use crate::error::{ApiError, ApiJson, ErrorKind};
use crate::record_routes;
use crate::records::Replay;
use crate::session::{StateView, Thought};
use crate::store::Store;

/// The server's limits.
#[derive(Copy, Clone, Debug)]
pub struct Config {
    /// The most games kept at once; the least recently used goes first.
    pub max_games: usize,
    /// How long a game is kept unused.
    pub idle: Duration,
    /// The engine's time for a move, at most (where the engine can be limited in time).
    pub think_time: Duration,
    /// How long a request waits for the engine before it gives up.
    pub engine_timeout: Duration,
    /// The largest request body, in bytes.
    pub body_limit: usize,
    /// The most engine searches at once; further requests wait for one to end (within
    /// the engine timeout).
    pub engines: usize,
    /// The largest body of the record routes (a record file's text), in bytes.
    pub record_limit: usize,
    /// The most records kept open at once; the least recently used goes first.
    pub max_records: usize,
}

impl Default for Config {
    /// 64 games and 8 records, kept 2 hours unused; 5 seconds a move, waited for 60;
    /// bodies up to 1 MB, record files up to 8 MB; as many searches at once as the machine
    /// has cores.
    fn default() -> Config {
        Config {
            max_games: 64,
            idle: Duration::from_secs(2 * 60 * 60),
            think_time: Duration::from_secs(5),
            engine_timeout: Duration::from_secs(60),
            body_limit: 1 << 20,
            engines: std::thread::available_parallelism().map_or(2, usize::from),
            record_limit: 8 << 20,
            max_records: 8,
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
pub(crate) struct AppState {
    /// The games.
    store: Arc<Mutex<Store>>,
    /// The records opened.
    records: Arc<Mutex<Store<dyn Replay>>>,
    /// The limits.
    pub(crate) config: Config,
    /// One permit a search running.
    engines: Arc<Semaphore>,
    /// The stop flags of the searches running, by game id.
    running: Arc<Mutex<HashMap<String, Vec<Arc<AtomicBool>>>>>,
}

/// A stop flag set when the guard goes: the work it stops ends with the request that
/// started it, whether answered, timed out or given up by its client.
pub(crate) struct StopOnDrop(pub(crate) Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A search of a game's engine, known to `POST /api/games/{id}/stop` (and to `DELETE`)
/// while it lasts, and stopped when it goes (with the request that started it).
struct Running {
    map: Arc<Mutex<HashMap<String, Vec<Arc<AtomicBool>>>>>,
    id: String,
    stop: Arc<AtomicBool>,
}

impl Running {
    /// The search of game `id` with the flag `stop`, in `app`'s list.
    fn new(app: &AppState, id: &str, stop: &Arc<AtomicBool>) -> Running {
        let mut map = app
            .running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.entry(id.to_owned()).or_default().push(Arc::clone(stop));
        Running {
            map: Arc::clone(&app.running),
            id: id.to_owned(),
            stop: Arc::clone(stop),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let mut map = self
            .map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(flags) = map.get_mut(&self.id) {
            flags.retain(|f| !Arc::ptr_eq(f, &self.stop));
            if flags.is_empty() {
                map.remove(&self.id);
            }
        }
    }
}

impl AppState {
    /// The store, also after a panic elsewhere left its lock poisoned (the games stay
    /// consistent: every change is made on a copy first).
    pub(crate) fn store(&self) -> MutexGuard<'_, Store> {
        self.store
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The records opened (as [`AppState::store`]).
    pub(crate) fn records(&self) -> MutexGuard<'_, Store<dyn Replay>> {
        self.records
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Runs `f` on the game `id`, its clocks looked at first.
    fn with<R>(
        &self,
        id: &str,
        f: impl FnOnce(&mut dyn crate::session::Session) -> R,
    ) -> Result<R, ApiError> {
        self.store().with(id, |s| {
            s.tick(std::time::Instant::now());
            f(s)
        })
    }

    /// Keeps the new game `session`; its state (with its id), 201.
    pub(crate) fn insert(&self, session: Box<dyn crate::session::Session>) -> Response {
        let mut store = self.store();
        let id = store.insert(session);
        match store.with(&id, |s| s.state(&id)) {
            Ok(state) => (StatusCode::CREATED, Json(state)).into_response(),
            Err(e) => e.into_response(),
        }
    }

    /// Runs `work` on a blocking thread once a search may start (one permit a core),
    /// waiting at most the engine timeout.
    ///
    /// # Errors
    /// [`ErrorKind::Timeout`] after the engine timeout, [`ErrorKind::Engine`] when the work
    /// failed.
    pub(crate) async fn off_thread<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let engines = Arc::clone(&self.engines);
        let search = async move {
            let permit = engines.acquire_owned().await;
            // The permit goes with the work: it is given back when the work ends, even work
            // nobody waits for any more.
            tokio::task::spawn_blocking(move || {
                let _permit = permit;
                work()
            })
            .await
        };
        match tokio::time::timeout(self.config.engine_timeout, search).await {
            Ok(Ok(done)) => Ok(done),
            Ok(Err(_)) => Err(ApiError::new(ErrorKind::Engine, "the engine failed")),
            Err(_) => Err(ApiError::new(
                ErrorKind::Timeout,
                format!(
                    "the engine did not answer within {} s",
                    self.config.engine_timeout.as_secs()
                ),
            )),
        }
    }

    /// The state of the game `id`.
    fn state(&self, id: &str) -> Result<StateView, ApiError> {
        self.with(id, |s| s.state(id))
    }
}

/// The router of the page and the API with `config`'s limits.
pub fn app(config: Config) -> Router {
    let state = AppState {
        store: Arc::new(Mutex::new(Store::new(config.max_games, config.idle))),
        records: Arc::new(Mutex::new(Store::new(config.max_records, config.idle))),
        config,
        engines: Arc::new(Semaphore::new(config.engines.max(1))),
        running: Arc::default(),
    };
    Router::new()
        .route("/", get(assets::index))
        .route("/style.css", get(assets::style))
        .route("/app.js", get(assets::script))
        .route("/records.js", get(assets::records_script))
        .route("/keys.js", get(assets::keys_script))
        .route("/clocks.js", get(assets::clocks_script))
        .route("/api/games", post(create).get(games))
        .route("/api/games/{id}", get(show).delete(remove))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/computer", post(computer))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/stop", post(stop))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/record", get(record))
        .merge(record_routes::routes(config.record_limit))
        .fallback(not_found)
        .method_not_allowed_fallback(not_found)
        .layer(DefaultBodyLimit::max(config.body_limit))
        .with_state(state)
}

/// Serves the page and the API with `config`'s limits on `listener` (bound by the caller:
/// the program to its address, tests to a free port of 127.0.0.1) until `shutdown` completes.
///
/// # Errors
/// The error that stopped the server.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(config))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Anything else: 404 with the API's error.
async fn not_found() -> ApiError {
    ApiError::new(ErrorKind::NotFound, "no such page or request")
}

/// The id of the path, or why it is none.
fn id_of(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    path.map(|Path(id)| id)
        .map_err(|e| ApiError::new(ErrorKind::UnknownId, e.body_text()))
}

/// `level=N` of a query, if given.
pub(crate) fn level_of(query: Option<&str>) -> Result<Option<u8>, ApiError> {
    let Some(value) = query_value(query, "level")? else {
        return Ok(None);
    };
    value
        .parse::<u8>()
        .ok()
        .filter(|n| crate::engine::LEVELS.contains(n))
        .map(Some)
        .ok_or_else(|| {
            let shown: String = value.chars().take(20).collect();
            ApiError::new(
                ErrorKind::BadOption,
                format!("level {shown:?}: levels are 1 to 5"),
            )
        })
}

/// The value of `key` in the query string `query`, if given.
///
/// # Errors
/// [`ErrorKind::BadOption`] when `key` is given twice.
fn query_value<'q>(query: Option<&'q str>, key: &str) -> Result<Option<&'q str>, ApiError> {
    let mut found = None;
    for pair in query.unwrap_or("").split('&') {
        let (k, value) = pair.split_once('=').unwrap_or((pair, ""));
        if k == key {
            if found.is_some() {
                return Err(ApiError::new(
                    ErrorKind::BadOption,
                    format!("{key} is given twice"),
                ));
            }
            found = Some(value);
        }
    }
    Ok(found)
}

/// What the server offers: its games and Abalone's layouts by number of players.
#[derive(Serialize)]
struct Offer {
    games: [&'static str; 4],
    abalone_layouts: Vec<(usize, Vec<&'static str>)>,
}

/// `GET /api/games`: the games a new game may be, and Abalone's layouts.
async fn games() -> Json<Offer> {
    use boardgames_core::abalone::Layout;
    Json(Offer {
        games: GAMES,
        abalone_layouts: [2, 3, 4, 6]
            .into_iter()
            .map(|n| (n, Layout::of_players(n).iter().map(|l| l.name()).collect()))
            .collect(),
    })
}

/// `POST /api/games`: a new game; its state (with its id), 201.
async fn create(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<NewGame>,
) -> Result<Response, ApiError> {
    let seed = app.store().fresh_number();
    let session = new_session(&request, seed, app.config.think_time)?;
    Ok(app.insert(session))
}

/// `GET /api/games/{id}`: the state.
async fn show(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<StateView>, ApiError> {
    let id = id_of(path)?;
    Ok(Json(app.state(&id)?))
}

/// `DELETE /api/games/{id}`: the game dropped, 204.
async fn remove(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
) -> Result<StatusCode, ApiError> {
    let id = id_of(path)?;
    if app.store().remove(&id) {
        stop_searches(&app, &id);
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::unknown_id(&id))
    }
}

/// The body of `POST /api/games/{id}/moves`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    /// The move in canonical notation.
    #[serde(rename = "move")]
    text: String,
    /// The version of the state the move was chosen in, if the page gives it: a move for
    /// another version is refused (`conflict`).
    version: Option<u64>,
}

/// A move for another version than the game's.
fn conflict(asked: u64, now: u64) -> ApiError {
    ApiError::new(
        ErrorKind::Conflict,
        format!("the game changed (version {asked}, now {now}): fetch its state again"),
    )
}

/// `POST /api/games/{id}/moves`: the move played; the new state.
async fn play(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
    ApiJson(request): ApiJson<MoveRequest>,
) -> Result<Json<StateView>, ApiError> {
    let id = id_of(path)?;
    app.with(&id, |s| {
        if let Some(asked) = request.version.filter(|&v| v != s.version()) {
            return Err(conflict(asked, s.version()));
        }
        s.play(&request.text)?;
        Ok(s.state(&id))
    })?
    .map(Json)
}

/// The engine's move for the game `id` at `level`, found on a blocking thread once a
/// search may start, with the version of the game it was found for.
async fn think(app: &AppState, id: &str, level: Option<u8>) -> Result<(Thought, u64), ApiError> {
    let (thinker, version) = app.with(id, |s| s.thinker(level).map(|t| (t, s.version())))??;
    let stop = Arc::new(AtomicBool::new(false));
    // A search nobody waits for any more (the timeout, a client gone) stops with it.
    let _running = Running::new(app, id, &stop);
    let thought = app.off_thread(move || thinker(stop)).await;
    Ok((thought??, version))
}

/// The answer of `POST /api/games/{id}/stop`.
#[derive(Serialize)]
struct Stopped {
    /// The searches of the game told to stop.
    stopped: usize,
}

/// `POST /api/games/{id}/stop`: the game's searches running (a computer move, a hint)
/// answer at once with their best move so far.
async fn stop(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<Stopped>, ApiError> {
    let id = id_of(path)?;
    app.with(&id, |_| ())?;
    Ok(Json(Stopped {
        stopped: stop_searches(&app, &id),
    }))
}

/// Tells the searches of the game `id` to stop; how many.
fn stop_searches(app: &AppState, id: &str) -> usize {
    let map = app
        .running
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let flags = map.get(id).map_or(&[][..], Vec::as_slice);
    for flag in flags {
        flag.store(true, Ordering::Relaxed);
    }
    flags.len()
}

/// The answer of `POST /api/games/{id}/computer`.
#[derive(Serialize)]
struct ComputerMove {
    /// What the engine played.
    engine: Thought,
    /// The state after it.
    state: StateView,
}

/// `POST /api/games/{id}/computer[?level=N]`: the engine plays for the seat to move.
async fn computer(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Result<Json<ComputerMove>, ApiError> {
    let id = id_of(path)?;
    let level = level_of(query.as_deref())?;
    let (engine, version) = think(&app, &id, level).await?;
    let state = app.with(&id, |s| {
        if s.version() != version {
            return Err(conflict(version, s.version()));
        }
        s.play(&engine.text)?;
        Ok(s.state(&id))
    })??;
    Ok(Json(ComputerMove { engine, state }))
}

/// The answer of `GET /api/games/{id}/hint`.
#[derive(Serialize)]
struct Hint {
    /// The engine's move and score.
    hint: Thought,
    /// The version of the state it is for.
    version: u64,
}

/// `GET /api/games/{id}/hint[?level=N]`: the engine's move for the seat to move, not played.
async fn hint(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Result<Json<Hint>, ApiError> {
    let id = id_of(path)?;
    let level = level_of(query.as_deref())?;
    let (hint, version) = think(&app, &id, level).await?;
    Ok(Json(Hint { hint, version }))
}

/// `POST /api/games/{id}/undo[?to_human=false]`: the last move taken back (by default until
/// a person is to move); the new state.
async fn undo(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Result<Json<StateView>, ApiError> {
    let id = id_of(path)?;
    let to_human = match query_value(query.as_deref(), "to_human")? {
        None | Some("true") => true,
        Some("false") => false,
        Some(other) => {
            let shown: String = other.chars().take(20).collect();
            return Err(ApiError::new(
                ErrorKind::BadOption,
                format!("to_human {shown:?}: true or false"),
            ));
        }
    };
    app.with(&id, |s| {
        s.undo(to_human)?;
        Ok(s.state(&id))
    })?
    .map(Json)
}

/// `GET /api/games/{id}/record`: the record as the game's program saves it, as a text file.
async fn record(
    State(app): State<AppState>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = id_of(path)?;
    let (text, game) = app.with(&id, |s| (s.record(), s.game()))?;
    let extension = match game {
        "abalone" => "txt",
        "backgammon" => "mat",
        _ => "pgn",
    };
    let disposition = format!("attachment; filename=\"{game}-{id}.{extension}\"");
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}
