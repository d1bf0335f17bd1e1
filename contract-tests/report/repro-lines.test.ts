/**
 * A failure's curl line is the same in every report (console, Markdown, HTML,
 * JSON, JUnit), and pasted into bash it sends the body the run sent, byte for
 * byte: carriage returns, line feeds, tabs, NUL, unicode, quotes, `$` and
 * backticks included.
 */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { closedAfter, runCliWithReports } from "../test-support/runs.js";

/** Bodies no JSON parser reads, so the replay sends them exactly as recorded. */
const bodies = [
  '{"name":"a\rb\nc\td',
  `{"name":"nul\u0000 Éowyn 😀 O'Hara \\"q\\" $HOME $(id) \`id\``,
  '{"name":"  two  spaces \u202e\u00a0',
];

/** A deployment that answers every request 500 (so each gets a failure with its curl line) and keeps each body. */
async function brokenDeployment() {
  const bodiesSeen: Buffer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "POST") bodiesSeen.push(Buffer.concat(chunks));
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: "boom", message: "boom", status: 500 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    bodiesSeen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&apos;": "'",
};
const fromMarkup = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39|apos);/g, (e) => entities[e] ?? e);

describe("a failure's curl line", () => {
  it("reads the same in every report and sends, run by bash, the body the run sent", async () => {
    const dir = await mkdtemp(join(tmpdir(), "petstore-repro-"));
    const recording = join(dir, "bodies.jsonl");
    const line = (body: string) =>
      JSON.stringify({
        v: 1,
        request: { method: "POST", path: "/pets", query: "", credential: "valid", body },
        response: { status: 201 },
      });
    await writeFile(recording, `${bodies.map(line).join("\n")}\n`);
    const deployment = await brokenDeployment();
    const { out, reports } = await closedAfter(deployment, (target) =>
      runCliWithReports(["--replay", recording, "--url", target.url, "--key", testApiKey]),
    );
    const { markdown, html, junit } = reports;
    const report = JSON.parse(reports.json) as {
      checks: { curl?: string; outcome: string }[];
    };
    const lines = [
      ...new Set(report.checks.filter((c) => c.outcome === "failed").map((c) => c.curl ?? "")),
    ];
    expect(lines).toHaveLength(bodies.length);

    const fencedLines = [...markdown.matchAll(/^(`{3,})sh\n(.*)\n\1$/gm)].map((m) => m[2]);
    const htmlLines = [...html.matchAll(/<pre><code>([^<]*)<\/code><\/pre>/g)].map((m) =>
      fromMarkup(m[1] ?? ""),
    );
    const junitLines = [...junit.matchAll(/reproduce: ([^\n<]*)/g)].map((m) =>
      fromMarkup(m[1] ?? ""),
    );
    const consoleLines = [...out.matchAll(/repro: {4}(.*)/g)].map((m) => m[1]);
    for (const shown of [fencedLines, htmlLines, junitLines, consoleLines]) {
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((text) => !lines.includes(text ?? ""))).toEqual([]);
    }
    for (const curl of lines) {
      expect(fencedLines).toContain(curl);
      expect(htmlLines).toContain(curl);
      expect(junitLines).toContain(curl);
    }

    // Each line, pasted into bash, sends the very bytes the run sent.
    const sentByRun = [...deployment.bodiesSeen];
    const again = await brokenDeployment();
    try {
      for (const curl of lines) {
        const retargeted = curl.replace(deployment.url, again.url);
        await promisify(execFile)("bash", ["-c", `${retargeted} >/dev/null`], {
          env: { PATH: process.env.PATH ?? "", PETSTORE_API_KEY: testApiKey, LC_ALL: "C" },
        });
      }
    } finally {
      await again.close();
    }
    expect(again.bodiesSeen.map((body) => body.toString("hex"))).toEqual(
      sentByRun.map((body) => body.toString("hex")),
    );
  });
});
