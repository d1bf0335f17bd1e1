/**
 * The Markdown summary copies and cannot be hijacked: curl lines sit literally
 * in their fences, and nothing a server sent closes a fence or becomes HTML,
 * a link or an image outside one.
 */
import { describe, expect, it } from "vitest";
import type { CaseRecord, CheckResult, RunResult } from "../suite/results.js";
import { fenced, markdownReport } from "./markdown.js";

const hostile =
  "</details><img src=x onerror=alert(1)> <script>alert(2)</script> ```` \n```\n<b>x</b> [click](javascript:alert(3)) ![i](http://evil/x.png) | `a` \u001b[2J";
const curl = `curl -g -sS -i 'http://127.0.0.1:1/v1/pets?name=${hostile}' -H "Authorization: Bearer $PETSTORE_API_KEY"`;

function serverError(id: string): { record: CaseRecord; check: CheckResult } {
  const text = JSON.stringify({ code: "boom", message: hostile, status: 500 });
  const record: CaseRecord = {
    caseId: id,
    operation: "listPets",
    provocation: false,
    curl,
    exchange: {
      request: { method: "GET", path: "/pets" },
      url: "http://127.0.0.1:1/v1/pets",
      response: { status: 500, headers: {}, text, json: JSON.parse(text), isJson: true },
      retries: 0,
      durationMs: 1,
    },
  };
  const check: CheckResult = {
    id: `${id}.status-200`,
    caseId: id,
    operation: "listPets",
    kind: "documented",
    outcome: "failed",
    expected: `HTTP 200 ${hostile}`,
    actual: `HTTP status 500 !== 200 — got HTTP 500 | ${text}`,
    curl,
  };
  return { record, check };
}

const failures = [serverError("listPets.a"), serverError("listPets.b")];
const result: RunResult = {
  baseUrl: "http://127.0.0.1:1/v1",
  tag: "ct-test",
  readOnly: false,
  strict: false,
  checks: failures.map((failure) => failure.check),
  cases: failures.map((failure) => failure.record),
  created: [],
  durationMs: 1,
  notes: [`note ${hostile}`],
};

/** The report split as CommonMark reads it: fenced blocks, and every line outside them. */
function parse(markdown: string) {
  const blocks: Array<{ fence: string; content: string[] }> = [];
  const outside: string[] = [];
  let open: { fence: string; content: string[] } | undefined;
  for (const line of markdown.split("\n")) {
    if (open) {
      const close = line.match(/^ {0,3}(`+)\s*$/);
      if (close?.[1] && close[1].length >= open.fence.length) {
        blocks.push(open);
        open = undefined;
      } else {
        open.content.push(line);
      }
      continue;
    }
    const start = line.match(/^ {0,3}(`{3,})[^`]*$/);
    if (start?.[1]) open = { fence: start[1], content: [] };
    else outside.push(line);
  }
  expect(open, "a fence is left open").toBeUndefined();
  return { blocks, outside: outside.join("\n") };
}

describe("fenced", () => {
  it.each(["plain", "one ` tick", "``` three", "````` five ``` three", "line\n```\nbreak"])(
    "keeps %j in one block no backtick run can close",
    (text) => {
      const { blocks, outside } = parse(fenced(text).join("\n"));
      expect(blocks).toHaveLength(1);
      expect(blocks[0]?.content).toEqual([text.replace(/\s+/g, " ")]);
      expect(outside).toBe("");
    },
  );
});

describe("the Markdown report with hostile server text", () => {
  const markdown = markdownReport(result);
  const { blocks, outside } = parse(markdown);

  it("holds each curl line literally in its fence, to copy as is", () => {
    const literal = curl.replace("\u001b", "\\x1b").replace(/\n/g, " ");
    expect(blocks.map((block) => block.content)).toEqual([[literal], [literal]]);
    expect(literal).toContain(`-H "Authorization: Bearer $PETSTORE_API_KEY"`);
  });

  it("lets no server HTML, link or image render outside the fences", () => {
    const tags = [...outside.matchAll(/<\/?([a-z][\w-]*)/gi)].map((tag) => tag[1]?.toLowerCase());
    expect(new Set(tags)).toEqual(new Set(["details", "summary", "code"]));
    expect(outside).not.toMatch(/(?<!\\)\]\(/);
    expect(outside).toContain("&lt;img src=x");
    expect(outside).not.toContain("\u001b");
  });

  it("names the cause first", () => {
    expect(outside).toMatch(/### Diagnosis[\s\S]*The deployment fails with 5xx[\s\S]*### Failures/);
  });
});
