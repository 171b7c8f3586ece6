/**
 * Preloaded (`node --require`) into the stacks' node processes when bench/credentials-set runs with
 * `--cpu-prof`: the engine stops the dynamic-provider host with SIGINT and the testkit stops the language
 * host with SIGTERM, and V8 writes a `--cpu-prof` profile only on a normal exit, so both exit normally.
 */
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => process.exit(0));
}
