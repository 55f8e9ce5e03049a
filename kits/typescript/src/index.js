// @ulcas/test-kit: `ulcas serve` for a vitest or jest run (see vitest-global-setup.js,
// jest-global-setup.cjs). The core is CommonJS (kit.cjs, server.cjs) so that jest loads it
// without ESM support; this is its ES module face.
import kit from "./kit.cjs";
import server from "./server.cjs";

export const { ulcas } = kit;
export const { startServer, requests, armFault, summary, findBinary, testBaseURL } = server;
