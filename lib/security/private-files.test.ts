// The dashboard's data folder is the running user's only, whatever the umask:
// the real start (lib/test/data-folder-start.ts: serverEnv's generated AUTH_SECRET, then the
// embedded database opened and migrated) runs in a child process whose shell set `umask 000`,
// where PGlite alone makes its folder 0777 and its files 0666.
import { execFile } from "node:child_process";
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), "backyard-private-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The dashboard's start on the embedded database under `umask 000`, with APP_DATA_DIR = `dataDir`. */
async function startUnderUmask000(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, APP_DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  delete env.AUTH_SECRET;
  delete env.NODE_OPTIONS;
  const script = "umask 000; exec node --conditions=react-server --import tsx lib/test/data-folder-start.ts";
  return run("sh", ["-c", script], { cwd: process.cwd(), env, timeout: 150_000 });
}

/** Every entry under `dir` (itself included) whose mode lets group or others in, as `mode path`. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const st = lstatSync(p);
    if (st.mode & 0o077) found.push(`${(st.mode & 0o777).toString(8)} ${path.relative(root, p)}`);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return found;
}

const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

describe("the data folder under umask 000", () => {
  const dataDir = path.join(root, "fresh", "app");

  it("a new one: the folder and the database's folder 0700, the AUTH_SECRET 0600, no file open to group or others", async () => {
    const { stdout } = await startUnderUmask000(dataDir);
    expect(JSON.parse(stdout)).toEqual({ umask: 0, secretLength: 43 });
    expect(mode(dataDir)).toBe("700");
    expect(mode(path.join(dataDir, "db"))).toBe("700");
    expect(mode(path.join(dataDir, "auth-secret"))).toBe("600");
    const entries = readdirSync(path.join(dataDir, "db"), { recursive: true });
    // PGlite's whole cluster is there (a WAL segment among them), and none of it is open.
    expect(entries.length).toBeGreaterThan(500);
    expect(entries.some((e) => String(e).startsWith(path.join("pg_wal", "0")))).toBe(true);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);

  it("one an older version left open (0777 folders, 0666 files, a 0644 secret) is closed at the next start, the secret kept", async () => {
    const secret = readFileSync(path.join(dataDir, "auth-secret"), "utf8");
    const openUp = (p: string) => {
      const st = lstatSync(p);
      chmodSync(p, st.isDirectory() ? 0o777 : 0o666);
      if (st.isDirectory()) for (const name of readdirSync(p)) openUp(path.join(p, name));
    };
    openUp(dataDir);
    chmodSync(path.join(dataDir, "auth-secret"), 0o644);
    expect(openToOthers(dataDir).length).toBeGreaterThan(500);

    await startUnderUmask000(dataDir);
    expect(mode(dataDir)).toBe("700");
    expect(mode(path.join(dataDir, "auth-secret"))).toBe("600");
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(secret);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);

  it("a folder that belongs to another user is refused, with what to do, and left as it was", async () => {
    // As root (a container), a folder of ours given away: root may still enter and chmod it, so
    // only the owner check stops the start. As another user, a folder root owns: "/".
    const me = process.getuid?.() ?? 0;
    let theirs = "/";
    if (me === 0) {
      theirs = path.join(root, "theirs");
      mkdirSync(theirs, { mode: 0o777 });
      chmodSync(theirs, 0o777);
      writeFileSync(path.join(theirs, "auth-secret"), "x".repeat(43), { mode: 0o644 });
      chownSync(theirs, 65534, 65534);
    }
    const owner = statSync(theirs).uid;
    expect(owner).not.toBe(me);
    const before = { mode: mode(theirs), entries: readdirSync(theirs) };
    const failed = await startUnderUmask000(theirs).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`${theirs} belongs to the user with uid ${owner}, not to this process's user (uid ${me})`);
    expect(failed?.stderr).toContain("chown");
    expect({ mode: mode(theirs), entries: readdirSync(theirs) }).toEqual(before);
  }, 60_000);
});
