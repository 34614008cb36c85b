// The whole product for a benchmark: scripts/start.mjs (sandbox + dashboard) on ports of its own,
// plus signing in through the dashboard's real flow.
import path from "node:path";
import { startServer, waitForHttp, type RunningServer } from "./server";

export interface Stack {
  app: string;
  sandbox: string;
  /**
   * Stops the dashboard and starts it again on the same data (sessions, tokens), the sandbox left
   * running: every cache of the dashboard's process is empty after it. Only with `restartable`.
   */
  restartApp(): Promise<void>;
  stop(): Promise<void>;
}

const SANDBOX_CLIENT = { NE_CLIENT_ID: "sandbox-client-id", NE_CLIENT_SECRET: "sandbox-client-secret" };

/**
 * scripts/start.mjs (sandbox + dashboard) on ports of its own. `restartable`: the sandbox runs as
 * a process of its own and the dashboard's server (`next start` on the build already made)
 * against it, as against a real API, so that `restartApp` can restart the dashboard alone.
 */
export async function startStack(options: { appPort: number; sandboxPort: number; env?: Record<string, string>; name: string; restartable?: boolean }): Promise<Stack> {
  const root = process.cwd();
  const app = `http://localhost:${options.appPort}`;
  const sandbox = `http://127.0.0.1:${options.sandboxPort}`;
  const env: Record<string, string> = {
    PORT: String(options.appPort),
    SANDBOX_PORT: String(options.sandboxPort),
    SANDBOX_DATA_DIR: path.join(root, ".data", `bench-${options.name}-sandbox`),
    APP_DATA_DIR: path.join(root, ".data", `bench-${options.name}-app`),
    NE_API_BASE_URL: "",
    DATABASE_URL: "",
    NEXT_TELEMETRY_DISABLED: "1",
    // A benchmark signs in dozens of sessions at once from one address and calls far past what a
    // person would: the limits still count every call (their cost is measured), they never refuse.
    RATE_LIMIT_SIGNIN_PER_MINUTE: "100000",
    RATE_LIMIT_API_PER_MINUTE: "10000000",
    ...options.env,
  };
  if (!options.restartable) {
    const server: RunningServer = await startServer(process.execPath, [path.join(root, "scripts", "start.mjs")], app, env, "/login");
    await waitForHttp(`${sandbox}/users/sign_in/`, 600_000);
    return {
      app,
      sandbox,
      restartApp: () => Promise.reject(new Error("startStack: restartApp needs restartable")),
      stop: () => server.stop(),
    };
  }
  // The sandbox generates its data on its first start (minutes for large SANDBOX_ORDERS).
  const sandboxServer = await startServer(
    path.join(root, "node_modules", ".bin", "tsx"),
    [path.join(root, "sandbox", "main.ts")],
    sandbox,
    { ...env, SANDBOX_REDIRECT_URI: `${app}/auth/callback` },
    "/users/sign_in/",
    600_000,
  );
  const appEnv = { ...env, NE_API_BASE_URL: sandbox, NE_LOGIN_BASE_URL: sandbox, AUTH_URL: app, ...SANDBOX_CLIENT };
  // The dashboard's server itself (`next start`), not start.mjs: a restart never builds, so
  // every sample of a run is of the build the run started with, whatever changes in the tree.
  const startApp = () => startServer(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "start"], app, appEnv, "/login");
  let appServer: RunningServer | undefined;
  try {
    appServer = await startApp();
  } catch (err) {
    await sandboxServer.stop();
    throw err;
  }
  return {
    app,
    sandbox,
    async restartApp() {
      await appServer?.stop();
      appServer = undefined;
      appServer = await startApp();
    },
    async stop() {
      await appServer?.stop();
      await sandboxServer.stop();
    },
  };
}

/** Signs in through /auth/start → the sandbox's form → /auth/callback; returns the Cookie header. */
export async function dashboardSession(app: string, login: string): Promise<string> {
  const start = await fetch(`${app}/auth/start?from=/orders`, { redirect: "manual" });
  const signInUrl = new URL(start.headers.get("location") ?? "");
  // The return-to page and the sign-in nonce: the callback signs in without asking only with the nonce.
  const startCookies = start.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const posted = await fetch(new URL("/users/sign_in/", signInUrl), {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      "user[login_code]": login,
      "user[password]": "sandbox",
      client_id: signInUrl.searchParams.get("client_id") ?? "",
      redirect_uri: signInUrl.searchParams.get("redirect_uri") ?? "",
    }),
  });
  const callback = posted.headers.get("location");
  if (!callback) throw new Error(`sandbox sign-in answered ${posted.status}`);
  const done = await fetch(callback, { redirect: "manual", headers: { cookie: startCookies } });
  const cookies = done.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.startsWith("backyard.session"));
  if (cookies.length === 0) throw new Error(`no session cookie after the callback (HTTP ${done.status})`);
  return cookies.join("; ");
}
