//! Record mode against an upstream that misbehaves or a client that leaves: nothing of ulcas's
//! own reaches the upstream, a client leaving before the headers leaves the recording, a whole
//! answer cut short is the API's error, a kept connection reset is tried once more.

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ulcas::wire::Shape;

use crate::serve::post;
use crate::serve::upstream::{
    SSE_HEAD, Script, Upstream, answer, events, read_request, recorder, upstream,
};

/// A miss recorded through the kits' route (`/_ulcas/test/<id>/v1/messages`) reaches the
/// upstream at the API's own path, with its query, and carries nothing of ulcas's own: no test
/// id, no `x-ulcas-…` header (a real API answers 404 to the route and knows nothing of tests).
#[test]
fn nothing_of_ulcas_reaches_the_upstream() {
    fn whole(_: &str, s: &mut TcpStream) {
        let body = answer().message(&Shape::whole()).to_string();
        let _ = write!(
            s,
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        );
    }
    let up = upstream(whole);
    let (_ws, server, body, path) = recorder(&up, &[]);
    let route = format!("{}/_ulcas/test/test_app.py%3A%3Atest_tip", server.url);
    let at = format!("{route}/v1/messages?beta=true");
    let headers = [("x-ulcas-test", "t1"), ("x-ulcas-anything", "x")];
    let (status, text) = post(&at, body.as_bytes(), &headers);
    assert_eq!(status, 200, "{text}");
    let log = server.stop();
    assert!(path.exists(), "recorded: {log}");
    let heads = up.heads.lock().unwrap();
    let first = heads[0].lines().next().unwrap_or("");
    assert_eq!(
        first, "post /v1/messages?beta=true http/1.1",
        "{}",
        heads[0]
    );
    assert!(!heads[0].contains("x-ulcas"), "{}", heads[0]);
    assert!(!heads[0].contains("test_tip"), "{}", heads[0]);
}

/// A client that leaves before the upstream's headers does not take the recording with it (a
/// whole answer, and a stream whose headers come late), nor does a SIGTERM after it left: the
/// answer is read and recorded, and the server waits for it within its grace.
#[test]
fn a_client_leaving_before_the_headers_leaves_the_recording() {
    fn late_whole(_: &str, s: &mut TcpStream) {
        std::thread::sleep(Duration::from_millis(1500));
        let body = answer().message(&Shape::whole()).to_string();
        let _ = write!(
            s,
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        );
    }
    fn late_stream(_: &str, s: &mut TcpStream) {
        std::thread::sleep(Duration::from_millis(1500));
        let _ = s.write_all(SSE_HEAD.as_bytes());
        let _ = s.write_all(events().concat().as_bytes());
    }
    for (script, what) in [(late_whole as Script, "whole"), (late_stream, "stream")] {
        let up = upstream(script);
        let (_ws, server, body, path) = recorder(&up, &[]);
        let addr = server.url.strip_prefix("http://").unwrap().to_owned();
        let mut client = TcpStream::connect(&addr).unwrap();
        client
            .write_all(&crate::serve::request_bytes(&addr, body.as_bytes(), &[]))
            .unwrap();
        // Gone once the request reached the upstream, before it answers.
        for _ in 0..200 {
            if !up.heads.lock().unwrap().is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        assert_eq!(up.heads.lock().unwrap().len(), 1, "{what}: forwarded");
        drop(client);
        server.term();
        let (status, log) = server.wait();
        assert!(status.success(), "{what}: {status:?} {log}");
        assert!(
            path.exists(),
            "{what}: recorded although the client left: {log}"
        );
        assert!(log.contains("recorded "), "{what}: {log}");
    }
}

/// A whole (non-streamed) answer the upstream cuts short reaches the client as the API's error
/// with a status (a 502 the SDKs raise and retry), never as a connection closed mid-body; it is
/// not recorded.
#[test]
fn a_whole_answer_cut_short_is_the_apis_error() {
    fn cut_whole(_: &str, s: &mut TcpStream) {
        let body = answer().message(&Shape::whole()).to_string();
        let _ = write!(
            s,
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{}",
            body.len(),
            &body[..body.len() / 2]
        );
        let _ = s.shutdown(std::net::Shutdown::Both);
    }
    let up = upstream(cut_whole);
    let (_ws, server, body, path) = recorder(&up, &[]);
    let (status, text) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 502, "{text}");
    assert!(
        text.contains("\"type\":\"error\""),
        "in the API's shape: {text}"
    );
    let log = server.stop();
    assert!(!path.exists(), "not recorded: {log}");
}

/// A kept connection the upstream closed meanwhile (its next request read, then dropped
/// without an answer) fails that request before any answer: it is sent once more on a fresh
/// connection and recorded, never the client's failure.
#[test]
fn a_reset_kept_connection_is_retried_once() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let connections = Arc::new(Mutex::new(0usize));
    let seen = connections.clone();
    std::thread::spawn(move || {
        for (n, stream) in listener.incoming().take(8).enumerate() {
            let Ok(mut s) = stream else { return };
            *seen.lock().unwrap() += 1;
            std::thread::spawn(move || {
                let body = answer().message(&Shape::whole()).to_string();
                let reply = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
                    body.len()
                );
                // The first connection answers one request, then drops the next unanswered.
                let _ = read_request(&mut s);
                let _ = s.write_all(reply.as_bytes());
                if n == 0 {
                    let _ = read_request(&mut s);
                    return;
                }
                while !read_request(&mut s).is_empty() {
                    let _ = s.write_all(reply.as_bytes());
                }
            });
        }
    });
    let up = Upstream {
        url,
        heads: Arc::new(Mutex::new(Vec::new())),
    };
    let (ws, server, body, path) = recorder(&up, &[]);
    assert_eq!(post(&server.url, body.as_bytes(), &[]).0, 200);
    assert!(path.exists());
    // Another request (another key), on the kept connection the upstream then drops.
    let other = body.replace("Bloom the coffee", "Bloom the fresh coffee");
    assert_ne!(other, body);
    let (status, text) = post(&server.url, other.as_bytes(), &[]);
    assert_eq!(status, 200, "{text}");
    let log = server.stop();
    assert_eq!(log.matches("recorded ").count(), 2, "{log}");
    assert!(
        *connections.lock().unwrap() >= 2,
        "a fresh connection: {log}"
    );
    drop(ws);
}
