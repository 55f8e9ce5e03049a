"use strict";
// Where the `ulcas` binary of this platform is: ULCAS_BINARY when set, else the binary of the
// platform package npm installed beside this one (one package per platform, as esbuild and
// biome ship theirs: npm installs only the optional dependency whose `os` and `cpu` match).

const path = require("node:path");
const fs = require("node:fs");

const PLATFORMS = {
  "linux-x64": "@ulcas/linux-x64",
  "linux-arm64": "@ulcas/linux-arm64",
  "darwin-x64": "@ulcas/darwin-x64",
  "darwin-arm64": "@ulcas/darwin-arm64",
  "win32-x64": "@ulcas/win32-x64",
};

/** The path of the ulcas binary for this platform; throws an Error that says what to do. */
function binaryPath() {
  const override = process.env.ULCAS_BINARY;
  if (override) {
    if (!fs.existsSync(override)) {
      throw new Error(`ULCAS_BINARY=${override}: no such file`);
    }
    return override;
  }
  const platform = `${process.platform}-${process.arch}`;
  const pkg = PLATFORMS[platform];
  if (!pkg) {
    throw new Error(
      `ulcas has no binary for ${platform} (there are ${Object.keys(PLATFORMS).join(", ")}); ` +
        "build it with `cargo install ulcas --locked` and set ULCAS_BINARY to its path",
    );
  }
  const exe = process.platform === "win32" ? "ulcas.exe" : "ulcas";
  try {
    return require.resolve(`${pkg}/bin/${exe}`);
  } catch {
    throw new Error(
      `the package ${pkg} (the ulcas binary for ${platform}) is not installed: ` +
        "reinstall without --no-optional / --omit=optional, or set ULCAS_BINARY",
    );
  }
}

module.exports = { binaryPath, PLATFORMS, packageDir: path.join(__dirname, "..") };
