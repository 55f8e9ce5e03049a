// What a test runner's per-test hooks share: the current test, the environment pointed at the
// server with the test's id in the base URL, `fetch` adding `x-ulcas-test` to every request
// for the server (the official SDKs use the global fetch), and the check after each test.

"use strict";

const { FAILING, armFault, failureMessage, requests, testBaseURL } = require("./server.cjs");

const state = { test: undefined, saved: undefined };

/** The server's URL (set by the global setup). */
function serverURL() {
  const url = process.env.ULCAS_URL;
  if (!url) {
    throw new Error("ulcas: no server: add @ulcas/test-kit's global setup to the test configuration");
  }
  return url;
}

let wrapped = false;

/** The paths of the model APIs ulcas serves (with any prefix before `/v1`). */
const MODEL_CALL = /\/v1\/(?:messages|chat\/completions|responses)(?:\/|$)/;

/** `url` on the server when it is a model API's call for another host (a client made with the
 * real API's URL, or before the environment named the server): no real API by accident. */
function onServer(url, server) {
  if (!server || typeof url !== "string" || url.startsWith(server)) return undefined;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!MODEL_CALL.test(parsed.pathname)) return undefined;
  return `${server}${parsed.pathname}${parsed.search}`;
}

/** Wraps the global `fetch` (the official SDKs' transport): a model API's call for another
 * host goes to the server, and a request for the server carries the current test's id. Done
 * when the setup file loads, before the test file makes its clients. */
function wrapFetch() {
  if (wrapped || typeof globalThis.fetch !== "function") return;
  wrapped = true;
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    let url = typeof input === "string" ? input : input instanceof URL ? input.href : input?.url;
    const server = process.env.ULCAS_URL;
    const routed = onServer(url, server);
    if (routed !== undefined) {
      input = input instanceof Request ? new Request(routed, input) : routed;
      url = routed;
    }
    if (state.test && server && typeof url === "string" && url.startsWith(server)) {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      // Percent-encoded: a header holds Latin-1 at most, a test name anything (the server
      // decodes it).
      if (!headers.has("x-ulcas-test")) headers.set("x-ulcas-test", encodeURIComponent(state.test));
      return original(input, { ...init, headers });
    }
    return original(input, init);
  };
}

/** Before a test: its id, the environment pointed at the server for it. */
function begin(test) {
  wrapFetch();
  const url = serverURL();
  state.test = test;
  const base = testBaseURL(url, test);
  state.saved = { ANTHROPIC_BASE_URL: process.env.ANTHROPIC_BASE_URL, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL };
  process.env.ANTHROPIC_BASE_URL = base;
  process.env.OPENAI_BASE_URL = `${base}/v1`;
}

/** After a test: throws ulcas's message when one of its requests missed (or was refused). */
async function end() {
  const test = state.test;
  state.test = undefined;
  if (state.saved) {
    for (const [key, value] of Object.entries(state.saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    state.saved = undefined;
  }
  if (test === undefined) return;
  const failing = (await requests(serverURL(), test)).requests.filter((r) => FAILING.includes(r.status));
  if (failing.length > 0) throw new Error(failureMessage(failing));
}

/** The current test's view of the server. */
const ulcas = {
  get url() {
    return serverURL();
  },
  /** The Anthropic base URL naming the current test. */
  get baseURL() {
    return state.test ? testBaseURL(serverURL(), state.test) : serverURL();
  },
  /** The OpenAI base URL naming the current test. */
  get openaiBaseURL() {
    return `${this.baseURL}/v1`;
  },
  get test() {
    return state.test;
  },
  /** Arms faults for the current test's next requests of `target` (another test's requests never
   * take them): `await ulcas.fault("quiz", "overloaded", "ok")`. */
  fault(target, ...faults) {
    return armFault(serverURL(), target, faults, state.test);
  },
  /** What the current test's requests got so far. */
  async requests() {
    return (await requests(serverURL(), state.test)).requests;
  },
};

module.exports = { serverURL, begin, end, ulcas, wrapFetch };
