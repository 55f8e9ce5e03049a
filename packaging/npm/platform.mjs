#!/usr/bin/env node
// Makes the npm package of one platform's ulcas binary, ready for `npm pack` or `npm publish`:
//
//   node packaging/npm/platform.mjs --binary target/x86_64-unknown-linux-musl/release/ulcas \
//     --platform linux-x64 --out dist/npm
//
// writes dist/npm/linux-x64/ (package.json with `os` and `cpu`, bin/ulcas, README.md) at the
// version of the launcher package (packaging/npm/ulcas/package.json), and prints its folder.

import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const launcher = JSON.parse(readFileSync(join(here, "ulcas", "package.json"), "utf8"));

const { values } = parseArgs({
  options: {
    binary: { type: "string" },
    platform: { type: "string" },
    out: { type: "string" },
  },
});
const fail = (why) => {
  process.stderr.write(`platform.mjs: ${why}\n`);
  process.exit(2);
};
if (!values.binary || !values.platform || !values.out) {
  fail("usage: --binary PATH --platform OS-CPU --out DIR");
}
const name = `@ulcas/${values.platform}`;
if (!(name in launcher.optionalDependencies)) {
  fail(`--platform ${values.platform}: not one of ${Object.keys(launcher.optionalDependencies).join(", ")}`);
}
const [os, cpu] = values.platform.split("-");
const exe = os === "win32" ? "ulcas.exe" : "ulcas";
const dir = resolve(values.out, values.platform);
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, "bin"), { recursive: true });
copyFileSync(values.binary, join(dir, "bin", exe));
chmodSync(join(dir, "bin", exe), 0o755);
const manifest = {
  name,
  version: launcher.version,
  description: `The ulcas binary for ${values.platform} (installed by the ulcas package).`,
  license: launcher.license,
  repository: launcher.repository,
  os: [os],
  cpu: [cpu],
  files: ["bin/"],
  preferUnplugged: true,
};
if (os === "linux") {
  // Static (musl) binaries: they run on glibc and musl systems alike.
  manifest.description += " Static: runs on glibc and musl.";
}
writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(
  join(dir, "README.md"),
  `# ${name}\n\nThe \`ulcas\` binary for ${values.platform}. Install \`ulcas\` instead: it picks the binary of your platform.\n`,
);
process.stdout.write(`${dir}\n`);
