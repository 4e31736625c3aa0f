import type { Config } from 'jest';

/**
 * The Galera cluster test kills and restarts nodes and counts 503s against the outage window, so
 * it never runs beside other files: `npm test` runs everything else first (two workers), then it
 * alone (JEST_GALERA_ONLY=1). Other files can share the machine: each owns its database, its
 * ports are 0, and every LibreOffice has its own profile.
 */
const galeraOnly = process.env.JEST_GALERA_ONLY === '1';
const GALERA_TEST = 'galera-cluster\\.test\\.ts$';

const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: galeraOnly ? ['/node_modules/'] : ['/node_modules/', GALERA_TEST],
  transform: {
    // .tsx: the console's pages (preact's JSX, compiled as tsconfig.json says).
    '^.+\\.tsx?$': 'ts-jest',
    // preact 11 is published as ES modules only (Node 20 requires them; jest needs CommonJS).
    '/node_modules/preact/.+\\.mjs$': '<rootDir>/test/support/esm-to-commonjs.cjs',
  },
  transformIgnorePatterns: ['/node_modules/(?!preact/)'],
  // reflect-metadata before any entity or injectable is loaded (legacy decorators).
  setupFiles: ['<rootDir>/test/support/setup-files.ts'],
  testTimeout: 60000,
  maxWorkers: galeraOnly ? 1 : 2,
};

export default config;
