/**
 * The fault and journal case table: faults to set, requests to send in order,
 * what each must get back, and what the journal must then hold. It runs
 * through msw/node (in-process API), the standalone server (admin endpoints)
 * and the browser worker (in the page), each behind a `ControlDriver`, so all
 * three are held to the same outcomes. Plain data, like ./cases.ts.
 */
import type { FaultInput } from "../core/faults.js";
import type { JournalEntry } from "../core/journal.js";
import {
  auth,
  type CaseExpectation,
  type CaseRequest,
  type CaseResult,
  checkCase,
  get,
  post,
} from "./cases.js";

/** What a journal entry must show; fields left out are not checked. */
export interface JournalExpectation {
  readonly method?: string;
  readonly path?: string;
  readonly operationId?: string | null;
  readonly status?: number;
  /** The applied fault's effect fields (`null`: no fault). */
  readonly fault?: Readonly<Record<string, unknown>> | null;
  /** The problems' codes, in order. */
  readonly problems?: readonly string[];
  readonly minDurationMs?: number;
}

export interface ControlCase {
  readonly name: string;
  readonly faults: readonly FaultInput[];
  readonly steps: readonly { readonly request: CaseRequest; readonly expect: CaseExpectation }[];
  /** One expectation per step, in order: the journal holds exactly these entries. */
  readonly journal: readonly JournalExpectation[];
  /** How many faults are still active after the steps. */
  readonly faultsLeft?: number;
  /** Text that must not appear anywhere in the journal (credentials). */
  readonly journalExcludes?: readonly string[];
}

/** One runtime's controls and client. */
export interface ControlDriver {
  /** Clears faults and journal, and restores the seeded store. */
  reset(): Promise<void>;
  addFault(input: FaultInput): Promise<void>;
  faultCount(): Promise<number>;
  journal(): Promise<JournalEntry[]>;
  send(request: CaseRequest): Promise<CaseResult>;
}

const createPet = post("/pets", JSON.stringify({ name: "Rex", categoryId: 1 }));
const unavailable = { status: 503, code: "service_unavailable" } as const;

export const controlCases: readonly ControlCase[] = [
  {
    name: "a status fault with times answers the next N, then the operation again",
    faults: [{ operation: "createPet", status: 503, times: 2 }],
    steps: [
      { request: createPet, expect: unavailable },
      { request: createPet, expect: unavailable },
      { request: createPet, expect: { status: 201, fields: { name: "Rex" } } },
    ],
    journal: [
      { operationId: "createPet", status: 503, fault: { operation: "createPet", status: 503 } },
      { operationId: "createPet", status: 503, fault: { operation: "createPet", status: 503 } },
      { operationId: "createPet", status: 201, fault: null, problems: [] },
    ],
    faultsLeft: 0,
  },
  {
    name: "a fault on one operation leaves the others alone; * reaches every operation",
    faults: [{ operation: "getPet", status: 500 }],
    steps: [
      { request: get("/pets?limit=1"), expect: { status: 200 } },
      {
        request: get("/pets/1"),
        expect: { status: 500, code: "internal_error", headers: { sunset: true } },
      },
    ],
    journal: [
      { path: "/pets?limit=1", operationId: "listPets", status: 200, fault: null },
      { path: "/pets/1", operationId: "getPet", status: 500, fault: { status: 500 } },
    ],
    faultsLeft: 1,
  },
  {
    name: "the newest matching fault applies",
    faults: [{ status: 500 }, { operation: "listCategories", status: 429 }],
    steps: [
      { request: get("/categories"), expect: { status: 429, code: "rate_limited" } },
      { request: get("/pets"), expect: { status: 500, code: "internal_error" } },
    ],
    journal: [
      { status: 429, fault: { operation: "listCategories", status: 429 } },
      { status: 500, fault: { operation: "*", status: 500 } },
    ],
  },
  {
    name: "network reset: no answer, journaled as status 0",
    faults: [{ operation: "listPets", network: "reset" }],
    steps: [{ request: get("/pets"), expect: { status: 0 } }],
    journal: [{ operationId: "listPets", status: 0, fault: { network: "reset" } }],
  },
  {
    name: "hang: no answer until the client gives up",
    faults: [{ operation: "getPet", network: "hang", times: 1 }],
    steps: [
      {
        request: { method: "GET", path: "/pets/2", headers: auth, timeoutMs: 1000 },
        expect: { status: 0 },
      },
      { request: get("/pets/2"), expect: { status: 200 } },
    ],
    journal: [
      { operationId: "getPet", status: 0, fault: { network: "hang" } },
      { operationId: "getPet", status: 200, fault: null },
    ],
  },
  {
    name: "a delay answers late, then normally",
    faults: [{ operation: "listCategories", delayMs: 300 }],
    steps: [{ request: get("/categories"), expect: { status: 200, length: { min: 5, max: 5 } } }],
    journal: [{ status: 200, fault: { delayMs: 300 }, minDurationMs: 290 }],
  },
  {
    name: "a malformed body: the operation's status with JSON cut short",
    faults: [{ operation: "getPet", body: "malformed" }],
    steps: [
      {
        request: get("/pets/3"),
        expect: { status: 200, bodyNotJson: true, headers: { "content-type": "application/json" } },
      },
    ],
    journal: [{ status: 200, fault: { body: "malformed" } }],
  },
  {
    name: "an empty list: listPets answers [] while the query is still checked",
    faults: [{ operation: "listPets", body: "empty" }],
    steps: [
      { request: get("/pets?limit=5"), expect: { status: 200, length: { min: 0, max: 0 } } },
      { request: get("/pets?limit=0"), expect: { status: 400, code: "invalid_query" } },
    ],
    journal: [
      { status: 200, fault: { body: "empty" }, problems: [] },
      { status: 400, fault: { body: "empty" }, problems: ["invalid_query"] },
    ],
  },
  {
    name: "Prefer: code= overrides an active fault without using it up",
    faults: [{ operation: "listPets", status: 503, times: 1 }],
    steps: [
      { request: get("/pets", { ...auth, prefer: "code=404" }), expect: { status: 404 } },
      { request: get("/pets"), expect: unavailable },
    ],
    journal: [
      { status: 404, fault: null, problems: [] },
      { status: 503, fault: { status: 503 } },
    ],
    faultsLeft: 0,
  },
  {
    name: "the credential is checked before any fault",
    faults: [{ operation: "listPets", status: 503 }],
    steps: [
      { request: { method: "GET", path: "/pets" }, expect: { status: 401, code: "unauthorized" } },
    ],
    journal: [{ status: 401, fault: null, problems: ["unauthorized"] }],
    faultsLeft: 1,
  },
  {
    name: "the journal names where requests broke the interface, and only then",
    faults: [],
    steps: [
      { request: get("/pets?limit=101"), expect: { status: 400 } },
      { request: get("/store/orders"), expect: { status: 404 } },
      { request: post("/pets", '{"name":"Rex"}'), expect: { status: 400 } },
      { request: { method: "DELETE", path: "/pets", headers: auth }, expect: { status: 405 } },
      { request: get("/pets/99999"), expect: { status: 404 } },
      {
        request: { method: "HEAD", path: "/categories", headers: auth },
        expect: { status: 200, emptyBody: true },
      },
    ],
    journal: [
      {
        method: "GET",
        path: "/pets?limit=101",
        operationId: "listPets",
        problems: ["invalid_query"],
      },
      { path: "/store/orders", operationId: null, status: 404, problems: ["not_found"] },
      { method: "POST", operationId: "createPet", status: 400, problems: ["invalid_body"] },
      { method: "DELETE", operationId: null, status: 405, problems: ["method_not_allowed"] },
      { operationId: "getPet", status: 404, problems: [] },
      { method: "HEAD", operationId: "listCategories", status: 200, problems: [] },
    ],
  },
  {
    name: "no credential value reaches the journal",
    faults: [],
    steps: [
      { request: get("/pets?limit=1&api_key=petstore-dev-key"), expect: { status: 200 } },
      {
        request: get("/pets?limit=1&token=wrong-secret-key", {
          authorization: "Bearer wrong-secret-key",
        }),
        expect: { status: 401 },
      },
    ],
    journal: [
      { path: "/pets?limit=1&api_key=[redacted]", status: 200, problems: [] },
      { path: "/pets?limit=1&token=[redacted]", status: 401, problems: ["unauthorized"] },
    ],
    journalExcludes: ["petstore-dev-key", "wrong-secret-key"],
  },
];

function journalProblems(expected: JournalExpectation, entry: JournalEntry, at: string): string[] {
  const problems: string[] = [];
  const compare = (name: string, actual: unknown, wanted: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(wanted)) {
      problems.push(
        `${at}.${name} is ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`,
      );
    }
  };
  for (const name of ["method", "path", "operationId", "status"] as const) {
    if (expected[name] !== undefined) compare(name, entry[name], expected[name]);
  }
  if (expected.fault === null) compare("fault", entry.fault, null);
  else if (expected.fault) {
    const fault = entry.fault as Record<string, unknown> | null;
    if (fault === null || typeof fault.id !== "string") problems.push(`${at}.fault is missing`);
    else
      for (const [name, value] of Object.entries(expected.fault))
        compare(`fault.${name}`, fault[name], value);
  }
  if (expected.problems) {
    compare(
      "problems",
      entry.problems.map((problem) => problem.code),
      expected.problems,
    );
    for (const problem of entry.problems) {
      if (typeof problem.message !== "string" || problem.message === "") {
        problems.push(`${at}: a problem without a message`);
      }
    }
  }
  if (expected.minDurationMs !== undefined && !(entry.durationMs >= expected.minDurationMs)) {
    problems.push(`${at}.durationMs is ${entry.durationMs}, expected >= ${expected.minDurationMs}`);
  }
  return problems;
}

/** Waits (briefly) for the journal to hold `count` entries: a hung request is recorded once it ends. */
async function journalOf(driver: ControlDriver, count: number): Promise<JournalEntry[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const entries = await driver.journal();
    if (entries.length >= count || Date.now() > deadline) return entries;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs one case through a runtime; every way it falls short, empty when it passes. */
export async function runControlCase(
  testCase: ControlCase,
  driver: ControlDriver,
): Promise<string[]> {
  await driver.reset();
  for (const fault of testCase.faults) await driver.addFault(fault);
  const problems: string[] = [];
  for (const [index, step] of testCase.steps.entries()) {
    const result = await driver.send(step.request);
    problems.push(...checkCase(step.expect, result).map((problem) => `step ${index}: ${problem}`));
  }
  const entries = await journalOf(driver, testCase.journal.length);
  if (entries.length !== testCase.journal.length) {
    problems.push(`journal has ${entries.length} entries, expected ${testCase.journal.length}`);
  }
  testCase.journal.forEach((expected, index) => {
    const entry = entries[index];
    if (entry) problems.push(...journalProblems(expected, entry, `journal[${index}]`));
  });
  const text = JSON.stringify(entries);
  for (const secret of testCase.journalExcludes ?? []) {
    if (text.includes(secret)) problems.push(`the journal contains ${JSON.stringify(secret)}`);
  }
  if (testCase.faultsLeft !== undefined) {
    const left = await driver.faultCount();
    if (left !== testCase.faultsLeft)
      problems.push(`${left} faults left, expected ${testCase.faultsLeft}`);
  }
  return problems;
}
