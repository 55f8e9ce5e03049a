//! Who may call the server at all, decided before any work: a server on a laptop is reached by
//! every web page its browser opens. A request naming another `Host` (DNS rebinding), coming
//! from a web `Origin` not explicitly allowed, or posting a body that is not JSON (a form or
//! `text/plain`, which a page sends without a preflight) is refused; no CORS preflight is
//! granted but to an allowed origin. The SDKs send none of these, so nothing they do changes.
//! A request with two `Host` headers is refused (the guard and the router might read
//! different ones), and so is the unspecified address (`Host: 0.0.0.0:PORT`) of a server
//! listening on all of them. With a token (`--token`), every route but `/health` asks for it.
//! `/health` is guarded as the rest, but answers an IP literal at the listening port as Host
//! too (a container's probe names the pod's address; a rebinding page always a name).

use std::net::SocketAddr;
use ulcas::wire::ApiError;

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};

/// Why a request is refused: its status, the API's error type and the reason.
pub struct Refusal {
    pub status: StatusCode,
    pub kind: ulcas::wire::ApiError,
    pub why: String,
}

/// The hosts and origins a server answers.
#[derive(Debug)]
pub struct Guard {
    port: u16,
    /// The token every request but a probe must carry.
    token: Option<String>,
    /// Lower-case host names (IPv6 in brackets), without the port.
    hosts: Vec<String>,
    /// Origins as given, compared without case and a trailing slash.
    origins: Vec<String>,
}

impl Guard {
    /// The guard of a server listening at `local`, with the extra names and origins allowed.
    pub fn new(
        local: SocketAddr,
        allow_hosts: &[String],
        allow_origins: &[String],
        token: Option<String>,
    ) -> Guard {
        let mut hosts: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
            .iter()
            .map(|h| (*h).to_owned())
            .collect();
        // The unspecified address (0.0.0.0, ::) is no address a client reaches the server at.
        if !local.ip().is_unspecified() {
            hosts.push(match local.ip() {
                std::net::IpAddr::V4(ip) => ip.to_string(),
                std::net::IpAddr::V6(ip) => format!("[{ip}]"),
            });
        }
        hosts.extend(allow_hosts.iter().map(|h| h.to_ascii_lowercase()));
        Guard {
            port: local.port(),
            token: token.filter(|t| !t.is_empty()),
            hosts,
            origins: allow_origins.iter().map(|o| origin_form(o)).collect(),
        }
    }

    /// The guard of a server listening at `local` with `limits`' names, origins and token
    /// (`--token`, else the environment's `ULCAS_SERVE_TOKEN`).
    /// A token with white space or control characters at its ends (a file's last newline) is
    /// taken without them, since a header's value never carries them; one that is empty or
    /// holds such a character inside could never be presented, and is refused.
    pub fn of_limits(local: SocketAddr, limits: &super::limits::Limits) -> ulcas::Result<Guard> {
        let (token, from) = match &limits.token {
            Some(t) => (Some(t.clone()), "--token"),
            None => (std::env::var("ULCAS_SERVE_TOKEN").ok(), "ULCAS_SERVE_TOKEN"),
        };
        let token = match token {
            None => None,
            Some(t) => {
                Some(presentable(&t).map_err(|why| ulcas::Error::msg(format!("{from}: {why}")))?)
            }
        };
        Ok(Guard::new(
            local,
            &limits.allow_hosts,
            &limits.allow_origins,
            token,
        ))
    }

    /// Whether the server asks every request for a token.
    pub fn has_token(&self) -> bool {
        self.token.is_some()
    }

    /// Refuses a probe of `/health` that no probe sends: a Host that is neither an address
    /// this server is reached at nor an IP literal at its port, or a web page's Origin.
    pub fn check_health(&self, headers: &HeaderMap) -> Result<(), Refusal> {
        self.host(headers, true)?;
        self.origin(headers).map(drop)
    }

    /// Refuses what no caller of the API sends: checked before the body is read. The request's
    /// `Origin` when it names an allowed one (its answer gets CORS headers).
    pub fn check(
        &self,
        method: &Method,
        headers: &HeaderMap,
    ) -> Result<Option<HeaderValue>, Refusal> {
        self.host(headers, false)?;
        let origin = self.origin(headers)?;
        if method == Method::POST && !is_json(headers) {
            let given = headers
                .get(header::CONTENT_TYPE)
                .map_or_else(|| "none".to_owned(), quoted);
            return Err(Refusal {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                kind: ApiError::InvalidRequest,
                why: format!("content-type {given}: the body must be application/json"),
            });
        }
        // A browser's preflight carries no credentials; the request after it does.
        if method != Method::OPTIONS {
            self.token(headers)?;
        }
        Ok(origin)
    }

    /// The request's token, when the server asks for one: `x-ulcas-token`, `Authorization:
    /// Bearer`, or `x-api-key` (an SDK sends its key there), compared in constant time.
    fn token(&self, headers: &HeaderMap) -> Result<(), Refusal> {
        let Some(token) = &self.token else {
            return Ok(());
        };
        let given = |name: &str, scheme: Option<&str>| {
            headers.get_all(name).iter().any(|v| {
                let v = v.to_str().ok().map(str::trim);
                // An HTTP auth scheme is case-insensitive (`bearer` is `Bearer`).
                let v = match scheme {
                    None => v,
                    Some(scheme) => v
                        .and_then(|v| v.split_once(' '))
                        .filter(|(s, _)| s.eq_ignore_ascii_case(scheme))
                        .map(|(_, v)| v),
                };
                v.is_some_and(|v| same(v.trim().as_bytes(), token.as_bytes()))
            })
        };
        if given("x-ulcas-token", None)
            || given("authorization", Some("Bearer"))
            || given("x-api-key", None)
        {
            return Ok(());
        }
        Err(Refusal {
            status: StatusCode::UNAUTHORIZED,
            kind: ApiError::Authentication,
            why: "this server asks for its token (--token, or ULCAS_SERVE_TOKEN): send it as x-ulcas-token, Authorization: Bearer, or the client's API key".into(),
        })
    }

    /// The request's `Origin` when it names an allowed one; a web page's other origin refused.
    fn origin(&self, headers: &HeaderMap) -> Result<Option<HeaderValue>, Refusal> {
        let origin = match headers.get(header::ORIGIN) {
            None => None,
            Some(origin) => {
                let allowed = origin
                    .to_str()
                    .is_ok_and(|o| self.origins.contains(&origin_form(o)));
                if !allowed {
                    return Err(Refusal {
                        status: StatusCode::FORBIDDEN,
                        kind: ApiError::Permission,
                        why: format!(
                            "Origin {}: a web page may not call ulcas serve (the SDKs send no Origin); --allow-origin ORIGIN allows one",
                            quoted(origin)
                        ),
                    });
                }
                Some(origin.clone())
            }
        };
        Ok(origin)
    }

    /// Refuses a Host this server is not reached at (`ip_literal`: an IP literal at its port
    /// too), and a request with two.
    fn host(&self, headers: &HeaderMap, ip_literal: bool) -> Result<(), Refusal> {
        let refuse = |why: String| Refusal {
            status: StatusCode::FORBIDDEN,
            kind: ApiError::Permission,
            why,
        };
        let mut hosts = headers.get_all(header::HOST).iter();
        let Some(value) = hosts.next() else {
            return Err(refuse("a request without a Host header".into()));
        };
        if hosts.next().is_some() {
            return Err(refuse(
                "a request with two Host headers: which one it is for cannot be told".into(),
            ));
        }
        let host = value.to_str().unwrap_or("").to_ascii_lowercase();
        let (name, port) = split_host(&host);
        let port_ok = match port {
            Some(p) => p.parse::<u16>().ok() == Some(self.port),
            None => self.port == 80,
        };
        let literal = || {
            let bare = name.trim_start_matches('[').trim_end_matches(']');
            bare.parse::<std::net::IpAddr>()
                .is_ok_and(|ip| !ip.is_unspecified())
        };
        if port_ok && (self.hosts.iter().any(|h| *h == name) || (ip_literal && literal())) {
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
            HeaderValue::from_static("POST, GET, DELETE"),
        );
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static("content-type, x-api-key, authorization, anthropic-version, anthropic-beta, x-ulcas-task, x-ulcas-prompt-version, x-ulcas-token, x-ulcas-fault"),
        );
    }
}

/// Whether `a` and `b` are the same bytes, in a time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
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

/// The token as a request can present it: without white space or control characters at its
/// ends; an empty one, or one holding such a character inside, is refused.
fn presentable(token: &str) -> Result<String, String> {
    let trimmed = token.trim_matches(|c: char| c.is_whitespace() || c.is_control());
    if trimmed.is_empty() {
        return Err("the token is empty: no request could present it".into());
    }
    if trimmed.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(
            "the token holds white space or a control character, which no header can carry: choose another"
                .into(),
        );
    }
    Ok(trimmed.to_owned())
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
            None,
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
        assert!(
            g.check(
                &Method::POST,
                &headers(&[host, json, ("origin", "http://localhost:3000")])
            )
            .is_ok()
        );
        let e = g
            .check(
                &Method::POST,
                &headers(&[host, ("content-type", "text/plain")]),
            )
            .unwrap_err();
        assert_eq!(e.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(g.check(&Method::GET, &headers(&[host])).is_ok());
        let exposed = Guard::new(
            "0.0.0.0:80".parse().unwrap(),
            &["Box.lan".into()],
            &[],
            None,
        );
        assert!(
            exposed
                .check(&Method::GET, &headers(&[("host", "box.lan")]))
                .is_ok()
        );
        assert!(
            exposed
                .check(&Method::GET, &headers(&[("host", "other.lan")]))
                .is_err()
        );
        // The unspecified address is no Host of the server; a probe may name an IP literal.
        for host in ["0.0.0.0", "0.0.0.0:80", "[::]:80"] {
            assert!(
                exposed
                    .check(&Method::GET, &headers(&[("host", host)]))
                    .is_err(),
                "{host}"
            );
            assert!(
                exposed.check_health(&headers(&[("host", host)])).is_err(),
                "{host}"
            );
        }
        assert!(
            exposed
                .check_health(&headers(&[("host", "10.1.2.3:80")]))
                .is_ok()
        );
        assert!(
            exposed
                .check(&Method::GET, &headers(&[("host", "10.1.2.3:80")]))
                .is_err()
        );
        assert!(
            exposed
                .check_health(&headers(&[("host", "evil.example:80")]))
                .is_err()
        );
    }

    #[test]
    fn two_host_headers_are_refused() {
        let g = Guard::new("127.0.0.1:8080".parse().unwrap(), &[], &[], None);
        let mut h = headers(&[("host", "127.0.0.1:8080")]);
        h.append("host", HeaderValue::from_static("evil.example:8080"));
        let e = g.check(&Method::GET, &h).unwrap_err();
        assert!(e.why.contains("two Host headers"), "{}", e.why);
    }

    #[test]
    fn a_token_is_asked_of_every_request_but_a_preflight() {
        let g = Guard::new(
            "127.0.0.1:8080".parse().unwrap(),
            &[],
            &[],
            Some("s3cret".into()),
        );
        let host = ("host", "127.0.0.1:8080");
        let json = ("content-type", "application/json");
        let e = g.check(&Method::POST, &headers(&[host, json])).unwrap_err();
        assert_eq!(
            (e.status, e.kind),
            (StatusCode::UNAUTHORIZED, ApiError::Authentication)
        );
        for (name, value) in [
            ("x-ulcas-token", "s3cret"),
            ("authorization", "Bearer s3cret"),
            ("authorization", "bearer s3cret"),
            ("authorization", "BEARER  s3cret"),
            ("x-api-key", "s3cret"),
        ] {
            assert!(
                g.check(&Method::POST, &headers(&[host, json, (name, value)]))
                    .is_ok(),
                "{name}"
            );
        }
        for (name, value) in [
            ("x-ulcas-token", "s3cre"),
            ("authorization", "s3cret"),
            ("x-api-key", "s3cret!"),
        ] {
            assert!(
                g.check(&Method::POST, &headers(&[host, json, (name, value)]))
                    .is_err(),
                "{name}: {value}"
            );
        }
        assert!(
            g.check_health(&headers(&[host])).is_ok(),
            "a probe carries no token"
        );
    }

    /// A token from a file (its last newline) or pasted with a space is the token a header
    /// carries; one no header can carry is refused at start, never a server that answers 401.
    #[test]
    fn a_token_is_one_a_request_can_present() {
        assert_eq!(presentable("s3cret\n").unwrap(), "s3cret");
        assert_eq!(presentable(" s3cret\t").unwrap(), "s3cret");
        assert!(presentable(" \n").unwrap_err().contains("empty"));
        assert!(presentable("s3 cret").unwrap_err().contains("white space"));
        assert!(presentable("s3\u{7}cret").is_err());
    }
}
