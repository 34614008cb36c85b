// The sign-in page and the app menu of the sandbox (DESIGN.md "Contracts"), as NextEngine's own:
// - `GET /users/sign_in/?client_id&redirect_uri` shows a form; `POST /users/sign_in/` checks the
//   login and answers 302 to `redirect_uri?uid=..&state=..` (state single-use, valid 5 minutes).
//   The redirect_uri must be exactly the app's registered one (SANDBOX_REDIRECT_URI), query
//   included; another is a 400 page, as a registered-URI check would answer.
// - Without client_id and redirect_uri the same page signs the person in to the sandbox itself (a
//   session cookie on the sandbox's host, as NextEngine's own sign-in) and goes on to the app menu.
//   A sign-in through an app's form signs in to the sandbox too.
// - `GET /apps` is the app menu (sign-in first when signed out); its link `/apps/launch/?id=..`
//   sends the signed-in person to the app's registered redirect URI with a fresh uid and state.
// A wrong login shows the form again with an error.
import { createHmac, randomBytes } from "node:crypto";
import { SANDBOX_APP, SANDBOX_COMPANIES } from "./accounts";
import { createState, findUserByLogin, findUserByUid, type UserRecord } from "./auth";
import type { SandboxDb } from "./db";
import { readRequestParams } from "./request-params";
import type { SandboxClock } from "./time";

/** What the sign-in pages and the app menu need of a sandbox. */
export interface SignInContext {
  db: SandboxDb;
  clock: SandboxClock;
  /** The app's registered redirect URI (SANDBOX_REDIRECT_URI). */
  redirectUri: string;
}

/** The sandbox's own session (signed in to "NextEngine"), on the sandbox's host. */
export const SANDBOX_SESSION_COOKIE = "sandbox_session";
const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
// Per process: a restart signs everyone out of the sandbox (never out of the dashboard).
const SESSION_SECRET = randomBytes(32);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface FormState {
  /** The app signing in, or none: a sign-in to the sandbox itself (then the app menu). */
  app?: { clientId: string; redirectUri: string };
  loginCode?: string;
  error?: string;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, "Hiragino Sans", "Noto Sans JP", sans-serif; background: #f4f5f7; margin: 0; }
  main { max-width: 22rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  label { display: block; margin: 1rem 0 .25rem; font-size: .9rem; }
  input[type=text], input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; }
  button { margin-top: 1.5rem; width: 100%; padding: .6rem; font-size: 1rem; background: #1f6feb; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
  .error { color: #b00020; background: #fdecee; padding: .5rem; border-radius: 4px; }
  .hint { color: #555; font-size: .8rem; margin-top: 1.5rem; }
  ul.apps { list-style: none; padding: 0; }
  ul.apps a { display: block; padding: .75rem 1rem; border: 1px solid #d0d7de; border-radius: 6px; color: #1f6feb; text-decoration: none; font-weight: 600; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function formHtml(state: FormState): string {
  const error = state.error ? `<p class="error" role="alert">${escapeHtml(state.error)}</p>` : "";
  const app = state.app
    ? `
  <input type="hidden" name="client_id" value="${escapeHtml(state.app.clientId)}">
  <input type="hidden" name="redirect_uri" value="${escapeHtml(state.app.redirectUri)}">`
    : "";
  return page(
    "ログイン | Sandbox",
    `<h1>ログイン（サンドボックス）</h1>
${error}
<form method="post" action="/users/sign_in/">${app}
  <label for="user_login_code">ログインID（メールアドレス）</label>
  <input type="text" id="user_login_code" name="user[login_code]" autocomplete="username" value="${escapeHtml(state.loginCode ?? "")}" required autofocus>
  <label for="user_password">パスワード</label>
  <input type="password" id="user_password" name="user[password]" autocomplete="current-password" required>
  <button type="submit">ログイン</button>
</form>
<p class="hint">staff@sandbox.test / manager@sandbox.test / operator@another.test（パスワード: sandbox）</p>`,
  );
}

function html(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8", ...headers } });
}

function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 302, headers: { location, ...headers } });
}

type AppCheck = { kind: "app"; clientId: string; redirectUri: string } | { kind: "sandbox" } | { kind: "refused"; message: string };

/**
 * Neither client_id nor redirect_uri: a sign-in to the sandbox itself. Otherwise the app must be
 * known and the redirect_uri exactly the registered one (its query too), as a registered-URI check.
 */
function checkApp(ctx: SignInContext, clientId: string | undefined, redirectUri: string | undefined): AppCheck {
  if (clientId === undefined && redirectUri === undefined) return { kind: "sandbox" };
  if (clientId !== SANDBOX_APP.clientId) return { kind: "refused", message: "アプリが見つかりません (unknown client_id)" };
  if (!redirectUri) return { kind: "refused", message: "redirect_uri が指定されていません (redirect_uri is missing)" };
  if (redirectUri !== ctx.redirectUri) {
    return {
      kind: "refused",
      message: `redirect_uri がアプリに登録されたものと一致しません (redirect_uri does not match the app's registered redirect URI: ${ctx.redirectUri})`,
    };
  }
  return { kind: "app", clientId, redirectUri };
}

function errorPage(message: string, status = 400): Response {
  return html(page("エラー | Sandbox", `<h1>エラー</h1><p class="error" role="alert">${escapeHtml(message)}</p>`), status);
}

function sessionMac(payload: string): string {
  return createHmac("sha256", SESSION_SECRET).update(payload).digest("base64url");
}

function sessionCookie(ctx: SignInContext, uid: string): string {
  const payload = `${uid}.${ctx.clock.now() + SESSION_TTL_MS}`;
  return `${SANDBOX_SESSION_COOKIE}=${payload}.${sessionMac(payload)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}`;
}

/** The person signed in to the sandbox (its session cookie, signed and unexpired), or none. */
async function sandboxUser(ctx: SignInContext, request: Request): Promise<UserRecord | undefined> {
  const cookie = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SANDBOX_SESSION_COOKIE}=`));
  const match = /^([0-9a-f]{1,64})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(cookie?.slice(SANDBOX_SESSION_COOKIE.length + 1) ?? "");
  if (!match || match[3] !== sessionMac(`${match[1]}.${match[2]}`) || Number(match[2]) <= ctx.clock.now()) return undefined;
  return findUserByUid(ctx.db, match[1]!);
}

export function showSignIn(ctx: SignInContext, request: Request): Response {
  const url = new URL(request.url);
  const checked = checkApp(ctx, url.searchParams.get("client_id") ?? undefined, url.searchParams.get("redirect_uri") ?? undefined);
  if (checked.kind === "refused") return errorPage(checked.message);
  return html(formHtml(checked.kind === "app" ? { app: checked } : {}));
}

export async function submitSignIn(ctx: SignInContext, request: Request): Promise<Response> {
  const params = await readRequestParams(request);
  const checked = checkApp(ctx, params.get("client_id"), params.get("redirect_uri"));
  if (checked.kind === "refused") return errorPage(checked.message);
  const app = checked.kind === "app" ? checked : undefined;
  const loginCode = (params.get("user[login_code]") ?? "").trim();
  const password = params.get("user[password]") ?? "";
  const user = loginCode ? await findUserByLogin(ctx.db, loginCode) : undefined;
  if (!user || user.password !== password) {
    return html(formHtml({ ...(app ? { app } : {}), loginCode, error: "ログインIDまたはパスワードが正しくありません。" }));
  }
  const signedIn = { "set-cookie": sessionCookie(ctx, user.uid) };
  if (!app) return redirect("/apps", signedIn);
  return redirect(await launchUrl(ctx, user, app.redirectUri), signedIn);
}

/** The registered redirect URI with a fresh uid and state of `user`. */
async function launchUrl(ctx: SignInContext, user: UserRecord, redirectUri: string): Promise<string> {
  const state = await createState(ctx.db, ctx.clock, user.uid, SANDBOX_APP.clientId);
  const target = new URL(redirectUri);
  target.searchParams.set("uid", user.uid);
  target.searchParams.set("state", state);
  return target.toString();
}

/** The app menu: the apps the signed-in person may start (here the one app); sign-in first. */
export async function showApps(ctx: SignInContext, request: Request): Promise<Response> {
  const user = await sandboxUser(ctx, request);
  if (!user) return redirect("/users/sign_in/");
  const company = SANDBOX_COMPANIES.find((c) => c.neId === user.company_ne_id);
  return html(
    page(
      "アプリ | Sandbox",
      `<h1>アプリ（サンドボックス）</h1>
<p>${escapeHtml(user.pic_name)}（${escapeHtml(company?.name ?? user.company_ne_id)}）でログイン中</p>
<nav aria-label="アプリ"><ul class="apps">
  <li><a href="/apps/launch/?id=${encodeURIComponent(SANDBOX_APP.id)}">${escapeHtml(SANDBOX_APP.name)}</a></li>
</ul></nav>
<p class="hint">アプリを選ぶと、登録されたリダイレクトURI（${escapeHtml(ctx.redirectUri)}）へ uid と state を付けて移動します。</p>`,
    ),
  );
}

/** Starting an app from the menu: to its registered redirect URI with a fresh uid and state. */
export async function launchApp(ctx: SignInContext, request: Request): Promise<Response> {
  const user = await sandboxUser(ctx, request);
  if (!user) return redirect("/users/sign_in/");
  if (new URL(request.url).searchParams.get("id") !== SANDBOX_APP.id) return errorPage("アプリが見つかりません (unknown app id)", 404);
  return redirect(await launchUrl(ctx, user, ctx.redirectUri));
}
