// One `ulcas serve` for a test run: started on a free port, read from its start line, asked
// what each test's requests got (its journal), stopped at the end. The contract is the one of
// the PHP and Python kits (kits/ of the ulcas repository):
//
// - ULCAS_BINARY: the ulcas to run; else the `ulcas` npm package's binary when installed; else
//   `ulcas` on the PATH. Missing: an error that says how to install it.
// - ULCAS_MODE: cassette (the default), synthetic or record (with ULCAS_UPSTREAM).
// - ULCAS_STORES: store folders separated by the path delimiter (`:`); else the ulcas.toml
//   found from the working folder.
// - ULCAS_JOURNAL: the journal folder, default .ulcas/journal: each request written as a dump
//   into its requests/ (--dump-dir, what `ulcas verify --requests` reads), journal.json at the end.

"use strict";

const { spawn, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { createRequire } = require("node:module");

/** The statuses that fail the test whose request got them. */
const FAILING = ["miss", "refused", "error"];
const MODES = ["cassette", "synthetic", "record"];
const MARKER = ".ulcas-journal";
const PREFIX = "ulcas serve: listening on ";

/** The ulcas binary: ULCAS_BINARY, the `ulcas` npm package's, or the PATH's. */
function findBinary() {
  const given = process.env.ULCAS_BINARY;
  if (given) {
    if (!fs.existsSync(given)) throw new Error(`ULCAS_BINARY=${given}: no such file`);
    return given;
  }
  try {
    const requireHere = createRequire(path.join(process.cwd(), "package.json"));
    return requireHere("ulcas").binaryPath();
  } catch {
    // not installed: the PATH
  }
  const probe = spawnSync("ulcas", ["--version"], { stdio: "ignore" });
  if (!probe.error && probe.status === 0) return "ulcas";
  throw new Error(
    "ulcas is not installed: `npm install --save-dev ulcas` (or `pip install ulcas`, or set ULCAS_BINARY to its path)",
  );
}

/** The marker's lines: the files the kit wrote (`wrote NAME`) and the dumps that were there
 * before its run (`found requests/NAME`), relative to the journal folder. */
function markerLines(folder) {
  try {
    return fs.readFileSync(path.join(folder, MARKER), "utf8").split("\n");
  } catch {
    return [];
  }
}

function markerText(written, found) {
  const lines = ["# written by an ulcas test kit: the files it wrote (removed at its next run)"];
  for (const w of [...new Set(written)].sort()) lines.push(`wrote ${w}`);
  for (const f of [...found].sort()) lines.push(`found requests/${f}`);
  return `${lines.join("\n")}\n`;
}

/** The journal folder of this run, emptied of what the kit wrote there at its last run, and
 * only that (its marker lists those files): a folder the team also uses keeps its own. */
function journalFolder(root = process.cwd()) {
  const folder = path.resolve(root, process.env.ULCAS_JOURNAL || ".ulcas/journal");
  const lines = markerLines(folder);
  const listed = lines.some((l) => l.startsWith("wrote ") || l.startsWith("found ") || l.startsWith("#"));
  const old = listed
    ? lines.filter((l) => l.startsWith("wrote ")).map((l) => l.slice(6))
    : lines.length > 0 && fs.existsSync(path.join(folder, "requests"))
      ? ["journal.json", ...fs.readdirSync(path.join(folder, "requests")).filter((n) => n.endsWith(".json")).map((n) => `requests/${n}`)]
      : [];
  for (const name of old) {
    const file = path.resolve(folder, name);
    if (file.startsWith(folder + path.sep)) fs.rmSync(file, { force: true });
  }
  fs.mkdirSync(path.join(folder, "requests"), { recursive: true });
  const found = fs.readdirSync(path.join(folder, "requests")).filter((n) => n.endsWith(".json"));
  fs.writeFileSync(path.join(folder, MARKER), markerText([], found));
  return folder;
}

/** Lists in the marker what the kit wrote this run: journal.json and the new dumps. */
function noteWritten(folder) {
  const lines = markerLines(folder);
  const found = new Set(lines.filter((l) => l.startsWith("found requests/")).map((l) => l.slice(15)));
  const written = lines.filter((l) => l.startsWith("wrote ")).map((l) => l.slice(6));
  if (fs.existsSync(path.join(folder, "journal.json"))) written.push("journal.json");
  for (const n of fs.readdirSync(path.join(folder, "requests"))) {
    if (n.endsWith(".json") && !found.has(n)) written.push(`requests/${n}`);
  }
  fs.writeFileSync(path.join(folder, MARKER), markerText(written, found));
}

/** The base URL that names `test` in its path (for clients whose headers are not set). */
function testBaseURL(url, test) {
  return `${url}/_ulcas/test/${encodeURIComponent(test)}`;
}

/** Points the SDKs' environment at the server at `url` (for the whole run: each test's hooks
 * then name the test in the base URLs). */
function pointEnvironment(url) {
  process.env.ULCAS_URL = url;
  process.env.ANTHROPIC_BASE_URL = url;
  process.env.OPENAI_BASE_URL = `${url}/v1`;
  process.env.ANTHROPIC_API_KEY ||= "ulcas-test-key";
  process.env.OPENAI_API_KEY ||= "ulcas-test-key";
}

/** Starts `ulcas serve` in `mode`; resolves to { url, mode, journal, stop() }. */
async function startServer({ mode = process.env.ULCAS_MODE || "cassette", cwd = process.cwd(), journal } = {}) {
  if (!MODES.includes(mode)) throw new Error(`ULCAS_MODE=${mode}: not one of ${MODES.join(", ")}`);
  journal = journal || journalFolder(cwd);
  const args = ["serve", "--listen", "127.0.0.1:0", "--mode", mode, "--dump-dir", path.join(journal, "requests")];
  if (mode === "record") {
    if (!process.env.ULCAS_UPSTREAM) throw new Error("ULCAS_MODE=record needs ULCAS_UPSTREAM (the API that answers a miss)");
    args.push("--upstream", process.env.ULCAS_UPSTREAM);
  }
  if (process.env.ULCAS_STORES) args.push(...process.env.ULCAS_STORES.split(path.delimiter).filter(Boolean));
  const logFile = path.join(journal, `serve-${mode}.log`);
  const log = fs.openSync(logFile, "w");
  // The run's own server on 127.0.0.1: no token (a ULCAS_SERVE_TOKEN of the shell would make
  // the kit's own journal requests a 401).
  const env = { ...process.env };
  delete env.ULCAS_SERVE_TOKEN;
  const child = spawn(findBinary(), args, { cwd, env, stdio: ["ignore", "pipe", log] });
  fs.closeSync(log);
  const url = await new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => fail("no start line in 30 s"), 30_000);
    const fail = (why) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      const said = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").trim() : "";
      reject(new Error(`ulcas serve did not start: ${said || why}`));
    };
    child.on("error", (e) => fail(e.message));
    child.on("exit", () => fail(seen || "it ended"));
    child.stdout.on("data", (chunk) => {
      seen += chunk;
      const line = seen.split("\n")[0];
      if (seen.includes("\n")) {
        clearTimeout(timer);
        child.removeAllListeners("exit");
        if (line.startsWith(PREFIX)) resolve(line.slice(PREFIX.length).trim());
        else fail(line);
      }
    });
  });
  child.stdout.resume();
  return {
    url,
    mode,
    journal,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** The journal of the server at `url`: { requests, counts, last }. */
async function requests(url, test) {
  const query = new URLSearchParams(test === undefined ? {} : { test });
  const answer = await fetch(`${url}/_ulcas/journal?${query}`);
  if (!answer.ok) throw new Error(`ulcas journal: ${answer.status}`);
  return answer.json();
}

/** Arms `faults` for the next requests of `target` ("*", a task, "task@vN" or a hash): of the
 * test `test` alone when given (another worker's test never takes them). */
async function armFault(url, target, faults, test) {
  const answer = await fetch(`${url}/_ulcas/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(test ? { target, faults, test } : { target, faults }),
  });
  if (!answer.ok) throw new Error(`ulcas faults: ${answer.status} ${await answer.text()}`);
}

/** What ulcas said of a test's failing requests, as the test's failure. */
function failureMessage(entries) {
  return entries
    .map((e) => `ulcas ${e.status}: ${e.why || e.path || ""}`.replace(/: $/, ""))
    .join("\n")
    // The server's hint names its own flags; inside a test run the kit's variables do it.
    .replace(/ulcas serve --mode record --upstream (\S+)/g, "ULCAS_MODE=record ULCAS_UPSTREAM=$1 npx vitest run");
}

/** The other statuses of a summary line, in their words (one, many). */
const OTHER_COUNTS = [
  ["recorded", "recorded", "recorded"],
  ["relayed", "relayed (not recorded)", "relayed (not recorded)"],
  ["fault", "fault", "faults"],
  ["refused", "refused", "refused"],
  ["error", "error", "errors"],
];

/** `ulcas: 3 hits, 1 miss, 0 synthetic (journal: DIR)`. */
function summary(counts, journal) {
  const n = (k, one, many) => `${counts[k] || 0} ${(counts[k] || 0) === 1 ? one : many}`;
  const parts = [n("hit", "hit", "hits"), n("miss", "miss", "misses"), `${counts.synthetic || 0} synthetic`];
  for (const [other, one, many] of OTHER_COUNTS) {
    if (counts[other]) parts.push(`${counts[other]} ${counts[other] === 1 ? one : many}`);
  }
  return `ulcas: ${parts.join(", ")} (journal: ${journal})`;
}

/** Writes journal.json (every request, the counts) into the journal folder; the summary. */
async function finish(server, kit) {
  let listed = { requests: [], counts: {} };
  try {
    listed = await requests(server.url);
  } catch {
    // the server is gone: an empty journal
  }
  const requestsOfRun = listed.requests.map((r) => ({ ...r, mode: server.mode }));
  fs.writeFileSync(
    path.join(server.journal, "journal.json"),
    `${JSON.stringify({ kit, counts: listed.counts, requests: requestsOfRun }, null, 2)}\n`,
  );
  await server.stop();
  noteWritten(server.journal);
  return summary(listed.counts, server.journal);
}

module.exports = {
  FAILING,
  pointEnvironment,
  findBinary,
  journalFolder,
  testBaseURL,
  startServer,
  requests,
  armFault,
  failureMessage,
  summary,
  finish,
};
