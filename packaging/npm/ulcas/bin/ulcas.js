#!/usr/bin/env node
"use strict";
// `npx ulcas ARGS`: runs this platform's ulcas binary with ARGS, with the same standard
// streams, and exits as it exits (a signal that ended it ends this process the same way).

const { spawnSync } = require("node:child_process");
const { binaryPath } = require("../lib/index.js");

let binary;
try {
  binary = binaryPath();
} catch (e) {
  process.stderr.write(`ulcas: ${e.message}\n`);
  process.exit(2);
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: "inherit" });
if (result.error) {
  process.stderr.write(`ulcas: cannot run ${binary}: ${result.error.message}\n`);
  process.exit(2);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status ?? 1);
