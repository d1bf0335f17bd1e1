/**
 * A missing Chromium never passes unseen: under CI the browser tests fail,
 * elsewhere they are reported as skipped with the reason.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function runBrowserSuite(env: Record<string, string | undefined>) {
  const run = spawnSync(
    process.execPath,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--config",
      "scripts/config/vitest.config.ts",
      "--reporter",
      "default",
      "contract-tests/report/html.browser.test.ts",
    ],
    {
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium", ...env },
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("browser tests without Chromium", () => {
  it("fail the run under CI=true", () => {
    const run = runBrowserSuite({ CI: "true" });
    expect(run.output).toContain("Chromium is required under CI");
    expect(run.status).not.toBe(0);
  }, 60_000);

  it("are skipped with the reason elsewhere", () => {
    const run = runBrowserSuite({ CI: "" });
    expect(run.output).toContain("browser tests skipped: no Chromium at /nonexistent/chromium");
    expect(run.status).toBe(0);
  }, 60_000);
});
