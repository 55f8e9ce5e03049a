//! Who may call the server at all, decided before any work: a server on a laptop is reached by
//! every web page its browser opens. A request naming another `Host` (DNS rebinding), coming
//! from a web `Origin` not explicitly allowed, or posting a body that is not JSON (a form or
//! `text/plain`, which a page sends without a preflight) is refused; no CORS preflight is
//! granted but to an allowed origin. The SDKs send none of these, so nothing they do changes.

use std::net::SocketAddr;
use ulcas::wire::Failure;

use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};

/// Why a request is refused: its status, the API's error type and the reason.
pub struct Refusal {
    pub status: StatusCode,
    pub kind: ulcas::wire::Failure,
    pub why: String,
}

/// The hosts and origins a server answers.
#[derive(Debug)]
pub struct Guard {
    port: u16,
    /// Lower-case host names (IPv6 in brackets), without the port.
    hosts: Vec<String>,
    /// Origins as given, compared without case and a trailing slash.
    origins: Vec<String>,
}

impl Guard {
    /// The guard of a server listening at `local`, with the extra names and origins allowed.
    pub fn new(local: SocketAddr, allow_hosts: &[String], allow_origins: &[String]) -> Guard {
        let mut hosts: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
            .iter()
            .map(|h| (*h).to_owned())
            .collect();
        hosts.push(match local.ip() {
            std::net::IpAddr::V4(ip) => ip.to_string(),
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        });
        hosts.extend(allow_hosts.iter().map(|h| h.to_ascii_lowercase()));
        Guard {
            port: local.port(),
            hosts,
            origins: allow_origins.iter().map(|o| origin_form(o)).collect(),
        }
    }

    /// Refuses what no caller of the API sends: checked before the body is read. The request's
    /// `Origin` when it names an allowed one (its answer gets CORS headers).
    pub fn check(
        &self,
        method: &Method,
        headers: &HeaderMap,
    ) -> Result<Option<HeaderValue>, Refusal> {
        self.check_host(headers)?;
        let origin = match headers.get(header::ORIGIN) {
            None => None,
            Some(origin) => {
                let allowed = origin
                    .to_str()
                    .is_ok_and(|o| self.origins.contains(&origin_form(o)));
                if !allowed {
                    return Err(Refusal {
                        status: StatusCode::FORBIDDEN,
                        kind: Failure::Permission,
                        why: format!(
                            "Origin {}: a web page may not call ulcas serve (the SDKs send no Origin); --allow-origin ORIGIN allows one",
                            quoted(origin)
                        ),
                    });
                }
                Some(origin.clone())
            }
        };
        if method == Method::POST && !is_json(headers) {
            let given = headers
                .get(header::CONTENT_TYPE)
                .map_or_else(|| "none".to_owned(), quoted);
            return Err(Refusal {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                kind: Failure::InvalidRequest,
                why: format!("content-type {given}: the body must be application/json"),
            });
        }
        Ok(origin)
    }

    fn check_host(&self, headers: &HeaderMap) -> Result<(), Refusal> {
        let refuse = |why: String| Refusal {
            status: StatusCode::FORBIDDEN,
            kind: Failure::Permission,
            why,
        };
        let Some(value) = headers.get(header::HOST) else {
            return Err(refuse("a request without a Host header".into()));
        };
        let host = value.to_str().unwrap_or("").to_ascii_lowercase();
        let (name, port) = split_host(&host);
        let port_ok = match port {
            Some(p) => p.parse::<u16>().ok() == Some(self.port),
            None => self.port == 80,
        };
        if port_ok && self.hosts.iter().any(|h| *h == name) {
            return Ok(());
        }
        Err(refuse(format!(
            "Host {}: not an address this server listens on (127.0.0.1:{port}, localhost:{port}, [::1]:{port}); a page reaching it through DNS rebinding is refused (--expose with --allow-host NAME serves another name)",
            quoted(value),
            port = self.port
        )))
    }

    /// The CORS headers an allowed origin gets (on every answer and on a preflight).
    pub fn cors(origin: &HeaderValue, headers: &mut HeaderMap) {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
        headers.insert(header::VARY, HeaderValue::from_static("origin"));
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static("POST, GET"),
        );
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static("content-type, x-api-key, authorization, anthropic-version, anthropic-beta, x-ulcas-task, x-ulcas-prompt-version"),
        );
    }
}

/// `name[:port]` of a Host value (an IPv6 name keeps its brackets).
fn split_host(host: &str) -> (&str, Option<&str>) {
    if host.starts_with('[') {
        return match host.find(']') {
            Some(i) => (&host[..=i], host[i + 1..].strip_prefix(':')),
            None => (host, None),
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) => (name, Some(port)),
        None => (host, None),
    }
}

fn origin_form(origin: &str) -> String {
    origin.trim_end_matches('/').to_ascii_lowercase()
}

/// `application/json`, with or without parameters (`; charset=utf-8`).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

/// A header value for a message: quoted and escaped, at most 200 characters.
fn quoted(value: &HeaderValue) -> String {
    let text = String::from_utf8_lossy(value.as_bytes());
    let short: String = text.chars().take(200).collect();
    format!("{short:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn hosts_origins_and_bodies() {
        let g = Guard::new(
            "127.0.0.1:8080".parse().unwrap(),
            &[],
            &["http://localhost:3000/".into()],
        );
        let json = ("content-type", "application/json; charset=utf-8");
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "[::1]:8080",
            "LOCALHOST:8080",
        ] {
            assert!(
                g.check(&Method::POST, &headers(&[("host", ok), json]))
                    .is_ok(),
                "{ok}"
            );
        }
        for bad in [
            "rebind.evil.example:8080",
            "localhost:8081",
            "localhost",
            "127.0.0.1.evil:8080",
        ] {
            let e = g
                .check(&Method::POST, &headers(&[("host", bad), json]))
                .unwrap_err();
            assert_eq!(e.status, StatusCode::FORBIDDEN, "{bad}");
        }
        let host = ("host", "127.0.0.1:8080");
        let e = g
            .check(
                &Method::POST,
                &headers(&[host, json, ("origin", "https://evil.example")]),
            )
            .unwrap_err();
        assert!(e.why.contains("--allow-origin"), "{}", e.why);
        assert!(g
            .check(
                &Method::POST,
                &headers(&[host, json, ("origin", "http://localhost:3000")])
            )
            .is_ok());
        let e = g
            .check(
                &Method::POST,
                &headers(&[host, ("content-type", "text/plain")]),
            )
            .unwrap_err();
        assert_eq!(e.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(g.check(&Method::GET, &headers(&[host])).is_ok());
        let exposed = Guard::new("0.0.0.0:80".parse().unwrap(), &["Box.lan".into()], &[]);
        assert!(exposed
            .check(&Method::GET, &headers(&[("host", "box.lan")]))
            .is_ok());
        assert!(exposed
            .check(&Method::GET, &headers(&[("host", "other.lan")]))
            .is_err());
    }
}
