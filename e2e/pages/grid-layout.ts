import type { Locator, Page } from "@playwright/test";

// The layout of a grid as TanStack Table draws it: headers by field, pins, widths, sideways
// scrolling, dragging a column's edge, and a count of row re-renders read from React's commits.

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

export class GridLayout {
  constructor(
    readonly page: Page,
    readonly grid: Locator,
  ) {}

  header(field: string): Locator {
    return this.grid.locator(`[role="columnheader"][data-field="${field}"]`);
  }

  /** Data columns' fields as drawn, left to right. */
  async drawnFields(): Promise<string[]> {
    return this.grid.locator('[role="columnheader"][data-field]').evaluateAll((els) => els.map((e) => e.getAttribute("data-field") ?? ""));
  }

  async pinnedFields(): Promise<string[]> {
    return this.grid.locator('[role="columnheader"][data-pinned]').evaluateAll((els) => els.map((e) => e.getAttribute("data-field") ?? ""));
  }

  /** The header's pin toggle (shown on hover; reachable by its name). */
  pinToggle(field: string): Locator {
    return this.header(field).getByRole("button");
  }

  async togglePin(field: string): Promise<void> {
    await this.header(field).hover();
    await this.pinToggle(field).click();
  }

  async left(field: string): Promise<number> {
    const box = await this.header(field).boundingBox();
    if (!box) throw new Error(`header ${field} is not drawn`);
    return Math.round(box.x);
  }

  async width(field: string): Promise<number> {
    const box = await this.header(field).boundingBox();
    if (!box) throw new Error(`header ${field} is not drawn`);
    return Math.round(box.width);
  }

  /** Scrolls the grid sideways to its right end; answers how far it went. */
  async scrollToRightEnd(): Promise<number> {
    return this.grid.evaluate(async (el) => {
      el.scrollLeft = el.scrollWidth;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return el.scrollLeft;
    });
  }

  /** Whether the first rendered row's cell of `field` is covered at its own left edge by nothing else. */
  async cellIsOnTop(field: string): Promise<boolean> {
    return this.grid.locator(`[role="row"][data-row-key]`).first().locator(`[data-field="${field}"]`).evaluate((cell) => {
      const box = cell.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
      return hit !== null && (hit === cell || cell.contains(hit));
    });
  }

  /** Drags the right edge of a column's header by `dx` pixels in `steps` pointer moves. */
  async dragEdge(field: string, dx: number, steps = 20): Promise<void> {
    const handle = this.header(field).locator("[data-resize-handle]");
    const box = await handle.boundingBox();
    if (!box) throw new Error(`no resize handle on ${field}`);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y, { steps });
    await this.page.mouse.up();
  }
}
