import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { builtinRules } from "eslint/use-at-your-own-risk";

// ── Boundaries ────────────────────────────────────────────────────────────────────────────────
// Where code may import from (README.md, "Boundaries"). Server-only code lives in lib/auth, lib/db,
// lib/gateway, lib/http, lib/observability, lib/security, lib/env.ts, lib/startup-checks.ts, or a folder named
// `server/` (lib/ne/server, lib/bff/server, lib/grid/server, lib/uploads/server). Every other lib
// module is browser-safe. lib/boundaries.test.ts proves each rule below reports its violation.
//
// Each boundary is its own copy of ESLint's `no-restricted-imports`: flat config keeps one options
// list per rule name and file, so one shared rule name would let a later block silently replace an
// earlier block's restrictions for the files both match.

const noRestrictedImports = builtinRules.get("no-restricted-imports");

/** A regex for an import source: `@/<path>` or a relative path leaving its folder towards it. */
const appPath = (path) => `^(@/|(\\.\\./)+)${path}`;

// Server-only folders and files. lib/auth/actions.ts is its one exception: server actions
// ("use server") are how the browser calls the server, and Next turns their import into a call.
const SERVER_DIRS = "auth(?!/actions$)|db|gateway|http|observability|security";
const SERVER_FILES = "env|startup-checks";
const SERVER_ONLY_MESSAGE =
  "browser code never imports server-only modules (lib/auth, lib/db, lib/env, lib/gateway, lib/http, lib/observability, lib/security, lib/startup-checks, any server/ folder); pass the data in from a page or route instead";

const serverOnlyPatterns = [
  { regex: `^(@/lib/|(\\.\\./)+(lib/)?)(${SERVER_DIRS})(/|$)`, message: SERVER_ONLY_MESSAGE },
  { regex: `^(@/lib/|(\\.\\./)+(lib/)?)(${SERVER_FILES})$`, message: SERVER_ONLY_MESSAGE },
  { regex: "^(@/lib/|\\.{1,2}/)(.+/)?server(/|$)", message: SERVER_ONLY_MESSAGE },
  {
    regex: "^server-only$",
    message: "a module that is server-only lives in a server folder (lib/auth, lib/db, lib/gateway, lib/http, lib/observability, lib/security) or a server/ folder, not beside browser code",
  },
];

/** The files the browser may load: components and every lib module outside the server folders. */
const BROWSER_FILES = ["components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"];
const SERVER_FILE_GLOBS = [
  "lib/auth/**",
  "lib/db/**",
  "lib/gateway/**",
  "lib/http/**",
  "lib/observability/**",
  "lib/security/**",
  "lib/**/server/**",
  "lib/env.ts",
  "lib/startup-checks.ts",
  "lib/test/**",
  // Tests and fixture generators run in Node and may start servers.
  "**/*.test.{ts,tsx}",
  "lib/csv/fixtures/**",
];

const layerBelow = (dirs, message) => [{ regex: appPath(`(lib/)?(${dirs})(/|$)`), message }];

const REGISTRY_MESSAGE =
  "the registry is data the browser, the server and the sandbox share: it imports nothing of the app but lib/ne/codes (no session, no server module)";
const SANDBOX_MESSAGE = "the sandbox takes from the app only the registry (@/lib/ne/registry) and the codes (@/lib/ne/codes)";
const REGISTRY_OR_CODES = "lib/ne/registry(/|$)|lib/ne/codes$";

/**
 * Blocks that keep `folder`'s imports inside it: `@/` paths must match `alias`, and a relative path
 * that leaves the folder must match `relative` from where it lands (flat config matches files by
 * glob, not depth, so there is one block per depth of the folder's files).
 */
function confined({ rule, folder, files = "*.{ts,tsx,mts,mjs}", alias, relative, message }) {
  return [1, 2, 3, 4].map((depth) => ({
    files: [`${folder}/${"*/".repeat(depth - 1)}${files}`],
    rules: {
      [`boundaries/${rule}`]: [
        "error",
        {
          patterns: [
            { regex: `^@/(?!${alias})`, message },
            { regex: `^(\\.\\./){${depth}}(?!${relative})`, message },
          ],
        },
      ],
    },
  }));
}

/** The "use client" rule: a module with that directive imports nothing server-only, statically or not. */
const useClientRule = {
  meta: {
    type: "problem",
    docs: { description: "a \"use client\" module (and any dynamic import() of browser code) imports no server-only module" },
    schema: [{ type: "object", properties: { browserFile: { type: "boolean" } }, additionalProperties: false }],
    messages: { restricted: "'{{source}}' is imported by browser code: {{message}}" },
  },
  create(context) {
    const browserFile = context.options[0]?.browserFile === true;
    const useClient = context.sourceCode.ast.body.some((s) => s.type === "ExpressionStatement" && s.directive === "use client");
    if (!browserFile && !useClient) return {};
    const compiled = serverOnlyPatterns.map((p) => ({ re: new RegExp(p.regex, "u"), message: p.message }));
    const check = (source) => {
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const hit = compiled.find((p) => p.re.test(source.value));
      if (hit) context.report({ node: source, messageId: "restricted", data: { source: source.value, message: hit.message } });
    };
    // In the browser folders `boundaries/browser-imports` already checks the static imports.
    const statics = browserFile
      ? {}
      : {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
        };
    return { ...statics, ImportExpression: (node) => check(node.source) };
  },
};

const boundaries = {
  rules: {
    "browser-imports": noRestrictedImports,
    "lib-imports": noRestrictedImports,
    "ne-imports": noRestrictedImports,
    "gateway-imports": noRestrictedImports,
    "http-imports": noRestrictedImports,
    "registry-imports": noRestrictedImports,
    "sandbox-imports": noRestrictedImports,
    "use-client": useClientRule,
  },
};

const boundaryConfig = [
  { plugins: { boundaries } },
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    rules: { "boundaries/use-client": "error" },
  },
  {
    files: BROWSER_FILES,
    ignores: SERVER_FILE_GLOBS,
    rules: {
      "boundaries/browser-imports": ["error", { patterns: serverOnlyPatterns }],
      "boundaries/use-client": ["error", { browserFile: true }],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    rules: {
      "boundaries/lib-imports": [
        "error",
        { patterns: [{ regex: appPath("components(/|$)"), message: "lib/ never imports components/: move the shared type or function down into lib/" }] },
      ],
    },
  },
  {
    // The API layer under everything: no session, no token store, no configuration of its own.
    files: ["lib/ne/**/*.{ts,tsx}"],
    rules: {
      "boundaries/ne-imports": [
        "error",
        {
          patterns: layerBelow(
            "auth|gateway|db|env|http|security|bff|grid|query|uploads|csv",
            "lib/ne is the API alone: it knows no session, gateway, database or page code (those import lib/ne, not the other way)",
          ),
        },
      ],
    },
  },
  {
    // lib/auth signs people in on top of the gateway; the gateway never reaches back.
    files: ["lib/gateway/**/*.{ts,tsx}"],
    rules: {
      "boundaries/gateway-imports": [
        "error",
        { patterns: layerBelow("auth|bff|grid|uploads|query", "lib/gateway sits below lib/auth and the routes: they import it, never the other way") },
      ],
    },
  },
  {
    // Request plumbing (bodies, origins, JSON answers) under the routes, auth and the gateway.
    files: ["lib/http/**/*.{ts,tsx}"],
    rules: {
      "boundaries/http-imports": [
        "error",
        { patterns: layerBelow("auth|gateway|bff|grid|uploads|query", "lib/http is request plumbing under lib/auth, the gateway and the routes: they import it, never the other way") },
      ],
    },
  },
  ...confined({ rule: "registry-imports", folder: "lib/ne/registry", alias: REGISTRY_OR_CODES, relative: "codes$", message: REGISTRY_MESSAGE }),
  ...confined({ rule: "sandbox-imports", folder: "sandbox", alias: REGISTRY_OR_CODES, relative: REGISTRY_OR_CODES, message: SANDBOX_MESSAGE }),
  // The sandbox's tests may also use the shared PostgreSQL test helper.
  ...confined({
    rule: "sandbox-imports",
    folder: "sandbox",
    files: "*.test.ts",
    alias: `${REGISTRY_OR_CODES}|lib/test/`,
    relative: `${REGISTRY_OR_CODES}|lib/test/`,
    message: SANDBOX_MESSAGE,
  }),
];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
    },
  },
  ...boundaryConfig,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      ".data/**",
      "next-env.d.ts",
      "playwright-report/**",
      "test-results/**",
      "bench/results/**",
    ],
  },
];

export default config;
