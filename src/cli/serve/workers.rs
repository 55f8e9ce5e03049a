//! The threads that serve connections: one a core, each driving the connections handed to it on
//! a runtime of its own (with their timers and their blocking work). A connection stays on its
//! thread, so a request wakes no other thread: a runtime shared by every core parks its idle
//! threads and wakes one for each event it hands on, most of a request's futex calls.
//!
//! A thread that has just served a request looks for the next one for [`SPIN`] before it sleeps:
//! a client that sends its next request at once (a test suite, an SDK in a loop) finds the
//! thread awake rather than waiting for it to be woken (on a virtual machine a sleeping core
//! takes tens of microseconds to wake, longer than a hit takes). An idle server sleeps.

use std::cell::Cell;
use std::future::{Future, poll_fn};
use std::task::{Poll, Waker};
use std::time::{Duration, Instant};

use tokio::runtime::Handle;
use tokio::sync::oneshot;

/// How long a thread looks for more work after a connection last ran, before it sleeps: at one
/// connection (two cores, the client on the same machine) 20 µs lost most of the gain, 100 µs
/// gained nothing more.
const SPIN: Duration = Duration::from_micros(50);

thread_local! {
    /// How many times this thread's connections have run.
    static RAN: Cell<u64> = const { Cell::new(0) };
    /// The thread's idle loop, asleep until a connection runs.
    static ASLEEP: Cell<Option<Waker>> = const { Cell::new(None) };
}

/// The serving threads.
pub struct Workers {
    threads: Vec<Worker>,
    next: Cell<usize>,
}

/// A serving thread: its runtime, and what stops it (the thread ends when this is dropped).
struct Worker {
    runtime: Handle,
    _stop: oneshot::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

impl Workers {
    /// `count` threads, each with at most `blocking` threads for its blocking work; each waits
    /// up to `grace` for that work when the workers stop.
    pub fn start(count: usize, blocking: usize, grace: Duration) -> std::io::Result<Workers> {
        let mut threads = Vec::with_capacity(count);
        for i in 0..count.max(1) {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .max_blocking_threads(blocking.max(1))
                .enable_all()
                .build()?;
            let (stop, stopped) = oneshot::channel::<()>();
            let handle = runtime.handle().clone();
            let thread = std::thread::Builder::new()
                .name(format!("ulcas-serve-{i}"))
                .spawn(move || {
                    runtime.block_on(async {
                        tokio::select! {
                            biased;
                            _ = stopped => {}
                            () = idle() => {}
                        }
                    });
                    runtime.shutdown_timeout(grace);
                })?;
            threads.push(Worker {
                runtime: handle,
                _stop: stop,
                thread,
            });
        }
        Ok(Workers {
            threads,
            next: Cell::new(0),
        })
    }

    /// Runs `work` (a connection) on the next thread, each in turn.
    pub fn spawn<F>(&self, work: F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let i = self.next.get();
        self.next.set((i + 1) % self.threads.len());
        self.threads[i].runtime.spawn(work);
    }

    /// Stops every thread (all at once), each once its blocking work is done or the grace
    /// period is over.
    pub fn stop(self) {
        let threads: Vec<_> = self.threads.into_iter().map(|w| w.thread).collect();
        for thread in threads {
            let _ = thread.join();
        }
    }
}

/// `conn`, noting each time it runs (see [`idle`]).
pub async fn noted<F: Future>(conn: F) -> F::Output {
    let mut conn = std::pin::pin!(conn);
    poll_fn(|cx| {
        RAN.set(RAN.get().wrapping_add(1));
        if let Some(idle) = ASLEEP.take() {
            idle.wake();
        }
        conn.as_mut().poll(cx)
    })
    .await
}

/// A serving thread's idle loop: asleep until a connection runs, then looking for more work
/// until none has run for [`SPIN`]: each turn the runtime polls the sockets without blocking,
/// and the thread gives its core to any other thread that waits for one (the client's, on a
/// machine it shares: spinning without that took the core from the client and lost at 16
/// connections what it won at one).
async fn idle() {
    let mut seen = RAN.get();
    loop {
        poll_fn(|cx| {
            if RAN.get() == seen {
                ASLEEP.set(Some(cx.waker().clone()));
                Poll::Pending
            } else {
                Poll::Ready(())
            }
        })
        .await;
        let mut until = Instant::now() + SPIN;
        loop {
            tokio::task::yield_now().await;
            // The core to a thread that waits for it (on a machine the client shares).
            std::thread::yield_now();
            let (ran, now) = (RAN.get(), Instant::now());
            if ran != seen {
                (seen, until) = (ran, now + SPIN);
            } else if now >= until {
                break;
            }
        }
    }
}
