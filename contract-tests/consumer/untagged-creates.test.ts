/**
 * A consumer contract's create is sent with the run tag starting its name
 * wherever the name is a non-empty string; one whose name is not (a number,
 * null, missing, an array, an object, empty) or whose body is text is sent
 * as the app's test wrote it, and every report says which, and why, beside
 * what it created: no report claims a tag an untagged record lacks.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { contractText, type PactBody, type PactContract } from "../../mocks/contract/pact.js";
import { testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { startTinyServer } from "../../mocks/test-support/servers.js";
import { recordContract } from "../test-support/recorded-contract.js";
import { closedAfter, runCliWithReports } from "../test-support/runs.js";
import { readConsumerContract } from "./contract.js";
import { consumerRequest } from "./request.js";

const creates: readonly [string, unknown, string | undefined][] = [
  ["a string name", { name: "Rex", categoryId: 1 }, undefined],
  ["a number", { name: 7, categoryId: 1 }, "its name is a number, not a string"],
  ["null", { name: null, categoryId: 1 }, "its name is null, not a string"],
  ["no name", { categoryId: 1 }, "its body has no name"],
  ["an array", { name: ["Rex"], categoryId: 1 }, "its name is an array, not a string"],
  ["an object", { name: { first: "Rex" }, categoryId: 1 }, "its name is an object, not a string"],
  [
    "an empty name",
    { name: "", categoryId: 1 },
    "its name is empty (the tag would make it a valid one)",
  ],
  ["an array body", [{ name: "Rex", categoryId: 1 }], "its body is an array, not a JSON object"],
];
const textReason = "its body is text/plain, sent as written";

let file: string;
let dir: string;
beforeAll(async () => {
  const recorded = await recordContract("app", [
    { test: "t > creates", method: "POST", target: "/pets", json: { name: "Rex", categoryId: 1 } },
  ]);
  const [template] = recorded.interactions;
  if (!template) throw new Error("nothing recorded");
  /** The recorded create, its body and test name replaced (the recorder merges creates of one shape). */
  const variant = (what: string, body: PactBody) => ({
    ...template,
    description: `t > creates with ${what}`,
    comments: { ...template.comments, testname: `t > creates with ${what}` },
    request: {
      ...template.request,
      headers: { ...template.request.headers, "content-type": [body.contentType] },
      body,
    },
  });
  const json = (content: unknown): PactBody => ({
    content,
    contentType: "application/json",
    encoded: false,
  });
  const contract = {
    ...recorded,
    interactions: [
      ...creates.map(([what, content]) => variant(what, json(content))),
      variant("a text body", {
        content: '{"name":"Rex","categoryId":1}',
        contentType: "text/plain",
        encoded: false,
      }),
    ],
  } as PactContract;
  dir = await mkdtemp(join(tmpdir(), "untagged-creates-"));
  file = join(dir, "pact.json");
  await writeFile(file, contractText(contract));
});

describe("a consumer contract's creates", () => {
  it("carry the run tag when their name is a non-empty string, else say why not", async () => {
    const contract = await readConsumerContract(file);
    const sent = contract.interactions.map((interaction) =>
      consumerRequest(interaction, {}, "ct-run"),
    );
    expect(sent.map((each) => each.untagged)).toEqual([
      ...creates.map(([, , why]) => why),
      textReason,
    ]);
    expect(JSON.parse(sent[0]?.request.rawBody ?? "")).toEqual({
      name: "ct-run Rex",
      categoryId: 1,
    });
    expect(JSON.parse(sent[1]?.request.rawBody ?? "")).toEqual({ name: 7, categoryId: 1 });
    expect(sent.at(-1)?.request.rawBody).toBe('{"name":"Rex","categoryId":1}');
  });

  it("against a deployment that creates whatever it is sent, every report names the records without the tag", async () => {
    let next = 100;
    const lenient = await startTinyServer(async (request: IncomingMessage, response) => {
      if (request.method !== "POST") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("[]");
        return;
      }
      let body = "";
      for await (const chunk of request) body += chunk;
      let name: unknown = body;
      try {
        name = (JSON.parse(body) as { name?: unknown }).name ?? null;
      } catch {}
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ id: next++, name, categoryId: 1 }));
    });
    const run = await closedAfter(lenient, (server) =>
      runCliWithReports(["--consumer", file, "--url", server.url, "--key", testApiKey], {}, dir),
    );
    const tag = /run tag (ct-[\w-]+)/.exec(run.out)?.[1] ?? "";
    expect(tag).not.toBe("");
    const report = JSON.parse(run.reports.json) as {
      created: { id: number; untagged?: string }[];
      consumer: { interactions: { untagged?: string }[] };
    };
    // The provider state's category (100, tagged), then the creates in order from 101.
    expect(report.created.map((record) => [record.id, record.untagged])).toEqual([
      [100, undefined],
      ...creates.map(([, , why], at) => [101 + at, why]),
      [101 + creates.length, textReason],
    ]);
    expect(report.consumer.interactions.map((each) => each.untagged)).toEqual([
      ...creates.map(([, , why]) => why),
      textReason,
    ]);
    const pets = Array.from({ length: creates.length + 1 }, (_, at) => 101 + at).join(", ");
    const listed = `pets ${pets}; categories 100 (names start with ${tag}; pets 102: no run tag, its name is a number, not a string;`;
    expect(run.out).toContain(`created: ${listed}`);
    expect(run.reports.markdown).toContain(`Created by this run: ${listed}`);
    expect(run.reports.html).toContain(listed);
    expect(run.out).toContain(`pets ${101 + creates.length}: no run tag, ${textReason})`);
    expect(run.out).toContain(`sent without the run tag: ${textReason}`);
  });
});
