//! The bounds of one body kept on every route: a fault's arming body is read as any body is,
//! and a latency fault waits without holding its body's share of the budget.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use crate::serve::limits::{addr, served};
use crate::serve::post;

/// `POST /_ulcas/faults` reads its body within the bounds of every body: a client that sends
/// half of it and stalls gets the API's 408, as on the model's routes (it once held the
/// connection as long as it liked).
#[test]
fn a_stalled_arming_body_is_cut_as_any_body() {
    let (_ws, server, _) = served(&["--read-timeout", "1"]);
    let a = addr(&server);
    let mut s = TcpStream::connect(&a).unwrap();
    let body = br#"{"target": "*", "faults": ["overloaded"]}"#;
    let head = format!(
        "POST /_ulcas/faults HTTP/1.1\r\nhost: {a}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(&body[..10]).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut got = Vec::new();
    let _ = s.read_to_end(&mut got);
    let got = String::from_utf8_lossy(&got);
    assert!(got.starts_with("HTTP/1.1 408"), "{got}");
    assert!(got.contains("the body came too slowly"), "{got}");
    // Nothing was armed.
    let mut g = TcpStream::connect(&a).unwrap();
    write!(
        g,
        "GET /_ulcas/faults HTTP/1.1\r\nhost: {a}\r\nconnection: close\r\n\r\n"
    )
    .unwrap();
    let mut listed = String::new();
    let _ = g.read_to_string(&mut listed);
    assert!(listed.contains("\"armed\":[]"), "{listed}");
    server.stop();
}

/// A latency fault waits once its body is keyed and its share of the body budget given back:
/// large bodies waiting out their latency never keep a small hit from being read (it once got
/// a 429 after --read-timeout).
#[test]
fn a_latency_fault_holds_no_body_budget_while_it_waits() {
    let (_ws, server, hit) = served(&["--max-body", "1", "--read-timeout", "2"]);
    // Two bodies that take all of the budget (twice --max-body) but less than the hit's size.
    let budget: usize = 2 << 20;
    let room = hit.len() / 2;
    let mut large: serde_json::Value = serde_json::from_str(&hit).unwrap();
    large["messages"][0]["content"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"type": "text", "text": ""}));
    let bare = large.to_string().len();
    let padding = "x".repeat((budget - room) / 2 - bare);
    large["messages"][0]["content"][1]["text"] = serde_json::Value::from(padding);
    let large = large.to_string();
    assert!(large.len() <= 1 << 20 && 2 * large.len() + hit.len() > budget);
    let slow: Vec<_> = (0..2)
        .map(|_| {
            let (url, body) = (server.url.clone(), large.clone());
            std::thread::spawn(move || {
                post(&url, body.as_bytes(), &[("x-ulcas-fault", "latency:6000")])
            })
        })
        .collect();
    // Once the large bodies were read and are waiting out their latency.
    std::thread::sleep(Duration::from_millis(1500));
    let (status, text) = post(&server.url, hit.as_bytes(), &[]);
    assert_eq!(status, 200, "{text}");
    for s in slow {
        assert_eq!(s.join().unwrap().0, 404, "a miss, after its latency");
    }
    server.stop();
}
