import type { Page } from "@playwright/test";

// How many grid rows React renders again, read from its commits: the grid's rows are memoized, so
// a change that touches none of them (a column's width) must render none.

declare global {
  interface Window {
    __gridRenders?: { commits: number; rowRenders: number; rowsSeen: number; reset: () => void };
  }
}

/**
 * Installs, before the page's scripts run, a stand-in for React's devtools hook that counts, at
 * every commit, how many rendered grid rows (`role=row` with `data-row-key`) got new props: a row
 * element re-rendered by React gets a new props object; a memoized row that was skipped keeps its
 * old one. Works on the production build (React calls the hook there too).
 */
export async function countRowRenders(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Fiber = { child: Fiber | null; sibling: Fiber | null; type: unknown; memoizedProps: Record<string, unknown> | null };
    const seen = new Map<string, unknown>();
    const stats = {
      commits: 0,
      rowRenders: 0,
      rowsSeen: 0,
      reset() {
        stats.commits = 0;
        stats.rowRenders = 0;
      },
    };
    const walk = (root: Fiber) => {
      const stack: Fiber[] = [root];
      let rows = 0;
      while (stack.length) {
        const fiber = stack.pop() as Fiber;
        const props = fiber.memoizedProps;
        if (typeof fiber.type === "string" && props && props.role === "row" && typeof props["data-row-key"] === "string") {
          rows += 1;
          const key = props["data-row-key"];
          const before = seen.get(key);
          if (before !== undefined && before !== props) stats.rowRenders += 1;
          seen.set(key, props);
        }
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      stats.rowsSeen = rows;
    };
    let nextId = 1;
    Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", {
      configurable: true,
      value: {
        supportsFiber: true,
        renderers: new Map(),
        inject() {
          return nextId++;
        },
        onScheduleFiberRoot() {},
        onCommitFiberRoot(_id: number, root: { current: Fiber }) {
          stats.commits += 1;
          walk(root.current);
        },
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
    window.__gridRenders = stats;
  });
}

export async function renderStats(page: Page): Promise<{ commits: number; rowRenders: number; rowsSeen: number }> {
  return page.evaluate(() => {
    const s = window.__gridRenders;
    if (!s) throw new Error("countRowRenders was not installed");
    return { commits: s.commits, rowRenders: s.rowRenders, rowsSeen: s.rowsSeen };
  });
}

export async function resetRenderStats(page: Page): Promise<void> {
  await page.evaluate(() => window.__gridRenders?.reset());
}
