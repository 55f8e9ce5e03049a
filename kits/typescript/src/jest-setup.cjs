"use strict";
// jest `setupFilesAfterEnv`: each test's requests attributed to it, and a test whose request
// missed its cassette failed with ulcas's explanation (see kit.cjs).

const path = require("node:path");
const { begin, end, wrapFetch } = require("./kit.cjs");

// Before the test file loads: a client it makes at import takes the wrapped fetch.
wrapFetch();

beforeEach(() => {
  const state = expect.getState();
  begin(`${path.basename(state.testPath || "")} > ${state.currentTestName}`);
});

afterEach(async () => {
  await end();
});
