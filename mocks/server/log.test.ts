/**
 * The request log of `startPetstoreServer`: giving `log` turns it on, `quiet`
 * turns it off; the admin reads (the dashboard's polling, health probes, the
 * icon) stay out of it unless `logAdminReads` (`--log admin`) asks for them.
 * Parsing `--log`: args.test.ts.
 */
import { describe, expect, it } from "vitest";
import { startPetstoreServer } from "./server.js";

async function linesLogged(
  options: { quiet?: boolean; logAdminReads?: boolean },
  paths: readonly (readonly [method: string, path: string])[] = [["GET", "/v1/categories"]],
): Promise<string[]> {
  const lines: string[] = [];
  const server = await startPetstoreServer({
    port: 0,
    log: (line) => lines.push(line),
    ...options,
  });
  try {
    for (const [method, path] of paths) {
      await (await fetch(`${server.origin}${path}`, { method })).text();
    }
  } finally {
    await server.close();
  }
  return lines;
}

/** What a browser with the dashboard open sends besides the app's own requests. */
const dashboardTraffic = [
  ["GET", "/__mock/"],
  ["GET", "/__mock/info"],
  ["GET", "/__mock/faults"],
  ["HEAD", "/__mock/health"],
  ["GET", "/favicon.ico"],
] as const;

describe("the request log", () => {
  it("goes to the given log without quiet: false", async () => {
    expect(await linesLogged({})).toEqual([expect.stringMatching(/^GET \/v1\/categories 401 /)]);
  });

  it("stays silent with quiet: true even when a log is given", async () => {
    expect(await linesLogged({ quiet: true })).toEqual([]);
  });

  it("leaves out the admin reads, and keeps the API's requests, admin writes and stray paths", async () => {
    const lines = await linesLogged({}, [
      ...dashboardTraffic,
      ["GET", "/v1/pets"],
      ["POST", "/__mock/reset"],
      ["DELETE", "/__mock/faults"],
      ["GET", "/elsewhere"],
    ]);
    expect(lines.map((line) => line.split(" ").slice(0, 3).join(" "))).toEqual([
      "GET /v1/pets 401",
      "POST /__mock/reset 200",
      "DELETE /__mock/faults 204",
      "GET /elsewhere 404",
    ]);
  });

  it("logs the admin reads too with logAdminReads (--log admin)", async () => {
    const lines = await linesLogged({ logAdminReads: true }, dashboardTraffic);
    expect(lines.map((line) => line.split(" ").slice(0, 3).join(" "))).toEqual([
      "GET /__mock/ 200",
      "GET /__mock/info 200",
      "GET /__mock/faults 200",
      "HEAD /__mock/health 200",
      "GET /favicon.ico 200",
    ]);
  });
});
