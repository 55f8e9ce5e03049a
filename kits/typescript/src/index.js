// @ulcas/test-kit: `ulcas serve` for a vitest or jest run (see vitest-global-setup.js).
export { ulcas } from "./kit.js";
export { startServer, requests, armFault, summary, findBinary, testBaseURL } from "./server.js";
