/**
 * The runtime parity suite's profiles and requests. The profiles are built
 * from the choice table itself: profile k takes the k-th alternative of every
 * choice (wrapping), with a sample value where the alternative takes one, so
 * together they take every alternative, those added later too. The requests
 * are the behavioural cases plus requests whose answers depend on a choice,
 * derived from the interface's operations. Plain data, so a browser page can
 * build the same profile and send the same requests.
 */
import { type BehaviourProfileInput, behaviourFrom } from "../interface/behaviour-profile.js";
import { interfaceOperations } from "../interface/operations.js";
import { limitRule, petStatuses } from "../interface/spec.js";
import { behaviourCases, type CaseRequest, type CaseResult, get, post, sendCase } from "./cases.js";
import { walkProfiles } from "./profile-walk.js";

/** How many profiles take every alternative: as many as the widest choice has. */
export const profileCount = walkProfiles.length;

/** Profile k: the k-th alternative of every choice, wrapping (profile 0 is the kit's own). */
export const parityProfile = (k: number): BehaviourProfileInput =>
  ({ ...walkProfiles[k % profileCount], name: `parity-${k}` }) as BehaviourProfileInput;

const credentials = { missing: {}, wrong: { authorization: "Bearer not-the-key" } };
/** An id no seeded record has. */
const absentId = 99_999;

/** A create's body with its required fields only, each referenced record named by `id`. */
function requiredBody(operation: (typeof interfaceOperations)[number], id: number): string {
  const fields = (operation.body ?? []).filter((field) => field.required);
  return JSON.stringify(
    Object.fromEntries(
      fields.map(({ name, schema }) => [
        name,
        schema.type === "integer" ? id : schema.type === "string" ? `Parity ${name}` : null,
      ]),
    ),
  );
}

const { minimum, maximum } = limitRule;
const limits = [minimum - 1, maximum + 1, maximum * 5, -3, "", 1.5, 2.9, 0.5, "abc"];
const statusSpellings = [
  ...petStatuses.flatMap((status) => [
    status.toUpperCase(),
    `${status.charAt(0).toUpperCase()}${status.slice(1)}`,
  ]),
  "flying",
  "",
];

/** Requests whose answers depend on a choice: list parameters, ids, bodies, credentials. */
export const choiceRequests: readonly CaseRequest[] = [
  ...interfaceOperations
    .filter((operation) => operation.lists)
    .flatMap(({ template, query }) => {
      const takes = (name: string) => query.some((parameter) => parameter.name === name);
      return [
        get(template),
        get(`${template}?unknownParameter=1`),
        ...(takes("limit")
          ? [
              ...limits.map((limit) => get(`${template}?limit=${limit}`)),
              get(`${template}?limit=2&limit=3`),
            ]
          : []),
        ...(takes("status")
          ? [
              ...statusSpellings.map((status) => get(`${template}?status=${status}`)),
              get(`${template}?status=sold&status=pending`),
            ]
          : []),
      ];
    }),
  ...interfaceOperations
    .filter((operation) => operation.reads)
    .flatMap(({ template }) =>
      ["1", "abc", "1.5", "0", "-4", "9".repeat(30), String(absentId)].map((id) =>
        get(template.replace(/\{[^}]+\}/, id)),
      ),
    ),
  ...interfaceOperations
    .filter((operation) => operation.creates)
    .flatMap((operation) => [
      post(operation.template, requiredBody(operation, 1)),
      post(operation.template, requiredBody(operation, absentId)),
      post(operation.template, "{}"),
    ]),
  ...interfaceOperations.flatMap(({ method, template, body }) =>
    Object.values(credentials).map((headers) => ({
      method,
      path: template.replace(/\{[^}]+\}/g, "1"),
      ...(body
        ? { headers: { ...headers, "content-type": "application/json" }, body: "{}" }
        : { headers }),
    })),
  ),
];

/** Every request the parity suite sends, in order (creates included: every runtime gets the same sequence). */
export const parityRequests: readonly CaseRequest[] = [
  ...behaviourCases.map((testCase) => testCase.request),
  ...choiceRequests,
];

/**
 * Headers that differ by runtime on purpose, left out of the comparison: the
 * transport's own, and CORS (`vary` and `access-control-*`), which only the
 * standalone server and the Playwright route add.
 */
const runtimeHeaders =
  /^(?:date|connection|keep-alive|transfer-encoding|content-length|vary|access-control-.*)$/;
/** Headers whose value is new on every answer (a request id, an ETag): compared by presence. */
const perRequestHeaders = /^(?:(?:x-)?(?:request|correlation|trace)-id|etag)$/;

/**
 * What the runtimes must agree on: the status, the body and every header the
 * mock writes; an absolute `Location` with the runtime's own origin written
 * as `{origin}`, since each runtime is reached at an address of its own.
 */
function comparable(result: CaseResult, origin: string) {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(result.headers).sort()) {
    const value = result.headers[name] as string;
    if (runtimeHeaders.test(name)) continue;
    if (perRequestHeaders.test(name)) headers[name] = "(present)";
    else if (name === "location" && value.startsWith(`${origin}/`)) {
      headers[name] = `{origin}${value.slice(origin.length)}`;
    } else headers[name] = value;
  }
  return { status: result.status, headers, body: result.text };
}

/** One runtime's answers to `parityRequests`, in order, and the origin it was reached at. */
export interface RuntimeAnswers {
  readonly origin: string;
  readonly results: readonly CaseResult[];
}

/** `parityRequests` sent in order with `fetch` to a base URL (ending in `/v1`). */
export async function answersOf(baseUrl: string): Promise<RuntimeAnswers> {
  const results: CaseResult[] = [];
  for (const request of parityRequests) results.push(await sendCase(baseUrl, request));
  return { origin: new URL(baseUrl).origin, results };
}

/**
 * The Locations a profile makes absolute (`createLocation` for pets,
 * `categoryLocation` for categories) that do not name the runtime's own origin.
 */
export function foreignLocations(
  runtimes: Readonly<Record<string, RuntimeAnswers>>,
  profile: BehaviourProfileInput,
): string[] {
  const behaviour = behaviourFrom(profile, "the parity profile");
  const absolute = (location: string) =>
    location.includes("/pets/")
      ? behaviour.choices.createLocation === "absolute"
      : behaviour.choices.categoryLocation === "absolute";
  return Object.entries(runtimes).flatMap(([name, { origin, results }]) =>
    results.flatMap(({ headers: { location } }) =>
      location === undefined || !absolute(location) || location.startsWith(`${origin}/`)
        ? []
        : [`${name}: ${location}`],
    ),
  );
}

/**
 * Each of `parityRequests` a runtime answered otherwise than the first one
 * named, with both answers as compared (cut short); empty when all agree.
 */
export function parityDifferences(runtimes: Readonly<Record<string, RuntimeAnswers>>): string[] {
  const [[referenceName, reference], ...others] = Object.entries(runtimes) as [
    [string, RuntimeAnswers],
    ...[string, RuntimeAnswers][],
  ];
  const compared = (answers: RuntimeAnswers, index: number) => {
    const result = answers.results[index];
    return result === undefined ? "no answer" : JSON.stringify(comparable(result, answers.origin));
  };
  const shown = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}…` : text);
  return parityRequests.flatMap((request, index) => {
    const expected = compared(reference, index);
    return others.flatMap(([name, answers]) => {
      const actual = compared(answers, index);
      if (actual === expected) return [];
      const sent = `#${index} ${request.method} ${request.path} ${JSON.stringify(request.headers ?? {})}`;
      return [`${sent}\n  ${referenceName}: ${shown(expected)}\n  ${name}: ${shown(actual)}`];
    });
  });
}
