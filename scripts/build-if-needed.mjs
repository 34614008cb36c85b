// Shared by `npm start` and the benchmarks: runs `next build` when any source is newer than
// the last build (or there is none), so a fresh clone and an edited tree both just work.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCES = ["app", "pages", "components", "lib", "i18n", "messages", "public", "next.config.ts", "tailwind.config.ts", "postcss.config.mjs", "package-lock.json", "tsconfig.json"];
const SKIP = new Set(["node_modules", ".data", ".git", "test-results", "playwright-report"]);

function newestMtime(root) {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (!SKIP.has(entry) && !entry.startsWith(".next")) walk(path.join(p, entry));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  SOURCES.forEach((p) => walk(path.join(root, p)));
  return newest;
}

/**
 * Returns true when it built, false when the build was up to date; on a failed build exits, or
 * throws when `throwOnFailure` (npm test reports it as a failed suite and goes on to its summary).
 */
export function buildIfNeeded(root, env = process.env, log = (m) => process.stdout.write(`${m}\n`), throwOnFailure = false) {
  const buildId = path.join(root, env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (builtAt > 0 && newestMtime(root) <= builtAt && env.FORCE_BUILD !== "1") {
    log("build is up to date");
    return false;
  }
  log("building the dashboard (next build)...");
  const result = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], { stdio: "inherit", cwd: root, env });
  if (result.status !== 0) {
    log("next build failed");
    if (throwOnFailure) throw new Error("next build failed");
    process.exit(result.status ?? 1);
  }
  return true;
}

// `node scripts/build-if-needed.mjs`: the same as a command (npm test runs it beside vitest); the
// project's root is this folder's parent, the environment the process's own.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildIfNeeded(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
}
