//! Errors as the contract gives them: a 4xx status and
//! `{"error": {"kind": ..., "message": ..., "column": N}}`.
//!
//! Statuses: 400 for wrong input (kinds `input`, `unsupported`, `json`), 413 for a body above
//! the limit, 422 for a computation that reached a limit, 503 when the server is busy or the
//! work was cancelled. A 500 is kept for a bug of the server itself (a panic caught), never
//! for something a user typed.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An error answer of the API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The kind: the library's (`input`, `limit`, `unsupported`, `cancelled`, `io`,
    /// `external`) or the server's (`json`, `too_large`, `busy`, `not_found`, `method`,
    /// `internal`).
    pub kind: &'static str,
    /// What was wrong and what to do, lowercase.
    pub message: String,
    /// The 1-based column in the text sent (the expression, the ruleset, the JSON body).
    pub column: Option<u32>,
    /// The 1-based line, for errors in multi-line text (the JSON body, a rule script).
    pub line: Option<u32>,
    /// The file (rule script) an error is in.
    pub file: Option<Box<str>>,
    /// Which limit was reached, for a limit error.
    pub limit: Option<&'static str>,
    /// Which limit of a rule script was reached (`operations`, `call-depth`, `array-size`,
    /// ...), for a limit error of kind `script`.
    pub script_limit: Option<Box<str>>,
}

impl ApiError {
    /// An error with a status, a kind and a message.
    pub fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            message: message.into(),
            column: None,
            line: None,
            file: None,
            limit: None,
            script_limit: None,
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
        let mut e = json!({"kind": self.kind, "message": self.message});
        if let Some(c) = self.column {
            e["column"] = json!(c);
        }
        if let Some(l) = self.line {
            e["line"] = json!(l);
        }
        if let Some(f) = &self.file {
            e["file"] = json!(f.as_ref());
        }
        if let Some(l) = self.limit {
            e["limit"] = json!(l);
        }
        if let Some(k) = &self.script_limit {
            e["script_limit"] = json!(k.as_ref());
        }
        json!({ "error": e })
    }
}

impl From<grundy::Error> for ApiError {
    /// Maps the library's kinds to statuses: input and unsupported 400, limits 422 (413 for
    /// an input above its size limit), cancelled 503.
    fn from(e: grundy::Error) -> ApiError {
        use grundy::{ErrorKind, Limit};
        let (status, kind) = match e.kind() {
            ErrorKind::Input => (StatusCode::BAD_REQUEST, "input"),
            ErrorKind::Unsupported => (StatusCode::BAD_REQUEST, "unsupported"),
            ErrorKind::Limit => match e.limit_reached() {
                Some(Limit::InputSize(_)) => (StatusCode::PAYLOAD_TOO_LARGE, "limit"),
                _ => (StatusCode::UNPROCESSABLE_ENTITY, "limit"),
            },
            ErrorKind::Cancelled => (StatusCode::SERVICE_UNAVAILABLE, "cancelled"),
            // The server reads no files and runs no foreign code but rule scripts: both are
            // about what the user sent.
            ErrorKind::Io => (StatusCode::BAD_REQUEST, "io"),
            ErrorKind::External => (StatusCode::BAD_REQUEST, "external"),
        };
        let mut out = ApiError::new(status, kind, e.to_string());
        out.column = e.column().and_then(|c| u32::try_from(c).ok());
        out.limit = e.limit_reached().map(Limit::name);
        if let Some(Limit::Script(key)) = e.limit_reached() {
            // The person at the page cannot raise the server's limits: say what usually
            // causes this, and where the limit can be raised.
            out.message.push_str(&format!(
                "; this server's script limits are fixed: look for a loop, a recursion or a game \
                 that never ends, or run grundy on your own machine with --script-limit {key}=N"
            ));
            out.script_limit = Some(key.as_str().into());
        }
        if let grundy::Error::Input {
            location: Some(loc),
            message,
            ..
        } = &e
        {
            // A place in a rule script, `FILE:LINE:COLUMN` (Luau names the line only,
            // `FILE:LINE`): the editor marks that line. File names are identifiers with an
            // extension, never with a colon.
            let mut parts = loc.splitn(3, ':');
            let file = parts.next().filter(|f| !f.is_empty());
            let line = parts.next().and_then(|l| l.parse().ok());
            let col = parts.next().and_then(|c| c.parse().ok()).filter(|&c| c > 0);
            if let (Some(f), Some(l)) = (file, line) {
                out.column = col;
                out.line = Some(l);
                out.file = Some(f.into());
                out.message = message.clone();
            }
        }
        out
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
        assert_eq!(e.column, Some(4));
        let e = ApiError::from(grundy::Error::positions(10));
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(e.limit, Some("positions"));
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
            (e.line, e.column, e.file.as_deref()),
            (Some(3), Some(14), Some("digits.rhai"))
        );
        assert_eq!(e.message, "unknown variable x");
        // Luau names the line only.
        let e = ApiError::from(grundy::Error::Input {
            message: "Expected identifier".into(),
            column: None,
            location: Some("kiki.luau:3".into()),
        });
        assert_eq!(
            (e.line, e.column, e.file.as_deref()),
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
        assert_eq!(e.limit, Some("script"));
        assert_eq!(e.script_limit.as_deref(), Some("operations"));
        assert!(e.message.contains("never ends"), "{}", e.message);
        assert_eq!(e.body()["error"]["script_limit"], "operations");
    }
}
