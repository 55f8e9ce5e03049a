//! A replaying driver on the library alone (`--no-default-features` is enough):
//!
//!     cargo run --example driver --no-default-features -- cassettes tests/fixtures/requests/quiz.json
//!
//! Keys the request dump as the reference driver does, replays its cassette (placeholders mapped
//! back to this request's ids) or fails with the reference's miss line and why, exit 1.

use std::process::ExitCode;

use ulcas::driver::{Driver, DriverError};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [root, request] = args.as_slice() else {
        eprintln!("usage: driver STORE_ROOT REQUEST.json");
        return ExitCode::from(2);
    };
    match run(root, request) {
        Ok(()) => ExitCode::SUCCESS,
        Err(DriverError::Miss(miss)) => {
            eprintln!("{}\n  why: {}", miss.line(), miss.why());
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("driver: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(root: &str, request: &str) -> Result<(), DriverError> {
    let driver = Driver::open(root)?;
    let bytes =
        std::fs::read(request).map_err(|e| DriverError::Io(ulcas::Error::io(request, &e)))?;
    let request = Driver::parse_request(&bytes)?;
    let replay = driver.replay(&request)?;
    println!(
        "{} ({}, {}, {})",
        replay.id(),
        replay.model,
        replay.stop_reason,
        replay.path.display()
    );
    println!("{}", replay.text);
    Ok(())
}
