import "server-only";
// next-auth v5: one Credentials provider whose `authorize` turns the sign-in step's uid and state
// into tokens through /api_neauth. The tokens go to the server-side token store; the session JWT
// (an httpOnly cookie) holds only the store's opaque key and the display profile.
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { encode as encodeJwt, type JWT } from "next-auth/jwt";
import { z } from "zod";
import { serverEnv } from "@/lib/env";
import { getNeServer } from "@/lib/gateway/server";
import { sessionLimits } from "@/lib/gateway/session-policy";
import { SignInError, exchangeUidState, takePendingSignIn } from "./sign-in";
import { PLAIN_SESSION_COOKIE, SECURE_SESSION_COOKIE } from "./cookie-names";
import { inServerRead } from "./server-read";

const SESSION_COOKIE = secureCookies() ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE;

function secureCookies(): boolean {
  return (process.env.AUTH_URL ?? "").startsWith("https://");
}

/** What the callback routes sign in with: a fresh uid/state pair, or a confirmed pending sign-in. */
const credentialsSchema = z.union([
  z.object({ uid: z.string().min(1).max(512), state: z.string().min(1).max(512) }),
  z.object({ pending: z.string().min(1).max(100), csrf: z.string().min(1).max(100) }),
]);

class NeSignInError extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

export interface SessionProfile {
  companyName: string;
  personName: string;
}

declare module "next-auth" {
  interface User {
    companyName?: string;
    companyNeId?: string;
    picNeId?: string | null;
  }
  interface Session {
    profile: SessionProfile;
  }
}

/** Seconds the session token may live from now: `maxAge`, never past the sign-in's lifetime. */
function lifetimeLeftS(token: JWT | undefined, maxAge: number | undefined): number | undefined {
  const endsAt = token?.endsAt;
  if (typeof endsAt !== "number") return maxAge;
  const left = Math.max(1, endsAt - Math.floor(Date.now() / 1000));
  return maxAge === undefined ? left : Math.min(maxAge, left);
}

/** uid + state (or a confirmed pending sign-in) → tokens in the store → the user next-auth puts in the JWT. */
async function authorize(raw: unknown) {
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) throw new NeSignInError("invalid_callback");
  const credentials = parsed.data;
  try {
    if ("pending" in credentials) {
      const user = await takePendingSignIn(credentials.pending, credentials.csrf);
      if (!user) throw new SignInError("confirmation_expired");
      return user;
    }
    return await exchangeUidState(credentials.uid, credentials.state);
  } catch (err) {
    throw new NeSignInError(err instanceof SignInError ? err.code : "upstream-failure");
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: serverEnv().authSecret,
  trustHost: true,
  useSecureCookies: secureCookies(),
  cookies: {
    sessionToken: {
      name: SESSION_COOKIE,
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies() },
    },
  },
  // The cookie lasts no longer than the sign-in may (the absolute lifetime); the store enforces
  // the idle timeout and the lifetime again on every call (lib/gateway/gateway.ts).
  session: { strategy: "jwt", maxAge: Math.floor(sessionLimits().absoluteMs / 1000) },
  // Auth.js re-issues the cookie with a new expiry whenever /api/auth/session is read: the token
  // inside still expires when the sign-in's lifetime does (`endsAt`, written at sign-in).
  jwt: { encode: (params) => encodeJwt({ ...params, maxAge: lifetimeLeftS(params.token, params.maxAge) }) },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    Credentials({
      id: "next-engine",
      name: "NextEngine",
      credentials: { uid: {}, state: {} },
      authorize,
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.sk = user.id;
        token.companyName = user.companyName ?? "";
        token.companyNeId = user.companyNeId ?? "";
        token.picNeId = user.picNeId ?? null;
        token.name = user.name ?? "";
        token.endsAt = Math.floor((Date.now() + sessionLimits().absoluteMs) / 1000);
        return token;
      }
      // Every later read (auth(), GET /api/auth/session): a sign-in that ended (idle, lifetime,
      // signed out, purged) is refused here, so Auth.js clears the cookie and answers as signed
      // out, naming nobody, instead of re-issuing it. Reading it is not activity (no touch).
      // The server's own reads (lib/auth/session.ts) skip this: their callers check the store
      // themselves, with activity and the reason an ended sign-in ended.
      if (typeof token.sk !== "string") return null;
      if (inServerRead()) return token;
      const checked = await (await getNeServer()).gateway.check(token.sk, { touch: false });
      return "session" in checked ? token : null;
    },
    // What a page may know: names to show. The store key stays in the encrypted JWT, and is added
    // only for the server's own reads: this callback also answers GET /api/auth/session.
    session({ session, token }) {
      session.profile = {
        companyName: typeof token.companyName === "string" ? token.companyName : "",
        personName: typeof token.name === "string" ? token.name : "",
      };
      return inServerRead() && typeof token.sk === "string" ? Object.assign(session, { sk: token.sk }) : session;
    },
  },
  events: {
    async signOut(message) {
      const sk = "token" in message && message.token && typeof message.token.sk === "string" ? message.token.sk : undefined;
      if (sk) await (await getNeServer()).gateway.forget(sk);
    },
  },
  logger: {
    // Auth.js logs whole errors; keep them short and free of request data.
    error(error) {
      console.error(`[auth] ${error.name}: ${error.message.split("\n")[0]}`);
    },
    warn() {},
    debug() {},
  },
}));
