// The sandbox server: Hono on Node. `createSandbox` builds the app over a prepared database;
// `startSandbox` also listens (port 0 picks a free port, as the tests do).
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { adminRoutes } from "./admin";
import { handleApi, type ApiContext } from "./api";
import { answerImage, IMAGE_ROUTE } from "./images";
import { CallLog, InFlightCalls, OverlapLog } from "./calls";
import { openDb, type SandboxDb } from "./db";
import { FaultBook } from "./faults";
import { Latency } from "./latency";
import type { EnqueueUpload, QueueWorker, StartQueueWorker } from "./hooks";
import { defaultRegistry, RegistryIndex, type SandboxRegistry } from "./registry";
import { prepareDatabase, type DataSource, type PrepareResult } from "./seed";
import { launchApp, showApps, showSignIn, submitSignIn, type SignInContext } from "./sign-in";
import { DEFAULT_REDIRECT_URI } from "./accounts";
import { createClock, type SandboxClock } from "./time";
import * as uploads from "./uploads/index";

export interface SandboxOptions {
  /** An open database to use (the caller closes it); otherwise one is opened from the options below. */
  db?: SandboxDb;
  /** PostgreSQL connection string (SANDBOX_DATABASE_URL). */
  databaseUrl?: string;
  /** PostgreSQL schema for the sandbox tables (default `sandbox`). */
  databaseSchema?: string;
  /** PGlite data directory; `memory` (the default) keeps everything in memory. */
  dataDir?: string;
  /** Enables /__sandbox (SANDBOX_ADMIN=1). */
  admin?: boolean;
  /** The app's registered redirect URI (SANDBOX_REDIRECT_URI; default `DEFAULT_REDIRECT_URI`). */
  redirectUri?: string;
  accessTtlS?: number;
  refreshTtlS?: number;
  /** Base clock (epoch ms); the admin clock offset is added to it. */
  now?: () => number;
  /** Seeding of an empty database: the minimal fixture (default) or the generator when present. */
  data?: DataSource;
  orders?: number;
  seed?: number;
  registry?: SandboxRegistry;
  /** Overrides the upload hook of sandbox/uploads/index.ts. */
  enqueueUpload?: EnqueueUpload;
  /** Starts the upload queue worker (default true when sandbox/uploads exports one). */
  queueWorker?: boolean;
  /** The longest an upload call with `wait_flag=1` waits for its job (default 60,000 ms). */
  uploadWaitMs?: number;
  /** Every API answer waits this long first (SANDBOX_LATENCY_MS), plus up to `latencyJitterMs`. */
  latencyMs?: number;
  latencyJitterMs?: number;
  /** Entries the admin's call log keeps (default 10,000; only with `admin`). */
  callLogCapacity?: number;
  /** Randomness of fault rates and latency jitter (tests make it deterministic). */
  random?: () => number;
  log?: (line: string) => void;
}

export interface Sandbox {
  app: Hono;
  db: SandboxDb;
  clock: SandboxClock;
  faults: FaultBook;
  latency: Latency;
  /** The API calls answered (only with `admin`: GET /__sandbox/calls). */
  calls: CallLog | undefined;
  /** The calls in flight per access token (a second one is refused, 003902). */
  inFlight: InFlightCalls;
  /** The second calls refused so (GET /__sandbox/overlaps with `admin`). */
  overlaps: OverlapLog;
  registry: RegistryIndex;
  prepared: PrepareResult;
  close(): Promise<void>;
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const log = options.log ?? ((line: string) => console.error(line));
  const registry = new RegistryIndex(options.registry ?? defaultRegistry());
  const ownsDb = !options.db;
  const db =
    options.db ??
    (await openDb({
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      ...(options.databaseSchema ? { schema: options.databaseSchema } : {}),
      dataDir: options.dataDir ?? "memory",
    }));
  let worker: QueueWorker | undefined;
  try {
    const prepared = await prepareDatabase(db, registry, {
      data: options.data ?? "minimal",
      orders: options.orders ?? 5000,
      seed: options.seed ?? 1,
      log,
    });
    const clock = createClock(options.now);
    const faults = new FaultBook(options.random);
    const latency = new Latency(options.latencyMs ?? 0, options.latencyJitterMs ?? 0, options.random);
    const calls = options.admin ? new CallLog(options.callLogCapacity) : undefined;
    const inFlight = new InFlightCalls();
    const overlaps = new OverlapLog();
    const ctx: ApiContext = {
      db,
      registry,
      clock,
      faults,
      latency,
      ...(calls ? { calls } : {}),
      inFlight,
      overlaps,
      tokens: {
        accessTtlMs: (options.accessTtlS ?? 86_400) * 1000,
        refreshTtlMs: (options.refreshTtlS ?? 259_200) * 1000,
      },
      enqueueUpload: options.enqueueUpload ?? uploads.enqueueUpload,
      waitForUpload: uploads.waitForUpload,
      ...(options.uploadWaitMs === undefined ? {} : { uploadWaitMs: options.uploadWaitMs }),
      log,
    };
    const startWorker = (uploads as { startQueueWorker?: StartQueueWorker }).startQueueWorker;
    if (options.queueWorker !== false && startWorker) worker = startWorker({ db, clock, registry });

    const app = new Hono();
    app.onError((error, c) => {
      log(`sandbox: ${c.req.path}: ${error.stack ?? error.message}`);
      return c.text("Internal Server Error", 500);
    });
    const signIn: SignInContext = { db, clock, redirectUri: options.redirectUri ?? DEFAULT_REDIRECT_URI };
    for (const path of ["/users/sign_in", "/users/sign_in/"]) {
      app.get(path, (c) => showSignIn(signIn, c.req.raw));
      app.post(path, (c) => submitSignIn(signIn, c.req.raw));
    }
    // The app menu (NextEngine's main function lists the apps a person may start).
    for (const path of ["/apps", "/apps/"]) app.get(path, (c) => showApps(signIn, c.req.raw));
    for (const path of ["/apps/launch", "/apps/launch/"]) app.get(path, (c) => launchApp(signIn, c.req.raw));
    // The admin routes exist exactly when the call log does (SANDBOX_ADMIN).
    if (calls) app.route("/__sandbox", adminRoutes({ db, clock, faults, latency, calls, overlaps, tokens: ctx.tokens }));
    app.all("/__sandbox/*", (c) => c.text("Not Found", 404));
    // The sign-in page's browser asks for a favicon: "none", not a 404 in its console.
    app.get("/favicon.ico", () => new Response(null, { status: 204 }));
    app.get(`${IMAGE_ROUTE}/*`, (c) => answerImage(db, new URL(c.req.url).pathname));
    app.get("/", (c) => c.text("Backyard sandbox: Commerce Back-Office API (see sandbox/README.md)\n"));
    app.all("*", (c) => handleApi(ctx, c.req.raw));

    return {
      app,
      db,
      clock,
      faults,
      latency,
      calls,
      inFlight,
      overlaps,
      registry,
      prepared,
      close: async () => {
        await worker?.stop();
        if (ownsDb) await db.close();
      },
    };
  } catch (error) {
    await worker?.stop();
    if (ownsDb) await db.close();
    throw error;
  }
}

export interface RunningSandbox extends Sandbox {
  url: string;
  port: number;
}

export async function startSandbox(options: SandboxOptions & { port?: number; hostname?: string } = {}): Promise<RunningSandbox> {
  const sandbox = await createSandbox(options);
  const hostname = options.hostname ?? "127.0.0.1";
  let server: ServerType;
  const info = await new Promise<AddressInfo>((resolve, reject) => {
    server = serve({ fetch: sandbox.app.fetch, port: options.port ?? 0, hostname }, resolve);
    server.once("error", reject);
    // An idle kept-alive connection is closed by the client (undici: after 4 s), never by the
    // server first: Node's default 5 s raced a client reusing the socket in the same moment when
    // one process runs both and a long database step delayed their timers (ECONNRESET in tests).
    if ("keepAliveTimeout" in server) {
      server.keepAliveTimeout = 65_000;
      server.headersTimeout = 66_000;
    }
  }).catch(async (error: unknown) => {
    await sandbox.close();
    throw error;
  });
  const url = `http://${hostname}:${info.port}`;
  return {
    ...sandbox,
    url,
    port: info.port,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      await sandbox.close();
    },
  };
}
