/**
 * The dashboard's server side: the page and its files (headers that keep the
 * page to its own files, size), the long-poll feed (numbering, bounds, its
 * answer as soon as a request comes in) and the info route (never a key),
 * all behind the admin trust check.
 */
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createJournal } from "../core/journal.js";
import { loadDashboardAssets } from "../dashboard/assets.js";
import { startPetstoreServer } from "../server/server.js";
import { devAuth, send } from "../test-support/http.js";
import { journalEntry as entry } from "../test-support/journal-entry.js";
import { entriesAfter, type FeedAnswer, feedLimits } from "./dashboard.js";

const apiKey = "dashboard-api-key-42";
const adminKey = "dashboard-admin-key-42";
const open = await startPetstoreServer({ port: 0, apiKeys: [apiKey] });
const keyed = await startPetstoreServer({ port: 0, adminKey, apiKeys: [apiKey] });
afterAll(async () => {
  await open.close();
  await keyed.close();
});

const apiAuth = { authorization: `Bearer ${apiKey}` };
const feedAfter = async (origin: string, after: number) => {
  const reply = await send(`${origin}/__mock/requests/after/${after}`);
  expect(reply.status).toBe(200);
  return JSON.parse(reply.text) as FeedAnswer;
};

describe("GET /__mock/", () => {
  it("serves the page without a key, locked to its own files", async () => {
    for (const url of [
      `${open.origin}/__mock/`,
      `${open.origin}/__mock`,
      `${keyed.origin}/__mock/`,
    ]) {
      const reply = await send(url);
      expect(reply.status, url).toBe(200);
      expect(reply.headers["content-type"]).toBe("text/html; charset=utf-8");
      const policy = String(reply.headers["content-security-policy"]);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      // No inline script or style, nothing from another origin.
      expect(reply.text).not.toMatch(/<script(?![^>]*\bsrc=)|<style|\sstyle=|\son\w+=|https?:\/\//);
    }
    for (const [path, type] of [
      ["/__mock/dashboard/dashboard.js", "text/javascript; charset=utf-8"],
      ["/__mock/dashboard/dashboard.css", "text/css; charset=utf-8"],
    ]) {
      const reply = await send(`${keyed.origin}${path}`);
      expect([reply.status, reply.headers["content-type"]]).toEqual([200, type]);
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("serves its icon, also at /favicon.ico, without a key: a small SVG, linked by the page", async () => {
    const page = await send(`${keyed.origin}/__mock/`);
    const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(page.text)?.[1];
    expect(href).toBe("/__mock/dashboard/favicon.svg");
    for (const path of [href, "/favicon.ico"]) {
      for (const method of ["GET", "HEAD"]) {
        const reply = await send(`${keyed.origin}${path}`, { method });
        expect([reply.status, reply.headers["content-type"]], `${method} ${path}`).toEqual([
          200,
          "image/svg+xml",
        ]);
        expect(reply.headers["x-content-type-options"]).toBe("nosniff");
        if (method === "GET") {
          expect(reply.text).toMatch(
            /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>\n?$/,
          );
          expect(reply.text).not.toMatch(/<script|\son\w+=|href=/);
          expect(reply.text.length).toBeLessThan(1024);
        }
      }
    }
  });

  it(`ships at most 60 KB gzipped, with no innerHTML`, async () => {
    const { html, css, js, icon } = await loadDashboardAssets();
    const gzipped = [html, css, js, icon].reduce((sum, text) => sum + gzipSync(text).length, 0);
    console.log(`dashboard: ${gzipped} bytes gzipped (html, css, js, icon)`);
    expect(gzipped).toBeLessThanOrEqual(60 * 1024);
    expect(js).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });
});

describe("the dashboard's data", () => {
  it("needs the admin key like every admin endpoint", async () => {
    await send(`${keyed.url}/categories`, { headers: apiAuth });
    for (const path of ["/__mock/info", "/__mock/requests/after/0"]) {
      expect((await send(`${keyed.origin}${path}`)).status, path).toBe(403);
      const allowed = await send(`${keyed.origin}${path}`, {
        headers: { authorization: `Bearer ${adminKey}` },
      });
      expect(allowed.status, path).toBe(200);
    }
  });

  it("describes the server without any key", async () => {
    const reply = await send(`${keyed.origin}/__mock/info`, {
      headers: { authorization: `Bearer ${adminKey}` },
    });
    const info = JSON.parse(reply.text);
    expect(info.options).toMatchObject({ apiKeys: 1, adminKey: true, host: "127.0.0.1" });
    expect(info.counts).toEqual({ pets: 50, categories: 5 });
    expect(info.seedOptions).toEqual({ seed: 42, pets: 50, categories: 5 });
    expect(reply.text).not.toContain(apiKey);
    expect(reply.text).not.toContain(adminKey);
    expect(info.options).toMatchObject({ proxy: null, fallback: null });
  });

  it("names the deployment behind --proxy, never the proxy key", async () => {
    const proxyKey = "dashboard-proxy-key-42";
    const proxy = await startPetstoreServer({
      port: 0,
      proxy: { url: `${open.url}/`, key: proxyKey, fallback: "mock" },
    });
    try {
      const reply = await send(`${proxy.origin}/__mock/info`);
      expect(JSON.parse(reply.text).options).toMatchObject({ proxy: open.url, fallback: "mock" });
      expect(reply.text).not.toContain(proxyKey);
    } finally {
      await proxy.close();
    }
  });

  it("answers a waiting feed request as soon as a request comes in", async () => {
    const { last } = await feedAfter(open.origin, 1e12);
    const started = performance.now();
    const waiting = feedAfter(open.origin, last);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await send(`${open.url}/pets?limit=2`, { headers: apiAuth });
    const answer = await waiting;
    const waited = performance.now() - started;
    expect(answer.entries.map((entry) => [entry.id, entry.path])).toEqual([
      [last + 1, "/pets?limit=2"],
    ]);
    expect(waited).toBeGreaterThanOrEqual(300);
    expect(waited).toBeLessThan(feedLimits.waitMs);
  });

  it(`lets at most ${feedLimits.waiting} feed requests wait; the next is answered at once`, async () => {
    const { last } = await feedAfter(open.origin, 1e12);
    const waiting = Array.from({ length: feedLimits.waiting }, () => feedAfter(open.origin, last));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    expect((await feedAfter(open.origin, last)).entries).toEqual([]);
    expect(performance.now() - started).toBeLessThan(feedLimits.waitMs / 2);
    await send(`${open.url}/categories`, { headers: devAuth });
    for (const answer of await Promise.all(waiting)) expect(answer.entries).toHaveLength(1);
  });

  it("ends a waiting feed request when the server closes", async () => {
    const server = await startPetstoreServer({ port: 0 });
    const waiting = feedAfter(server.origin, 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await server.close();
    expect((await waiting).entries).toEqual([]);
    expect(performance.now() - started).toBeLessThan(feedLimits.waitMs / 2);
  });
});

describe("entriesAfter", () => {
  it("numbers entries from 1 across wraps and clears, and says how many were missed", () => {
    const journal = createJournal({ size: 3 });
    for (let index = 1; index <= 5; index++) journal.record(entry(`/pets?n=${index}`));
    const all = entriesAfter(journal, 0);
    expect(all.entries.map((e) => [e.id, e.path])).toEqual([
      [3, "/pets?n=3"],
      [4, "/pets?n=4"],
      [5, "/pets?n=5"],
    ]);
    expect([all.last, all.missed, all.restarted]).toEqual([5, 2, false]);
    expect(entriesAfter(journal, 4).entries.map((e) => e.id)).toEqual([5]);
    expect(entriesAfter(journal, 5)).toEqual({ entries: [], last: 5, missed: 0, restarted: false });
    journal.clear();
    journal.record(entry("/pets?n=6"));
    expect(entriesAfter(journal, 5).entries.map((e) => e.id)).toEqual([6]);
    // A number past the end (the server restarted): start over from the oldest kept.
    const over = entriesAfter(journal, 99);
    expect([over.restarted, over.entries.map((e) => e.id)]).toEqual([true, [6]]);
  });

  it(`answers at most ${feedLimits.entries} entries at a time`, () => {
    const journal = createJournal({ size: 1000 });
    for (let index = 0; index < 450; index++) journal.record(entry("/pets"));
    const first = entriesAfter(journal, 0);
    expect([first.entries.length, first.last]).toEqual([feedLimits.entries, feedLimits.entries]);
    expect(entriesAfter(journal, 400).entries).toHaveLength(50);
  });
});
