import "server-only";
// The one session check of the route handlers that read the session (grid storage, uploads, the
// board): the session's store key (lib/auth/session.ts), then the gateway's check of the idle timeout and the
// absolute lifetime, as lib/auth/require-session.ts does for pages and the BFF's calls do in the
// gateway. A live session's call counts as activity; an ended one is deleted and answered 401 with
// why (`reason`: idle or expired, the words of /login?reason=), so no route answers for a sign-in
// the BFF already refuses.
import type { SessionCheck } from "@/lib/gateway/gateway";
import { getNeServer } from "@/lib/gateway/server";
import type { TokenSession } from "@/lib/gateway/token-store";
import { noSession, problem } from "@/lib/http/json-route";
import { currentSession } from "./session";

export interface RouteSession {
  /** The token store's key (what the gateway calls with). */
  key: string;
  /** The stored session: company, person, sign-in time. */
  session: TokenSession;
  /** The person's name from the session (the upload journal shows it). */
  personName: string;
}

/** The 401 of an ended sign-in: `session-idle` or `session-absolute`, as the BFF answers them. */
export function endedSessionResponse(ended: Extract<SessionCheck, { ended: unknown }>["ended"]): Response {
  if (ended === "gone") return noSession();
  const reason = ended === "idle" ? "idle" : "expired";
  const message = ended === "idle" ? "the session was idle too long: sign in again" : "the session reached its lifetime: sign in again";
  return problem(401, `session-${ended}`, message, { extra: { reason } });
}

/**
 * The current request's live session, or the 401 to answer (signed out, or the sign-in ended).
 * `touch: false` for a look the page takes on its own (a background job's status, polled): not
 * the person's activity, so it does not hold off their idle timeout.
 */
export async function routeSession(options: { touch?: boolean } = {}): Promise<RouteSession | { response: Response }> {
  const current = await currentSession();
  if (!current) return { response: noSession() };
  const checked = await (await getNeServer()).gateway.check(current.key, { touch: options.touch });
  if ("ended" in checked) return { response: endedSessionResponse(checked.ended) };
  return { key: current.key, session: checked.session, personName: current.profile.personName };
}
