// The kit under vitest, on the fixture project (kits/fixture): each inner run is a fresh vitest
// process with the kit's global setup and setup file, its tests calling the official
// @anthropic-ai/sdk and openai packages.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, test } from "vitest";

const kit = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixture = path.resolve(kit, "../fixture");
const scratch = path.join(kit, ".tmp");

const APP_TESTS = `
import fs from "node:fs";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { expect, test } from "vitest";
import { ulcas } from "${path.join(kit, "src/index.js")}";

const body = (name) => JSON.parse(fs.readFileSync(\`bodies/\${name}.json\`, "utf8"));

test("hit", async () => {
  const message = await new Anthropic().messages.create(body("hit"));
  expect(JSON.parse(message.content[0].text).questions.length).toBeGreaterThan(0);
});

test("miss", async () => {
  await new Anthropic({ maxRetries: 0 }).messages.create(body("miss"));
});

test("chat hit", async () => {
  const answer = await new OpenAI().chat.completions.create(body("chat-hit"));
  expect(JSON.parse(answer.choices[0].message.content).questions.length).toBeGreaterThan(0);
});

test("a fault on cue", async () => {
  await ulcas.fault("quiz", "overloaded", "ok");
  await expect(new Anthropic({ maxRetries: 0 }).messages.create(body("hit"))).rejects.toThrow(/529|overloaded/i);
  await new Anthropic({ maxRetries: 0 }).messages.create(body("hit"));
});
`;

/** The environment of an inner run: none of this run's ulcas or vitest variables. */
function cleanEnv() {
  const clean = { ...process.env };
  for (const key of ["ANTHROPIC_BASE_URL", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "OPENAI_API_KEY", "ULCAS_URL", "ULCAS_MODE", "ULCAS_JOURNAL", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID", "NODE_ENV"]) {
    delete clean[key];
  }
  return clean;
}

/** A fresh copy of the fixture project under .tmp/`name`. */
function scaffold(name) {
  const dir = path.join(scratch, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(fixture, dir, { recursive: true });
  return dir;
}

function innerProject(name, env = {}, tests = APP_TESTS) {
  const dir = scaffold(name);
  fs.writeFileSync(path.join(dir, "app.test.mjs"), tests);
  fs.writeFileSync(
    path.join(dir, "vitest.config.mjs"),
    `export default { test: { include: ["app.test.mjs"], globalSetup: [${JSON.stringify(path.join(kit, "src/vitest-global-setup.js"))}], setupFiles: [${JSON.stringify(path.join(kit, "src/vitest-setup.js"))}] } };\n`,
  );
  const clean = cleanEnv();
  const run = spawnSync(
    process.execPath,
    [path.join(kit, "node_modules/vitest/vitest.mjs"), "run", "--reporter=json", "--outputFile=report.json", "--reporter=default"],
    { cwd: dir, env: { ...clean, ...env }, encoding: "utf8", timeout: 120_000 },
  );
  const report = fs.existsSync(path.join(dir, "report.json"))
    ? JSON.parse(fs.readFileSync(path.join(dir, "report.json"), "utf8"))
    : null;
  return { dir, run, report, out: `${run.stdout}${run.stderr}` };
}

function outcomes(report) {
  const byName = {};
  for (const file of report.testResults) {
    for (const t of file.assertionResults) byName[t.title] = { status: t.status, failure: t.failureMessages.join("\n") };
  }
  return byName;
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

test("hits pass, a miss fails its test with ulcas's words, the journal lists each test", () => {
  const { dir, report, out } = innerProject("main");
  expect(report, out).not.toBeNull();
  const got = outcomes(report);
  expect(Object.fromEntries(Object.entries(got).map(([k, v]) => [k, v.status])), out).toEqual({
    hit: "passed",
    miss: "failed",
    "chat hit": "passed",
    "a fault on cue": "passed",
  });
  expect(got.miss.failure).toMatch(/ulcas miss: No cassette for task "quiz" \(prompt v1\) at cassettes\/quiz\/v1\//);
  expect(got.miss.failure).toMatch(/nearest recorded request/);
  expect(out).toMatch(/ulcas: 3 hits, 1 miss, 0 synthetic, 1 fault \(journal: /);
  const journal = JSON.parse(fs.readFileSync(path.join(dir, ".ulcas/journal/journal.json"), "utf8"));
  if (process.env.ULCAS_KIT_COMPARE_DIR) {
    // The three kits' journals are compared by the ulcas test suite.
    fs.copyFileSync(path.join(dir, ".ulcas/journal/journal.json"), path.join(process.env.ULCAS_KIT_COMPARE_DIR, "vitest.json"));
  }
  const byTest = {};
  for (const r of journal.requests) (byTest[r.test] ||= []).push(r.status);
  expect(byTest).toEqual({
    "app.test.mjs > hit": ["hit"],
    "app.test.mjs > miss": ["miss"],
    "app.test.mjs > chat hit": ["hit"],
    "app.test.mjs > a fault on cue": ["fault", "hit"],
  });
  const dumps = fs.readdirSync(path.join(dir, ".ulcas/journal/requests")).filter((f) => f.endsWith(".json"));
  expect(dumps.length).toBeGreaterThan(0);
});

const REAL_API_TESTS = `
import fs from "node:fs";
import Anthropic from "@anthropic-ai/sdk";
import { expect, test } from "vitest";

// Made at import with the real API's URL (a port where nothing listens stands for it here).
const client = new Anthropic({ baseURL: "http://127.0.0.1:9", apiKey: "sk-real", maxRetries: 0 });
const body = (name) => JSON.parse(fs.readFileSync(\`bodies/\${name}.json\`, "utf8"));

test("a client made at import", async () => {
  const message = await client.messages.create(body("hit"));
  expect(message.id).toMatch(/^cassette:/);
});
`;

test("no real API by accident: a client made at import with the real API's URL is answered by ulcas", () => {
  const { dir, report, out } = innerProject("real-api", {}, REAL_API_TESTS);
  expect(report, out).not.toBeNull();
  expect(outcomes(report)["a client made at import"].status, out).toBe("passed");
  const journal = JSON.parse(fs.readFileSync(path.join(dir, ".ulcas/journal/journal.json"), "utf8"));
  expect(journal.requests.map((r) => [r.test, r.status])).toEqual([["app.test.mjs > a client made at import", "hit"]]);
});

const JEST_TESTS = `
const fs = require("node:fs");
const Anthropic = require("@anthropic-ai/sdk").default;
const { ulcas } = require("@ulcas/test-kit");

const body = (name) => JSON.parse(fs.readFileSync(\`bodies/\${name}.json\`, "utf8"));
// Made at import with the real API's URL (a port where nothing listens stands for it here).
const early = new Anthropic({ baseURL: "http://127.0.0.1:9", apiKey: "sk-real", maxRetries: 0 });

test("hit", async () => {
  const message = await new Anthropic().messages.create(body("hit"));
  expect(JSON.parse(message.content[0].text).questions.length).toBeGreaterThan(0);
  expect((await early.messages.create(body("hit"))).id).toMatch(/^cassette:/);
});

test("miss", async () => {
  await new Anthropic({ maxRetries: 0 }).messages.create(body("miss"));
});

test("a fault on cue", async () => {
  await ulcas.fault("quiz", "overloaded", "ok");
  await new Anthropic({ maxRetries: 1 }).messages.create(body("hit"));
});
`;

test("jest: a hit passes, a miss fails its test with ulcas's words, the journal lists each test", () => {
  const dir = scaffold("jest");
  fs.mkdirSync(path.join(dir, "node_modules/@ulcas"), { recursive: true });
  // `npm install ./kits/typescript`, as node resolves it.
  fs.symlinkSync(kit, path.join(dir, "node_modules/@ulcas/test-kit"));
  fs.writeFileSync(path.join(dir, "app.test.cjs"), JEST_TESTS);
  fs.writeFileSync(
    path.join(dir, "jest.config.cjs"),
    `module.exports = {
  testMatch: ["**/app.test.cjs"],
  globalSetup: "@ulcas/test-kit/jest/global-setup",
  globalTeardown: "@ulcas/test-kit/jest/global-teardown",
  setupFilesAfterEnv: ["@ulcas/test-kit/jest/setup"],
};
`,
  );
  const clean = cleanEnv();
  const run = spawnSync(
    process.execPath,
    [path.join(kit, "node_modules/jest/bin/jest.js"), "--json", "--outputFile=report.json", "--ci"],
    { cwd: dir, env: clean, encoding: "utf8", timeout: 120_000 },
  );
  const out = `${run.stdout}${run.stderr}`;
  const report = JSON.parse(fs.readFileSync(path.join(dir, "report.json"), "utf8"));
  const got = {};
  for (const file of report.testResults) {
    for (const t of file.assertionResults) got[t.title] = { status: t.status, failure: t.failureMessages.join("\n") };
  }
  expect(Object.fromEntries(Object.entries(got).map(([k, v]) => [k, v.status])), out).toEqual({
    hit: "passed",
    miss: "failed",
    "a fault on cue": "passed",
  });
  expect(got.miss.failure).toMatch(/ulcas miss: No cassette for task "quiz" \(prompt v1\)/);
  expect(out).toMatch(/ulcas: 3 hits, 1 miss, 0 synthetic, 1 fault \(journal: /);
  const journal = JSON.parse(fs.readFileSync(path.join(dir, ".ulcas/journal/journal.json"), "utf8"));
  expect(journal.kit).toBe("jest");
  const byTest = {};
  for (const r of journal.requests) (byTest[r.test] ||= []).push(r.status);
  expect(byTest).toEqual({
    "app.test.cjs > hit": ["hit", "hit"],
    "app.test.cjs > miss": ["miss"],
    "app.test.cjs > a fault on cue": ["fault", "hit"],
  });
});

test("synthetic mode answers the miss", () => {
  const { report, out } = innerProject("synthetic", { ULCAS_MODE: "synthetic" });
  const got = outcomes(report);
  expect(got.miss.status, out).toBe("passed");
});

test("a missing binary is an error that says how to install it", () => {
  const { run, out } = innerProject("missing", { ULCAS_BINARY: "", PATH: path.dirname(process.execPath) });
  expect(run.status).not.toBe(0);
  expect(out).toMatch(/npm install --save-dev ulcas/);
});

const PROMPT_IN_CODE_APP = `
import Anthropic from "@anthropic-ai/sdk";

const SYSTEM = "You are a kind baking tutor. Answer with one tip."; // the prompt, in code
const TIP = {
  type: "object",
  required: ["tip", "fragment"],
  properties: { tip: { type: "string" }, fragment: { type: "string", pattern: "^frg_[a-z0-9]{12}$" } },
};

export async function tip(fragment) {
  const message = await new Anthropic({ maxRetries: 0 }).messages.create({
    model: "claude-sonnet-5-5",
    max_tokens: 200,
    system: SYSTEM,
    messages: [{ role: "user", content: \`<fragment id="\${fragment}">How long should dough proof?</fragment>\` }],
    output_config: { format: { type: "json_schema", schema: TIP } },
  });
  return JSON.parse(message.content[0].text).fragment;
}
`;

const PROMPT_IN_CODE_TESTS = `
import { expect, test } from "vitest";
import { tip } from "./app.mjs";

test("tip", async () => {
  expect(await tip(process.env.FRAGMENT)).toBe(process.env.FRAGMENT);
});
`;

/** A synthetic \`ulcas serve\` on an empty folder: the upstream a record run forwards to. */
async function syntheticUpstream(dir) {
  fs.mkdirSync(path.join(dir, "upstream"), { recursive: true });
  const { spawn } = await import("node:child_process");
  const child = spawn(process.env.ULCAS_BINARY || "ulcas", ["serve", "upstream", "--mode", "synthetic", "--listen", "127.0.0.1:0"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "ignore"],
  });
  const url = await new Promise((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (d) => {
      seen += d;
      const m = seen.match(/listening on (\S+)/);
      if (m) resolve(m[1]);
    });
    child.on("exit", () => reject(new Error(`the upstream stopped: ${seen}`)));
  });
  return { url, stop: () => child.kill() };
}

test("an app with its prompt in code: recorded, replayed with fresh ids, an edit fails with the words", async () => {
  const dir = path.join(scratch, "in-code");
  fs.rmSync(dir, { recursive: true, force: true });
  // No prompts folder, no ulcas.toml, no headers: an empty store folder.
  fs.mkdirSync(path.join(dir, "cassettes"), { recursive: true });
  fs.writeFileSync(path.join(dir, "app.mjs"), PROMPT_IN_CODE_APP);
  fs.writeFileSync(path.join(dir, "app.test.mjs"), PROMPT_IN_CODE_TESTS);
  fs.symlinkSync(path.join(kit, "node_modules"), path.join(dir, "node_modules"));
  fs.writeFileSync(
    path.join(dir, "vitest.config.mjs"),
    `export default { test: { include: ["app.test.mjs"], globalSetup: [${JSON.stringify(path.join(kit, "src/vitest-global-setup.js"))}], setupFiles: [${JSON.stringify(path.join(kit, "src/vitest-setup.js"))}] } };\n`,
  );
  const vitest = (env) => {
    fs.rmSync(path.join(dir, "report.json"), { force: true });
    const run = spawnSync(
      process.execPath,
      [path.join(kit, "node_modules/vitest/vitest.mjs"), "run", "--reporter=json", "--outputFile=report.json", "--reporter=default"],
      { cwd: dir, env: { ...cleanEnv(), ...env }, encoding: "utf8", timeout: 120_000 },
    );
    const out = `${run.stdout}${run.stderr}`;
    expect(fs.existsSync(path.join(dir, "report.json")), out).toBe(true);
    return { got: outcomes(JSON.parse(fs.readFileSync(path.join(dir, "report.json"), "utf8"))), out };
  };
  const upstream = await syntheticUpstream(dir);
  try {
    const recorded = vitest({ ULCAS_MODE: "record", ULCAS_UPSTREAM: upstream.url, FRAGMENT: "frg_aaaaaaaaaaaa" });
    expect(recorded.got.tip.status, recorded.out).toBe("passed");
  } finally {
    upstream.stop();
  }
  expect(fs.readdirSync(path.join(dir, "cassettes"))).toEqual(["you-are-a-kind-baking-tutor"]);
  const replayed = vitest({ FRAGMENT: "frg_bbbbbbbbbbbb" });
  expect(replayed.got.tip.status, replayed.out).toBe("passed");
  const app = path.join(dir, "app.mjs");
  fs.writeFileSync(app, fs.readFileSync(app, "utf8").replace("kind baking", "stern baking"));
  const edited = vitest({ FRAGMENT: "frg_cccccccccccc" });
  expect(edited.got.tip.status, edited.out).toBe("failed");
  expect(edited.got.tip.failure).toMatch(/ulcas miss: No cassette for task/);
  expect(edited.got.tip.failure).toContain("You are a [-kind-]{+stern+} baking tutor.");
});

test("a journal folder the team has keeps its files: the kit removes only what it wrote", () => {
  const team = path.join(scratch, "team-journal");
  fs.rmSync(team, { recursive: true, force: true });
  fs.mkdirSync(path.join(team, "requests"), { recursive: true });
  fs.writeFileSync(path.join(team, "notes.json"), "{}");
  fs.writeFileSync(path.join(team, "requests", "ours.json"), "{}");
  for (let run = 0; run < 2; run++) {
    const { out } = innerProject(`team-${run}`, { ULCAS_JOURNAL: team });
    expect(fs.existsSync(path.join(team, "notes.json")), out).toBe(true);
    expect(fs.existsSync(path.join(team, "requests", "ours.json")), out).toBe(true);
    expect(fs.existsSync(path.join(team, "journal.json")), out).toBe(true);
  }
});

test("a test named in any Unicode, however long, gets its misses", () => {
  const dir = scaffold("names");
  const long = `miss ünïcode 🍞 ${"x".repeat(600)}`;
  fs.writeFileSync(
    path.join(dir, "app.test.mjs"),
    `
import fs from "node:fs";
import Anthropic from "@anthropic-ai/sdk";
import { test } from "vitest";
const body = (name) => JSON.parse(fs.readFileSync(\`bodies/\${name}.json\`, "utf8"));
test(${JSON.stringify(long)}, async () => {
  await new Anthropic({ maxRetries: 0 }).messages.create(body("miss"));
});
test("miss café", async () => {
  await new Anthropic({ maxRetries: 0 }).messages.create(body("miss"));
});
`,
  );
  fs.writeFileSync(
    path.join(dir, "vitest.config.mjs"),
    `export default { test: { include: ["app.test.mjs"], globalSetup: [${JSON.stringify(path.join(kit, "src/vitest-global-setup.js"))}], setupFiles: [${JSON.stringify(path.join(kit, "src/vitest-setup.js"))}] } };\n`,
  );
  const run = spawnSync(
    process.execPath,
    [path.join(kit, "node_modules/vitest/vitest.mjs"), "run", "--reporter=json", "--outputFile=report.json"],
    { cwd: dir, env: cleanEnv(), encoding: "utf8", timeout: 120_000 },
  );
  const out = `${run.stdout}${run.stderr}`;
  const got = outcomes(JSON.parse(fs.readFileSync(path.join(dir, "report.json"), "utf8")));
  for (const name of [long, "miss café"]) {
    expect(got[name].status, out).toBe("failed");
    expect(got[name].failure, out).toMatch(/ulcas miss: No cassette for task "quiz"/);
  }
});

test("the summary and a miss's hint speak the kit's words", async () => {
  const { createRequire } = await import("node:module");
  const server = createRequire(import.meta.url)("../src/server.cjs");
  expect(server.summary({ hit: 2, fault: 2, relayed: 1, error: 2 }, "j")).toBe(
    "ulcas: 2 hits, 0 misses, 0 synthetic, 1 relayed (not recorded), 2 faults, 2 errors (journal: j)",
  );
  const said = server.failureMessage([
    { status: "miss", why: "No cassette…\nTo record it: ulcas serve --mode record --upstream https://api.anthropic.com (with the client's key)." },
  ]);
  expect(said).toContain("To record it: ULCAS_MODE=record ULCAS_UPSTREAM=https://api.anthropic.com npx vitest run (with the client's key).");
  expect(said).not.toContain("ulcas serve --mode record");
});
