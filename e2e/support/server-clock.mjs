// Test-only, never loaded by the product: a server's clock that a story moves, as Playwright's
// clock moves a page's. Loaded with NODE_OPTIONS="--import <this file>" into a dashboard that a
// story starts itself (e2e/session-limits.spec.ts), it adds the milliseconds written in the file
// BACKYARD_TEST_CLOCK_FILE names to Date.now(), reads the file again whenever it changes, and then
// writes the offset it uses to `<file>.seen`: the story waits on that state, never on the wall
// clock. Only Date.now moves: `new Date()`, timers and the database's now() keep the real time (the
// session cookie's own expiry is checked against it), so "an hour later" is one write away.
import { readFileSync, watchFile, writeFileSync } from "node:fs";

const file = process.env.BACKYARD_TEST_CLOCK_FILE;
if (file) {
  const realNow = Date.now;
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, "utf8").trim()) || 0;
    } catch {
      offset = 0;
    }
    try {
      writeFileSync(`${file}.seen`, String(offset));
    } catch {
      // the story waits, and says so when it times out
    }
  };
  read();
  watchFile(file, { interval: 20, persistent: false }, read);
  Date.now = () => realNow() + offset;
}
