import { defineConfig } from 'vitest/config'

const INTEGRATION = ['packages/**/*.int.test.ts', 'functions/**/*.int.test.ts']

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'frontend/src/**/*.test.{ts,tsx}',
          ],
          exclude: ['**/node_modules/**', ...INTEGRATION],
        },
      },
      {
        test: {
          name: 'integration',
          include: INTEGRATION,
          globalSetup: ['packages/local-stack/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['frontend/e2e/**/*.e2e.ts'],
          globalSetup: ['packages/local-stack/src/testing/e2e-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
