import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The real-engine files first, the convergence suite (the longest file, and a small one) before them: on a
 * fresh clone vitest has no durations and starts larger files first, which left the convergence suite for
 * last, alone, as the tail of the run. Within each group the usual order (durations when known, else size).
 */
class EngineFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) =>
      f.moduleId.includes("/test/engine/convergence") ? 0 : f.moduleId.includes("/test/engine/") ? 1 : 2;
    const sorted = await super.sort(files);
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    pool: "forks",
    // Much of the wall time is spent waiting on child processes (the Pulumi CLI, language and provider hosts,
    // npm installs, go build): three workers keep a 2-core CI machine busy through those waits.
    maxWorkers: 3,
    sequence: { sequencer: EngineFirst },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
