// The kit's own tests: each runs an inner vitest on a copy of the fixture project.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.js"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
