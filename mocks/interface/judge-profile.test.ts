/**
 * The judge told the profile in effect: advice that asks for the kit's own
 * answer where a profile's alternative answers otherwise is not raised, the
 * rest of the advice is, and no documented check ever changes.
 */
import { describe, expect, it } from "vitest";
import { walkProfiles } from "../test-support/profile-walk.js";
import {
  type BehaviourProfileInput,
  type ChoiceId,
  defaultBehaviour,
  type ResolvedBehaviour,
  resolveBehaviour,
  validateBehaviourProfile,
} from "./behaviour-profile.js";
import { type Answer, readAnswer } from "./checks.js";
import { checksFor, type JudgeContext, knowsNothing, violationsOf } from "./judge.js";
import type { CredentialKind, SentRequest } from "./request.js";

const profile = (choices: BehaviourProfileInput["choices"]) =>
  resolveBehaviour(validateBehaviourProfile({ version: 1, choices }));

function answer(status: number, body?: unknown, headers: Record<string, string> = {}): Answer {
  const text = body === undefined ? "" : JSON.stringify(body);
  return readAnswer({
    status,
    headers: { ...(text ? { "content-type": "application/json" } : {}), ...headers },
    text,
  });
}
const error = (status: number) => answer(status, { code: "nope", message: "m", status });
const pet = { id: 7, name: "Rex", categoryId: 1, status: "sold" };

const sent = (
  operation: SentRequest["operation"],
  path: string,
  query = "",
  credential: CredentialKind = "valid",
  body?: unknown,
): SentRequest => ({
  operation,
  path,
  query,
  credential,
  ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: "application/json" }),
});

/** A context that knows category 1 and pet 7: creates naming it and reads of it earn their exact checks. */
const knowsCategoryAndPet: JudgeContext = {
  known: (collection) =>
    new Map(
      collection === "categories"
        ? [[1, { record: { id: 1, name: "dog" }, source: "listed" as const }]]
        : [[7, { record: pet, source: "listed" as const }]],
    ),
  absent: () => undefined,
};

const advice = (
  request: SentRequest,
  got: Answer,
  inEffect?: ResolvedBehaviour | "learning",
  context = knowsNothing,
) =>
  violationsOf(request, got, context, inEffect)
    .filter((violation) => violation.kind === "advisory")
    .map((violation) => violation.check);

/** Each choice the judge's advice rests on: a request, the answer its other alternative gives, and the advice it replaces. */
const replaced: readonly [
  BehaviourProfileInput["choices"],
  SentRequest,
  Answer,
  string,
  JudgeContext?,
][] = [
  [
    { limitBelowMinimum: "clamped" },
    sent("listPets", "/pets", "limit=0"),
    answer(200, [pet]),
    "status-400",
  ],
  [
    { limitAboveMaximum: "default" },
    sent("listPets", "/pets", "limit=101"),
    answer(200, [pet]),
    "status-400",
  ],
  [
    { limitNotInteger: "rounded" },
    sent("listPets", "/pets", "limit=1.5"),
    answer(200, [pet]),
    "status-400",
  ],
  [
    { bodyMediaType: "accepted" },
    {
      ...sent("createPet", "/pets", "", "valid", { name: "Rex", categoryId: 1 }),
      contentType: "text/plain",
    },
    answer(201, { id: 9, name: "Rex", categoryId: 1 }),
    "status-415",
  ],
  [
    { emptyQuery: "ignored" },
    sent("listPets", "/pets", "limit="),
    answer(200, [pet]),
    "status-400",
  ],
  [
    { repeatedQuery: "last" },
    sent("listPets", "/pets", "limit=5&limit=7"),
    answer(200, [pet]),
    "status-400",
  ],
  [
    { statusCase: "caseInsensitive" },
    sent("listPets", "/pets", "status=SOLD"),
    answer(200, [pet]),
    "status-400",
  ],
  [
    { statusUnknown: "ignored" },
    sent("listPets", "/pets", "status=flying"),
    answer(200, [pet]),
    "status-400",
  ],
  [{ petIdMalformed: "notFound" }, sent("getPet", "/pets/abc"), error(404), "status-400"],
  [{ petIdOutOfRange: "notFound" }, sent("getPet", "/pets/0"), error(404), "status-400"],
  [
    { categoryRefusalStatus: "422" },
    sent("createCategory", "/categories", "", "valid", {}),
    error(422),
    "status-400",
  ],
  [
    { categoryCredentialStatus: "403" },
    sent("listCategories", "/categories", "", "missing"),
    error(403),
    "status-401",
  ],
  [
    { categoryErrorShape: "errorField" },
    sent("listCategories", "/categories", "", "missing"),
    answer(401, { error: "no key" }, { "www-authenticate": "Bearer" }),
    "error-body",
  ],
  [
    { wwwAuthenticate: "absent" },
    sent("listPets", "/pets", "", "missing"),
    error(401),
    "header-WWW-Authenticate",
  ],
  [
    { wwwAuthenticate: { alternative: "custom", value: "Basic" } },
    sent("listPets", "/pets", "", "invalid"),
    error(401),
    "header-WWW-Authenticate",
  ],
  [
    { createLocation: "absent" },
    sent("createPet", "/pets", "", "valid", { name: "Rex", categoryId: 1 }),
    answer(201, { id: 9, name: "Rex", categoryId: 1 }),
    "header-Location",
    knowsCategoryAndPet,
  ],
  [
    { sunsetHeader: "absent" },
    sent("getPet", "/pets/7"),
    answer(200, pet, { deprecation: "@1" }),
    "header-Sunset",
    knowsCategoryAndPet,
  ],
  [
    { deprecationDate: "absent" },
    sent("getPet", "/pets/7"),
    answer(200, pet, { sunset: "Thu, 05 Dec 2030 00:00:00 GMT" }),
    "header-Deprecation",
    knowsCategoryAndPet,
  ],
];

describe("advice a profile's alternative replaces", () => {
  it.each(replaced.map((row) => [Object.keys(row[0])[0], ...row] as const))(
    "%s: raised for the kit's choice, not under the profile or while learning",
    (_choice, choices, request, got, slug, context = knowsNothing) => {
      expect(advice(request, got, undefined, context)).toContain(slug);
      expect(advice(request, got, defaultBehaviour, context)).toContain(slug);
      expect(advice(request, got, profile(choices), context)).not.toContain(slug);
      expect(advice(request, got, "learning", context)).not.toContain(slug);
    },
  );

  it("every choice an advisory check rests on is in the table above", () => {
    const linked = new Set<ChoiceId>();
    for (const [, request, , , context] of replaced) {
      for (const check of checksFor(request, context))
        for (const id of (check.choices ?? []).flat()) linked.add(id);
    }
    const tabled = new Set(replaced.map(([choices]) => Object.keys(choices)[0]));
    expect([...linked].sort()).toEqual([...tabled].sort());
  });

  it("stays raised while one finding of the request is still the kit's choice", () => {
    const both = sent("listPets", "/pets", "limit=0&status=flying");
    const got = answer(200, [pet]);
    expect(advice(both, got, profile({ limitBelowMinimum: "clamped" }))).toContain("status-400");
    const clampsAndIgnores = profile({ limitBelowMinimum: "clamped", statusUnknown: "ignored" });
    expect(advice(both, got, clampsAndIgnores)).not.toContain("status-400");
  });

  it("stays raised where the alternative still gives what the advice asks for", () => {
    const [, create, created, , context] =
      replaced.find(([, , , slug]) => slug === "header-Location") ?? [];
    const noLocation = advice(
      create as SentRequest,
      created as Answer,
      profile({ createLocation: "absolute" }),
      context,
    );
    expect(noLocation).toContain("header-Location");
    const read = sent("getPet", "/pets/7");
    const dated = profile({ deprecationDate: { alternative: "date", value: "@1704067200" } });
    expect(advice(read, answer(200, pet), dated, knowsCategoryAndPet)).toContain(
      "header-Deprecation",
    );
  });

  it("advice no choice decides is raised under any profile, and while learning", () => {
    // A category's error as text: its shape is the profile's choice, its media type no choice's.
    const category = sent("listCategories", "/categories", "", "missing");
    const text = readAnswer({ status: 401, headers: { "www-authenticate": "Bearer" }, text: "no" });
    expect(advice(category, text)).toEqual(["error-body", "error-media-type"]);
    expect(advice(category, text, "learning")).toEqual(["error-media-type"]);
  });
});

describe("a profile never silences a documented check", () => {
  const walks = walkProfiles.map((walk) => profile(walk.choices));

  const requests = [
    sent("listPets", "/pets", "limit=0"),
    sent("listPets", "/pets", "limit=5"),
    sent("listPets", "/pets", "status=AVAILABLE&limit=5&limit=6"),
    sent("listPets", "/pets", "", "missing"),
    sent("getPet", "/pets/abc", "", "invalid"),
    sent("getPet", "/pets/7"),
    sent("createPet", "/pets", "", "valid", { name: "Rex", categoryId: 1 }),
    sent("createPet", "/pets", "", "valid", { name: 5 }),
    sent("createCategory", "/categories", "", "valid", {}),
    sent("listCategories", "/categories", "", "missing"),
  ];
  const answers = [
    error(500),
    answer(
      200,
      Array.from({ length: 150 }, () => pet),
    ),
    error(404),
    answer(201, {}),
    answer(401, { error: "x" }),
  ];

  it.each(
    requests.map(
      (request) =>
        [
          `${request.operation} ${request.path}?${request.query} (${request.credential})`,
          request,
        ] as const,
    ),
  )("%s: the same documented checks and failures under every profile", (_name, request) => {
    const documented = (inEffect?: ResolvedBehaviour | "learning") =>
      checksFor(request, knowsCategoryAndPet, inEffect)
        .filter((check) => check.kind === "documented")
        .map((check) => check.slug);
    const failures = (got: Answer, inEffect?: ResolvedBehaviour | "learning") =>
      violationsOf(request, got, knowsCategoryAndPet, inEffect).filter(
        (violation) => violation.kind === "documented",
      );
    const linked = checksFor(request, knowsCategoryAndPet).filter((check) => check.choices);
    expect(linked.every((check) => check.kind === "advisory")).toBe(true);
    for (const inEffect of [...walks, "learning" as const]) {
      expect(documented(inEffect)).toEqual(documented());
      for (const got of answers) expect(failures(got, inEffect)).toEqual(failures(got));
    }
  });
});
