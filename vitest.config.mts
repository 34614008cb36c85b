import { defineConfig } from "vitest/config";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // `server-only` throws outside a React Server environment; tests run server code directly.
      "server-only": path.join(root, "lib/test/server-only-stub.ts"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "sandbox/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // next-auth imports "next/server" and "next/headers" as only a bundler resolves them: run it
    // through Vite, so the session tests (lib/auth/session.test.ts) load the real library.
    server: { deps: { inline: ["next-auth"] } },
    // The request log is silent in tests; lib/observability's own tests capture it at info.
    env: { LOG_LEVEL: "silent" },
  },
});
