/**
 * The missing-worker hint: the same `msw init` command under both majors, and
 * a remark on keeping the script in step that is true for the installed one
 * (the packed-tarball smoke test shows each major's text in Chromium).
 */
import { describe, expect, it } from "vitest";
import { missingWorkerMessage, mswMajorOf } from "./worker-hint.js";

const url = "http://localhost:5173/mockServiceWorker.js";

describe("the missing-worker hint", () => {
  it("under msw 2 says its install copies the script again", () => {
    expect(missingWorkerMessage(url, 2)).toBe(
      [
        `[petstore-mock-kit] The msw worker script was not found at ${url}.`,
        "Copy it into the folder your app serves at its root (Vite: public/) with:",
        "  npx msw init <public dir> --save",
        "(--save records the folder in package.json; msw 2 copies the script there again on every install, so it stays in step with msw.)",
      ].join("\n"),
    );
  });

  it("under msw 3 says nothing copies it on install, and what to run instead", () => {
    const message = missingWorkerMessage(url, 3);
    expect(message).toContain("  npx msw init <public dir> --save\n");
    expect(message).not.toContain("copies the script there again");
    expect(message).toContain("msw 3 does not copy the script on install");
    expect(message).toContain('add "postinstall": "msw init" to your package.json scripts');
  });

  it("tells the majors apart by the worker setupWorker made: msw 3's has a readyState", () => {
    // The members of msw 2.15's worker, then msw 3.0's, which adds `readyState`.
    const shared = {
      start: async () => undefined,
      stop: () => undefined,
      events: {},
      use: () => undefined,
      resetHandlers: () => undefined,
      restoreHandlers: () => undefined,
      listHandlers: () => [],
    };
    expect(mswMajorOf(shared)).toBe(2);
    expect(
      mswMajorOf({
        ...shared,
        get readyState() {
          return 0;
        },
      }),
    ).toBe(3);
  });
});
