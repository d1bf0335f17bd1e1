/**
 * A consumer contract's create is sent with the run tag starting its name
 * wherever the name is a non-empty string, in a JSON body given as text
 * too. One whose name cannot carry it is sent as the app's test wrote it
 * only as a probe the interface lets a deployment refuse (a number, null,
 * missing, an array, an object, a body that is an array or no JSON), and
 * every report says why beside what it created; one a deployment may store
 * (an empty name) is not sent, and says why: no report claims a tag an
 * untagged record lacks, and no run leaves a record no clean-up finds.
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

const json = (content: unknown): PactBody => ({
  content,
  contentType: "application/json",
  encoded: false,
});
const text = (content: string, contentType: string): PactBody => ({
  content,
  contentType,
  encoded: false,
});

const emptyName = "its name is empty (the tag would make it a valid one)";
/** Each create: its body, why its name lacks the tag (undefined: it carries it), and whether it is sent. */
const creates: readonly [string, PactBody, string | undefined, "sent" | "not sent"][] = [
  ["a string name", json({ name: "Rex", categoryId: 1 }), undefined, "sent"],
  [
    "a JSON body given as text",
    json('{"name":"UNTAGGED-REAL-PET","categoryId":1}'),
    undefined,
    "sent",
  ],
  [
    "a text/plain JSON body",
    text('{"name":"Rex","categoryId":1}', "text/plain"),
    undefined,
    "sent",
  ],
  ["a number", json({ name: 7, categoryId: 1 }), "its name is a number, not a string", "sent"],
  ["null", json({ name: null, categoryId: 1 }), "its name is null, not a string", "sent"],
  ["no name", json({ categoryId: 1 }), "its body has no name", "sent"],
  [
    "an array",
    json({ name: ["Rex"], categoryId: 1 }),
    "its name is an array, not a string",
    "sent",
  ],
  [
    "an object",
    json({ name: { first: "Rex" }, categoryId: 1 }),
    "its name is an object, not a string",
    "sent",
  ],
  ["an empty name", json({ name: "", categoryId: 1 }), emptyName, "not sent"],
  [
    "an array body",
    json([{ name: "Rex", categoryId: 1 }]),
    "its body is an array, not a JSON object",
    "sent",
  ],
  ["a text body", text("Rex", "text/plain"), "its body is text/plain, sent as written", "sent"],
];
const sent = creates.filter(([, , , sending]) => sending === "sent");

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
  const contract = {
    ...recorded,
    interactions: creates.map(([what, body]) => variant(what, body)),
  } as PactContract;
  dir = await mkdtemp(join(tmpdir(), "untagged-creates-"));
  file = join(dir, "pact.json");
  await writeFile(file, contractText(contract));
});

describe("a consumer contract's creates", () => {
  it("carry the run tag when their name is a non-empty string, in a JSON body given as text too, else say why not", async () => {
    const contract = await readConsumerContract(file);
    const requests = contract.interactions.map((interaction) =>
      consumerRequest(interaction, {}, "ct-run"),
    );
    expect(requests.map((each) => each.untagged)).toEqual(creates.map(([, , why]) => why));
    expect(requests.slice(0, 3).map((each) => JSON.parse(each.request.rawBody ?? ""))).toEqual([
      { name: "ct-run Rex", categoryId: 1 },
      { name: "ct-run UNTAGGED-REAL-PET", categoryId: 1 },
      { name: "ct-run Rex", categoryId: 1 },
    ]);
    expect(requests[2]?.request.contentType).toBe("text/plain");
    expect(JSON.parse(requests[3]?.request.rawBody ?? "")).toEqual({ name: 7, categoryId: 1 });
    expect(requests.at(-1)?.request.rawBody).toBe("Rex");
  });

  it("against a deployment that creates whatever it is sent, leave no record without the tag but the probes, each named with why", async () => {
    let next = 100;
    const received: string[] = [];
    const lenient = await startTinyServer(async (request: IncomingMessage, response) => {
      if (request.method !== "POST") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("[]");
        return;
      }
      let body = "";
      for await (const chunk of request) body += chunk;
      received.push(body);
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
    // The provider state's category first, then the creates sent; the empty name is not among them.
    expect(received).toHaveLength(1 + sent.length);
    expect(received.some((body) => body.includes('"name":""'))).toBe(false);
    const report = JSON.parse(run.reports.json) as {
      created: { id: number; name: unknown; untagged?: string }[];
      consumer: { interactions: { untagged?: string; why: string | null }[] };
    };
    expect(report.created.map((record) => [record.id, record.untagged])).toEqual([
      [100, undefined],
      ...sent.map(([, , why], at) => [101 + at, why]),
    ]);
    expect(
      report.created.filter((record) => record.untagged === undefined).map((r) => r.name),
    ).toEqual([`${tag} category`, `${tag} Rex`, `${tag} UNTAGGED-REAL-PET`, `${tag} Rex`]);
    const notSent = `not sent: ${emptyName}, and the interface lets a deployment store it: a record no clean-up by the run tag would find`;
    expect(
      report.consumer.interactions.map((each) => each.untagged ?? each.why ?? undefined),
    ).toEqual(creates.map(([, , why, sending]) => (sending === "sent" ? why : notSent)));
    expect(run.out).toContain(notSent);
    expect(run.out).toContain(`pets 104: no run tag, its name is a number, not a string`);
    expect(run.reports.markdown).toContain(
      `pets 104: no run tag, its name is a number, not a string`,
    );
    expect(run.out).toContain("sent without the run tag: its body is text/plain, sent as written");
  });
});
