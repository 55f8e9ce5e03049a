//! Every resource `serve` spends is bounded, each by a flag with a default that a test suite
//! never meets: bodies, answers, time, connections, and who may call at all.

use std::time::Duration;

/// The limits of `serve` (each a flag).
#[derive(Debug, Clone, clap::Args)]
#[command(next_help_heading = "Limits")]
pub struct Limits {
    /// The largest request body, in MiB (a larger one is a 413). The bodies being read and
    /// keyed at once hold at most twice this; a request waits up to --read-timeout for room,
    /// then gets a 429.
    #[arg(long, value_name = "MIB", default_value_t = 32,
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub max_body: u32,
    /// Seconds a client has to send a request's headers, and to start its body; a body must
    /// then keep up --min-body-rate (else a 408 and the connection is closed).
    #[arg(long, value_name = "SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub read_timeout: u64,
    /// The slowest a request body may arrive, in KiB per second, after --read-timeout.
    #[arg(long, value_name = "KIB_PER_S", default_value_t = 1024,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub min_body_rate: u64,
    /// Connections served at once; more wait to be accepted.
    #[arg(long, value_name = "N", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub max_connections: u32,
    /// On SIGINT or SIGTERM: seconds that requests and recordings in flight have to finish
    /// (a recording whose client left included); then the server stops whatever clients do,
    /// and an unfinished recording is not written (never half).
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    pub grace: u64,
    /// With --mode record: the largest upstream answer, in MiB; past it the relay ends with an
    /// error and nothing is recorded.
    #[arg(long, value_name = "MIB", default_value_t = 32,
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub max_answer: u32,
    /// With --mode record: seconds to connect to --upstream.
    #[arg(long, value_name = "SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub upstream_connect_timeout: u64,
    /// With --mode record: seconds the upstream may take to the first byte of its answer, and
    /// between two pieces of it (identical requests waiting for it then get its error at once).
    #[arg(long, value_name = "SECONDS", default_value_t = 600,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub upstream_timeout: u64,
    /// With --dump-dir: the most MiB of request dumps this server writes (an identical request
    /// rewrites its dump); past it no new dump is written, and the log says so once.
    #[arg(long, value_name = "MIB", default_value_t = 1024,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_dumps: u64,
    /// With --mode record: seconds an upstream answer may take in all, its pings included
    /// (past them the relay ends with an error and nothing is recorded).
    #[arg(long, value_name = "SECONDS", default_value_t = 1800,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub upstream_total: u64,
    /// With --expose: a host name clients may use for this server (repeatable). Loopback names
    /// (127.0.0.1, localhost, [::1]) at the listening port are always served; any other Host
    /// is refused (a web page reaching the server through DNS rebinding).
    #[arg(long = "allow-host", value_name = "NAME", requires = "expose")]
    pub allow_hosts: Vec<String>,
    /// A token every request must carry (as `x-ulcas-token`, `Authorization: Bearer`, or the
    /// client's `x-api-key`), but `GET /health`; else a 401. The environment variable
    /// ULCAS_SERVE_TOKEN gives it without showing it to other users of the machine. Meant for
    /// --expose; in record mode send it as `x-ulcas-token` (the key headers go upstream).
    #[arg(long, value_name = "TOKEN")]
    pub token: Option<String>,
    /// A web origin whose pages may call the server (repeatable, e.g. http://localhost:3000):
    /// it gets CORS headers. A request from any other Origin is refused before any work.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    pub allow_origins: Vec<String>,
}

impl Limits {
    /// The largest body, in bytes.
    pub fn max_body(&self) -> usize {
        (self.max_body as usize) << 20
    }

    /// The bytes of bodies read and keyed at once.
    pub fn body_budget(&self) -> usize {
        2 * self.max_body()
    }

    /// The largest upstream answer, in bytes.
    pub fn max_answer(&self) -> usize {
        (self.max_answer as usize) << 20
    }

    pub fn read_timeout(&self) -> Duration {
        Duration::from_secs(self.read_timeout)
    }

    /// The most time a body of `bytes` may take.
    pub fn body_time(&self, bytes: usize) -> Duration {
        let rate = self.min_body_rate.saturating_mul(1024).max(1);
        self.read_timeout() + Duration::from_secs_f64(bytes as f64 / rate as f64)
    }

    /// The most bytes of request dumps.
    pub fn max_dumps(&self) -> u64 {
        self.max_dumps.saturating_mul(1 << 20)
    }

    /// The most time an upstream answer takes in all.
    pub fn upstream_total(&self) -> Duration {
        Duration::from_secs(self.upstream_total)
    }

    pub fn grace(&self) -> Duration {
        Duration::from_secs(self.grace)
    }

    pub fn upstream_connect_timeout(&self) -> Duration {
        Duration::from_secs(self.upstream_connect_timeout)
    }

    pub fn upstream_timeout(&self) -> Duration {
        Duration::from_secs(self.upstream_timeout)
    }
}
