//! What `serve` does with the library's decision of a request ([`ulcas::wire::Resolver::answer`],
//! the body read and keyed once): the decision made on the server's thread or the blocking
//! pool, then what it leaves to do there (the registries read again for an unknown prompt, a
//! miss said and explained, a synthetic answer, a miss to record).

use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Bytes;
use axum::http::StatusCode;
use ulcas::driver::DriverError;
use ulcas::wire::{
    Answer, ApiError, Ask, Decision, NotRecorded, Outcome, RenderedHit, Resolved, Served,
    Unresolved, Wire, WireRequest,
};

use super::Server;
use super::reply::{Asked, Reply};
use super::watch::Catalog;

/// What the server does with a request its decision leaves to it.
pub(super) enum Decided {
    /// Answer it.
    Reply(Reply),
    /// Forward it to the upstream, and record the answer as its cassette in the store that
    /// records it; or (`Err`) relay the answer without recording it, and why not.
    Upstream(Result<Box<NotRecorded>, String>),
}

/// The library's decision of a request, with the catalog that made it. A small body is decided
/// on the server's own thread (keying it and reading one small file take less than the hop to
/// the blocking pool); a larger one on the pool.
pub(super) async fn decision(
    api: &'static dyn Wire,
    server: &Arc<Server>,
    bytes: &Bytes,
    ask: Ask,
) -> (Arc<Catalog>, Decision) {
    if bytes.len() <= INLINE_BODY {
        let catalog = server.catalog.get();
        let decision = catalog.resolver.answer(api, bytes, &ask);
        return (catalog, decision);
    }
    let (blocking, bytes) = (server.clone(), bytes.clone());
    let decided = tokio::task::spawn_blocking(move || {
        let catalog = blocking.catalog.get();
        let decision = catalog.resolver.answer(api, &bytes, &ask);
        (catalog, decision)
    });
    match decided.await {
        Ok(decided) => decided,
        Err(_) => {
            let catalog = server.catalog.get();
            let why = ulcas::Error::msg("the request could not be read");
            (catalog, Decision::unreadable(why))
        }
    }
}

/// The largest body keyed on the server's own threads (a larger one is keyed on the pool): a
/// body of hundreds of KB takes milliseconds to key, which every other client of the thread
/// would wait.
pub(super) const INLINE_BODY: usize = 64 << 10;

/// The 400 of a request that cannot be read.
pub(super) fn bad_request(why: String) -> Reply {
    Reply::error(StatusCode::BAD_REQUEST, ApiError::InvalidRequest, why)
}

/// What a decision leaves to do, on the blocking pool (it reads the store, or writes a hit's
/// dump).
pub(super) async fn settled(
    api: &'static dyn Wire,
    server: &Arc<Server>,
    catalog: Arc<Catalog>,
    decision: Decision,
    ask: Ask,
) -> Decided {
    let server = server.clone();
    tokio::task::spawn_blocking(move || settle(api, &server, catalog, decision, &ask))
        .await
        .unwrap_or_else(|_| {
            Decided::Reply(Reply::error(
                StatusCode::INTERNAL_SERVER_ERROR,
                ApiError::Api,
                "the request could not be answered".into(),
            ))
        })
}

/// What a decision leaves to do (blocking: it reads the store, or writes a dump).
fn settle(
    api: &dyn Wire,
    server: &Server,
    mut catalog: Arc<Catalog>,
    mut decision: Decision,
    ask: &Ask,
) -> Decided {
    // A prompt or schema the registries do not hold: they may have changed since the last
    // look, which is then not waited for. The request is decided again as it was read.
    let unknown = |o: &Outcome| {
        matches!(
            o,
            Outcome::Unresolved(
                Unresolved::UnknownPrompt { .. } | Unresolved::UnknownSchema { .. }
            )
        )
    };
    if unknown(&decision.outcome) && server.refresh() {
        if let Some(wire) = decision.wire.clone() {
            catalog = server.catalog.get();
            decision = catalog.resolver.answer_wire(api, wire, ask);
        }
    }
    match decision.outcome {
        Outcome::Hit(hit, resolved) => Decided::Reply(hit_reply(server, hit, resolved)),
        Outcome::NotRecorded(not) => not_recorded(api, server, &catalog, *not),
        Outcome::Unresolved(why @ Unresolved::UnknownSchema { .. })
            if server.upstream.is_some() =>
        {
            // A schema no one knows cannot be keyed: relayed, and said why it is not recorded.
            Decided::Upstream(Err(unresolved(&why, catalog.resolver.prompts())))
        }
        Outcome::Unresolved(why) => Decided::Reply(unresolved_reply(&catalog, why)),
        Outcome::Failed(e) => Decided::Reply(failed(&e)),
        Outcome::Unreadable(e) => Decided::Reply(bad_request(format!("bad request: {e}"))),
        _ => Decided::Reply(Reply::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Api,
            "not answered".into(),
        )),
    }
}

/// A hit's reply, its request dumped when the server dumps every request.
fn hit_reply(server: &Server, hit: RenderedHit, resolved: Option<Resolved>) -> Reply {
    if let Some(resolved) = resolved {
        server.dump(&resolved.request);
    }
    Reply::rendered(hit)
}

/// A request keyed whose cassette is not recorded: forwarded to be recorded (record mode), or
/// its miss or synthetic answer.
fn not_recorded(
    api: &dyn Wire,
    server: &Server,
    catalog: &Catalog,
    mut not: NotRecorded,
) -> Decided {
    if server.upstream.is_some() {
        server.dump(&not.resolved.request);
        if let Some(store) = server.record_into {
            not.resolved.store = store;
            not.path = not.key.path_under(catalog.resolver.driver(store).root());
        }
        return Decided::Upstream(Ok(Box::new(not)));
    }
    let wire = not.wire.clone();
    let served = catalog.resolver.settle(not, server.mode);
    Decided::Reply(reply(api, server, catalog, &wire, served))
}

/// Why a request names no known prompt or schema: the library says what is missing, the
/// command line how to give it (`prompts`: how many prompts the stores' registries hold).
fn unresolved(why: &Unresolved, prompts: usize) -> String {
    let hint = match why {
        Unresolved::UnknownPrompt { .. } if prompts == 0 => {
            " (no store has a prompt registry: ulcas serve --prompts DIR, or `prompts` in ulcas.toml)"
        }
        Unresolved::UnknownSchema {
            built_in_code: Some(_),
            ..
        } => " (dumps from the PHP dump hook, then: ulcas backfill --requests DUMPS)",
        _ => "",
    };
    why.message() + hint
}

/// The reply to a request not recorded: its synthetic answer or its miss.
fn reply(
    api: &dyn Wire,
    server: &Server,
    catalog: &Catalog,
    wire: &WireRequest,
    served: Served,
) -> Reply {
    match served {
        Served::Synthetic {
            synthetic,
            resolved,
        } => {
            server.dump(&resolved.request);
            let answer = Answer::of_synthetic(&synthetic);
            Reply::answer(
                answer,
                Asked::of(wire),
                "synthetic",
                Some(synthetic.miss.path.clone()),
            )
        }
        Served::Miss { miss, resolved } => miss_reply(api, server, catalog, &miss, &resolved),
        Served::Failed(e) => failed(&e),
        _ => Reply::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Api,
            "not answered".into(),
        ),
    }
}

/// A request that names no known prompt or schema: a 400 when it cannot be told which, else
/// a 404 said as a miss.
fn unresolved_reply(catalog: &Catalog, why: Unresolved) -> Reply {
    match why {
        why @ (Unresolved::Ambiguous { .. } | Unresolved::NotTheText { .. }) => Reply::error(
            StatusCode::BAD_REQUEST,
            ApiError::InvalidRequest,
            why.message(),
        ),
        why => {
            let why = unresolved(&why, catalog.resolver.prompts());
            let mut reply = Reply::error(StatusCode::NOT_FOUND, ApiError::NotFound, why);
            reply.status_word = "miss";
            reply
        }
    }
}

/// A request the store could not answer. The request is fine but its schema admits no answer,
/// or its cassette cannot be replayed (a link, not a regular file, not a cassette): a 4xx
/// naming why, which the SDKs do not retry (it would fail again); else a 500.
fn failed(e: &DriverError) -> Reply {
    match e {
        DriverError::Unsatisfiable(_) | DriverError::CorruptCassette { .. } => Reply::error(
            StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::InvalidRequest,
            e.to_string(),
        ),
        e => Reply::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Api,
            e.to_string(),
        ),
    }
}

/// A miss: a 404 whose message the client parses, logged with its path (and with -v why).
fn miss_reply(
    api: &dyn Wire,
    server: &Server,
    catalog: &Catalog,
    miss: &ulcas::driver::Miss,
    resolved: &ulcas::wire::Resolved,
) -> Reply {
    let dumped = server.dump(&resolved.request);
    let text = explain_miss(api, server, catalog, miss, resolved, dumped);
    // With -v the log holds the explanation after the reference line (its path is the
    // log line's own).
    let why = server
        .log
        .verbose
        .then(|| text.split_once('\n').map(|(_, why)| why.to_owned()))
        .flatten();
    let mut reply = Reply::error(StatusCode::NOT_FOUND, ApiError::NotFound, text.clone());
    reply.status_word = "miss";
    reply.path = Some(miss.path.clone());
    reply.why = why;
    reply.explained = Some(text);
    reply
}

/// The endpoint's explanation of a miss ([`ulcas::wire::Resolver::explain`]), then what to run:
/// `ulcas lookup` on its dump, and how to record it.
fn explain_miss(
    api: &dyn Wire,
    server: &Server,
    catalog: &Catalog,
    miss: &ulcas::driver::Miss,
    resolved: &ulcas::wire::Resolved,
    dumped: Option<Result<PathBuf, String>>,
) -> String {
    let dump = dumped.and_then(Result::ok);
    let mut text = catalog
        .resolver
        .explain(miss, resolved, dump.as_deref())
        .to_string();
    text.push('\n');
    text.push_str(&match dump {
        Some(file) => format!(
            "The request is dumped to {}: `ulcas lookup {}` explains it in full.",
            file.display(),
            file.display()
        ),
        None => "ulcas serve --dump-dir DIR writes each request as a dump that `ulcas lookup` explains in full.".into(),
    });
    if server.upstream.is_none() {
        text.push_str(&format!(
            "\nTo record it: ulcas serve --mode record --upstream {} (with the client's key).",
            api.upstream()
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    //! What a request the store cannot answer is told, by status and words.

    use super::*;

    #[test]
    fn an_unknown_prompt_or_schema_says_how_to_give_it() {
        let prompt = Unresolved::UnknownPrompt { nearest: vec![] };
        let said = unresolved(&prompt, 0);
        assert!(said.ends_with("(no store has a prompt registry: ulcas serve --prompts DIR, or `prompts` in ulcas.toml)"), "{said}");
        assert!(
            !unresolved(&prompt, 3).contains("--prompts"),
            "the registries hold prompts"
        );
        let schema = |built_in_code| Unresolved::UnknownSchema {
            versions: vec!["quiz v1".into()],
            compared: 2,
            built_in_code,
        };
        let said = unresolved(&schema(Some(("quiz v1".into(), "built".into()))), 1);
        assert!(
            said.ends_with("then: ulcas backfill --requests DUMPS)"),
            "{said}"
        );
        assert!(!unresolved(&schema(None), 1).contains("backfill"));
    }

    #[test]
    fn what_fails_again_is_a_4xx_the_sdks_do_not_retry() {
        let status = |e: &DriverError| failed(e).response(ulcas::wire::WIRES[0]).status();
        let unsatisfiable = DriverError::Unsatisfiable(ulcas::Error::msg("no answer"));
        assert_eq!(status(&unsatisfiable), StatusCode::UNPROCESSABLE_ENTITY);
        let io = DriverError::Io(ulcas::Error::msg("disk"));
        assert_eq!(status(&io), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
