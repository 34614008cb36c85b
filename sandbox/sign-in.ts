// The sign-in page of the sandbox (DESIGN.md "Contracts"): GET shows a form, POST checks the
// login and answers 302 to `redirect_uri?uid=..&state=..` (state single-use, valid 5 minutes);
// a wrong login shows the form again with an error.
import { SANDBOX_APP } from "./accounts";
import { createState, findUserByLogin } from "./auth";
import type { SandboxDb } from "./db";
import { readRequestParams } from "./request-params";
import type { SandboxClock } from "./time";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface FormState {
  clientId: string;
  redirectUri: string;
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
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function formHtml(state: FormState): string {
  const error = state.error ? `<p class="error" role="alert">${escapeHtml(state.error)}</p>` : "";
  return page(
    "ログイン | Sandbox",
    `<h1>ログイン（サンドボックス）</h1>
${error}
<form method="post" action="/users/sign_in/">
  <input type="hidden" name="client_id" value="${escapeHtml(state.clientId)}">
  <input type="hidden" name="redirect_uri" value="${escapeHtml(state.redirectUri)}">
  <label for="user_login_code">ログインID（メールアドレス）</label>
  <input type="text" id="user_login_code" name="user[login_code]" autocomplete="username" value="${escapeHtml(state.loginCode ?? "")}" required autofocus>
  <label for="user_password">パスワード</label>
  <input type="password" id="user_password" name="user[password]" autocomplete="current-password" required>
  <button type="submit">ログイン</button>
</form>
<p class="hint">staff@sandbox.test / manager@sandbox.test / operator@another.test（パスワード: sandbox）</p>`,
  );
}

function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });
}

/** The app and its redirect address must be known and absolute (http or https). */
function checkApp(clientId: string | undefined, redirectUri: string | undefined): string | null {
  if (clientId !== SANDBOX_APP.clientId) return "アプリが見つかりません (unknown client_id)";
  if (!redirectUri) return "redirect_uri が指定されていません (redirect_uri is missing)";
  try {
    const url = new URL(redirectUri);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "redirect_uri が正しくありません (invalid redirect_uri)";
  } catch {
    return "redirect_uri が正しくありません (invalid redirect_uri)";
  }
  return null;
}

function errorPage(message: string): Response {
  return html(page("エラー | Sandbox", `<h1>エラー</h1><p class="error" role="alert">${escapeHtml(message)}</p>`), 400);
}

export function showSignIn(request: Request): Response {
  const url = new URL(request.url);
  const clientId = url.searchParams.get("client_id") ?? undefined;
  const redirectUri = url.searchParams.get("redirect_uri") ?? undefined;
  const problem = checkApp(clientId, redirectUri);
  if (problem || !clientId || !redirectUri) return errorPage(problem ?? "");
  return html(formHtml({ clientId, redirectUri }));
}

export async function submitSignIn(db: SandboxDb, clock: SandboxClock, request: Request): Promise<Response> {
  const params = await readRequestParams(request);
  const clientId = params.get("client_id");
  const redirectUri = params.get("redirect_uri");
  const problem = checkApp(clientId, redirectUri);
  if (problem || !clientId || !redirectUri) return errorPage(problem ?? "");
  const loginCode = (params.get("user[login_code]") ?? "").trim();
  const password = params.get("user[password]") ?? "";
  const user = loginCode ? await findUserByLogin(db, loginCode) : undefined;
  if (!user || user.password !== password) {
    return html(formHtml({ clientId, redirectUri, loginCode, error: "ログインIDまたはパスワードが正しくありません。" }));
  }
  const state = await createState(db, clock, user.uid, clientId);
  const target = new URL(redirectUri);
  target.searchParams.set("uid", user.uid);
  target.searchParams.set("state", state);
  return new Response(null, { status: 302, headers: { location: target.toString() } });
}
