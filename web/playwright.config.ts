// End-to-end tests against the REAL backend in demo mode, serving the built web app (dist/).
// Run `npm run build` first; the backend binary must exist at ../backend/build/portal (or set
// E2E_BACKEND to another build of it).
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { defineConfig } from '@playwright/test'

// E2E_WEB_ROOT and E2E_OUTPUT_DIR let two checkouts' builds run their suites side by side.
const webRoot = resolve(import.meta.dirname, process.env.E2E_WEB_ROOT ?? 'dist')
const port = Number(process.env.E2E_PORT ?? 18090)
const backend = process.env.E2E_BACKEND ?? '../backend/build/portal'
// Workers load this file again: keep one fresh data folder per run through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'))
const dataDir = process.env.E2E_DATA_DIR

if (!existsSync(join(webRoot, 'index.html'))) {
  throw new Error(`${webRoot}/index.html is missing: run \`npm run build\` before \`npm run e2e\``)
}

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Room for a busy 2-core machine (a lazily loaded page chunk, a build beside the run): a test waits
  // for states, so a longer limit costs a passing run nothing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `${backend} serve --demo --port ${port} --data-dir ${dataDir} --config ../backend/config/portal.toml`,
    url: `http://127.0.0.1:${port}/healthz`,
    env: {
      PORTAL_SERVER__WEB_ROOT: webRoot,
      PORTAL_LINKS__FILING_NUMBER: '京ICP备00000000号',
      // The payment stand-ins' notifications: prompt and never late (duplicates stay on).
      PORTAL_PAYMENTS__SANDBOX__FIRST_DELAY_MS: '300',
      PORTAL_PAYMENTS__SANDBOX__LATE_PERCENT: '0',
      // The cloud stand-in (sim/cloud) and the rental's jobs at test pace: a bought practice server
      // runs within seconds and records a demo every 10 s (the minimum); idle, they cost nothing.
      PORTAL_CLOUD__SIM__BOOT_S: '1',
      PORTAL_CLOUD__SIM__REBOOT_S: '2',
      PORTAL_CLOUD__SIM__STOP_S: '1',
      PORTAL_CLOUD__SIM__START_S: '1',
      PORTAL_CLOUD__SIM__TERMINATE_S: '1',
      PORTAL_CLOUD__SIM__DEMO_INTERVAL_S: '10',
      PORTAL_PRACC__SYNC_INTERVAL_S: '1',
      PORTAL_PRACC__LIFECYCLE_INTERVAL_S: '1',
      PORTAL_PRACC__LAUNCH_RETRY_S: '1',
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    // The backend logs every request on stderr; E2E_VERBOSE=1 shows it (and start-up errors).
    stderr: process.env.E2E_VERBOSE ? 'pipe' : 'ignore',
  },
})
