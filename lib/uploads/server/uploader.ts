import "server-only";
// Who the current request uploads as: the session's stored token row gives the company and the
// person (never the request), the session cookie gives the name shown in the journal, and the
// session key is what the gateway sends the upstream calls with. The session is checked as on
// every route that reads it (lib/auth/route-session.ts: idle timeout and lifetime).
import { routeSession } from "@/lib/auth/route-session";
import { gridOwnerOf } from "@/lib/grid/server/store";
import type { Uploader } from "./send";

/** The signed-in uploader, or the 401 to answer when the session is gone or has ended. */
export async function currentUploader(): Promise<{ uploader: Uploader } | { response: Response }> {
  const live = await routeSession();
  if ("response" in live) return live;
  return { uploader: { owner: { ...gridOwnerOf(live.session), personName: live.personName }, sessionKey: live.key } };
}
