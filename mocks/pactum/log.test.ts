/**
 * pactum's log with the kit: every line escaped as the CLI escapes (text and
 * objects alike), a failure the kit reports not dumped again by pactum, and
 * a circular value written, never thrown. (The kit's retry line: pactum.test.ts.)
 */
import type { ServerResponse } from "node:http";
import pactum from "pactum";
import { afterEach, describe, expect, it } from "vitest";
import { usePetstore } from "../pactum.js";
import { startTinyServer, type TinyServer } from "../test-support/servers.js";
import { createRedactor } from "../util/redact.js";
import { redactedLogger } from "./hygiene.js";

let lines: string[] = [];
let close: (() => Promise<void>) | undefined;
let deployment: TinyServer | undefined;

/** A session writing its log to `lines`. */
async function open(options: Parameters<typeof usePetstore>[1]) {
  const petstore = await usePetstore(pactum, {
    ...options,
    log: (_level, line) => lines.push(line),
  });
  close = () => petstore.close();
  return petstore;
}

/** A deployment answering every request with `answer`, and a session on it that judges no spec. */
async function deploymentAnswering(answer: (response: ServerResponse) => void) {
  deployment = await startTinyServer((_request, response) => answer(response));
  await open({ baseUrl: deployment.url, apiKey: "k-0123456789", everySpec: false });
}

afterEach(async () => {
  await close?.();
  await deployment?.close();
  close = undefined;
  deployment = undefined;
  lines = [];
});

const failed = (spec: { toss(): Promise<unknown> }) => spec.toss().catch(() => undefined);

describe("pactum's log with the kit", () => {
  it("escapes C0, C1 and bidi controls in text and in objects, as the CLI does", async () => {
    const hostile = "\u001b[2J \u009b31m \u202eevil";
    await deploymentAnswering((response) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: "x", message: hostile, status: 500 }));
    });
    await failed(pactum.spec().get("/pets").inspect("res.body.message").expectStatus(200));
    const log = lines.join("\n");
    for (const control of ["\u001b", "\u009b", "\u202e"]) expect(log).not.toContain(control);
    expect(log).toContain("[W] res.body.message\n\\x1b[2J \\x9b31m \\u202eevil");
    expect(log).toContain('"message": "\\u001b[2J \\x9b31m \\u202eevil"');
  });

  it("leaves out pactum's dump of an exchange the kit's failure shows; pactum's own failures keep theirs", async () => {
    const petstore = await open({ mock: {} });
    petstore.server?.faults.add({ operation: "listPets", status: 500, times: 1 });
    await failed(pactum.spec().get("/pets"));
    expect(lines).toEqual([]);
    await failed(pactum.spec().get("/pets").expectStatus(201));
    expect(lines.map((line) => line.split("\n")[0])).toEqual(["[W] Request", "[W] Response"]);
  });

  it("writes a circular value as [circular]", () => {
    const written: string[] = [];
    const logger = redactedLogger(
      createRedactor(["k-0123456789"]),
      (_level, line) => written.push(line),
      () => false,
    );
    const circular: Record<string, unknown> = { key: "k-0123456789" };
    circular.self = circular;
    logger.warn(["Response", circular]);
    expect(written).toEqual(['[W] Response\n{\n  "key": "[redacted]",\n  "self": "[circular]"\n}']);
  });
});
