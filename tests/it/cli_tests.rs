//! CLI behaviour as data: every `tests/cmd/*.toml` case runs the binary and compares its output
//! (regenerate expected output with `TRYCMD=overwrite cargo test --test it cli_tests`).

#[test]
fn cli_tests() {
    trycmd::TestCases::new().case("tests/cmd/*.toml");
}
