/**
 * The request log of `startPetstoreServer`: giving `log` turns it on, `quiet`
 * turns it off; the admin reads (the dashboard's polling, health probes, the
 * icon) stay out of it unless `logAdminReads` (`--log admin`) asks for them;
 * behind the proxy each line ends with who answered. Parsing `--log`:
 * args.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorCodes } from "../core/errors.js";
import { startMock, testApiKey } from "../test-support/faulty-servers.js";
import { devAuth } from "../test-support/http.js";
import { tenths } from "./log-buffer.js";
import { proxyMarkHeader } from "./proxy-headers.js";
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
  ["GET", "/__mock?x=1"],
  ["GET", "/favicon.ico?v=2"],
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
      ["GET", "/__mockery"],
      ["GET", "/favicon.icon"],
    ]);
    expect(lines.map((line) => line.split(" ").slice(0, 3).join(" "))).toEqual([
      "GET /v1/pets 401",
      "POST /__mock/reset 200",
      "DELETE /__mock/faults 204",
      "GET /elsewhere 404",
      "GET /__mockery 404",
      "GET /favicon.icon 404",
    ]);
  });

  it("logs the admin reads too with logAdminReads (--log admin)", async () => {
    const lines = await linesLogged({ logAdminReads: true }, dashboardTraffic);
    expect(lines.map((line) => line.split(" ").slice(0, 3).join(" "))).toEqual([
      "GET /__mock/ 200",
      "GET /__mock?x=1 200",
      "GET /favicon.ico?v=2 200",
      "GET /__mock/info 200",
      "GET /__mock/faults 200",
      "HEAD /__mock/health 200",
      "GET /favicon.ico 200",
    ]);
  });
});

describe("the request log behind the proxy (--proxy)", () => {
  it("ends each line with who answered: the deployment's host, the mock (as fallback or not), or the proxy", async () => {
    const deployment = await startMock();
    const lines: string[] = [];
    const proxy = await startPetstoreServer({
      port: 0,
      proxy: { url: deployment.url, key: testApiKey, fallback: "mock" },
      log: (line) => lines.push(line),
    });
    const get = async (path: string, headers: Record<string, string> = devAuth) =>
      (await fetch(`${proxy.url}${path}`, { headers })).text();
    try {
      await get("/pets?limit=1");
      await get("/pets", { authorization: "Bearer wrong-key" });
      await get("/pets", { ...devAuth, [proxyMarkHeader]: "1" });
      await deployment.close();
      await get("/pets/1");
    } finally {
      await proxy.close();
      await deployment.close();
    }
    const { host } = new URL(deployment.url);
    // Each line: METHOD target status time, then who answered.
    expect(lines.map((line) => line.replace(/ \d+\.\dms /, " <ms> "))).toEqual([
      `GET /v1/pets?limit=1 200 <ms> ${host}`,
      "GET /v1/pets 401 <ms> mock",
      `GET /v1/pets ${errorCodes.proxy_loop} <ms> proxy`,
      "GET /v1/pets/1 200 <ms> mock (fallback)",
    ]);
  });

  it("leaves the mock's own lines as they were without a proxy", async () => {
    const lines: string[] = [];
    const server = await startPetstoreServer({ port: 0, log: (line) => lines.push(line) });
    try {
      await (await fetch(`${server.url}/pets`, { headers: devAuth })).text();
    } finally {
      await server.close();
    }
    expect(lines).toEqual([expect.stringMatching(/^GET \/v1\/pets 200 \d+\.\dms$/)]);
  });
});

describe("a line's duration", () => {
  it("has one decimal, as toFixed(1) writes it but for a tie", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (ms) => {
        const written = tenths(ms);
        expect(written).toMatch(/^\d+\.\d$/);
        const tie = Math.abs(((ms * 10) % 1) - 0.5) < 1e-6;
        if (!tie) expect(written).toBe(ms.toFixed(1));
      }),
      { numRuns: 5_000 },
    );
    expect([0, 0.04, 0.96, 9.99, 12.3].map(tenths)).toEqual(["0.0", "0.0", "1.0", "10.0", "12.3"]);
    expect(tenths(Number.POSITIVE_INFINITY)).toBe("Infinity");
  });
});
