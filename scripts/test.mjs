#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + integration (vitest) and browser (Playwright) tests.
// Every suite runs even when an earlier one fails; the run ends with one line
// `N passed, N failed` summing all suites (typecheck and lint count as one check each).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "./build-if-needed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const resultsDir = path.join(root, "test-results");
mkdirSync(resultsDir, { recursive: true });

const tally = [];

function section(title) {
  process.stdout.write(`\n=== ${title} ===\n`);
}

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Debian's chromium for Playwright, installed when missing and we are root. */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  // nginx: the two-instance stories put it in front of two dashboards (scripts/cluster.mjs).
  const nginx = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
  if (existsSync(chromium) && existsSync(nginx)) return true;
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    section("installing chromium and nginx (apt-get)");
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", "chromium", "fonts-noto-cjk", "nginx-light"], { DEBIAN_FRONTEND: "noninteractive" });
  }
  return existsSync(chromium);
}

// 1. Typecheck (route types first, so typed links and next-env.d.ts exist on a fresh clone).
section("typecheck");
run(bin("next"), ["typegen"]);
const typecheck = run(bin("tsc"), ["--noEmit", "-p", "."]);
tally.push({ suite: "typecheck", passed: typecheck === 0 ? 1 : 0, failed: typecheck === 0 ? 0 : 1 });

// 2. Lint.
section("lint");
const lint = run(bin("eslint"), [".", "--max-warnings=0"]);
tally.push({ suite: "lint", passed: lint === 0 ? 1 : 0, failed: lint === 0 ? 0 : 1 });

// 3. Unit and integration tests.
section("unit and integration (vitest)");
const unitFile = path.join(resultsDir, "unit.json");
rmSync(unitFile, { force: true });
const unitStatus = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${unitFile}`]);
const unit = readJson(unitFile);
if (unit) {
  const failed = (unit.numFailedTests ?? 0) + (unitStatus !== 0 && (unit.numFailedTests ?? 0) === 0 ? 1 : 0);
  tally.push({ suite: "vitest", passed: unit.numPassedTests ?? 0, failed });
} else {
  tally.push({ suite: "vitest", passed: 0, failed: 1 });
}

// 4. Browser tests.
section("browser (playwright)");
const e2eFile = path.join(resultsDir, "e2e-results.json");
rmSync(e2eFile, { force: true });
let built = true;
try {
  // The production build first, on its own: Playwright's web server then only starts it, and its
  // start-up time limit never has to cover a build on a busy machine.
  buildIfNeeded(root, { ...process.env, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next", NEXT_TELEMETRY_DISABLED: "1" }, (m) => process.stdout.write(`${m}\n`), true);
} catch {
  built = false;
}
if (!built) {
  process.stdout.write("the production build failed: browser tests count as failed\n");
  tally.push({ suite: "playwright", passed: 0, failed: 1 });
} else if (ensureChromium()) {
  const e2eStatus = run(bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile });
  const e2e = readJson(e2eFile);
  if (e2e?.stats) {
    const failed = (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
    tally.push({ suite: "playwright", passed: e2e.stats.expected ?? 0, failed: failed + (e2eStatus !== 0 && failed === 0 ? 1 : 0) });
  } else {
    tally.push({ suite: "playwright", passed: 0, failed: 1 });
  }
} else {
  process.stdout.write("chromium is missing and could not be installed (not root?): browser tests count as failed\n");
  tally.push({ suite: "playwright", passed: 0, failed: 1 });
}

section("summary");
for (const t of tally) process.stdout.write(`${t.suite}: ${t.passed} passed, ${t.failed} failed\n`);
const passed = tally.reduce((n, t) => n + t.passed, 0);
const failed = tally.reduce((n, t) => n + t.failed, 0);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
