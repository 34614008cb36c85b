import "server-only";
// next-auth v5: one Credentials provider whose `authorize` turns the sign-in step's uid and state
// into tokens through /api_neauth. The tokens go to the server-side token store; the session JWT
// (an httpOnly cookie) holds only the store's opaque key and the display profile.
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { serverEnv } from "@/lib/env";
import { getNeServer } from "@/lib/ne/server";
import { isNeError } from "@/lib/ne/errors";
import { PLAIN_SESSION_COOKIE, SECURE_SESSION_COOKIE } from "./cookie-names";

export const SESSION_COOKIE = secureCookies() ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE;

function secureCookies(): boolean {
  return (process.env.AUTH_URL ?? "").startsWith("https://");
}

const credentialsSchema = z.object({
  uid: z.string().min(1).max(512),
  state: z.string().min(1).max(512),
});

const neauthProfileSchema = z.object({
  company_ne_id: z.string().min(1),
  company_name: z.string().nullish(),
  uid: z.string().nullish(),
  pic_ne_id: z.string().nullish(),
  pic_name: z.string().nullish(),
});

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

/** uid + state → tokens in the store → the user next-auth puts in the JWT. */
async function authorize(raw: unknown) {
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) throw new NeSignInError("invalid_callback");
  const env = serverEnv();
  const { client, store, gateway } = await getNeServer();
  let sessionKey: string;
  let profile: z.infer<typeof neauthProfileSchema>;
  try {
    const { envelope, tokens } = await client.call("/api_neauth", {
      params: { uid: parsed.data.uid, state: parsed.data.state, client_id: env.clientId, client_secret: env.clientSecret },
    });
    const p = neauthProfileSchema.safeParse(envelope.extra);
    if (!tokens || !p.success) throw new NeSignInError("bad_upstream_answer");
    profile = p.data;
    sessionKey = await store.create({
      companyNeId: profile.company_ne_id,
      uid: profile.uid ?? parsed.data.uid,
      picNeId: profile.pic_ne_id ?? null,
      tokens: { ...tokens, refreshTokenEndDate: tokens.refreshTokenEndDate },
    });
  } catch (err) {
    if (err instanceof NeSignInError) throw err;
    throw new NeSignInError(isNeError(err) ? err.kind : "upstream-failure");
  }
  // The company's own record names it as the company sees itself; the token answer is the fallback.
  let companyName = profile.company_name ?? "";
  try {
    const info = await gateway.call(sessionKey, "/api_v1_login_company/info");
    companyName = info.envelope.data?.[0]?.company_name ?? companyName;
  } catch {
    // The header falls back to the name /api_neauth gave.
  }
  return {
    id: sessionKey,
    name: profile.pic_name ?? "",
    companyName,
    companyNeId: profile.company_ne_id,
    picNeId: profile.pic_ne_id ?? null,
  };
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
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
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
    jwt({ token, user }) {
      if (user) {
        token.sk = user.id;
        token.companyName = user.companyName ?? "";
        token.companyNeId = user.companyNeId ?? "";
        token.picNeId = user.picNeId ?? null;
        token.name = user.name ?? "";
      }
      return token;
    },
    // What a page may know: names to show. The store key stays in the encrypted JWT.
    session({ session, token }) {
      session.profile = {
        companyName: typeof token.companyName === "string" ? token.companyName : "",
        personName: typeof token.name === "string" ? token.name : "",
      };
      return session;
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
