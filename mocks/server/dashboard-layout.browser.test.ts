/**
 * The dashboard's layout in Chromium from a phone's 360 px to a desktop's
 * 1280 px: nothing wider than the viewport (no sideways scrolling), request
 * paths wrapped between their segments, inside one only when that segment
 * alone is longer than the column, and the request list a table on a wide
 * screen and a list of cards on a narrow one.
 * Screenshots of both widths go to test-results/ (dashboard-360.png,
 * dashboard-1280.png).
 */
import { mkdir } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, launchChromium, skipBrowserTests } from "../test-support/chromium.js";
import { type RunningPetstoreServer, startPetstoreServer } from "./server.js";

const shots = "test-results";
const auth = { authorization: "Bearer petstore-dev-key" };

/** A query value longer than a phone's whole path column: it can only break inside itself. */
const overlongSegment = `name=${"Bartholomew-".repeat(6)}the-Third`;

/** Requests with long paths of ordinary segments and one overlong segment, a problem and a fault among them. */
async function traffic(mock: RunningPetstoreServer): Promise<void> {
  const paths = [
    "/pets?limit=20&status=available",
    "/pets?limit=500",
    "/categories",
    "/pets/12",
    "/pets?status=pending&limit=100&categoryId=3&name=Whiskers&sort=name&order=descending",
    "/pets/1234567890/photos/latest/thumbnail?size=large&format=webp",
    `/pets?limit=5&${overlongSegment}`,
  ];
  for (const path of paths) await fetch(`${mock.url}${path}`, { headers: auth });
  mock.faults.preset("flaky-writes");
  await fetch(`${mock.url}/pets`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name: "Fails once", categoryId: 1 }),
  });
}

/** The layout facts a person would notice, measured in the page. */
function layoutFacts(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const tooWide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < -0.5 || box.right > width + 0.5;
      })
      .map((element) => `${element.tagName.toLowerCase()}#${element.id}.${element.className}`);
    // A text node that wraps has one client rect per line: a segment must keep one,
    // unless its text alone is wider than the column it is in.
    const brokenSegments: string[] = [];
    const overlongBroken: string[] = [];
    let wrappedPaths = 0;
    for (const code of document.querySelectorAll<HTMLElement>("td.path code")) {
      const lines = new Set<number>();
      const texts = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()];
        for (const rect of rects) lines.add(Math.round(rect.top));
        if (rects.length < 2) continue;
        const cell = code.closest("td") as HTMLElement;
        const style = getComputedStyle(cell);
        const column =
          cell.clientWidth -
          Number.parseFloat(style.paddingLeft) -
          Number.parseFloat(style.paddingRight);
        const textWidth = rects.reduce((sum, rect) => sum + rect.width, 0);
        (textWidth > column ? overlongBroken : brokenSegments).push(String(node.textContent));
      }
      if (lines.size > 1) wrappedPaths++;
    }
    return {
      width,
      scrollWidth: document.documentElement.scrollWidth,
      tooWide,
      brokenSegments,
      overlongBroken,
      wrappedPaths,
      tableHeader: getComputedStyle(document.querySelector("thead") as Element).display,
    };
  });
}

describe.skipIf(skipBrowserTests)("the dashboard's layout", { timeout: 60_000 }, () => {
  let browser: Browser;
  let mock: RunningPetstoreServer;
  beforeAll(async () => {
    browser = await launchChromium();
    await mkdir(shots, { recursive: true });
    mock = await startPetstoreServer({ port: 0 });
    await traffic(mock);
  });
  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  it.each([
    { width: 360, table: "none", wraps: 2 },
    { width: 1280, table: "table-header-group", wraps: 1 },
  ])(
    "holds at $width px: nothing wider than the viewport, paths wrapped between segments (inside one only when it alone is wider than the column)",
    async ({ width, table, wraps }) => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const errors = collectPageErrors(page);
      try {
        await page.goto(`${mock.origin}/__mock/`);
        const rows = page.locator("#requests-body tr");
        await expect.poll(() => rows.count()).toBe(8);
        await page.locator('#requests-body tr[data-id="2"]').click();
        await page.getByRole("region", { name: /^Request 2: GET/ }).waitFor();
        await page
          .getByText(/^f\d+ \(preset flaky-writes\)/)
          .first()
          .waitFor();
        const facts = await layoutFacts(page);
        await page.screenshot({ path: `${shots}/dashboard-${width}.png`, fullPage: true });
        expect(facts.scrollWidth).toBe(facts.width);
        expect(facts.tooWide).toEqual([]);
        expect(facts.brokenSegments).toEqual([]);
        // The overlong value breaks inside itself, and nothing else does.
        expect(facts.overlongBroken).toEqual([`&${overlongSegment}`]);
        // The long paths do wrap (between segments), so the check above means something.
        expect(facts.wrappedPaths).toBeGreaterThanOrEqual(wraps);
        expect(facts.tableHeader).toBe(table);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
