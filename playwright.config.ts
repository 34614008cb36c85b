import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_NE_TIMEOUT_MS } from "./e2e/support/upstream-timeout";

// Ports and the build folder can be moved so that several checkouts or agents test at once.
const port = Number(process.env.E2E_PORT ?? 3100);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
const baseURL = `http://localhost:${port}`;
/** Where the e2e server writes its JSON log lines (e2e/pages/server-log.ts reads the same path). */
const serverLogFile = path.resolve(`test-results/server-log-${port}.jsonl`);

export default defineConfig({
  testDir: "e2e",
  // One dashboard and one sandbox serve every test of a run: run them one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // `npm test` (scripts/test.mjs) reads the JSON report for the pass/fail counts; it runs the
  // stories in groups at once, each with its own servers, ports and report file (E2E_JSON).
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON ?? "test-results/e2e-results.json" }]],
  outputDir: "test-results/artifacts",
  use: {
    baseURL,
    // Most users are Japanese shop staff: a Japanese browser unless a test says otherwise.
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_ADMIN: "1",
      // The sandbox's app is registered with this run's dashboard (a sign-in naming another is refused).
      SANDBOX_REDIRECT_URI: `${baseURL}/auth/callback`,
      SANDBOX_DATA_DIR: process.env.E2E_SANDBOX_DATA_DIR ?? `.data/e2e-sandbox-${sandboxPort}`,
      // e2e runs get their own dashboard database and always the embedded sandbox.
      DATABASE_URL: "",
      APP_DATA_DIR: process.env.E2E_APP_DATA_DIR ?? `.data/e2e-app-${port}`,
      NE_API_BASE_URL: "",
      NE_LOGIN_BASE_URL: "",
      NE_CLIENT_ID: "",
      NE_CLIENT_SECRET: "",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      NEXT_TELEMETRY_DISABLED: "1",
      // The server's request log goes to a file the log story scans (e2e/observability.spec.ts).
      LOG_FILE: serverLogFile,
      // The limits the security stories assert (the defaults, stated so a local env cannot move them).
      RATE_LIMIT_SIGNIN_PER_MINUTE: "20",
      // All sign-ins a minute: a sixth of the default 600, so that the flood story
      // (e2e/security-31.spec.ts) passes it with a sixth of the probe's requests.
      RATE_LIMIT_SIGNIN_TOTAL_PER_MINUTE: "100",
      RATE_LIMIT_API_PER_MINUTE: "1200",
      // The upload stories share one person's session and poll the journal far faster than a
      // person does; the limit itself is the subject of e2e/uploads-bounds.spec.ts (its own server).
      RATE_LIMIT_UPLOADS_PER_MINUTE: "1200",
      // An upstream call gives up soon, so the fault stories (e2e/faults-*.spec.ts) show a timeout
      // without waiting the product's default for each one.
      NE_TIMEOUT_MS: String(E2E_NE_TIMEOUT_MS),
      // The read model is synced only when a story asks (e2e/pages/analytics-copy.ts): a scheduled
      // sync's background calls would land in the call counts and faults of other stories.
      ANALYTICS_SYNC_MINUTES: "off",
    },
  },
});
