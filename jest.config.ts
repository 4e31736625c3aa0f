import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': 'ts-jest',
  },
  // reflect-metadata before any entity or injectable is loaded (legacy decorators).
  setupFiles: ['<rootDir>/test/support/setup-files.ts'],
  testTimeout: 60000,
  maxWorkers: 1,
};

export default config;
