//! Request bodies within the limit, and a 413 that the client can read.
//!
//! A body above [`crate::Config::max_body_bytes`] is refused, but not before the client has
//! finished sending it: a server that answers and closes while the client still writes makes
//! the client's next write fail (Python's urllib reports a broken pipe, never the 413). So the
//! rest of a large body is read and thrown away, up to [`DRAIN_BYTES`] and [`DRAIN_TIME`];
//! only past those bounds is the connection closed on the client. A client that asked
//! `Expect: 100-continue` has sent nothing yet and gets its 413 at once.
//!
//! **Invariant:** at most `max_body_bytes` of a body are kept in memory; the bytes drained are
//! counted, never stored.

use std::pin::Pin;
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::ApiError;

/// The most bytes of a refused body read and thrown away before the connection is closed.
pub const DRAIN_BYTES: u64 = 64 << 20;

/// The longest time spent reading a refused body.
pub const DRAIN_TIME: Duration = Duration::from_secs(15);

/// Reads the request's body (at most `limit` bytes) before the routes see it; refuses a
/// larger one with a 413 that names the limit, after draining the rest of it.
pub async fn gate(State(limit): State<usize>, req: Request, next: Next) -> Response {
    let (parts, mut body) = req.into_parts();
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        let expects_continue = parts
            .headers
            .get(header::EXPECT)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case("100-continue"));
        // Waiting for "100 Continue", the client has sent nothing: no byte to drain, and
        // reading the body would only invite it (the connection closes after the answer).
        let complete = !expects_continue && drain(&mut body, 0).await;
        return too_large(limit, declared, complete);
    }
    let mut kept: Vec<u8> = Vec::new();
    loop {
        match next_frame(&mut body).await {
            None => break,
            Some(Err(_)) => {
                return ApiError::input(
                    "the request body could not be read: the connection broke or the \
                     chunked encoding is wrong; send the request again",
                )
                .into_response();
            }
            Some(Ok(data)) => {
                if kept.len() + data.len() > limit {
                    let seen = (kept.len() + data.len()) as u64;
                    let complete = drain(&mut body, seen).await;
                    return too_large(limit, None, complete);
                }
                kept.extend_from_slice(&data);
            }
        }
    }
    next.run(Request::from_parts(parts, Body::from(kept))).await
}

/// The next data frame of `body` (trailers are skipped).
async fn next_frame(body: &mut Body) -> Option<Result<Bytes, axum::Error>> {
    loop {
        let frame = std::future::poll_fn(|cx| Pin::new(&mut *body).poll_frame(cx)).await?;
        match frame {
            Err(e) => return Some(Err(e)),
            Ok(f) => {
                if let Ok(data) = f.into_data() {
                    return Some(Ok(data));
                }
            }
        }
    }
}

/// Reads and throws away the rest of `body`, of which `seen` bytes were read already.
///
/// Returns: whether the body ended within [`DRAIN_BYTES`] and [`DRAIN_TIME`] (the
/// connection can then stay open).
async fn drain(body: &mut Body, seen: u64) -> bool {
    let read_all = async {
        let mut seen = seen;
        loop {
            match next_frame(body).await {
                None => return true,
                Some(Err(_)) => return false,
                Some(Ok(data)) => {
                    seen += data.len() as u64;
                    if seen > DRAIN_BYTES {
                        return false;
                    }
                }
            }
        }
    };
    tokio::time::timeout(DRAIN_TIME, read_all)
        .await
        .unwrap_or(false)
}

/// The 413 answer, naming the limit (and the declared size, when the client gave one).
fn too_large(limit: usize, declared: Option<u64>, complete: bool) -> Response {
    let size = match declared {
        Some(n) => format!("has {n} bytes, more than"),
        None => "is longer than".to_string(),
    };
    let mut r = ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too_large",
        format!(
            "the request body {size} the {limit} bytes ({}) this server accepts; send a \
             shorter one",
            human(limit as u64)
        ),
    )
    .into_response();
    if !complete {
        // Bytes of the body may still come: this connection cannot carry another request.
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    r
}

/// A size in bytes as people say it: `1 MiB`, `4 KiB`, `100 bytes`.
pub fn human(n: u64) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
        format!("{} KiB", n >> 10)
    } else {
        format!("{n} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(human(1 << 20), "1 MiB");
        assert_eq!(human(4096), "4 KiB");
        assert_eq!(human(1000), "1000 bytes");
        assert_eq!(human((1 << 20) + 1), "1048577 bytes");
    }
}
