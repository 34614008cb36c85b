#!/usr/bin/env node
// `npm start`: builds the dashboard when the sources are newer than the last build, starts the
// embedded sandbox (unless NE_API_BASE_URL points at a real upstream) and then the dashboard's
// production server (`next start`).
// Children are stopped together: Ctrl-C or SIGTERM ends both.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { waitForHttp } from "./wait-for-http.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env };
const port = env.PORT ?? "3000";
const children = new Set();
let stopping = false;

function log(message) {
  process.stdout.write(`[start] ${message}\n`);
}


function run(name, command, args, childEnv) {
  const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], env: childEnv });
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping) {
      log(`${name} stopped (${signal ?? code}); stopping everything`);
      stop(code ?? 1);
    }
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3000).unref();
  if (children.size === 0) process.exit(code);
  else {
    let left = children.size;
    for (const child of children) {
      child.on("exit", () => {
        left -= 1;
        if (left === 0) process.exit(code);
      });
    }
  }
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

async function main() {
  if (!env.NE_API_BASE_URL) {
    const sandboxPort = env.SANDBOX_PORT ?? "4010";
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    env.SANDBOX_PORT = sandboxPort;
    env.NE_API_BASE_URL = sandboxUrl;
    env.NE_LOGIN_BASE_URL ||= sandboxUrl;
    env.NE_CLIENT_ID ||= "sandbox-client-id";
    env.NE_CLIENT_SECRET ||= "sandbox-client-secret";
    // The local product on the embedded sandbox is reached at localhost: its public origin.
    // Against a real API, AUTH_URL must be set by whoever deploys it (the server refuses to start
    // without it: instrumentation.ts).
    env.AUTH_URL ||= `http://localhost:${port}`;
    // The sandbox's app is registered with this dashboard's callback: a sign-in naming another
    // redirect_uri is refused, as the real registered-URI check does.
    env.SANDBOX_REDIRECT_URI ||= `${new URL(env.AUTH_URL).origin}/auth/callback`;
    log(`starting the embedded sandbox on ${sandboxUrl}`);
    run("sandbox", bin("tsx"), ["sandbox/main.ts"], env);
  }
  // The build runs while the sandbox generates its data.
  buildIfNeeded(root, env, log);
  if (children.size > 0) await waitForHttp(`${env.NE_API_BASE_URL}/users/sign_in/`, 600_000);
  log(`starting the dashboard on http://localhost:${port}`);
  run("dashboard", bin("next"), ["start", "--port", port], env);
}

main().catch((err) => {
  log(err instanceof Error ? err.message : String(err));
  stop(1);
});
