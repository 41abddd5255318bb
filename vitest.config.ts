import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/{src,app,test}/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
          ],
          exclude: [
            '**/*.int.test.ts',
            '**/*.cluster.test.ts',
            '**/*.security.test.ts',
            '**/node_modules/**',
          ],
          // Vitest's 5 s default is too tight when the machine is busy with other work.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/*/src/**/*.int.test.ts', 'apps/*/{src,test}/**/*.int.test.ts'],
          globalSetup: ['packages/testing/src/images.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // PGlite instances are heavy; two files at a time fit 2 cores without starving each other.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Several server processes on one PostgreSQL database; run by `npm run test:pg` (needs the build).
          name: 'cluster',
          include: ['apps/*/{src,test}/**/*.cluster.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          // The full security and fault set (attacks, crashes, restarts) against built servers; run by
          // `npm run test:security` on the embedded database and on PostgreSQL (TEST_DATABASE_URL).
          name: 'security',
          include: ['apps/*/{src,test}/**/*.security.test.ts', 'packages/*/src/**/*.security.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
