#!/usr/bin/env node
// `npm run cluster`: the dashboard as a service on one machine. Two production instances
// (`next start`) share one PostgreSQL (DATABASE_URL, required) behind nginx (Debian's package) on
// loopback, plus the embedded sandbox unless NE_API_BASE_URL names a real API. Used by the
// two-instance e2e stories (e2e/cluster.spec.ts) and the load benchmark; README "Deployment".
//
//   CLUSTER_PORT      nginx's port, the one people use (default 3200); the instances take the
//                     next two (3201, 3202)
//   DATABASE_URL      PostgreSQL shared by both instances (required)
//   AUTH_SECRET       shared by both instances (default: made for this run)
//   CLUSTER_DIR       nginx's config, pid and logs, the instances' logs (default .data/cluster-PORT)
//
// Ctrl-C or SIGTERM stops everything. SIGUSR2 restarts the instances one after the other, each
// only after the one before answers /api/ready again: a rollout without downtime.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { waitForHttp } from "./wait-for-http.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const log = (message) => process.stdout.write(`[cluster] ${message}\n`);

const port = Number(process.env.CLUSTER_PORT ?? 3200);
const instancePorts = [port + 1, port + 2];
const dir = path.resolve(process.env.CLUSTER_DIR ?? `.data/cluster-${port}`);
const publicUrl = `http://localhost:${port}`;
const nginxBin = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

if (!process.env.DATABASE_URL) {
  log("DATABASE_URL is required: both instances share one PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/test)");
  process.exit(2);
}

const env = {
  ...process.env,
  NODE_ENV: "production",
  AUTH_URL: publicUrl,
  AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString("base64url"),
  TRUSTED_PROXY_SECRET: process.env.TRUSTED_PROXY_SECRET || randomBytes(24).toString("base64url"),
  NEXT_TELEMETRY_DISABLED: "1",
};

const children = new Map(); // name -> child
let stopping = false;

function run(name, command, args, childEnv) {
  const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], env: childEnv });
  children.set(name, child);
  child.on("exit", (code, signal) => {
    if (children.get(name) === child) children.delete(name);
    if (!stopping && !child.restarting) {
      log(`${name} stopped (${signal ?? code}); stopping everything`);
      stop(code ?? 1);
    }
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 5000).unref();
  let left = children.size;
  if (left === 0) process.exit(code);
  for (const child of children.values()) {
    child.on("exit", () => {
      left -= 1;
      if (left === 0) process.exit(code);
    });
  }
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

/** Instances taken out of nginx's rotation (during a rollout). */
const drained = new Set();

function nginxConfig() {
  const servers = instancePorts.map((p, i) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s${drained.has(i) ? " down" : ""};`).join("\n");
  return `# Written by scripts/cluster.mjs for this run: two instances behind one address.
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  # The caller's request id when it sent one, else nginx's own: the instances log it.
  map $http_x_request_id $backyard_request_id {
    default $http_x_request_id;
    "" $request_id;
  }
  upstream backyard {
${servers}
    keepalive 64;
    # Below the instances' own keep-alive timeout (Node's 5 s): nginx closes an idle connection
    # before the instance does, so it never sends a request on one being closed (a POST reset
    # there is not sent again, and the person would see a 502).
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 40m;
    location / {
      proxy_pass http://backyard;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $backyard_request_id;
      # Only requests that carry this secret have their X-Forwarded-* believed (TRUSTED_PROXY_SECRET).
      proxy_set_header x-backyard-proxy "${env.TRUSTED_PROXY_SECRET}";
      # A request that could not reach an instance (refused, reset before an answer) tries the
      # other; one already sent to an instance is never sent twice unless it is idempotent.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_read_timeout 120s;
      proxy_buffering off;
      # Which instance answered (loopback addresses; for the tests of this local cluster).
      add_header X-Backyard-Instance $upstream_addr always;
    }
  }
}
`;
}

function startInstance(i) {
  const instancePort = instancePorts[i];
  return run(`instance ${i + 1}`, bin("next"), ["start", "--port", String(instancePort)], {
    ...env,
    INSTANCE_NAME: `instance-${i + 1}`,
  });
}

const confPath = () => path.join(dir, "nginx.conf");

/** nginx's worker processes (children of its master, the process this script started). */
function nginxWorkers() {
  const master = children.get("nginx");
  if (!master?.pid) return [];
  const out = spawnSync("pgrep", ["-P", String(master.pid)], { encoding: "utf8" });
  return out.stdout.split("\n").filter(Boolean).map(Number);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the config and has nginx load it; resolves once every worker of the old config has
 * exited, which nginx lets happen only after their requests in flight have been answered.
 */
async function reloadNginx() {
  writeFileSync(confPath(), nginxConfig());
  const old = nginxWorkers();
  children.get("nginx")?.kill("SIGHUP");
  while (old.some(alive)) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Each instance in turn: out of nginx's rotation (its requests in flight finish first), stopped,
 * started again, ready, back in the rotation. The other instance serves meanwhile.
 */
async function rollout() {
  for (let i = 0; i < instancePorts.length; i++) {
    const old = children.get(`instance ${i + 1}`);
    log(`rollout: draining instance ${i + 1}`);
    drained.add(i);
    await reloadNginx();
    log(`rollout: restarting instance ${i + 1}`);
    if (old) {
      old.restarting = true;
      const exited = new Promise((r) => old.once("exit", r));
      old.kill("SIGTERM");
      await exited;
    }
    startInstance(i);
    await waitForHttp(`http://127.0.0.1:${instancePorts[i]}/api/ready`, 120_000);
    drained.delete(i);
    await reloadNginx();
    log(`rollout: instance ${i + 1} ready`);
  }
}

async function main() {
  mkdirSync(path.join(dir, "tmp"), { recursive: true });
  const check = spawnSync(nginxBin, ["-v"], { encoding: "utf8" });
  if (check.error) {
    log(`nginx not found at ${nginxBin}: apt-get install nginx-light (or set NGINX_BIN)`);
    process.exit(2);
  }
  if (!env.NE_API_BASE_URL) {
    const sandboxPort = env.SANDBOX_PORT ?? String(port + 1000);
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    Object.assign(env, {
      SANDBOX_PORT: sandboxPort,
      NE_API_BASE_URL: sandboxUrl,
      NE_LOGIN_BASE_URL: env.NE_LOGIN_BASE_URL || sandboxUrl,
      NE_CLIENT_ID: env.NE_CLIENT_ID || "sandbox-client-id",
      NE_CLIENT_SECRET: env.NE_CLIENT_SECRET || "sandbox-client-secret",
      // The sandbox's app is registered with the public origin's callback (nginx's).
      SANDBOX_REDIRECT_URI: env.SANDBOX_REDIRECT_URI || `${publicUrl}/auth/callback`,
    });
    log(`starting the embedded sandbox on ${sandboxUrl}`);
    // The sandbox keeps its own data (SANDBOX_DATA_DIR); DATABASE_URL is the dashboard's.
    run("sandbox", bin("tsx"), ["sandbox/main.ts"], { ...env, DATABASE_URL: "" });
  }
  buildIfNeeded(root, env, log);
  if (children.has("sandbox")) await waitForHttp(`${env.NE_API_BASE_URL}/users/sign_in/`, 600_000);
  // One instance first: it runs the migrations (under an advisory lock) before the other starts.
  startInstance(0);
  await waitForHttp(`http://127.0.0.1:${instancePorts[0]}/api/ready`, 300_000);
  startInstance(1);
  await waitForHttp(`http://127.0.0.1:${instancePorts[1]}/api/ready`, 300_000);
  const conf = confPath();
  writeFileSync(conf, nginxConfig());
  run("nginx", nginxBin, ["-p", dir, "-c", conf], env);
  await waitForHttp(`${publicUrl}/api/health`, 60_000);
  log(`ready on ${publicUrl} (instances on ${instancePorts.join(", ")})`);
  process.on("SIGUSR2", () => {
    rollout().catch((err) => {
      log(`rollout failed: ${err instanceof Error ? err.message : String(err)}`);
      stop(1);
    });
  });
}

main().catch((err) => {
  log(err instanceof Error ? err.message : String(err));
  stop(1);
});
