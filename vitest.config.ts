import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Two projects: `api` runs the real Hono app on a real database in Node; `unit` runs web and shared
// units in jsdom (its plugins come from vite.config.ts through `extends`).
export default defineConfig({
  test: {
    // Vitest's default leaves one core to its main process (1 worker on 2 cores), but most of a file's time is
    // its own start (imports, jsdom, a fresh database) and `npm test`'s other steps end within its first
    // minute: on 2 cores, 2 workers finish the unit and API tests sooner (ADR 0126).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/api/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Migrates and seeds once per run; each harness starts from a copy (tests/setup/seeded-databases.ts).
          globalSetup: ['tests/setup/seeded-databases.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files share their worker's modules instead of importing the whole server again each (about half the
          // project's CPU): every file builds its own app on its own database, and the server keeps no state in
          // its modules beyond memoised constants (ADR 0126).
          isolate: false,
        },
      },
      {
        // Real server processes killed, restarted and cut off from their database: `npm run test:faults`.
        test: {
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          testTimeout: 20 * 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Worker threads start lighter than forked processes: 84 → 70 CPU-seconds for the project (ADR 0126).
          pool: 'threads',
          // A screen test typing through a whole form takes about 1 s in `npm test`, and passed the 5 s default on
          // this 2-core machine under a load of 10: a time limit is there to catch a hang, not a busy machine.
          testTimeout: 15_000,
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/vitest.setup.ts'],
        },
      },
    ],
  },
})
