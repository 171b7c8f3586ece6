import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    pool: "forks",
    // Much of the wall time is spent waiting on child processes (the Pulumi CLI, language and provider hosts,
    // npm installs, go build): three workers keep a 2-core CI machine busy through those waits.
    maxWorkers: 3,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
