import "server-only";
// Files only the running user may read: the dashboard's data folder (APP_DATA_DIR), the embedded
// database in it, and the generated AUTH_SECRET, whatever the umask the process was started with.
//
// How, and why this way:
// - Folders are made 0700 when created and set to 0700 on every start (chmod, so an umask of 000
//   or a folder made earlier with looser modes ends up 0700 too). A 0700 folder is what keeps the
//   files private: nobody else can open a path through it, whatever the files' own modes.
// - PGlite writes its files itself with modes of its own (0666 and 0777 minus the umask); the
//   process's umask is not changed to tame it, because the umask is process-wide and would change
//   every other file the process makes. Instead, once the database is open, every file and folder
//   under it loses its group and other bits (`privateTree`): a copy that keeps modes (`cp -a`,
//   tar, a backup) is private too. Files PGlite makes later in the run (a new WAL segment) are
//   covered by the folder until the next start fixes their modes. The walk runs once per
//   process, at its first use of the database.
// - A folder that belongs to another user is refused: its owner could read everything in it
//   whatever the modes (APP_DATA_DIR under a shared /tmp made by someone else first).
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Bits that let anyone but the owner read, write or enter. */
const OTHERS = 0o077;

function ownedByMe(target: string, uid: number): void {
  const mine = process.getuid?.();
  if (mine !== undefined && uid !== mine) {
    throw new Error(
      `${target} belongs to the user with uid ${uid}, not to this process's user (uid ${mine}): that user could read the dashboard's data in it. Give it to this user (chown) or choose another APP_DATA_DIR.`,
    );
  }
}

/**
 * `dir` (and its missing parents) created 0700, or set to 0700 when it exists, whatever the umask.
 * Throws when `dir` is not a folder or belongs to another user.
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // stat, not lstat: an operator may point APP_DATA_DIR at a folder through a link.
  const st = statSync(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a folder`);
  ownedByMe(dir, st.uid);
  if ((st.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
}

/** A file of the owner's only: its group and other bits removed (a file of another user is refused). */
export function privateFile(file: string): void {
  const st = statSync(file);
  ownedByMe(file, st.uid);
  if (st.mode & OTHERS) chmodSync(file, st.mode & 0o700);
}

/**
 * Every file and folder under `dir` without group and other bits (the owner's bits kept).
 * Links are not followed (nothing outside `dir` is changed). Answers how many entries it changed.
 */
export function privateTree(dir: string): number {
  let changed = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue;
      const full = path.join(folder, entry.name);
      const st = lstatSync(full);
      if (st.mode & OTHERS) {
        chmodSync(full, st.mode & 0o700);
        changed += 1;
      }
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return changed;
}
