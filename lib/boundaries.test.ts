// The import boundaries of eslint.config.mjs, proven on small snippets linted as if they were files
// of the project: each rule reports its violation (so a rule dropped from the config, or a pattern
// that stopped matching, fails here), and the imports each boundary allows stay allowed.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary rules `code` breaks as the file `file` (a path from the project's root). */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) });
  if (!result) throw new Error(`${file}: not linted`);
  const fatal = result.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return result.messages.map((m) => m.ruleId ?? "").filter((id) => id.startsWith("boundaries/"));
}

const use = (source: string) => `import { x } from "${source}";\nexport const y = x;`;

describe("browser code imports no server-only module (boundaries/browser-imports)", () => {
  it.each([
    ["components/orders/new-thing.tsx", "@/lib/db"],
    ["components/orders/new-thing.tsx", "@/lib/db/schema"],
    ["components/orders/new-thing.tsx", "@/lib/env"],
    ["components/orders/new-thing.tsx", "@/lib/auth/session"],
    ["components/orders/new-thing.tsx", "@/lib/gateway/server"],
    ["components/orders/new-thing.tsx", "@/lib/http/json-route"],
    ["components/orders/new-thing.tsx", "@/lib/security/rate-limit"],
    ["components/orders/new-thing.tsx", "@/lib/observability/log"],
    ["components/orders/new-thing.tsx", "@/lib/grid/server/store"],
    ["components/orders/new-thing.tsx", "@/lib/uploads/server/journal"],
    ["components/orders/new-thing.tsx", "@/lib/ne/server/client"],
    ["components/orders/new-thing.tsx", "../../lib/db"],
    ["lib/grid/new-thing.ts", "./server/store"],
    ["lib/grid/new-thing.ts", "../db"],
    ["lib/query/new-thing.ts", "@/lib/bff/server/proxy"],
    ["lib/csv/new-thing.ts", "@/lib/startup-checks"],
    ["lib/uploads/new-thing.ts", "./server/uploads"],
    ["lib/ne/new-thing.ts", "./server/transport"],
  ])("%s may not import %s", async (file, source) => {
    expect(await broken(file, use(source))).toContain("boundaries/browser-imports");
  });

  it("nor re-export one, nor start with `import \"server-only\"` (such a module belongs in a server folder)", async () => {
    expect(await broken("components/ui/new-thing.ts", 'export { getDatabase } from "@/lib/db";')).toContain("boundaries/browser-imports");
    expect(await broken("lib/grid/new-thing.ts", 'import "server-only";\nexport const y = 1;')).toContain("boundaries/browser-imports");
  });

  it("allows the browser-safe modules and the server actions", async () => {
    for (const source of ["@/lib/grid/preferences", "@/lib/query/hooks", "@/lib/ne/registry/types", "@/lib/ne/errors", "@/lib/uploads/contract", "@/lib/bff/operation-request", "@/lib/auth/actions", "../../lib/csv"]) {
      expect(await broken("components/orders/new-thing.tsx", use(source)), source).toEqual([]);
    }
  });

  it("leaves the server folders and tests alone", async () => {
    expect(await broken("lib/grid/server/new-thing.ts", `import "server-only";\n${use("@/lib/db")}`)).toEqual([]);
    expect(await broken("lib/uploads/server/new-thing.ts", use("@/lib/gateway/server"))).toEqual([]);
    expect(await broken("lib/grid/new-thing.test.ts", use("./server/store"))).toEqual([]);
  });
});

describe('a "use client" module anywhere, and any dynamic import() of browser code (boundaries/use-client)', () => {
  it('reports a server-only import in a "use client" file outside the browser folders', async () => {
    const code = `"use client";\n${use("@/lib/gateway/server")}`;
    expect(await broken("app/(dashboard)/new-thing.tsx", code)).toContain("boundaries/use-client");
    expect(await broken("app/(dashboard)/new-thing.tsx", `"use client";\n${use("../../lib/db")}`)).toContain("boundaries/use-client");
    // The same import in a server component is fine.
    expect(await broken("app/(dashboard)/new-thing.tsx", use("@/lib/gateway/server"))).toEqual([]);
    expect(await broken("app/(dashboard)/new-thing.tsx", `"use client";\n${use("@/lib/auth/actions")}`)).toEqual([]);
  });

  it("reports import() of a server-only module from browser code", async () => {
    const code = 'export const load = () => import("@/lib/db");';
    expect(await broken("components/ui/new-thing.ts", code)).toContain("boundaries/use-client");
    expect(await broken("lib/query/new-thing.ts", 'export const load = () => import("../grid/server/store");')).toContain("boundaries/use-client");
    expect(await broken("components/ui/new-thing.ts", 'export const load = () => import("@/lib/csv");')).toEqual([]);
  });
});

describe("lib/ never imports components/ (boundaries/lib-imports)", () => {
  it.each([
    ["lib/grid/new-thing.ts", "@/components/data-grid/grid-definition"],
    ["lib/grid/server/new-thing.ts", "../../../components/ui/button"],
    ["lib/auth/new-thing.ts", "@/components/shell/header"],
  ])("%s may not import %s", async (file, source) => {
    expect(await broken(file, use(source))).toContain("boundaries/lib-imports");
  });

  it("components may import lib", async () => {
    expect(await broken("components/ui/new-thing.ts", use("@/lib/grid/format"))).toEqual([]);
  });
});

describe("the layers under the session go one way", () => {
  it.each([
    ["lib/ne/new-thing.ts", "@/lib/auth/session"],
    ["lib/ne/server/new-thing.ts", "@/lib/gateway/token-store"],
    ["lib/ne/server/new-thing.ts", "../../db"],
    ["lib/ne/server/new-thing.ts", "@/lib/env"],
  ])("lib/ne knows no session (boundaries/ne-imports): %s may not import %s", async (file, source) => {
    expect(await broken(file, use(source))).toContain("boundaries/ne-imports");
  });

  it("the gateway never imports lib/auth (boundaries/gateway-imports)", async () => {
    expect(await broken("lib/gateway/new-thing.ts", use("@/lib/auth/session"))).toContain("boundaries/gateway-imports");
    expect(await broken("lib/gateway/new-thing.ts", use("../auth/config"))).toContain("boundaries/gateway-imports");
    expect(await broken("lib/gateway/new-thing.ts", use("@/lib/ne/server/client"))).toEqual([]);
  });

  it("lib/http never imports lib/auth or the gateway (boundaries/http-imports)", async () => {
    expect(await broken("lib/http/new-thing.ts", use("@/lib/auth/public-origin"))).toContain("boundaries/http-imports");
    expect(await broken("lib/http/new-thing.ts", use("../gateway/server"))).toContain("boundaries/http-imports");
    expect(await broken("lib/http/new-thing.ts", use("@/lib/ne/errors"))).toEqual([]);
  });

  it("lib/auth may use the gateway and lib/http", async () => {
    expect(await broken("lib/auth/new-thing.ts", `${use("@/lib/gateway/server")}\nimport { json } from "@/lib/http/json-route";\nexport const w = json;`)).toEqual([]);
  });
});

describe("the registry knows no session, nor anything of the app but the codes (boundaries/registry-imports)", () => {
  it.each([
    ["lib/ne/registry/new-thing.ts", "@/lib/auth/session"],
    ["lib/ne/registry/new-thing.ts", "@/lib/db"],
    ["lib/ne/registry/new-thing.ts", "@/lib/gateway/gateway"],
    ["lib/ne/registry/new-thing.ts", "../server/client"],
    ["lib/ne/registry/new-thing.ts", "../errors"],
    ["lib/ne/registry/resources/new-thing.ts", "../../errors"],
    ["lib/ne/registry/resources/new-thing.ts", "@/lib/grid/format"],
  ])("%s may not import %s", async (file, source) => {
    expect(await broken(file, use(source))).toContain("boundaries/registry-imports");
  });

  it("allows its own modules and the codes", async () => {
    expect(await broken("lib/ne/registry/new-thing.ts", `${use("./types")}\nimport { NE_CODES } from "../codes";\nexport const c = NE_CODES;`)).toEqual([]);
    expect(await broken("lib/ne/registry/resources/new-thing.ts", `${use("../field")}\nimport { NE_CODES } from "@/lib/ne/codes";\nexport const c = NE_CODES;`)).toEqual([]);
  });
});

describe("the sandbox takes only the registry and the codes from the app (boundaries/sandbox-imports)", () => {
  it.each([
    ["sandbox/new-thing.ts", "../lib/db"],
    ["sandbox/new-thing.ts", "../lib/ne/server/client"],
    ["sandbox/new-thing.ts", "../lib/ne/errors"],
    ["sandbox/new-thing.ts", "@/lib/auth/session"],
    ["sandbox/new-thing.ts", "@/lib/grid/format"],
    ["sandbox/new-thing.ts", "../components/ui/button"],
    ["sandbox/uploads/new-thing.ts", "../../lib/csv"],
    ["sandbox/uploads/new-thing.ts", "@/lib/ne/server/client"],
    ["sandbox/new-thing.ts", "../lib/test/postgres"],
  ])("%s may not import %s", async (file, source) => {
    expect(await broken(file, use(source))).toContain("boundaries/sandbox-imports");
  });

  it("allows the registry, the codes, its own modules and npm packages; its tests may use the PostgreSQL helper", async () => {
    const allowed = ["../lib/ne/registry", "../lib/ne/registry/types", "../lib/ne/codes", "@/lib/ne/registry", "@/lib/ne/codes", "./db", "hono"];
    for (const source of allowed) expect(await broken("sandbox/new-thing.ts", use(source)), source).toEqual([]);
    for (const source of ["../db", "../../lib/ne/registry/types", "./table"]) expect(await broken("sandbox/uploads/new-thing.ts", use(source)), source).toEqual([]);
    expect(await broken("sandbox/new-thing.test.ts", use("../lib/test/postgres"))).toEqual([]);
    expect(await broken("sandbox/uploads/new-thing.test.ts", use("../../lib/test/postgres"))).toEqual([]);
  });
});
