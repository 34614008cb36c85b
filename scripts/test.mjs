#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + integration (vitest) and browser (Playwright) tests.
// Every suite runs even when an earlier one fails; the run ends with one line
// `N passed, N failed` summing all suites (typecheck and lint count as one check each).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

/**
 * The browser stories, by default in one Playwright run (`E2E_GROUPS=1`): on the 2-core machines
 * CI uses, two runs at once were measured slower per story than twice one run (27 s a story
 * against about 11 s, both browsers busy at once), so one group it is. With more cores,
 * `E2E_GROUPS=2` (up to 4) runs groups at once, each by its own Playwright with its own dashboard
 * and sandbox (ports 3100/4110, 3150/4160, ...) and the story files spread by their measured times
 * (e2e/durations.json; a file not listed there counts as a minute). Within a group the files run
 * one at a time in name order; every group ends with e2e/zz-call-overlaps.spec.ts, which checks
 * its own sandbox's record of the whole group. Each line a group prints starts with its name.
 */
async function runE2eGroups() {
  const groups = Math.max(1, Math.min(4, Number(process.env.E2E_GROUPS ?? 1) || 1));
  const last = "zz-call-overlaps.spec.ts";
  const files = readdirSync(path.join(root, "e2e")).filter((f) => f.endsWith(".spec.ts") && f !== last).sort();
  const measured = readJson(path.join(root, "e2e", "durations.json")) ?? {};
  const weight = (f) => (typeof measured[f] === "number" ? measured[f] : 60);
  // Longest first, each to the group with the least so far (the groups then end close together).
  const plan = Array.from({ length: groups }, () => ({ files: [], seconds: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = plan.reduce((min, g) => (g.seconds < min.seconds ? g : min));
    lightest.files.push(f);
    lightest.seconds += weight(f);
  }
  const runs = plan.map((group, i) => {
    const name = `e2e ${i + 1}/${groups}`;
    const port = 3100 + i * 50;
    const json = path.join(resultsDir, `e2e-results-${i + 1}.json`);
    rmSync(json, { force: true });
    const args = ["test", ...[...group.files.sort(), last].map((f) => `e2e/${f}`), `--output=test-results/artifacts-${i + 1}`];
    process.stdout.write(`${name}: ${group.files.length + 1} files, about ${Math.round(group.seconds / 60)} min measured, dashboard port ${port}\n`);
    const child = spawn(bin("playwright"), args, {
      env: { ...process.env, E2E_PORT: String(port), E2E_SANDBOX_PORT: String(port + 1010), E2E_JSON: json },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const prefix = (stream, out) => {
      let rest = "";
      stream.on("data", (chunk) => {
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on("end", () => rest && out.write(`[${name}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    return new Promise((resolve) => child.on("close", (code) => resolve({ code: code ?? 1, json })));
  });
  let passed = 0;
  let failed = 0;
  const seconds = {};
  for (const { code, json } of await Promise.all(runs)) {
    const report = readJson(json);
    for (const suite of report?.suites ?? []) seconds[suite.file] = Math.round(suiteMs(suite) / 1000);
    const stats = report?.stats;
    if (!stats) {
      failed += 1;
      continue;
    }
    const bad = (stats.unexpected ?? 0) + (stats.flaky ?? 0);
    passed += stats.expected ?? 0;
    failed += bad + (code !== 0 && bad === 0 ? 1 : 0);
  }
  // This run's times per file, for e2e/durations.json (copy it there when the files change).
  delete seconds[last];
  writeFileSync(path.join(resultsDir, "e2e-durations.json"), `${JSON.stringify(Object.fromEntries(Object.entries(seconds).sort()), null, 2)}\n`);
  return { passed, failed };
}

/** The time a suite of a Playwright JSON report took: its tests' results, its nested suites'. */
function suiteMs(suite) {
  let ms = 0;
  for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) for (const r of t.results ?? []) ms += r.duration ?? 0;
  for (const child of suite.suites ?? []) ms += suiteMs(child);
  return ms;
}

/** Runs a command with its output held, and resolves to its status and output once it ends. */
function runHeld(command, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...extraEnv } });
    const out = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => out.push(chunk));
    child.on("close", (code) => resolve({ code: code ?? 1, output: Buffer.concat(out).toString() }));
  });
}

// 1-2. Typecheck (route types first, so typed links and next-env.d.ts exist on a fresh clone) and
// lint, at once: each is one process on one core, so together they take the longer one's time.
// Their outputs are printed one after the other when both have ended.
run(bin("next"), ["typegen"]);
const [typecheck, lint] = await Promise.all([runHeld(bin("tsc"), ["--noEmit", "-p", "."]), runHeld(bin("eslint"), [".", "--max-warnings=0"])]);
section("typecheck");
process.stdout.write(typecheck.output);
tally.push({ suite: "typecheck", passed: typecheck.code === 0 ? 1 : 0, failed: typecheck.code === 0 ? 0 : 1 });
section("lint");
process.stdout.write(lint.output);
tally.push({ suite: "lint", passed: lint.code === 0 ? 1 : 0, failed: lint.code === 0 ? 0 : 1 });

// 3-4. The production build for the browser stories starts now, beside vitest: vitest runs its
// files one at a time on a 2-core machine (one worker: its default is the cores less one), so the
// build takes the other core. Its output is printed when the browser stories' section begins.
const buildEnv = { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next", NEXT_TELEMETRY_DISABLED: "1" };
const building = runHeld(process.execPath, [path.join(root, "scripts", "build-if-needed.mjs")], buildEnv);

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
// The production build (started beside vitest) is done before Playwright's web server starts, so
// its start-up time limit never has to cover a build on a busy machine.
const build = await building;
process.stdout.write(build.output);
const built = build.code === 0;
if (!built) {
  process.stdout.write("the production build failed: browser tests count as failed\n");
  tally.push({ suite: "playwright", passed: 0, failed: 1 });
} else if (ensureChromium()) {
  const e2e = await runE2eGroups();
  tally.push({ suite: "playwright", ...e2e });
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
