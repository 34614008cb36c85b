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
