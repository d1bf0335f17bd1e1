/**
 * The one judge on hand-made requests and answers: a deployment fails only
 * for what the interface states about this very request, and an answer that
 * is always wrong fails whatever was asked.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Answer, readAnswer } from "./checks.js";
import { checksFor, isRejectable, judge, knowsNothing, violationsOf } from "./judge.js";
import { absentId, Knowledge } from "./knowledge.js";
import type { CredentialKind, SentRequest } from "./request.js";

const pet = (id: number, status = "available") => ({
  id,
  name: `Pet ${id}`,
  categoryId: 1,
  status,
});
const pets = (count: number, status?: string) =>
  Array.from({ length: count }, (_, index) => pet(index + 1, status));

function answer(status: number, body?: unknown, headers: Record<string, string> = {}): Answer {
  const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
  return readAnswer({
    status,
    headers: { ...(text ? { "content-type": "application/json" } : {}), ...headers },
    text,
  });
}

const error = (status: number, code = "nope") => answer(status, { code, message: "m", status });

const listPets = (query: string, credential: CredentialKind = "valid"): SentRequest => ({
  operation: "listPets",
  path: "/pets",
  query,
  credential,
});
const createPet = (body: unknown, credential: CredentialKind = "valid"): SentRequest => ({
  operation: "createPet",
  path: "/pets",
  query: "",
  credential,
  body: typeof body === "string" ? body : JSON.stringify(body),
  contentType: "application/json",
});
const createCategory = (body: unknown): SentRequest => ({
  ...createPet(body),
  operation: "createCategory",
  path: "/categories",
});
const getPet = (id: string, credential: CredentialKind = "valid"): SentRequest => ({
  operation: "getPet",
  path: `/pets/${id}`,
  query: "",
  credential,
});
const listCategories = (credential: CredentialKind = "valid"): SentRequest => ({
  operation: "listCategories",
  path: "/categories",
  query: "",
  credential,
});

/** `slug kind` of every check the answer fails. */
const failures = (request: SentRequest, got: Answer, context = knowsNothing) =>
  violationsOf(request, got, context).map((violation) => `${violation.check} ${violation.kind}`);
const documentedFailures = (request: SentRequest, got: Answer, context = knowsNothing) =>
  failures(request, got, context).filter((failure) => failure.endsWith(" documented"));

describe("requests outside the interface's domain earn no documented failure", () => {
  it.each([
    ["limit=-1", 1],
    ["limit=", 20],
    ["limit=0", 1],
    ["limit=63&limit=70", 63],
    ["limit=63&limit=70", 70],
    ["limit=abc", 20],
    ["limit=1000", 100],
    ["limit=05", 5],
    ["status=flying", 20],
    ["status=", 20],
    ["status=sold&status=pending", 20],
  ])("GET /pets?%s answered with %i pets", (query, count) => {
    expect(documentedFailures(listPets(query), answer(200, pets(count)))).toEqual([]);
    expect(documentedFailures(listPets(query), error(400, "bad_request"))).toEqual([]);
    expect(documentedFailures(listPets(query), error(422))).toEqual([]);
  });

  it("a category body the interface calls invalid, answered 201 or 422, is advice at most", () => {
    const sent = createCategory({ name: "x", description: 64 });
    expect(failures(sent, answer(201, { id: 9, name: "x", description: "64" }))).toEqual([
      "rejected advisory",
      "status-400 advisory",
    ]);
    // Whatever it chose, a 201's body is a Category.
    expect(documentedFailures(sent, answer(201, { id: 9, name: "x", description: 64 }))).toEqual([
      "body-Category documented",
    ]);
    expect(documentedFailures(sent, answer(422, { error: "bad" }))).toEqual([]);
    expect(documentedFailures(createCategory({}), answer(201, { id: 9, name: "" }))).toEqual([]);
  });

  it("an id that is not a positive integer may be answered 400 or 404, or even found", () => {
    for (const id of ["abc", "1.5", "0", "-4", "99999999999999999999", "%20"]) {
      expect(documentedFailures(getPet(id), error(400))).toEqual([]);
      expect(documentedFailures(getPet(id), error(404))).toEqual([]);
    }
    expect(documentedFailures(getPet("0"), answer(200, pet(1)))).toEqual([]);
  });

  it("a body not sent as JSON may be refused or taken", () => {
    const sent = { ...createPet({ name: "Rex", categoryId: 1 }), contentType: "text/plain" };
    expect(documentedFailures(sent, error(415))).toEqual([]);
    expect(documentedFailures(sent, answer(201, pet(3)))).toEqual([]);
    expect(failures(sent, answer(201, pet(3)))).toEqual(["status-415 advisory"]);
  });

  it("a parameter the operation does not take lets a deployment refuse, not stray", () => {
    expect(documentedFailures(listPets("limit=5&utm_source=x"), error(400))).toEqual([]);
    expect(documentedFailures(listPets("limit=5&utm_source=x"), answer(200, pets(7)))).toEqual([
      "at-most-limit documented",
    ]);
  });

  it("a documented check of an outside request is always one every answer owes", () => {
    const owed = new Set([
      "no-5xx",
      "error-body",
      "media-type",
      "body-Pet-array",
      "never-over-maximum",
    ]);
    const part = fc.oneof(
      fc.constantFrom("limit", "status", "page"),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
    );
    const value = fc.oneof(
      fc.constantFrom("", "0", "-1", "101", "abc", "1.5", "sold", "SOLD", "%ZZ", "5"),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(part, value), { maxLength: 4 }), (pairs) => {
        const request = listPets(pairs.map(([name, text]) => `${name}=${text}`).join("&"));
        if (!isRejectable(request)) return;
        const documented = checksFor(request)
          .filter((check) => check.kind === "documented")
          .map((check) => check.slug);
        expect(documented.filter((slug) => !owed.has(slug))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});

describe("answers that are always wrong fail whatever was asked", () => {
  it.each([
    ["a 5xx", error(503), "no-5xx documented"],
    ["a list longer than 100", answer(200, pets(101)), "never-over-maximum documented"],
    [
      "a list that is not an array of Pet",
      answer(200, { pets: pets(2) }),
      "body-Pet-array documented",
    ],
    ["an error that is not an Error", answer(400, { error: "bad" }), "error-body documented"],
    [
      "an Error whose status is another",
      answer(400, { code: "x", message: "m", status: 404 }),
      "error-body documented",
    ],
    [
      "an answer not labelled JSON",
      answer(400, "<h1>no</h1>", { "content-type": "text/html" }),
      "media-type documented",
    ],
  ])("%s, to GET /pets?limit=abc", (_name, got, failure) => {
    expect(failures(listPets("limit=abc"), got)).toContain(failure);
  });

  it("no answer at all fails the first check, no-5xx", () => {
    const verdicts = judge(checksFor(listPets("")), undefined, "no answer (ECONNRESET)");
    expect(verdicts).toEqual([
      expect.objectContaining({ passed: false, reason: "no answer (ECONNRESET)" }),
    ]);
    expect(verdicts[0]?.check.slug).toBe("no-5xx");
  });

  it("a category operation's error is advice: its shape and media type are not shown", () => {
    expect(failures(listCategories(), answer(403, { error: "forbidden" }))).toContain(
      "error-body advisory",
    );
    expect(
      failures(listCategories("missing"), answer(401, "nope", { "content-type": "text/plain" })),
    ).toEqual([
      "header-WWW-Authenticate advisory",
      "error-body advisory",
      "error-media-type advisory",
    ]);
    expect(failures(listCategories(), answer(200, "[]", { "content-type": "text/plain" }))).toEqual(
      ["media-type documented"],
    );
  });
});

describe("what the interface states about a request is demanded", () => {
  it("limit, its default and the status filter bound a list", () => {
    expect(documentedFailures(listPets("limit=5"), answer(200, pets(6)))).toEqual([
      "at-most-limit documented",
    ]);
    expect(documentedFailures(listPets(""), answer(200, pets(21)))).toEqual([
      "at-most-default documented",
    ]);
    expect(documentedFailures(listPets("status=sold"), answer(200, [pet(1, "pending")]))).toEqual([
      "every-status-sold documented",
    ]);
    expect(documentedFailures(listPets("limit=%35"), answer(200, pets(5)))).toEqual([]);
  });

  it("a valid list request is answered 200", () => {
    expect(documentedFailures(listPets("limit=5"), error(400))).toEqual(["status-200 documented"]);
    // §7: the category operations' errors are not shown: a refusal with the key is advice.
    expect(failures(listCategories(), error(404))).toEqual(["status-2xx advisory"]);
  });

  it("every operation needs the credential; the pet operations answer 401 with an Error", () => {
    expect(documentedFailures(listPets("", "missing"), answer(200, pets(3)))).toContain(
      "rejected documented",
    );
    expect(documentedFailures(getPet("3", "invalid"), error(403))).toEqual([
      "status-401 documented",
    ]);
    expect(failures(getPet("3", "invalid"), error(401))).toEqual([
      "header-WWW-Authenticate advisory",
    ]);
    expect(documentedFailures(listCategories("missing"), answer(200, []))).toEqual([
      "rejected documented",
    ]);
    expect(documentedFailures(listCategories("invalid"), answer(403, { error: "no" }))).toEqual([]);
  });

  it("a bad credential with an odd query may be refused either way", () => {
    expect(documentedFailures(listPets("limit=abc", "missing"), error(400))).toEqual([]);
    expect(documentedFailures(listPets("limit=abc", "missing"), answer(200, []))).toEqual([
      "rejected documented",
    ]);
  });

  it("a body that is not a NewPet is answered 400 with an Error", () => {
    for (const body of [
      { categoryId: 1 },
      { name: 7, categoryId: 1 },
      { name: "a", categoryId: 1.5 },
      { name: "a", categoryId: 1, status: "flying" },
      [],
      null,
    ]) {
      expect(documentedFailures(createPet(body), answer(201, pet(9)))).toEqual(
        expect.arrayContaining(["rejected documented", "status-400 documented"]),
      );
      expect(documentedFailures(createPet(body), error(400))).toEqual([]);
    }
    expect(documentedFailures(createPet({ name: "a", categoryId: 2 ** 64 }), error(400))).toEqual(
      [],
    );
  });

  it("a broken body must be refused; the 400 is advice", () => {
    expect(documentedFailures(createPet('{"name": '), answer(201, pet(9)))).toContain(
      "rejected documented",
    );
    expect(documentedFailures(createPet('{"name": '), error(422))).toEqual([]);
    expect(documentedFailures(createPet(""), error(415))).toEqual([]);
  });

  it("a create with an ordinary body naming a known category is stored and echoed", () => {
    const knowledge = new Knowledge();
    knowledge.learn(listCategories(), answer(200, [{ id: 4, name: "dog" }]));
    const sent = createPet({ name: "Rex", categoryId: 4, status: "sold" });
    expect(documentedFailures(sent, error(400), knowledge)).toEqual(["status-201 documented"]);
    expect(
      documentedFailures(
        sent,
        answer(200, { ...pet(9), categoryId: 4, name: "Rex", status: "sold" }),
        knowledge,
      ),
    ).toEqual(["status-201 documented"]);
    expect(
      documentedFailures(sent, answer(201, { id: 9, name: "Rex", categoryId: 4 }), knowledge),
    ).toEqual(["echoes-input documented"]);
    expect(
      failures(
        sent,
        answer(201, { id: 9, name: "Rex", categoryId: 4, status: "sold", extra: 1 }),
        knowledge,
      ),
    ).toEqual(["header-Location advisory"]);
  });

  it("a create the deployment may call invalid (unknown category, empty or long name) is 201 or 400", () => {
    const knowledge = new Knowledge();
    knowledge.learn(listCategories(), answer(200, [{ id: 4, name: "dog" }]));
    for (const body of [
      { name: "Rex", categoryId: 99 },
      { name: "", categoryId: 4 },
      { name: "R".repeat(101), categoryId: 4 },
      { name: "Rex", categoryId: 4, color: "red" },
    ]) {
      expect(documentedFailures(createPet(body), error(400), knowledge)).toEqual([]);
      expect(documentedFailures(createPet(body), error(422), knowledge)).toEqual([
        "status-documented documented",
      ]);
    }
  });

  it("what the run created reads back, lists show it, and filters find it", () => {
    const knowledge = new Knowledge();
    knowledge.learn(
      createPet({ name: "Rex", categoryId: 4, status: "sold" }),
      answer(201, { id: 12, name: "Rex", categoryId: 4, status: "sold" }),
    );
    expect(documentedFailures(getPet("12"), error(404), knowledge)).toEqual([
      "status-200 documented",
    ]);
    expect(
      documentedFailures(
        getPet("12"),
        answer(200, { id: 12, name: "Max", categoryId: 4 }),
        knowledge,
      ),
    ).toEqual(["same-as-created documented"]);
    expect(documentedFailures(listPets("status=sold"), answer(200, []), knowledge)).toEqual([
      "finds-existing documented",
    ]);
    expect(documentedFailures(listPets("status=pending"), answer(200, []), knowledge)).toEqual([]);

    knowledge.learn(createCategory({ name: "owls" }), answer(201, { id: 7, name: "owls" }));
    expect(
      documentedFailures(listCategories(), answer(200, [{ id: 1, name: "dog" }]), knowledge),
    ).toEqual(["lists-created documented"]);
  });

  it("what an odd create stored reads back, its fields the deployment's to shape", () => {
    const knowledge = new Knowledge();
    knowledge.learn(
      createPet({ name: "", categoryId: 4 }),
      answer(201, { id: 13, name: "", categoryId: 4 }),
    );
    expect(
      documentedFailures(
        getPet("13"),
        answer(200, { id: 13, name: "unnamed", categoryId: 4 }),
        knowledge,
      ),
    ).toEqual([]);
    expect(documentedFailures(getPet("13"), error(404), knowledge)).toEqual([
      "status-200 documented",
    ]);
    expect(documentedFailures(getPet("13"), answer(200, { ...pet(14) }), knowledge)).toEqual([
      "same-as-created documented",
    ]);
  });

  it("an id declared absent is answered 404; any other id 200, 404 or 401", () => {
    const knowledge = new Knowledge();
    knowledge.declareAbsent("pets", absentId());
    const absent = getPet(String(absentId()));
    expect(documentedFailures(absent, error(400), knowledge)).toEqual(["status-404 documented"]);
    expect(failures(absent, error(404), knowledge)).toEqual([]);
    expect(documentedFailures(getPet("5"), error(404))).toEqual([]);
    expect(documentedFailures(getPet("5"), error(400))).toEqual(["status-documented documented"]);
  });

  it("an id the kit took for absent may be held by the deployment: its own record is advice", () => {
    const knowledge = new Knowledge();
    knowledge.declareAbsent("pets", absentId(3));
    const absent = getPet(String(absentId(3)));
    expect(failures(absent, answer(200, pet(absentId(3))), knowledge)).toEqual([
      "absent advisory",
      "header-Sunset advisory",
      "header-Deprecation advisory",
    ]);
    expect(documentedFailures(absent, answer(200, pet(absentId(4))), knowledge)).toEqual([
      "same-id documented",
    ]);
    expect(documentedFailures(getPet("5"), answer(200, pet(6)))).toEqual(["same-id documented"]);
  });

  it("an id of no known record, none declared absent, is any documented status", () => {
    expect(documentedFailures(getPet("5"), error(404), new Knowledge())).toEqual([]);
    expect(documentedFailures(getPet("5"), error(400), new Knowledge())).toEqual([
      "status-documented documented",
    ]);
  });
});

describe("advice where the interface is silent", () => {
  it("asks a deprecated operation's success for its Sunset date and a Deprecation header", () => {
    const found = answer(200, pet(5), {
      sunset: "Thu, 05 Dec 2030 00:00:00 GMT",
      deprecation: "@1735689600",
    });
    expect(failures(getPet("5"), found)).toEqual([]);
    expect(failures(getPet("5"), answer(200, pet(5)))).toEqual([
      "header-Sunset advisory",
      "header-Deprecation advisory",
    ]);
    expect(
      failures(
        getPet("5"),
        answer(200, pet(5), { sunset: "Tue, 01 Jan 2030 00:00:00 GMT", deprecation: " " }),
      ),
    ).toEqual(["header-Sunset advisory", "header-Deprecation advisory"]);
    expect(failures(getPet("5"), error(404))).toEqual([]);
  });
});

describe("a violation says what was expected and what was found", () => {
  const messages = (request: SentRequest, got: Answer, context = knowsNothing) =>
    violationsOf(request, got, context).map((violation) => violation.message);

  it.each([
    [listPets(""), error(503), "an answer, and no 5xx, for any input: HTTP 503"],
    [
      listCategories(),
      answer(200, "[]", { "content-type": "text/plain" }),
      'Content-Type application/json on a success with a body: Content-Type is "text/plain"',
    ],
    [
      getPet("5"),
      answer(200, pet(5), { deprecation: "@1735689600" }),
      "Sunset header: the removal date Thu, 05 Dec 2030 00:00:00 GMT: no Sunset header",
    ],
    [
      getPet("5"),
      answer(200, pet(5), { sunset: "Thu, 05 Dec 2030 00:00:00 GMT" }),
      "Deprecation header: present: no Deprecation header",
    ],
  ])("%# %j", (request, got, message) => {
    expect(messages(request, got)).toContain(message);
  });

  it("names the record a filter must find and the fields a create must echo", () => {
    const knowledge = new Knowledge();
    knowledge.learn(listCategories(), answer(200, [{ id: 4, name: "dog" }]));
    knowledge.learn(
      createPet({ name: "Rex", categoryId: 4, status: "sold" }),
      answer(201, { id: 12, name: "Rex", categoryId: 4, status: "sold" }),
    );
    expect(messages(listPets("status=sold"), answer(200, []), knowledge)).toEqual([
      "not empty: a created record has status sold (id 12): empty list",
    ]);
    const sent = createPet({ name: "Max", categoryId: 4 });
    expect(messages(sent, answer(201, { id: 13, name: "Rex", categoryId: 4 }), knowledge)).toEqual([
      'the stored record repeats what was sent: {"name":"Max","categoryId":4}: got {"id":13,"name":"Rex","categoryId":4}',
      "Location header: names the new record (…/pets/{id}): no Location header",
    ]);
  });

  it("names the kit's pick of an absent id, and that the deployment may hold it", () => {
    const knowledge = new Knowledge();
    knowledge.declareAbsent("pets", absentId(3));
    const absent = getPet(String(absentId(3)));
    expect(messages(absent, error(400), knowledge)).toEqual([
      "HTTP 404 (or 200 with the record of that very id: this deployment holds it): HTTP 400",
    ]);
    expect(messages(absent, answer(200, pet(absentId(3))), knowledge)).toContain(
      `HTTP 404 for id ${absentId(3)}, the kit's pick of an id no record has: HTTP 200`,
    );
  });

  it("no answer at all is called so unless the caller says why", () => {
    expect(judge(checksFor(listPets("")), undefined)).toEqual([
      expect.objectContaining({ passed: false, reason: "no answer" }),
    ]);
  });
});

describe("the category operations show no errors: their odd requests earn advice only", () => {
  it("a body the deployment may call invalid is any documented status, as advice", () => {
    for (const body of [{ name: "" }, { name: "x".repeat(101) }, { name: "owls", legs: 2 }]) {
      expect(failures(createCategory(body), answer(422, { error: "bad" }))).toEqual([
        "status-documented advisory",
        "error-body advisory",
      ]);
    }
  });

  it("a query that is not percent-encoding, where no refusal is listed, demands no status", () => {
    const sent = { ...listCategories(), query: "%ZZ=1" };
    expect(checksFor(sent).filter((check) => check.slug.startsWith("status-"))).toEqual([]);
    expect(failures(sent, answer(200, [{ id: 1, name: "dog" }]))).toEqual([]);
    expect(failures(sent, answer(400, { error: "bad query" }))).toEqual(["error-body advisory"]);
  });
});

describe("an operation whose errors the interface does not show (§7: the category ones)", () => {
  const owls = createCategory({ name: "owls" });

  it("may refuse a valid request with the key: any 4xx is advice", () => {
    for (const got of [
      answer(409, { title: "duplicate name" }),
      error(409),
      error(400),
      error(429),
    ]) {
      expect(documentedFailures(owls, got)).toEqual([]);
      expect(documentedFailures(listCategories(), got)).toEqual([]);
    }
    expect(failures(owls, error(409))).toEqual(["status-2xx advisory"]);
  });

  it("still answers a 2xx with the documented success and body, never a 5xx", () => {
    expect(documentedFailures(owls, answer(200, { id: 9, name: "owls" }))).toEqual([
      "status-201 documented",
    ]);
    expect(documentedFailures(owls, answer(201, { id: "9", name: "owls" }))).toEqual([
      "body-Category documented",
    ]);
    expect(documentedFailures(owls, answer(201, { id: 9, name: "hawks" }))).toEqual([
      "echoes-input documented",
    ]);
    expect(documentedFailures(owls, error(500))).toEqual(["no-5xx documented"]);
    expect(documentedFailures(listCategories(), error(503))).toEqual(["no-5xx documented"]);
  });

  it("still lists what the run created on a 2xx, and refuses no bad credential with one", () => {
    const knowledge = new Knowledge();
    knowledge.learn(owls, answer(201, { id: 7, name: "owls" }));
    expect(
      documentedFailures(listCategories(), answer(200, [{ id: 1, name: "dog" }]), knowledge),
    ).toEqual(["lists-created documented"]);
    expect(documentedFailures(listCategories(), error(409), knowledge)).toEqual([]);
    expect(documentedFailures(listCategories("invalid"), answer(200, []))).toEqual([
      "rejected documented",
    ]);
  });

  it("leaves the pet operations' statuses demanded", () => {
    const knowledge = new Knowledge();
    knowledge.learn(listCategories(), answer(200, [{ id: 4, name: "dog" }]));
    expect(
      documentedFailures(createPet({ name: "Rex", categoryId: 4 }), error(409), knowledge),
    ).toEqual(["status-201 documented"]);
  });
});

describe("a rate-limited answer (§8: rate limits are not shown)", () => {
  const slowDown = error(429, "rate.limited");
  const withRetry = answer(
    429,
    { code: "rate.limited", message: "m", status: 429 },
    { "retry-after": "1" },
  );

  it("fails no documented check that demands a status or content, and says so once", () => {
    const knowledge = new Knowledge();
    knowledge.learn(
      createPet({ name: "Rex", categoryId: 4 }),
      answer(201, { id: 12, name: "Rex", categoryId: 4 }),
    );
    knowledge.declareAbsent("pets", absentId());
    for (const request of [
      listPets("limit=5"),
      createPet({ name: "Rex", categoryId: 4 }),
      createPet({ categoryId: 4 }),
      getPet("12"),
      getPet(String(absentId())),
      getPet("5", "missing"),
      createCategory({ name: "owls" }),
      listCategories(),
    ]) {
      expect(failures(request, withRetry, knowledge), request.path).toEqual([
        "rate-limited advisory",
      ]);
    }
    expect(violationsOf(listPets(""), withRetry).map((violation) => violation.message)).toEqual([
      "an answer that is not rate-limited: rate-limited (HTTP 429, Retry-After: 1): this answer judged nothing beyond what every answer owes",
    ]);
  });

  it("still owes what every answer owes: no 5xx, an Error where errors are shown, JSON", () => {
    expect(documentedFailures(listPets(""), answer(429, { error: "slow" }))).toEqual([
      "error-body documented",
    ]);
    expect(
      documentedFailures(listPets(""), answer(429, "slow down", { "content-type": "text/plain" })),
    ).toEqual(["error-body documented", "media-type documented"]);
    expect(failures(listCategories(), answer(429, { error: "slow" }))).toEqual([
      "error-body advisory",
      "rate-limited advisory",
    ]);
    expect(failures(listPets(""), slowDown)).toEqual(["rate-limited advisory"]);
  });
});

describe("every check rests on statements of the interface", () => {
  it("names at least one statement for each check of a wide range of requests", () => {
    const requests = [
      listPets(""),
      listPets("limit=5&status=sold"),
      listPets("limit=abc&x=1", "missing"),
      createPet({ name: "Rex", categoryId: 1 }),
      createPet("{"),
      createPet({}),
      createCategory({ name: 3 }),
      getPet("7"),
      getPet("abc", "invalid"),
      listCategories("missing"),
      { ...listPets("%ZZ") },
    ];
    const unnamed = requests.flatMap((request) =>
      checksFor(request)
        .filter((check) => check.rules.length === 0)
        .map((check) => `${request.operation} ${request.query} ${check.slug}`),
    );
    expect(unnamed).toEqual([]);
  });
});

describe("an answer too large to read whole (§8: size limits are not shown)", () => {
  const unread = (status: number, headers: Record<string, string> = {}): Answer => ({
    status,
    headers,
    text: "",
    json: undefined,
    isJson: false,
    unread: `answer body larger than 1048576 bytes (HTTP ${status}): not read`,
  });
  const judged = (request: SentRequest, got: Answer) =>
    judge(checksFor(request), got).map(
      (verdict) => `${verdict.check.slug} ${verdict.passed ? "passed" : verdict.reason}`,
    );

  it("is judged by its status alone, with advice naming the bound and the flag", () => {
    const got = unread(200, { "content-type": "application/json" });
    expect(judged(listCategories(), got)).toEqual([
      "no-5xx passed",
      "status-200 passed",
      "too-large answer body larger than 1048576 bytes (HTTP 200): not read; the checks of what was not read are not judged (raise --max-answer-bytes for a larger body)",
    ]);
    expect(documentedFailures(listPets("limit=5"), got)).toEqual([]);
  });

  it("still fails a 5xx, and a status the request may not get", () => {
    expect(documentedFailures(listCategories(), unread(503))).toEqual(["no-5xx documented"]);
    expect(documentedFailures(listPets("", "missing"), unread(200))).toEqual([
      "rejected documented",
      "status-401 documented",
    ]);
  });

  it("with headers not read either, judges no check that reads a header", () => {
    const got = {
      ...unread(201),
      unread: "answer headers larger than 16384 bytes (HTTP 201): not read",
    };
    expect(failures(createCategory({ name: "owls" }), got)).toEqual(["too-large advisory"]);
  });
});

describe("an answer body nested deeper than the kit parses", () => {
  const deep = answer(200, `${"[".repeat(100_000)}${"]".repeat(100_000)}`);

  it("is not parsed, and is not the documented shape where the interface documents one", () => {
    expect(deep).toMatchObject({ isJson: false, json: undefined });
    expect(
      judge(checksFor(listPets("")), deep).flatMap((verdict) =>
        verdict.passed ? [] : [`${verdict.check.slug}: ${verdict.reason}`],
      ),
    ).toContain(
      "body-Pet-array: body nests objects or arrays deeper than 64 levels: no schema of the interface does, and the kit reads no deeper",
    );
  });
});
