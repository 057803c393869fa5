//! Errors as the contract gives them: a 4xx status and
//! `{"error": {"kind": ..., "message": ..., "column": N}}`.
//!
//! Statuses: 400 for wrong input (kinds `input`, `unsupported`, `json`), 413 for a body above
//! the limit, 422 for a computation that reached a limit, 503 when the server is busy or the
//! work was cancelled. A 500 is kept for a bug of the server itself (a panic caught), never
//! for something a user typed.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use grundy::ErrorBody;
use serde_json::json;

/// An error answer of the API: a status and the library's [`ErrorBody`], the one shape every
/// JSON front writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The body: its kind is the library's (`input`, `limit`, `unsupported`, `cancelled`,
    /// `io`, `external`) or the server's (`json`, `too_large`, `busy`, `not_found`,
    /// `method`, `internal`).
    pub error: ErrorBody,
}

impl ApiError {
    /// An error with a status, a kind and a message.
    pub fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            error: ErrorBody::new(kind, message),
        }
    }

    /// Wrong input (400).
    pub fn input(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "input", message)
    }

    /// The server is busy (503).
    pub fn busy() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "the server is busy with other computations; try again in a few seconds",
        )
    }

    /// The JSON body.
    pub fn body(&self) -> serde_json::Value {
        json!({ "error": self.error })
    }
}

impl From<grundy::Error> for ApiError {
    /// Maps the library's kinds to statuses: input and unsupported 400, limits 422 (413 for
    /// an input above its size limit), cancelled 503.
    fn from(e: grundy::Error) -> ApiError {
        use grundy::{ErrorKind, Limit};
        let status = match e.kind() {
            ErrorKind::Input | ErrorKind::Unsupported => StatusCode::BAD_REQUEST,
            ErrorKind::Limit => match e.limit_reached() {
                Some(Limit::InputSize(_)) => StatusCode::PAYLOAD_TOO_LARGE,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            },
            ErrorKind::Cancelled => StatusCode::SERVICE_UNAVAILABLE,
            // The server reads no files and runs no foreign code but rule scripts: both are
            // about what the user sent.
            ErrorKind::Io | ErrorKind::External => StatusCode::BAD_REQUEST,
        };
        let mut error = e.body();
        if let Some(key) = &error.script_limit {
            // The person at the page cannot raise the server's limits: say what usually
            // causes this, and where the limit can be raised.
            error.message.push_str(&format!(
                "; this server's script limits are fixed: look for a loop, a recursion or a game \
                 that never ends, or run grundy on your own machine with --script-limit {key}=N"
            ));
        }
        ApiError { status, error }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, axum::Json(self.body())).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
        }
        r
    }
}

/// Turns an error answer that is not JSON (the 413 of the body limit layer, the 405 of the
/// router) into the contract's shape, keeping its status.
pub async fn json_errors(r: Response) -> Response {
    let status = r.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return r;
    }
    let is_json = r
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return r;
    }
    let (kind, message) = match status {
        StatusCode::PAYLOAD_TOO_LARGE => (
            "too_large",
            "the request body is larger than the server accepts; send a shorter one",
        ),
        StatusCode::METHOD_NOT_ALLOWED => (
            "method",
            "this path does not take this method: the API takes POST with a JSON body, \
             /api/health and /api/families take GET",
        ),
        StatusCode::NOT_FOUND => ("not_found", "there is nothing at this path"),
        s if s.is_server_error() => ("internal", "the server failed; please report this"),
        _ => ("input", "the request was not understood"),
    };
    ApiError::new(status, kind, message).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_map_to_statuses() {
        let e = ApiError::from(grundy::Error::input_at(4, "bad"));
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        assert_eq!(e.error.column, Some(4));
        let e = ApiError::from(grundy::Error::positions(10));
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(e.error.limit, Some("positions"));
        let e = ApiError::from(grundy::Error::Cancelled);
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
    }

    #[test]
    fn script_locations_become_line_and_column() {
        let e = ApiError::from(grundy::Error::Input {
            message: "unknown variable x".into(),
            column: None,
            location: Some("digits.rhai:3:14".into()),
        });
        assert_eq!(
            (e.error.line, e.error.column, e.error.file.as_deref()),
            (Some(3), Some(14), Some("digits.rhai"))
        );
        assert_eq!(e.error.message, "unknown variable x");
        // Luau names the line only.
        let e = ApiError::from(grundy::Error::Input {
            message: "Expected identifier".into(),
            column: None,
            location: Some("kiki.luau:3".into()),
        });
        assert_eq!(
            (e.error.line, e.error.column, e.error.file.as_deref()),
            (Some(3), None, Some("kiki.luau"))
        );
    }

    #[test]
    fn script_limits_are_named_with_advice() {
        let e = ApiError::from(grundy::Error::limit(
            grundy::Limit::Script("operations".into()),
            "loop.luau: the script reached its limit of 10000000 operations in one call",
        ));
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(e.error.limit, Some("script"));
        assert_eq!(e.error.script_limit.as_deref(), Some("operations"));
        assert!(
            e.error.message.contains("never ends"),
            "{}",
            e.error.message
        );
        assert_eq!(e.body()["error"]["script_limit"], "operations");
    }
}
