//! The page: its HTML, style sheet and script, built into the program. Nothing else is
//! served.

use axum::http::header;
use axum::response::IntoResponse;

/// The page.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// Its style sheet.
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
/// Its script: the chooser, the boards, play.
pub const APP_JS: &str = include_str!("../assets/app.js");
/// Its script of records: opening, stepping through, continuing, the analysis chart.
pub const RECORDS_JS: &str = include_str!("../assets/records.js");
/// Its script of keyboard play.
pub const KEYS_JS: &str = include_str!("../assets/keys.js");
/// Its script of the clocks.
pub const CLOCKS_JS: &str = include_str!("../assets/clocks.js");

/// A built-in file with its content type, never cached stale.
fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
}

/// `GET /`: the page.
pub async fn index() -> impl IntoResponse {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    asset("text/css; charset=utf-8", STYLE_CSS)
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", APP_JS)
}

/// `GET /records.js`.
pub async fn records_script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", RECORDS_JS)
}

/// `GET /keys.js`.
pub async fn keys_script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", KEYS_JS)
}

/// `GET /clocks.js`.
pub async fn clocks_script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", CLOCKS_JS)
}
