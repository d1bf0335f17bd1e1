/**
 * Names from a Pact file (its interactions' descriptions, its tests' names,
 * its provider states) are hostile text: every report shows the terminal
 * controls in them (bidi overrides, C1 controls such as CSI, NEL, CR) as
 * the console does, `\u202e`, `\x9b`, never raw; `--against-spec` too.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { contractText, type PactContract } from "../../mocks/contract/pact.js";
import { startMock, testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { recordContract } from "../test-support/recorded-contract.js";
import { closedAfter, runCliWithReports } from "../test-support/runs.js";

const hostile = "a\u202eb\u0085c\u009bd\r\ne\u001bf";
/** Each control as every report shows it. */
const shown = String.raw`a\u202eb\x85c\x9bd\x0d`;
const raw = ["\u202e", "\u0085", "\u009b", "\r", "\u001b"];

/** Every string in a parsed JSON value, member names included. */
const textsIn = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([name, member]) => [name, ...textsIn(member)])
      : [];

let file: string;
let dir: string;
beforeAll(async () => {
  const recorded = await recordContract("app", [
    { test: `t > lists ${hostile}`, method: "GET", target: "/pets?status=sold" },
    {
      test: `t > adds ${hostile}`,
      method: "POST",
      target: "/pets",
      json: { name: "Rex", categoryId: 1 },
    },
  ]);
  const edited: PactContract = {
    ...recorded,
    interactions: recorded.interactions.map((interaction, at) => ({
      ...interaction,
      description: `${interaction.description} ${hostile}`,
      ...(at === 0 ? { providerStates: [{ name: `a state ${hostile}`, params: {} }] } : {}),
    })),
  };
  dir = await mkdtemp(join(tmpdir(), "hostile-names-"));
  file = join(dir, "pact.json");
  await writeFile(file, contractText(edited));
});

describe("control characters in a Pact file's names", () => {
  it.each([
    ["--consumer", false],
    ["--consumer --against-spec", true],
  ])("%s: every report shows them escaped, none raw", async (_mode, againstSpec) => {
    const run = await closedAfter(await startMock(), (mock) =>
      runCliWithReports(
        [
          "--consumer",
          file,
          ...(againstSpec ? ["--against-spec"] : ["--url", mock.url, "--key", testApiKey]),
        ],
        {},
        dir,
      ),
    );
    const reports = { console: run.out, ...run.reports };
    for (const [format, text] of Object.entries(reports)) {
      for (const char of raw) {
        expect(text.includes(char), `${format} holds U+${char.codePointAt(0)?.toString(16)}`).toBe(
          false,
        );
      }
    }
    for (const format of ["console", "markdown", "html", "junit"] as const) {
      expect(reports[format], format).toContain(shown);
    }
    // JSON: the parsed report holds the same shown text, and no control in any string or member name.
    const parsed = JSON.parse(run.reports.json) as unknown;
    expect(JSON.stringify(parsed)).toContain(JSON.stringify(shown).slice(1, -1));
    const held = textsIn(parsed).filter((text) => raw.some((char) => text.includes(char)));
    expect(held).toEqual([]);
  });
});
