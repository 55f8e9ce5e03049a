// vitest `setupFiles`: each test's requests attributed to it, and a test whose request missed
// its cassette failed with ulcas's explanation (see kit.js).

import { afterEach, beforeEach, inject } from "vitest";
import kit from "./kit.cjs";

const { begin, end, wrapFetch } = kit;

// Before the test file loads: a client it makes at import takes the wrapped fetch.
wrapFetch();

/** `file > describe > test`, the test's id in the journal. */
function idOf(task) {
  const names = [];
  for (let t = task; t && t.type !== undefined && t !== task.file; t = t.suite) {
    if (t.name) names.unshift(t.name);
  }
  return [task.file?.name, ...names].filter(Boolean).join(" > ");
}

beforeEach((context) => {
  if (!process.env.ULCAS_URL) {
    try {
      const url = inject("ulcasUrl");
      if (url) process.env.ULCAS_URL = url;
    } catch {
      // not provided: serverURL() says what is missing
    }
  }
  begin(idOf(context.task));
});

afterEach(async () => {
  await end();
});
