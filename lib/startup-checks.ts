// Checks a production server makes once as it starts (from instrumentation.ts, Node.js only).

/**
 * A production server refuses to start without AUTH_URL: the public origin decides the sign-in's
 * redirect_uri, the Origin checks and the cookies' Secure flag, and guessing it from request
 * headers is what a forged X-Forwarded-Host exploits. (`npm start` on the embedded sandbox sets it
 * to http://localhost:PORT: scripts/start.mjs.)
 */
export function refuseToStartWithoutAuthUrl(): void {
  if (process.env.NODE_ENV === "production" && !process.env.AUTH_URL) {
    console.error("[backyard] AUTH_URL is not set: set it to the public origin people use (for example https://backyard.example.com). Refusing to start.");
    process.exit(1);
  }
}

/** The shortest AUTH_SECRET accepted: it signs sessions and derives the token store's key. */
export const AUTH_SECRET_MIN_LENGTH = 32;

/**
 * A server refuses to start with an AUTH_SECRET shorter than AUTH_SECRET_MIN_LENGTH (in
 * development too: the secret would be refused at its first use anyway, lib/env.ts). Unset is
 * fine: a local run generates one (lib/env.ts), a production one needs it for every instance.
 */
export function refuseShortAuthSecret(): void {
  const secret = process.env.AUTH_SECRET;
  if (secret && secret.length < AUTH_SECRET_MIN_LENGTH) {
    console.error(
      `[backyard] AUTH_SECRET has ${secret.length} characters; it must have at least ${AUTH_SECRET_MIN_LENGTH} random ones ` +
        "(for example the output of `openssl rand -base64 32`), the same for every instance. Refusing to start.",
    );
    process.exit(1);
  }
}
