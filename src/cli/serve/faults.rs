//! Faults on cue: the failures an app's retry, fallback and timeout paths meet in production,
//! answered on purpose, targeted by the real key. `--fault TARGET:FAULT[,FAULT…]` (repeatable),
//! `POST /_ulcas/faults` at run time, or the header `x-ulcas-fault` for one request. The faults
//! armed for a target apply to the successive requests that match it, one each, in arrival
//! order; once used up, requests are answered normally. Nothing here is random.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// One fault: what the request gets instead of (or on top of) its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The normal answer.
    Ok,
    /// A 429, with `retry-after` when given, and the API's rate-limit headers.
    RateLimit { retry_after: Option<u64> },
    /// The API's overloaded answer (Messages: 529 `overloaded_error`; OpenAI: 503).
    Overloaded,
    /// A server error with this status (500 by default).
    ServerError(u16),
    /// A stream cut after this many events, the connection closed with no terminal event (a
    /// whole answer: cut half-way).
    Cut(usize),
    /// After this many events, the API's own error event (`overloaded_error`); a whole answer
    /// gets the overloaded answer.
    StreamError(usize),
    /// The first byte waits this many milliseconds, then the normal answer.
    Latency(u64),
}

impl std::str::FromStr for Fault {
    type Err = String;
    fn from_str(s: &str) -> Result<Fault, String> {
        let (name, arg) = s.trim().split_once(':').unwrap_or((s.trim(), ""));
        let number = |what: &str| {
            arg.parse::<u64>()
                .map_err(|_| format!("{s:?}: {name}:{what} takes a whole number"))
        };
        let fault = match (name, arg) {
            ("ok", "") => Fault::Ok,
            ("rate-limit", "") => Fault::RateLimit { retry_after: None },
            ("rate-limit", _) => match arg.strip_prefix("retry-after=").map(str::parse::<u64>) {
                Some(Ok(seconds)) => Fault::RateLimit {
                    retry_after: Some(seconds),
                },
                _ => return Err(format!("{s:?}: rate-limit takes retry-after=SECONDS")),
            },
            ("overloaded", "") => Fault::Overloaded,
            ("server-error", "") => Fault::ServerError(500),
            ("server-error", _) => match number("STATUS")? {
                status @ 500..=599 => Fault::ServerError(status as u16),
                _ => {
                    return Err(format!(
                        "{s:?}: server-error takes a status from 500 to 599"
                    ));
                }
            },
            ("cut", _) => Fault::Cut(number("EVENTS")? as usize),
            ("stream-error", _) => Fault::StreamError(number("EVENTS")? as usize),
            ("latency", _) => Fault::Latency(number("MS")?.min(600_000)),
            _ => {
                return Err(format!(
                    "{s:?}: not a fault (ok, rate-limit[:retry-after=S], overloaded, server-error[:STATUS], cut:N, stream-error:N, latency:MS)"
                ));
            }
        };
        Ok(fault)
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Ok => f.write_str("ok"),
            Fault::RateLimit { retry_after: None } => f.write_str("rate-limit"),
            Fault::RateLimit {
                retry_after: Some(s),
            } => write!(f, "rate-limit:retry-after={s}"),
            Fault::Overloaded => f.write_str("overloaded"),
            Fault::ServerError(status) => write!(f, "server-error:{status}"),
            Fault::Cut(n) => write!(f, "cut:{n}"),
            Fault::StreamError(n) => write!(f, "stream-error:{n}"),
            Fault::Latency(ms) => write!(f, "latency:{ms}"),
        }
    }
}

/// What a fault targets: every request, a task, a task's prompt version, or one cassette.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Any,
    Task(String),
    Version(String, i64),
    Hash(String),
}

impl std::str::FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        let s = s.trim();
        if s == "*" {
            return Ok(Target::Any);
        }
        if ulcas::key::is_hash(s) {
            return Ok(Target::Hash(s.to_owned()));
        }
        let (task, version) = match s.rsplit_once('@') {
            Some((task, v)) => {
                let version = ulcas::layout::parse_version_folder(v)
                    .ok_or_else(|| format!("{s:?}: the version is vN (quiz@v2)"))?;
                (task, Some(version))
            }
            None => (s, None),
        };
        ulcas::request::validate_task(task).map_err(|e| format!("{s:?}: {e}"))?;
        Ok(match version {
            Some(v) => Target::Version(task.to_owned(), v),
            None => Target::Task(task.to_owned()),
        })
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Any => f.write_str("*"),
            Target::Task(t) => f.write_str(t),
            Target::Version(t, v) => write!(f, "{t}@v{v}"),
            Target::Hash(h) => f.write_str(h),
        }
    }
}

/// Which request it is, as targets name it (none for a request that names no known prompt).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub task: String,
    pub version: i64,
    pub hash: String,
}

impl Target {
    fn matches(&self, id: Option<&Identity>) -> bool {
        match (self, id) {
            (Target::Any, _) => true,
            (_, None) => false,
            (Target::Task(t), Some(id)) => *t == id.task,
            (Target::Version(t, v), Some(id)) => *t == id.task && *v == id.version,
            (Target::Hash(h), Some(id)) => *h == id.hash,
        }
    }
}

/// `TARGET:FAULT[,FAULT…]` (a target holds no `:`).
pub fn parse_spec(spec: &str) -> Result<(Target, Vec<Fault>), String> {
    let (target, faults) = spec.split_once(':').ok_or_else(|| {
        format!("--fault {spec:?}: TARGET:FAULT[,FAULT…] (quiz@v1:overloaded,ok)")
    })?;
    let target: Target = target.parse().map_err(|e| format!("--fault: target {e}"))?;
    let faults = split_faults(faults)
        .map(str::parse)
        .collect::<Result<Vec<Fault>, String>>()
        .map_err(|e| format!("--fault: {e}"))?;
    if faults.is_empty() {
        return Err(format!("--fault {spec:?}: no fault after the target"));
    }
    Ok((target, faults))
}

/// The faults of a list: split at each comma (a fault's own argument holds none).
fn split_faults(list: &str) -> impl Iterator<Item = &str> {
    list.split(',').map(str::trim).filter(|f| !f.is_empty())
}

/// One armed list: its target, the test whose requests alone take it (`None`: every
/// request's), its faults in order.
type Armed = (Target, Option<String>, VecDeque<Fault>);

/// The order in which requests take faults: each request that may take one gets a ticket as
/// it arrives (before its body is read) and takes its fault in its ticket's turn, whatever
/// the time its body and its key took. A ticket dropped without its turn (a client gone, a
/// refused body) gives its turn up.
#[derive(Debug, Default)]
pub struct Turns {
    next_ticket: AtomicU64,
    state: Mutex<(u64, std::collections::BTreeSet<u64>)>,
    notify: tokio::sync::Notify,
}

/// A request's place in [`Turns`]; its turn passes when it is dropped.
#[derive(Debug)]
pub struct Ticket {
    turns: std::sync::Arc<Turns>,
    number: u64,
}

impl Turns {
    /// The next arrival's ticket.
    pub fn ticket(self: &std::sync::Arc<Self>) -> Ticket {
        Ticket {
            turns: self.clone(),
            number: self.next_ticket.fetch_add(1, Ordering::SeqCst),
        }
    }

    fn is_turn(&self, number: u64) -> bool {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).0 == number
    }

    fn done(&self, number: u64) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.1.insert(number);
        loop {
            let next = state.0;
            if !state.1.remove(&next) {
                break;
            }
            state.0 += 1;
        }
        drop(state);
        self.notify.notify_waiters();
    }
}

impl Ticket {
    /// Waits until every request that arrived before has taken its fault (or given its turn up).
    pub async fn turn(&self) {
        loop {
            let notified = self.turns.notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.turns.is_turn(self.number) {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.turns.done(self.number);
    }
}

/// The faults armed, each list for its target.
#[derive(Debug, Default)]
pub struct Faults {
    /// Each list with its target and the test it belongs to (`None`: every request's).
    armed: Mutex<Vec<Armed>>,
    /// How many faults are armed (read without the lock: a server with none pays nothing).
    count: AtomicUsize,
    /// The next fault answer's request id.
    next_id: AtomicU64,
    /// The order in which requests take them.
    pub turns: std::sync::Arc<Turns>,
}

impl Faults {
    /// The faults `--fault` arms, each spec in turn.
    pub fn of_specs(specs: &[String]) -> Result<Faults, String> {
        let faults = Faults::default();
        for spec in specs {
            let (target, list) = parse_spec(spec)?;
            faults.arm(target, None, list);
        }
        Ok(faults)
    }

    /// Arms `faults` for `target`, after whatever is armed: for the requests of `test` alone
    /// when given (a test's faults never reach another test running beside it on the same
    /// server), else for every request.
    pub fn arm(&self, target: Target, test: Option<String>, faults: Vec<Fault>) {
        let mut armed = self.armed.lock().unwrap_or_else(|e| e.into_inner());
        self.count.fetch_add(faults.len(), Ordering::SeqCst);
        armed.push((target, test, faults.into()));
    }

    /// Disarms every fault.
    pub fn disarm(&self) {
        let mut armed = self.armed.lock().unwrap_or_else(|e| e.into_inner());
        armed.clear();
        self.count.store(0, Ordering::SeqCst);
    }

    /// Whether any fault is armed.
    pub fn any(&self) -> bool {
        self.count.load(Ordering::SeqCst) > 0
    }

    /// What is armed, as `TARGET:FAULT,…` lines.
    pub fn listed(&self) -> Vec<String> {
        let armed = self.armed.lock().unwrap_or_else(|e| e.into_inner());
        armed
            .iter()
            .map(|(t, test, f)| {
                let faults: Vec<String> = f.iter().map(Fault::to_string).collect();
                match test {
                    Some(test) => format!("{t}:{} [{test}]", faults.join(",")),
                    None => format!("{t}:{}", faults.join(",")),
                }
            })
            .collect()
    }

    /// The next fault of the first list whose target the request `id` (of the test `test`, if
    /// it names one) is; the lists used up go.
    pub fn take(&self, id: Option<&Identity>, test: Option<&str>) -> Option<Fault> {
        let mut armed = self.armed.lock().unwrap_or_else(|e| e.into_inner());
        let at = armed.iter().position(|(t, of, f)| {
            !f.is_empty() && t.matches(id) && of.as_deref().is_none_or(|of| Some(of) == test)
        })?;
        let fault = armed[at].2.pop_front();
        if armed[at].2.is_empty() {
            armed.remove(at);
        }
        if fault.is_some() {
            self.count.fetch_sub(1, Ordering::SeqCst);
        }
        fault
    }

    /// A request id for a fault's answer (`req_ulcas_<n>`).
    pub fn request_id(&self) -> String {
        format!(
            "req_ulcas_{:06}",
            self.next_id.fetch_add(1, Ordering::Relaxed) + 1
        )
    }
}

/// The `POST /_ulcas/faults` body: `{"target": "quiz@v1", "faults": ["overloaded", "ok"]}`,
/// with `"test": ID` for the requests of one test alone (what the kits send).
pub fn parse_arming(body: &[u8]) -> Result<(Target, Option<String>, Vec<Fault>), String> {
    let v: serde_json::Value =
        serde_json::from_slice(body).map_err(|e| format!("not JSON: {e}"))?;
    let target = v["target"]
        .as_str()
        .ok_or("target: missing or not a string (*, a task, task@vN, a cassette hash)")?;
    let target: Target = target.parse().map_err(|e| format!("target: {e}"))?;
    let faults = v["faults"]
        .as_array()
        .ok_or("faults: missing or not a list of faults")?
        .iter()
        .map(|f| {
            f.as_str()
                .ok_or_else(|| "faults: each fault is a string".to_owned())
                .and_then(str::parse)
        })
        .collect::<Result<Vec<Fault>, String>>()?;
    if faults.is_empty() {
        return Err("faults: empty".into());
    }
    let test = match &v["test"] {
        serde_json::Value::Null => None,
        serde_json::Value::String(t) if !t.trim().is_empty() => {
            Some(super::journal::test_key(t.trim()))
        }
        _ => return Err("test: a test id (a non-empty string)".into()),
    };
    Ok((target, test, faults))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(task: &str, version: i64, hash: &str) -> Identity {
        Identity {
            task: task.into(),
            version,
            hash: hash.into(),
        }
    }

    #[test]
    fn specs_parse_and_say_what_is_wrong() {
        let (t, f) = parse_spec("quiz@v2:overloaded, ok,rate-limit:retry-after=3,cut:4").unwrap();
        assert_eq!(t, Target::Version("quiz".into(), 2));
        assert_eq!(
            f,
            [
                Fault::Overloaded,
                Fault::Ok,
                Fault::RateLimit {
                    retry_after: Some(3)
                },
                Fault::Cut(4)
            ]
        );
        let (t, _) = parse_spec("*:server-error:502").unwrap();
        assert_eq!(t, Target::Any);
        let hash = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            parse_spec(&format!("{hash}:latency:800")).unwrap().0,
            Target::Hash(hash.into())
        );
        for (bad, says) in [
            ("quiz", "TARGET:FAULT"),
            ("quiz:", "no fault"),
            ("quiz:boom", "not a fault"),
            ("quiz:server-error:404", "from 500 to 599"),
            ("quiz:cut:x", "whole number"),
            ("quiz@2:ok", "vN"),
            ("../x:ok", "target"),
        ] {
            let e = parse_spec(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
        for f in [
            "ok",
            "rate-limit",
            "rate-limit:retry-after=1",
            "overloaded",
            "server-error:503",
            "cut:2",
            "stream-error:0",
            "latency:10",
        ] {
            assert_eq!(f.parse::<Fault>().unwrap().to_string(), f);
        }
    }

    #[test]
    fn each_target_takes_its_own_list_in_order() {
        let faults = Faults::default();
        faults.arm(
            Target::Version("quiz".into(), 1),
            None,
            vec![Fault::Overloaded, Fault::Ok],
        );
        faults.arm(
            Target::Hash("h".repeat(32)),
            None,
            vec![Fault::ServerError(500)],
        );
        assert!(faults.any());
        let quiz = id("quiz", 1, "a");
        let quiz2 = id("quiz", 2, "b");
        assert_eq!(faults.take(Some(&quiz2), None), None);
        assert_eq!(faults.take(None, None), None);
        assert_eq!(faults.take(Some(&quiz), None), Some(Fault::Overloaded));
        assert_eq!(faults.take(Some(&quiz), None), Some(Fault::Ok));
        assert_eq!(faults.take(Some(&quiz), None), None, "used up");
        assert_eq!(
            faults.take(Some(&id("x", 1, &"h".repeat(32))), None),
            Some(Fault::ServerError(500))
        );
        assert!(!faults.any());
        faults.arm(Target::Any, None, vec![Fault::Latency(5)]);
        assert_eq!(faults.listed(), ["*:latency:5"]);
        faults.disarm();
        assert_eq!(faults.take(None, None), None);
    }

    /// A test's faults are its own: another test's requests (and a request that names no test)
    /// never take them, however many share the server.
    #[test]
    fn a_tests_faults_reach_its_requests_alone() {
        let faults = Faults::default();
        let (body, other) = (
            br#"{"target": "*", "faults": ["overloaded", "ok"], "test": "t.py::a"}"#,
            br#"{"target": "*", "faults": ["overloaded"], "test": 5}"#,
        );
        let (target, test, list) = parse_arming(body).unwrap();
        assert!(parse_arming(other).is_err());
        faults.arm(target, test, list);
        assert_eq!(faults.listed(), ["*:overloaded,ok [t.py::a]"]);
        let quiz = id("quiz", 1, "a");
        assert_eq!(faults.take(Some(&quiz), Some("t.py::b")), None);
        assert_eq!(faults.take(Some(&quiz), None), None);
        assert_eq!(
            faults.take(Some(&quiz), Some("t.py::a")),
            Some(Fault::Overloaded)
        );
        assert_eq!(faults.take(Some(&quiz), Some("t.py::a")), Some(Fault::Ok));
    }

    /// Faults are taken in the order requests arrived (their tickets), however long each took
    /// to read and key; a ticket given up passes its turn on.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn faults_are_taken_in_arrival_order() {
        let faults = std::sync::Arc::new(Faults::default());
        faults.arm(
            Target::Any,
            None,
            vec![Fault::Overloaded, Fault::Ok, Fault::Latency(1)],
        );
        let tickets: Vec<Ticket> = (0..4).map(|_| faults.turns.ticket()).collect();
        let mut tickets = tickets.into_iter();
        let (first, gone, third, fourth) = (
            tickets.next().unwrap(),
            tickets.next().unwrap(),
            tickets.next().unwrap(),
            tickets.next().unwrap(),
        );
        // The later ones are ready first; the second never comes (its client left).
        let take = |ticket: Ticket, faults: std::sync::Arc<Faults>| async move {
            ticket.turn().await;
            let got = faults.take(None, None);
            drop(ticket);
            got
        };
        let fourth = tokio::spawn(take(fourth, faults.clone()));
        let third = tokio::spawn(take(third, faults.clone()));
        tokio::task::yield_now().await;
        drop(gone);
        let first = tokio::spawn(take(first, faults.clone()));
        assert_eq!(first.await.unwrap(), Some(Fault::Overloaded));
        assert_eq!(third.await.unwrap(), Some(Fault::Ok));
        assert_eq!(fourth.await.unwrap(), Some(Fault::Latency(1)));
    }
}
