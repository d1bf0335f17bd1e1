/** The key never appears in any output: reports and failure details. */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type FaultyServer, startMock } from "../../mocks/test-support/faulty-servers.js";
import { encodedForms, secretPieces } from "../../mocks/test-support/secret-encodings.js";
import { createRedactor, redactedMark } from "../../mocks/util/redact.js";
import { describeResponse } from "../suite/context.js";
import { runCli } from "../test-support/runs.js";

const key = "s3cr3t-contract-key-abcdef";
const basicForm = Buffer.from(`contract:${key}`).toString("base64");

describe("createRedactor", () => {
  it("hides the key and its Basic form", () => {
    const redact = createRedactor([key]);
    expect(redact(`Bearer ${key} / Basic ${basicForm}`)).toBe(
      `Bearer ${redactedMark} / Basic ${redactedMark}`,
    );
  });

  it("hides a short key only as a whole token, so words survive", () => {
    const redact = createRedactor(["k"]);
    expect(redact("Bearer k skipped")).toBe(`Bearer ${redactedMark} skipped`);
  });
});

describe("every form a report can show the key in", () => {
  const tricky = `k"e\\y&<odd>+/%='${"x".repeat(8)}`;
  const redact = createRedactor([tricky]);
  it.each(Object.entries(encodedForms(tricky)))("redacts the %s form", (_name, form) => {
    for (const text of [`before ${form} after`, JSON.stringify({ message: `echo ${form}` })]) {
      const shown = redact(text);
      expect(shown).toContain(redactedMark);
      expect(secretPieces(tricky).filter((piece) => shown.includes(piece))).toEqual([]);
    }
  });
});

describe("describeResponse", () => {
  it("redacts before it cuts the body preview, so no piece of the key survives the cut", () => {
    const key = "abcdefghijklmn"; // 14 characters; 13 of them before the 300-character cut
    const text = `${"x".repeat(287)}${key}${"y".repeat(50)}`;
    const exchange = {
      request: { method: "GET", path: "/pets" },
      url: "http://127.0.0.1/v1/pets",
      response: { status: 401, headers: {}, text, json: undefined, isJson: false, raw: {} },
      retries: 0,
      durationMs: 1,
    } as const;
    const shown = describeResponse(exchange, createRedactor([key]));
    expect(shown).not.toContain("abcdefgh");
    expect(shown).toContain(redactedMark);
  });

  it("shows the headers it names as it shows the body: key masked, controls escaped, cut", () => {
    const key = "abcdefghijklmn";
    const exchange = {
      request: { method: "POST", path: "/pets" },
      url: "http://127.0.0.1/v1/pets",
      response: {
        status: 201,
        headers: { location: `/v1/pets/1\u009b\u202e${key}${"z".repeat(1000)}` },
        text: "{}",
        json: {},
        isJson: true,
        raw: {},
      },
      retries: 0,
      durationMs: 1,
    } as const;
    const shown = describeResponse(exchange, createRedactor([key]));
    expect(shown).toMatch(
      /^HTTP 201 \| location: \/v1\/pets\/1\\x9b\\u202e\[redacted\]z+… \| \{\}$/,
    );
    expect(shown.length).toBeLessThan(400);
  });
});

describe("a run against a server that echoes credentials in its failures", () => {
  const servers: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it("keeps the key out of the console, JUnit and Markdown reports", async () => {
    // Answers every rejected credential with 403 and the credential in the message.
    const echoing: FaultyServer["wrap"] = (handle) => async (request) => {
      const response = await handle(request);
      if (response.status !== 401) return response;
      const message = `rejected ${request.header("authorization") ?? "nothing"}`;
      return {
        ...response,
        status: 403,
        body: JSON.stringify({ code: "forbidden", message, status: 403 }),
      };
    };
    const server = await startMock(echoing, key);
    servers.push(server);
    const dir = await mkdtemp(join(tmpdir(), "contract-redaction-"));
    const args = ["--url", server.url, "--junit", join(dir, "junit.xml")];
    args.push("--markdown", join(dir, "summary.md"), "--strict");
    const { code, out, err } = await runCli(args, { PETSTORE_API_KEY: key });
    expect(code).toBe(1);
    expect(out).toContain("listPets.auth-malformed.status-401");
    expect(out).toContain(`rejected ${redactedMark}`);
    for (const text of [
      out,
      err,
      await readFile(join(dir, "junit.xml"), "utf8"),
      await readFile(join(dir, "summary.md"), "utf8"),
    ]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(basicForm);
    }
  });
});
