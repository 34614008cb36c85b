import "server-only";
// Who the current request uploads as: the session's stored token row gives the company and the
// person (never the request), the session JWT's profile gives the name shown in the journal, and
// the session key is what the gateway sends the upstream calls with.
import { auth } from "@/lib/auth/config";
import { currentSessionKey } from "@/lib/auth/session";
import { gridOwnerOf } from "@/lib/grid/server/store";
import { getNeServer } from "@/lib/gateway/server";
import type { Uploader } from "./send";

/** The signed-in uploader, or null when the session or its stored tokens are gone. */
export async function currentUploader(): Promise<Uploader | null> {
  const sessionKey = await currentSessionKey();
  if (!sessionKey) return null;
  const stored = await (await getNeServer()).store.get(sessionKey);
  if (!stored) return null;
  const session = await auth();
  return { owner: { ...gridOwnerOf(stored), personName: session?.profile.personName ?? "" }, sessionKey };
}
