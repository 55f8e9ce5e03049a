// vitest `globalSetup`: one `ulcas serve` for the run, before any worker starts; its URL in
// the environment (ULCAS_URL, ANTHROPIC_BASE_URL, OPENAI_BASE_URL, dummy keys when unset) and
// provided to the workers; at the end, journal.json, the summary line, and the server stopped.
//
//   // vitest.config.ts
//   export default defineConfig({ test: {
//     globalSetup: ["@ulcas/test-kit/vitest/global-setup"],
//     setupFiles: ["@ulcas/test-kit/vitest/setup"],
//   } });

import server from "./server.cjs";

const { finish, pointEnvironment, startServer } = server;

export default async function setup(project) {
  const server = await startServer();
  pointEnvironment(server.url);
  project?.provide?.("ulcasUrl", server.url);
  return async () => {
    const line = await finish(server, "vitest");
    process.stdout.write(`${line}\n`);
  };
}
