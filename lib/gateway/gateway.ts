import "server-only";
// The upstream gateway. The developer site's rules ask for no parallel calls for one user and no
// bursts: a person's calls run one at a time (a per-key lock in this process, and a PostgreSQL
// advisory lock across instances), and a company's at most `callsPerCompany` at once (the company
// queue: in this process on PGlite, the gateway_calls table across instances on PostgreSQL), each
// queue serving interactive calls before background ones. One call at a time also means exactly
// one call rotates an expiring pair and the next ones use the new pair. The tokens an answer
// carries are saved after every response, error or not, with a version check: no rotation is lost.
// A call that meets a rotation it did not see (002002: a writer outside these locks) is retried
// once with the stored pair. A read the API answers busy (003002) is asked once more with
// wait_flag=1, so the API waits instead of refusing.
import type { AppDatabase } from "@/lib/db";
import type { TokenPair, TokenSession, TokenStore } from "./token-store";
import { TOUCH_EVERY_MS, sessionEnded, sessionLimits, type SessionLimits } from "./session-policy";
import type { NeCallOptions, NeCallResult, NeClient, NeRequest } from "@/lib/ne/server/client";
import { LOCAL_CODES, NeError, isNeError, type NeTokens } from "@/lib/ne/errors";
import { createKeyLock } from "./key-lock";
import { createLocalCompanyQueue, createSharedCompanyQueue, DEFAULT_CALLS_PER_COMPANY, type CompanyQueue } from "./company-queue";
import type { CallPriority } from "./priority";
import { upstreamCallLogged } from "@/lib/observability/upstream-log";
import { inSpan, startSpan } from "@/lib/observability/telemetry";
import { getOperation } from "@/lib/ne/registry";

export interface GatewayCallOptions extends NeCallOptions {
  /** Who waits for the call: "interactive" (default, served first) or "background". */
  priority?: CallPriority;
  /**
   * false: no person asked for this call (the analytics schedule's sync), so it is not the
   * session's activity and does not hold off its idle timeout. Default true.
   */
  activity?: boolean;
}

export interface Gateway {
  /** Calls `path` with the tokens of `sessionKey`; throws NeError (auth-expired when the session is gone). */
  call(sessionKey: string, path: string, request?: NeRequest, options?: GatewayCallOptions): Promise<NeCallResult>;
  /** Deletes the session's tokens (sign-out), after the calls already queued for it. */
  forget(sessionKey: string): Promise<void>;
  /**
   * The stored session when it is live (records the activity of a page view or a route's call,
   * unless `touch` is false), or why not: an ended one (idle, lifetime) is deleted and said why.
   */
  check(sessionKey: string, options?: { touch?: boolean }): Promise<SessionCheck>;
}

export type SessionCheck = { session: TokenSession } | { ended: "idle" | "absolute" | "gone" };

export interface GatewayDeps {
  client: NeClient;
  store: TokenStore;
  database: Pick<AppDatabase, "withAdvisoryLock" | "kind" | "db">;
  /** Idle timeout and absolute lifetime (default: sessionLimits() from the environment). */
  limits?: SessionLimits;
  now?: () => number;
  /** Upstream calls of one company in flight at once, across instances (default 3: NE_MAX_CALLS_PER_COMPANY). */
  callsPerCompany?: number;
  /** The company queue (default: in memory on PGlite, shared through the database on PostgreSQL). */
  companyQueue?: CompanyQueue;
}

const SESSION_CACHE_MAX = 5000;

/**
 * A busy answer to a read is safe to ask again with wait_flag=1. Not an upload's: with wait_flag=1
 * the upload call lasts until its job is processed, longer than a call may take, and a timed-out
 * upload may have been queued (lib/uploads/server/send.ts keeps it "stored" for the page to send).
 */
function waitsWhenBusy(err: unknown, path: string, request: NeRequest | undefined): boolean {
  if (!isNeError(err) || err.kind !== "busy" || request?.waitFlag === true) return false;
  const kind = getOperation(path)?.kind;
  return kind === "search" || kind === "count" || kind === "info";
}

function sameTokens(session: TokenPair, tokens: NeTokens): boolean {
  return session.accessToken === tokens.accessToken && session.refreshToken === tokens.refreshToken;
}

export function createGateway({
  client,
  store,
  database,
  limits = sessionLimits(),
  now = Date.now,
  callsPerCompany = DEFAULT_CALLS_PER_COMPANY,
  companyQueue,
}: GatewayDeps): Gateway {
  /** One call at a time per session key (a person's token pair), interactive ones first. */
  const locks = createKeyLock();
  /** How many calls of one company at once, and whose turn it is. */
  const companies =
    companyQueue ?? (database.kind === "postgres" ? createSharedCompanyQueue(database, callsPerCompany) : createLocalCompanyQueue(callsPerCompany));
  /**
   * Decrypted sessions of this process. Embedded PGlite belongs to one process, so the copy here is
   * the truth; on a shared PostgreSQL another instance may have rotated, so a version read (no
   * decryption) confirms the copy before each call.
   */
  const sessions = new Map<string, TokenSession>();

  async function loadSession(key: string): Promise<TokenSession | null> {
    const cached = sessions.get(key);
    if (cached) {
      if (database.kind === "pglite") return cached;
      const version = await inSpan("token-store.version", {}, () => store.version(key));
      if (version === cached.version) return cached;
      sessions.delete(key);
      if (version === null) return null;
    }
    const session = await inSpan("token-store.read", {}, () => store.get(key));
    if (session) {
      if (sessions.size >= SESSION_CACHE_MAX) sessions.delete(sessions.keys().next().value!);
      sessions.set(key, session);
    }
    return session;
  }

  async function forget(key: string): Promise<void> {
    sessions.delete(key);
    await store.delete(key);
  }

  /** The call within its company's slots (a session not in the store is refused by callOnce without a call). */
  async function inCompanySlot<T>(session: TokenSession | null, sessionKey: string, priority: CallPriority, task: () => Promise<T>): Promise<T> {
    const company = (session ?? (await loadSession(sessionKey).catch(() => null)))?.companyNeId;
    return company ? companies.run(company, sessionKey, priority, task) : task();
  }

  /** One store read for a burst of calls of a session not cached yet. */
  const loading = new Map<string, Promise<TokenSession | null>>();
  function firstLoad(key: string): Promise<TokenSession | null> {
    let pending = loading.get(key);
    if (!pending) {
      pending = loadSession(key)
        .catch(() => null) // the call itself meets the failure again, alone
        .finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  /**
   * One call alone: this process's lock, then the instances' advisory lock, then a slot of the
   * company (in that order: a company slot is only ever held by a call that can go at once).
   * A session this process has not seen yet (the first page after sign-in, or after a restart) is
   * read first: its company names the slots.
   */
  async function call(
    sessionKey: string,
    path: string,
    request: NeRequest | undefined,
    options: NeCallOptions | undefined,
    priority: CallPriority,
    activity: boolean,
  ): Promise<NeCallResult> {
    const session = sessions.get(sessionKey) ?? (await firstLoad(sessionKey));
    const wait = startSpan("gateway.queue-wait", { "backyard.priority": priority });
    return locks.run(
      sessionKey,
      () =>
        database.withAdvisoryLock(`ne-session:${sessionKey}`, () =>
          inCompanySlot(session, sessionKey, priority, async () => {
            wait.end();
            try {
              return await callOnce(sessionKey, path, request, options, activity);
            } catch (err) {
              // 002002: the pair was rotated by a writer outside these locks; the store has the newer one. Once.
              if (isNeError(err) && err.kind === "stale-token") {
                sessions.delete(sessionKey);
                return callOnce(sessionKey, path, request, options, activity);
              }
              throw err;
            }
          }),
        ),
      priority,
    );
  }

  /**
   * Saves `tokens` when they differ from the stored pair (a rotation: answers true); a version
   * conflict re-reads and retries.
   */
  async function persist(session: TokenSession, tokens: NeTokens | null | undefined): Promise<boolean> {
    if (!tokens || sameTokens(session, tokens)) return false;
    const pair: TokenPair = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenEndDate: tokens.accessTokenEndDate,
      refreshTokenEndDate: tokens.refreshTokenEndDate ?? session.refreshTokenEndDate,
    };
    let version = session.version;
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await inSpan("token-store.save", {}, () => store.save(session.id, version, pair));
      if (result.saved) {
        session.version = result.version;
        Object.assign(session, pair);
        return true;
      }
      // Another writer got in between (an instance without the shared lock). The pair in hand was
      // issued in answer to this call, after the other writer's read: it is the newest.
      if (!result.current) {
        sessions.delete(session.id);
        return true; // signed out meanwhile: nothing to keep
      }
      if (sameTokens(result.current, tokens)) return true;
      version = result.current.version;
    }
    throw new NeError({ code: LOCAL_CODES.internal, kind: "upstream-failure", message: "token store kept changing under a save" });
  }

  /** The session when it is signed in and within its limits, or why not; an ended one is deleted. */
  async function liveSession(sessionKey: string): Promise<SessionCheck> {
    let session = await loadSession(sessionKey);
    if (session && sessionEnded(session, now(), limits)) {
      // A cached copy may miss another instance's activity: decide on the stored row.
      sessions.delete(sessionKey);
      session = await store.get(sessionKey);
      const ended = session ? sessionEnded(session, now(), limits) : null;
      if (ended) {
        await forget(sessionKey);
        return { ended };
      }
      if (session) sessions.set(sessionKey, session);
    }
    return session ? { session } : { ended: "gone" };
  }

  function endedError(ended: "idle" | "absolute" | "gone"): NeError {
    if (ended === "gone") return new NeError({ code: "no-session", kind: "auth-expired", message: "no signed-in session for this key" });
    return new NeError({ code: `session-${ended}`, kind: "auth-expired", message: ended === "idle" ? "the session was idle too long" : "the session reached its lifetime" });
  }

  function touchDue(session: TokenSession): boolean {
    return now() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS;
  }

  /** Writes the session's activity, at most once a TOUCH_EVERY_MS. */
  async function touch(session: TokenSession): Promise<void> {
    if (!touchDue(session)) return;
    session.lastSeenAt = new Date(now());
    await store.touch(session.id, session.lastSeenAt).catch(() => undefined);
  }

  /**
   * The session without waiting, when this process's copy is the truth (embedded PGlite) and it
   * is within its limits: the common case, spared the promises of liveSession.
   */
  function cachedLiveSession(sessionKey: string): TokenSession | undefined {
    if (database.kind !== "pglite") return undefined;
    const session = sessions.get(sessionKey);
    return session && !sessionEnded(session, now(), limits) ? session : undefined;
  }

  async function callOnce(sessionKey: string, path: string, request: NeRequest | undefined, options: NeCallOptions | undefined, activity: boolean) {
    let session = cachedLiveSession(sessionKey);
    if (!session) {
      const live = await liveSession(sessionKey);
      if ("ended" in live) throw endedError(live.ended);
      session = live.session;
    }
    const started = performance.now();
    // The call's own duration, without the token save after it.
    let callMs = -1;
    try {
      const result = await inSpan("upstream.call", { "backyard.operation": path }, () =>
        client.call(path, request, { accessToken: session.accessToken, refreshToken: session.refreshToken }, options),
      );
      callMs = performance.now() - started;
      const rotated = result.tokens && !sameTokens(session, result.tokens) ? await persist(session, result.tokens) : false;
      upstreamCallLogged(path, callMs, null, rotated);
      if (activity && touchDue(session)) await touch(session);
      return result;
    } catch (err) {
      if (callMs < 0) callMs = performance.now() - started;
      let rotated = false;
      if (isNeError(err)) {
        rotated = await persist(session, err.tokens);
        if (err.kind === "auth-expired") await forget(sessionKey);
        else if (activity) await touch(session);
      }
      upstreamCallLogged(path, callMs, err, rotated);
      throw err;
    }
  }

  return {
    forget(sessionKey) {
      return locks.run(sessionKey, () => forget(sessionKey));
    },
    async check(sessionKey, options) {
      const live = await liveSession(sessionKey);
      if ("session" in live && options?.touch !== false) await touch(live.session);
      return live;
    },
    async call(sessionKey, path, request, options) {
      const { priority = "interactive", activity = true, ...callOptions } = options ?? {};
      try {
        return await call(sessionKey, path, request, callOptions, priority, activity);
      } catch (err) {
        if (waitsWhenBusy(err, path, request)) return call(sessionKey, path, { ...request, waitFlag: true }, callOptions, priority, activity);
        throw err;
      }
    },
  };
}
