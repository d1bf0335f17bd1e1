/**
 * `--against-spec`: a consumer contract read against openapi.yaml, with no
 * deployment. Contracts come from the kit's recorder (real requests to its
 * mock), some then edited the way a hand might edit one; each finding names
 * what the interaction relies on, the statement the interface lacks or the
 * id it would need, and what it says instead. Every report format carries
 * them. A bad file is a usage error (exit 2) naming the problem, in one line.
 */
import { mkdtemp, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { maxContractPatterns } from "../../mocks/contract/contract-regex.js";
import { contractLimits, contractText, type PactContract } from "../../mocks/contract/pact.js";
import { behaviourFrom } from "../../mocks/interface/behaviour-profile.js";
import { exitCodes } from "../cli/cli-main.js";
import {
  type RecordedStep,
  recordContract,
  sloppySteps,
} from "../test-support/recorded-contract.js";
import { runCli, runCliWithReports } from "../test-support/runs.js";
import { againstSpec, type SpecFinding } from "./against-spec.js";
import { consumerContractOf } from "./contract.js";

const steps: readonly RecordedStep[] = [
  ...sloppySteps("app"),
  { test: "app > keeps the campaign", method: "GET", target: "/pets?limit=2&utm_source=mail" },
  { test: "app > says when the pet is gone", method: "GET", target: "/pets/999" },
  { test: "app > asks for a key on the pets", method: "GET", target: "/pets", key: null },
  {
    test: "app > refuses a pet without a name",
    method: "POST",
    target: "/pets",
    json: { categoryId: 1 },
  },
  {
    test: "app > adds a pet",
    method: "POST",
    target: "/pets",
    json: { name: "Rex", categoryId: 1 },
  },
];

let recorded: PactContract;
let dir: string;

beforeAll(async () => {
  recorded = await recordContract("web-app", steps);
  dir = await mkdtemp(join(tmpdir(), "petstore-against-spec-"));
});

type Interaction = PactContract["interactions"][number];

/** The recorded contract, its interaction of `test` edited. */
function edited(test: string, edit: (interaction: Interaction) => Interaction): PactContract {
  const copy = structuredClone(recorded) as unknown as { interactions: Interaction[] };
  const index = copy.interactions.findIndex((i) => i.comments.testname === test);
  if (index < 0) throw new Error(`no interaction of ${test}`);
  copy.interactions[index] = edit(copy.interactions[index] as Interaction);
  return copy as unknown as PactContract;
}

/** The findings of each interaction, by test name. */
function findings(contract: PactContract): Record<string, SpecFinding[]> {
  const result = againstSpec(consumerContractOf(contract, "contract.json"), {
    strict: false,
    only: [],
  });
  return Object.fromEntries(result.interactions.map((i) => [i.tests.join("; "), [...i.findings]]));
}

const kinds = (list: readonly SpecFinding[] | undefined) => (list ?? []).map((f) => f.kind);

describe("what the interface promises, and what it does not", () => {
  it("flags nothing in interactions that rely only on documented answers", () => {
    const found = findings(recorded);
    for (const test of [
      "app > lists the available pets",
      "app > shows a pet's page",
      "app > says when the pet is gone",
      "app > asks for a key on the pets",
      "app > refuses a pet without a name",
      "app > adds a pet",
    ]) {
      expect({ test, found: found[test] }).toEqual({ test, found: [] });
    }
  });

  it("a status that is the kit's choice: the statement it would need and what the interface says instead", () => {
    const found = findings(recorded);
    const [domain, status] = found["app > shows an error for an empty page"] ?? [];
    expect(domain).toMatchObject({
      kind: "outside-domain",
      relies: "a request outside the interface's domain: limit is below 1",
      rules: ["§4.1.limit-range"],
    });
    expect(domain?.instead).toContain("`limit` is an integer from 1 to 100");
    expect(status).toMatchObject({
      kind: "undocumented-status",
      severity: "documented",
      relies: "HTTP 400",
      lacks: "no statement documents 400 for listPets (openapi.yaml lists it as the kit's choice)",
      wouldNeed: "§4.1.400",
      instead: "no particular status: any answer but a 5xx (§7.no-server-error)",
    });
    const [categories] = found["app > asks for a key on the categories"] ?? [];
    expect(categories).toMatchObject({ kind: "undocumented-status", wouldNeed: "§4.4.401" });
    expect(categories?.instead).toBe(
      "not a 2xx answer: the request must be rejected (§4.auth-required, §5.bearer)",
    );
  });

  it("a documented status the interface does not promise for this very request", () => {
    const [status] = findings(recorded)["app > refuses an empty name"] ?? [];
    expect(status).toMatchObject({
      kind: "undocumented-status",
      lacks:
        "no statement promises 400 for this request: its body is not an ordinary one (strings of 1 to 100 characters, only the schema's fields)",
    });
    expect(status?.wouldNeed).toBeUndefined();
    expect(status?.instead).toMatch(
      /^a status the interface documents for createPet: 201, 400, 401 \(§4\.2\.createPet, .*\) \(allowed here: 201, 400, 401\)$/,
    );
  });

  it("a request outside the domain: a path id that is no integer, a parameter the operation does not take", () => {
    const found = findings(recorded);
    expect(kinds(found["app > shows an error for a bad link"])).toEqual([
      "outside-domain",
      "undocumented-status",
    ]);
    expect(found["app > shows an error for a bad link"]?.[0]?.rules).toEqual(["§4.3.petId"]);
    expect(found["app > keeps the campaign"]?.[0]).toMatchObject({
      kind: "outside-domain",
      relies: "a parameter listPets does not take: utm_source",
      instead: "a deployment may refuse the request, or ignore the parameter",
    });
    expect(kinds(found["app > keeps the campaign"])).toContain("undocumented-status");
  });

  it("a request outside the domain stays its own interaction when a profile answers it like one inside", async () => {
    const clamping = behaviourFrom({ version: 1, choices: { limitOutOfRange: "clamped" } }, "test");
    const contract = await recordContract(
      "clamped-app",
      [
        { test: "a > lists five pets", method: "GET", target: "/pets?limit=5" },
        { test: "b > shows an empty page", method: "GET", target: "/pets?limit=0" },
      ],
      clamping,
    );
    expect(contract.interactions.map((i) => [i.comments.testname, i.request.query])).toEqual([
      ["a > lists five pets", { limit: ["5"] }],
      ["b > shows an empty page", { limit: ["0"] }],
    ]);
    const found = findings(contract);
    expect(found["a > lists five pets"]).toEqual([]);
    expect(kinds(found["b > shows an empty page"])).toContain("outside-domain");
  });

  it("a field the schema does not have", () => {
    const contract = edited("app > shows a pet's page", (i) => {
      const body = i.response.body as { content: Record<string, unknown> };
      return {
        ...i,
        response: {
          ...i.response,
          body: { ...body, content: { ...body.content, nickname: "Bud" } } as never,
        },
      };
    });
    expect(findings(contract)["app > shows a pet's page"]).toEqual([
      {
        kind: "unknown-field",
        severity: "documented",
        relies: "the field nickname in the answer ($.nickname)",
        lacks: "the Pet schema has no nickname",
        instead: "Pet has id, name, categoryId, status",
        rules: ["§2.PetStatus", "§2.Pet"],
      },
    ]);
  });

  it("an order of items, or an empty list no provider state promises", () => {
    const withoutListRule = edited("app > lists the available pets", (i) => {
      const { $: _list, ...body } = i.response.matchingRules?.body ?? {};
      return { ...i, response: { ...i.response, matchingRules: { body } } };
    });
    const [order] = findings(withoutListRule)["app > lists the available pets"] ?? [];
    expect(order).toMatchObject({
      kind: "pinned-order",
      relies: "exactly 1 item in this order ($): no type rule lets the list hold other items",
      lacks: "no statement gives a list's order or its exact items",
      rules: ["§4.1.listPets"],
    });
    const empty = (state: string) =>
      edited("app > lists the available pets", (i) => ({
        ...i,
        providerStates: [{ name: state, params: { status: "available" } }],
        // As the recorder writes an empty list: no rule.
        response: {
          status: 200,
          body: { content: [], contentType: "application/json", encoded: false },
        },
      }));
    expect(
      kinds(findings(empty("pets exist with status available"))["app > lists the available pets"]),
    ).toEqual(["pinned-order"]);
    expect(
      findings(empty("no pets exist with status available"))["app > lists the available pets"],
    ).toEqual([]);
  });

  it("a value matched exactly, or an enum narrowed, that the interface leaves open", () => {
    const withoutRules = (...paths: string[]) =>
      edited("app > says when the pet is gone", (i) => {
        const body = { ...i.response.matchingRules?.body };
        for (const path of paths) delete body[path];
        return { ...i, response: { ...i.response, matchingRules: { body } } };
      });
    // An Error's code is the deployment's choice; its status repeats the HTTP status (§7).
    expect(findings(withoutRules("$.code"))["app > says when the pet is gone"]).toMatchObject([
      { kind: "pinned-value", relies: '$.code equal to "not_found"' },
    ]);
    expect(findings(withoutRules("$.status"))["app > says when the pet is gone"]).toEqual([]);

    const narrowed = (state: string) =>
      edited("app > shows a pet's page", (i) => ({
        ...i,
        providerStates: [{ name: state, params: { petId: 7 } }],
        response: {
          ...i.response,
          matchingRules: {
            body: {
              ...i.response.matchingRules?.body,
              "$.status": {
                combine: "AND",
                matchers: [{ match: "regex", regex: "^(?:pending)$" }],
              },
            },
          },
        },
      }));
    // The state created the pet with status pending: reading it back, the interface promises it.
    expect(
      findings(narrowed("pet 7 exists with status pending"))["app > shows a pet's page"],
    ).toEqual([]);
    expect(kinds(findings(narrowed("pet 7 exists"))["app > shows a pet's page"])).toEqual([
      "optional-field",
      "pinned-value",
    ]);
  });
});

describe("every report of --against-spec", () => {
  it("names the file, the interactions, their tests, the statements; exit 1", async () => {
    const file = join(dir, "web-app-petstore.json");
    await writeFile(file, contractText(recorded));
    const output = await runCliWithReports(["--consumer", file, "--against-spec"]);
    expect({ code: output.code, err: output.err }).toEqual({ code: exitCodes.failed, err: "" });
    const { json, junit, markdown, html } = output.reports;
    const test = "app > asks for a key on the categories";
    for (const [text, shown] of [
      [output.out, test],
      [json, test],
      [junit, test.replace(">", "&gt;")],
      [markdown, test.replace(">", "&gt;")],
      [html, test.replace(">", "&gt;")],
    ]) {
      expect(text).toContain(file);
      expect(text).toContain("§4.4.401");
      expect(text).toContain(shown);
    }
    expect(output.out).toMatch(
      /\nFAILED: 5 of 11 interactions rely on what openapi\.yaml does not promise \(\d+ findings, 0 advisory\)/,
    );
    const report = JSON.parse(json) as {
      passed: boolean;
      durationMs: number;
      interactions: { durationMs: number }[];
    };
    expect(report).toMatchObject({ passed: false });
    expect(report.interactions).toHaveLength(11);
    expect(junit).toMatch(/<testsuites [^>]*tests="11" failures="5"/);
    // Each testcase is timed by the reading of its interaction, the testsuite by the whole run.
    const times = [...junit.matchAll(/<testcase [^>]* time="(\d+\.\d{3})"/g)].map(
      ([, time]) => time,
    );
    expect(times).toHaveLength(11);
    for (const [index, time] of times.entries()) {
      const ms = report.interactions[index]?.durationMs ?? Number.NaN;
      expect(Math.abs(Number(time) - ms / 1000)).toBeLessThanOrEqual(0.001);
    }
    expect(report.interactions.every((i) => i.durationMs > 0)).toBe(true);
    const suite = Number(
      /<testsuite name="against-spec [^>]* time="(\d+\.\d{3})"/.exec(junit)?.[1],
    );
    expect(suite).toBeGreaterThanOrEqual(
      Number(times.reduce((sum, time) => sum + Number(time), 0).toFixed(3)) - 0.011,
    );
    expect(html).toContain("Content-Security-Policy");
  });

  it("--only reads only those operations' interactions", async () => {
    const file = join(dir, "only.json");
    await writeFile(file, contractText(recorded));
    const output = await runCli(["--consumer", file, "--against-spec", "--only", "getPet"]);
    expect(output.code).toBe(exitCodes.failed);
    expect(output.out).toContain(
      "- app > lists the available pets: listPets 200: not read (--only leaves its operation out)",
    );
    expect(output.out).toMatch(/FAILED: 1 of 3 interactions/);
  });
});

describe("a bad consumer contract exits 2 with one line naming the problem", () => {
  const edits: Array<[string, (contract: Record<string, unknown>) => unknown, RegExp]> = [
    [
      "not the kit's",
      ({ metadata: _m, ...rest }) => rest,
      /it was not written by petstore-mock-kit/,
    ],
    [
      "another operation",
      (c) => path(c, 0, ["request", "method"], "POST"),
      /interactions\[0\]: request POST \/categories is not listCategories, as its comments say/,
    ],
    [
      "a path outside the API",
      (c) => path(c, 0, ["request", "path"], "/pets/\u001b[2J"),
      /request.path must start with \/ and be printable ASCII/,
    ],
    [
      "a matcher the kit does not check",
      (c) =>
        path(c, 1, ["response", "matchingRules", "body", "$"], {
          combine: "AND",
          matchers: [{ match: "date" }],
        }),
      /matcher "date" is not one the kit checks/,
    ],
    [
      "a regex that does not compile",
      (c) =>
        path(c, 1, ["response", "matchingRules", "body", "$[*].name"], {
          matchers: [{ match: "regex", regex: "(" }],
        }),
      /does not compile/,
    ],
    [
      "a regex with a backreference",
      (c) =>
        path(c, 1, ["response", "matchingRules", "body", "$[*].name"], {
          matchers: [{ match: "regex", regex: "^(a+)\\1$" }],
        }),
      /"\$\[\*\]\.name"\]: regex "\^\(a\+\)\\\\1\$" uses a feature the kit's linear-time engine lacks/,
    ],
    [
      "more distinct regex patterns than the kit compiles",
      (c) =>
        path(
          c,
          1,
          ["response", "matchingRules", "body"],
          Object.fromEntries(
            Array.from({ length: maxContractPatterns + 1 }, (_, i) => [
              `$.f${i}`,
              { matchers: [{ match: "regex", regex: `^x{${i}}$` }] },
            ]),
          ),
        ),
      /"\$\.f256"\]: the contract holds more than 256 distinct regex patterns/,
    ],
    [
      "regex patterns holding more characters together than the kit compiles",
      (c) =>
        path(
          c,
          1,
          ["response", "matchingRules", "body"],
          Object.fromEntries(
            Array.from({ length: 17 }, (_, i) => [
              `$.f${i}`,
              { matchers: [{ match: "regex", regex: `^${i}${"\\pL".repeat(330)}` }] },
            ]),
          ),
        ),
      /"\$\.f16"\]: the contract's distinct regex patterns hold more than 16384 characters together/,
    ],
    [
      "a regex too costly to run (one match could take half a minute)",
      (c) =>
        path(c, 1, ["response", "matchingRules", "body", "$[*].name"], {
          matchers: [
            {
              match: "regex",
              regex: Array.from({ length: 120 }, (_, i) => `.{${999 - i}}$`).join("|"),
            },
          ],
        }),
      /"\$\[\*\]\.name"\]: regex ".*" is too costly to run: it compiles to \d{6} instructions, at most 2000/,
    ],
    [
      "a rule path the kit cannot read",
      (c) =>
        path(c, 1, ["response", "matchingRules", "body", "$..name"], {
          matchers: [{ match: "type" }],
        }),
      /not a JSON path the kit reads/,
    ],
    [
      "another generator",
      (c) => path(c, 1, ["request", "generators"], { path: { type: "RandomInt" } }),
      /the kit applies only ProviderState generators/,
    ],
    [
      "a status out of range",
      (c) => path(c, 0, ["response", "status"], 999),
      /response.status must be an integer from 100 to 599/,
    ],
    [
      "an encoded body",
      (c) => path(c, 0, ["response", "body", "encoded"], "base64"),
      /the kit reads only bodies with "encoded": false/,
    ],
    [
      "too many interactions",
      (c) => ({ ...c, interactions: Array(contractLimits.interactions + 1).fill({}) }),
      /interactions must be a list of at most 1000/,
    ],
  ];

  /** The contract with the value at `keys` of interaction `index` replaced. */
  function path(contract: Record<string, unknown>, index: number, keys: string[], value: unknown) {
    const copy = structuredClone(contract) as { interactions: Record<string, unknown>[] };
    let node = copy.interactions[index] as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys.at(-1) as string] = value;
    return copy;
  }

  const run = (file: string, ...more: string[]) => runCli(["--consumer", file, ...more]);

  it.each(edits)("%s", async (name, edit, message) => {
    const ordered = consumerOrder(recorded);
    const file = join(dir, `bad-${name.replace(/\W+/g, "-")}.json`);
    await writeFile(file, JSON.stringify(edit(ordered as unknown as Record<string, unknown>)));
    for (const mode of [["--against-spec"], ["--url", "http://127.0.0.1:1/v1", "--key", "k"]]) {
      const { code, err } = await run(file, ...mode);
      expect({ code, err }).toMatchObject({
        code: exitCodes.usage,
        err: expect.stringMatching(message),
      });
      expect(err.trim().split("\n")).toHaveLength(1);
      expect(err).not.toContain("\u001b");
    }
  });

  it.each([
    ["missing", undefined, /no such file/],
    ["not JSON", "{oops", /is not valid JSON/],
    ["nested too deep", `${"[".repeat(100)}${"]".repeat(100)}`, /deeper than 64 levels/],
  ])("a file %s", async (name, content, message) => {
    const file = join(dir, `file-${name.replace(/\W+/g, "-")}.json`);
    if (content !== undefined) await writeFile(file, content);
    const { code, err } = await run(file, "--against-spec");
    expect({ code, err }).toMatchObject({
      code: exitCodes.usage,
      err: expect.stringMatching(message),
    });
  });

  it("a file larger than a contract may be, or a folder", async () => {
    const file = join(dir, "huge.json");
    await writeFile(file, "");
    await truncate(file, contractLimits.fileBytes + 1);
    expect((await run(file, "--against-spec")).err).toMatch(/is larger than 33554432 bytes/);
    expect((await run(dir, "--against-spec")).err).toMatch(/is not a regular file/);
  });

  it.each([
    [["--consumer", "x.json", "--replay", "r.jsonl"], /--consumer is not available with --replay/],
    [["--consumer", "x.json", "--fuzz", "10"], /--consumer is not available with --fuzz/],
    [["--consumer", "x.json", "--compare-mock"], /--consumer is not available with --compare-mock/],
    [["--against-spec"], /--against-spec needs --consumer FILE/],
    [["--consumer", "x.json", "--against-spec", "--url", "http://h/v1"], /--url does not apply/],
    [["--consumer", "x.json", "--against-spec", "--read-only"], /--read-only does not apply/],
    [["--consumer-writes", "3"], /--consumer-writes needs --consumer FILE/],
    [
      ["--consumer", "x.json", "--consumer-writes", "10001"],
      /--consumer-writes must be an integer from 0 to 10000/,
    ],
    [["--consumer", ""], /--consumer needs a file/],
  ])("flags %j", async (args, message) => {
    const env = { PETSTORE_URL: "http://127.0.0.1:1/v1", PETSTORE_API_KEY: "k" };
    const { code, err } = await runCli(args, env);
    expect(code).toBe(exitCodes.usage);
    expect(err).toMatch(message);
  });
});

/** The recorded contract with its first interaction a listCategories one, the second a list of pets. */
function consumerOrder(contract: PactContract): PactContract {
  const first = contract.interactions.find(
    (i) => i.comments.petstoreMockKit.operationId === "listCategories",
  );
  const second = contract.interactions.find(
    (i) => i.comments.testname === "app > lists the available pets",
  );
  const rest = contract.interactions.filter((i) => i !== first && i !== second);
  return { ...contract, interactions: [first, second, ...rest] as PactContract["interactions"] };
}
