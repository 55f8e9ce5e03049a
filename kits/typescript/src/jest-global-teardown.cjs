"use strict";
// jest `globalTeardown`: journal.json, the summary line, the server stopped.

const { finish } = require("./server.cjs");

module.exports = async function teardown() {
  const server = globalThis.__ULCAS_SERVER__;
  if (!server) return;
  globalThis.__ULCAS_SERVER__ = undefined;
  const line = await finish(server, "jest");
  process.stdout.write(`${line}\n`);
};
