"use strict";
// jest `globalSetup`: one `ulcas serve` for the run, before any worker starts (the workers
// inherit its environment: ULCAS_URL, ANTHROPIC_BASE_URL, OPENAI_BASE_URL, dummy keys when
// unset). `globalTeardown` (jest-global-teardown.cjs) writes journal.json, prints the summary
// line and stops it.
//
//   // jest.config.js
//   module.exports = {
//     globalSetup: "@ulcas/test-kit/jest/global-setup",
//     globalTeardown: "@ulcas/test-kit/jest/global-teardown",
//     setupFilesAfterEnv: ["@ulcas/test-kit/jest/setup"],
//   };

const { pointEnvironment, startServer } = require("./server.cjs");

module.exports = async function setup() {
  const server = await startServer();
  pointEnvironment(server.url);
  // The teardown runs in this process: it finds the server here.
  globalThis.__ULCAS_SERVER__ = server;
};
