/**
 * A printed curl line, pasted into bash (and zsh, where installed), sends
 * exactly the body it was built for, byte for byte, whatever the body holds,
 * and holds only characters every report carries unaltered.
 */
import { execFile, execFileSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curlLine, shellWord } from "./curl.js";
import { printable } from "./text.js";

const run = promisify(execFile);
const shells = ["bash", "zsh"].filter((shell) => {
  try {
    execFileSync(shell, ["-c", "true"]);
    return true;
  } catch {
    return false;
  }
});

/** What the loopback echo server received: method, target, authorization, body bytes. */
const received: { method: string; url: string; authorization: string; body: Buffer }[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({
      method: request.method ?? "",
      url: request.url ?? "",
      authorization: request.headers.authorization ?? "",
      body: Buffer.concat(chunks),
    });
    response.end("ok");
  });
});
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs a line in a shell, key in the environment; what the echo server got. */
async function sent(shell: string, line: string) {
  received.length = 0;
  await run(shell, ["-c", `${line} >/dev/null`], {
    env: { PATH: process.env.PATH ?? "", PETSTORE_API_KEY: "the-key", LC_ALL: "C" },
  });
  const [got, ...more] = received;
  expect(more).toEqual([]);
  if (got === undefined) throw new Error(`${shell} sent nothing: ${line}`);
  return got;
}

const bodies: Record<string, string> = {
  "carriage return": '{"name":"a\rb"}',
  "line feed and CRLF": '{"name":"line1\nline2\r\n"}',
  tab: '{"name":"\ta"}',
  NUL: '{"name":"a\u0000b"}',
  "NUL, leading dash, percent, backslash": "-n\u0000 100% \\x41 \\n '",
  "escape and DEL": "\u001b[2J\u007f",
  unicode: '{"name":"Éowyn 日本 😀"}',
  "bidi, zero-width, no-break and line separators": "a\u202eb\u200bc\u00a0d\u2028e\ufeff",
  "a lone surrogate (sent as U+FFFD)": "a\ud800b",
  quotes: `{"name":"O'Hara \\"the\\" 'x'"}`,
  "dollar and command substitution": "$HOME $(touch /tmp/pwned) $((1+1))",
  backtick: "`touch /tmp/pwned` `id`",
  "history and globs": "!event !! * ? [1-3] {a,b} ~",
  "runs of spaces": "a  b   c    ",
  "control characters with quotes": "it's\r\n!$`\\",
};

describe.each(shells)("a curl line run by %s", (shell) => {
  it.each(Object.entries(bodies))("sends the body byte for byte: %s", async (_name, body) => {
    const line = curlLine({
      options: ["-sS"],
      method: "POST",
      url: `${base}/v1/pets`,
      headers: [{ shell: `"Authorization: Bearer $PETSTORE_API_KEY"` }, "Content-Type: text/plain"],
      body: { data: body },
    });
    const got = await sent(shell, line);
    expect(got.body.equals(Buffer.from(body))).toBe(true);
    expect(got).toMatchObject({ method: "POST", url: "/v1/pets", authorization: "Bearer the-key" });
  });

  it("sends a URL with globbing characters as one request, and HEAD as -I", async () => {
    const url = `${base}/v1/pets/[1-100000000]?a={x,y}&b='$(id)'`;
    const got = await sent(shell, curlLine({ options: ["-sS"], method: "GET", url }));
    expect(got.url).toBe("/v1/pets/[1-100000000]?a={x,y}&b='$(id)'");
    const head = curlLine({ options: ["-sS"], method: "HEAD", url: `${base}/v1/pets` });
    expect(head).toMatch(/^curl -g -sS -I '/);
    expect((await sent(shell, head)).method).toBe("HEAD");
  });
});

describe("a curl line's characters", () => {
  it("are printable with no space but U+0020, so no report changes them", () => {
    for (const body of Object.values(bodies)) {
      const line = curlLine({ method: "POST", url: "http://h/v1/pets", body: { data: body } });
      expect(printable(line)).toBe(line);
      expect(line.replace(/ /g, "")).not.toMatch(/\s|\p{C}/u);
    }
  });

  it("use plain single quotes unless the text holds an unprintable character", () => {
    expect(shellWord(`O'Hara $x \`y\` é`)).toBe(`'O'\\''Hara $x \`y\` é'`);
    expect(shellWord("a\rb'!\\")).toBe("$'a\\x0db\\x27\\x21\\\\'");
    expect(shellWord("\u202e")).toBe("$'\\xe2\\x80\\xae'");
  });
});
