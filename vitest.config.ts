import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    pool: "forks",
    // Most of the wall time is spent waiting on child processes (the Pulumi CLI, language and provider hosts,
    // npm): more workers than cores keeps a 2-core CI machine busy.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ["default"],
  },
});
