import "server-only";
// Marks a session read made by the server's own code (currentSession in lib/auth/session.ts). The
// session callbacks (lib/auth/config.ts) answer two readers: auth() on the server and GET
// /api/auth/session, which the browser reads. Only inside this mark do they add the token store's
// key, so the key never reaches the browser.
import { AsyncLocalStorage } from "node:async_hooks";

const serverReads = new AsyncLocalStorage<true>();

/** Runs `read` marked as the server's own session read. */
export function asServerRead<T>(read: () => Promise<T>): Promise<T> {
  return serverReads.run(true, read);
}

/** True inside asServerRead: the session read is the server's, never answered to a browser. */
export function inServerRead(): boolean {
  return serverReads.getStore() === true;
}
