/**
 * No form of a key leaves a failing pactum run (issue 47): a deployment
 * that echoes the key in every encoding the redactor knows (in headers,
 * strings, object values and keys, nested), specs that fail
 * every way pactum fails (a status, a JSON comparison, the interface's
 * judge, a request that cannot be sent, an inspection), and everything
 * captured searched for any 10-character piece of any form of the key:
 * stdout and stderr, the thrown errors (message, stack, compared values, as
 * vitest prints them), and what a reporter received and wrote to its file.
 * A reporter added before the kit is refused.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import pactum from "pactum";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { usePetstore } from "../pactum.js";
import { encodedForms, secretPieces } from "../test-support/secret-encodings.js";
import { startTinyServer, type TinyServer } from "../test-support/servers.js";

/** A key with characters that have escaped forms in JSON, URLs and markup. */
const key = `pactum/k3y+"q&<x>'%2541~`;
const pieces = secretPieces(key, 10);

/**
 * Echoes the key in every form, whatever was asked, down every path a value
 * takes through pactum: headers, a string, object values and object keys,
 * at the top and nested in objects and arrays.
 */
function echoing(request: IncomingMessage, response: ServerResponse): void {
  const forms = encodedForms(key);
  const keyed = Object.fromEntries(Object.values(forms).map((form, at) => [form, at]));
  response.writeHead(request.url?.includes("/categories") ? 200 : 500, {
    "content-type": "application/json",
    "x-echo": encodeURIComponent(request.headers.authorization ?? ""),
    "x-echo-base64": Buffer.from(key).toString("base64"),
  });
  response.end(
    JSON.stringify({
      code: "echo",
      message: `you sent ${request.headers.authorization}`,
      status: 500,
      forms,
      ...keyed,
      nested: { list: [{ ...keyed, value: forms }] },
    }),
  );
}

const leaks = (text: string) => pieces.filter((piece) => text.includes(piece));

let deployment: TinyServer;
let dir: string;
beforeAll(async () => {
  deployment = await startTinyServer(echoing);
  dir = await mkdtemp(join(tmpdir(), "pactum-no-secret-"));
});
afterAll(async () => {
  await deployment.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a failing pactum run with the kit", () => {
  it("prints, throws and reports no form of the key", async () => {
    const printed: string[] = [];
    const capture = (chunk: unknown) => {
      printed.push(String(chunk));
      return true;
    };
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation(capture);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(capture);
    const consoleSpies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args) => void printed.push(inspect(args))),
    );
    const petstore = await usePetstore(pactum, { baseUrl: deployment.url, apiKey: key });
    const received: unknown[] = [];
    const file = join(dir, "report.json");
    pactum.reporter.add({
      afterSpec: (data: unknown) => received.push(data),
      end: () => writeFile(file, JSON.stringify(received)),
    });
    const errors: unknown[] = [];
    const specs = [
      () => pactum.spec().get("/pets").expectStatus(200),
      () => pactum.spec().get("/categories").expectJson({ nothing: key }),
      () => pactum.spec().get("/categories").expectBodyContains("absent text"),
      () => pactum.spec().get("/categories").inspect().expectHeader("x-echo", "other"),
      () =>
        pactum
          .spec()
          .get("/pets")
          .withHeaders("Authorization", `Basic ${btoa(`contract:${key}`)}`),
      () => pactum.spec().get("http://127.0.0.1:1/v1/pets").expectStatus(200),
    ];
    try {
      for (const spec of specs)
        await spec()
          .toss()
          .catch((error: unknown) => errors.push(error));
      await pactum.reporter.end();
    } finally {
      await petstore.close();
      for (const spy of [stdout, stderr, ...consoleSpies]) spy.mockRestore();
    }
    const thrown = errors.map((error) =>
      [
        String(error),
        (error as Error).stack,
        inspect(error, { depth: 8 }),
        JSON.stringify((error as { actual?: unknown }).actual),
        JSON.stringify((error as { expected?: unknown }).expected),
      ].join("\n"),
    );
    const reportFile = await readFile(file, "utf8");
    // Every spec failed, and each output holds what a reader needs (masked).
    expect(errors).toHaveLength(specs.length);
    expect(received).toHaveLength(specs.length);
    expect(printed.join("")).toContain("[redacted]");
    expect(reportFile).toContain('"status":"FAILED"');
    expect(thrown.join("\n")).toContain("petstore:conforms");
    expect({
      printed: leaks(printed.join("")),
      thrown: leaks(thrown.join("\n")),
      reporter: leaks(JSON.stringify(received)),
      reportFile: leaks(reportFile),
    }).toEqual({ printed: [], thrown: [], reporter: [], reportFile: [] });
  });

  it("refuses a reporter added before the kit, naming why", async () => {
    // The reporter of the test above is still registered with pactum.
    await expect(
      usePetstore(pactum, { baseUrl: deployment.url, apiKey: key, log: () => {} }),
    ).rejects.toThrow(
      /1 pactum reporter was added before usePetstore\(pactum, …\), and would receive request headers with the key/,
    );
  });
});
