//! The API's errors: each a kind, an HTTP status and a message, answered as
//! `{"error": {"kind": "...", "message": "..."}}`.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// What went wrong with a request, by kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The body is not JSON, or not the JSON the request takes.
    MalformedJson,
    /// The body is larger than the server accepts.
    BodyTooLarge,
    /// The game asked for is none of the server's games.
    UnknownGame,
    /// An option of a new game is out of range (players, layout, match length, a level).
    BadOption,
    /// No game has this id (never made, deleted, or expired).
    UnknownId,
    /// The text is not a move in the game's notation.
    BadNotation,
    /// The move is not legal in the position.
    IllegalMove,
    /// Nobody can move: the game is over.
    GameOver,
    /// The engine cannot play at the strength asked, or found no move.
    Engine,
    /// The engine did not answer within its time.
    Timeout,
    /// The game changed while the engine was thinking; ask again.
    Conflict,
    /// Nothing to undo.
    NothingToUndo,
    /// A record that does not read, holds no game, is too long, or has a step the rules
    /// refuse (the message names the line or the step).
    BadRecord,
    /// A step past the last of a record.
    BadStep,
    /// No such page or route.
    NotFound,
}

impl ErrorKind {
    /// The HTTP status a request refused for this reason gets.
    #[must_use]
    pub fn status(self) -> StatusCode {
        match self {
            ErrorKind::MalformedJson | ErrorKind::BadOption | ErrorKind::UnknownGame => {
                StatusCode::BAD_REQUEST
            }
            ErrorKind::BodyTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorKind::UnknownId | ErrorKind::NotFound | ErrorKind::BadStep => {
                StatusCode::NOT_FOUND
            }
            ErrorKind::BadRecord
            | ErrorKind::BadNotation
            | ErrorKind::IllegalMove
            | ErrorKind::GameOver
            | ErrorKind::NothingToUndo
            | ErrorKind::Engine => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::Timeout => StatusCode::SERVICE_UNAVAILABLE,
            ErrorKind::Conflict => StatusCode::CONFLICT,
        }
    }
}

/// An error answered to a request: its kind and a message for people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Why, in words.
    pub message: String,
}

/// The most characters of an error's message; longer ones are cut ([`ApiError::new`]).
pub const MESSAGE_CHARS: usize = 300;

impl ApiError {
    /// An error of `kind` saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ApiError {
        let mut message = message.into();
        // A message that quotes what it was sent (a move of a megabyte, a whole record) is
        // cut: the start says what and where.
        if let Some((cut, _)) = message.char_indices().nth(MESSAGE_CHARS) {
            message.truncate(cut);
            message.push_str("...");
        }
        ApiError { kind, message }
    }

    /// No game with the id `id`.
    #[must_use]
    pub fn unknown_id(id: &str) -> ApiError {
        let shown: String = id.chars().take(40).collect();
        ApiError::new(
            ErrorKind::UnknownId,
            format!("no game has the id {shown:?}"),
        )
    }

    /// No record opened with the id `id`.
    #[must_use]
    pub fn unknown_record(id: &str) -> ApiError {
        let shown: String = id.chars().take(40).collect();
        ApiError::new(
            ErrorKind::UnknownId,
            format!("no record is open with the id {shown:?}"),
        )
    }
}

/// The body of an error answer.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a ApiError,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.kind.status();
        (status, axum::Json(ErrorBody { error: &self })).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::new(ErrorKind::BodyTooLarge, rejection.body_text());
        }
        ApiError::new(ErrorKind::MalformedJson, rejection.body_text())
    }
}

/// A JSON body whose rejections are [`ApiError`]s (malformed JSON, a missing content type,
/// a body over the limit), so that every error of the API has the same shape.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let axum::Json(value) = axum::Json::<T>::from_request(req, state).await?;
        Ok(ApiJson(value))
    }
}
