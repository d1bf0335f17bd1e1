/**
 * The checks cases are built from. Each states its expectation in words and
 * asserts it with pactum's `expect` (status, partial JSON), the generated
 * schema validators (bodies), or a plain comparison (maxima, filters, headers).
 */
import { getPetSunset } from "../../mocks/spec.js";
import type { ContractResponse } from "../http.js";
import { expectOn } from "../pactum.js";
import { type RuleId, statusRules } from "../rules.js";
import { type SchemaName, violations } from "../schemas.js";
import type { Check } from "./context.js";
import type { CheckKind } from "./results.js";

const schemaRules: Record<SchemaName, readonly RuleId[]> = {
  Pet: ["§2.Pet", "§2.PetStatus"],
  Category: ["§2.Category"],
  Error: ["§2.Error"],
};

const isSuccess = (response: ContractResponse) => response.status >= 200 && response.status < 300;

function requireJson(response: ContractResponse): void {
  if (!response.isJson) {
    throw new Error(
      `body is not JSON (content-type: ${response.headers["content-type"] ?? "none"})`,
    );
  }
}

function requireSchema(response: ContractResponse, name: SchemaName, shape: "one" | "array") {
  requireJson(response);
  const found = violations(name, shape, response.json);
  if (found) throw new Error(`body does not match the ${name} schema: ${found}`);
}

export function status(code: number, kind: CheckKind = "documented"): Check {
  return {
    slug: `status-${code}`,
    kind,
    expected: `HTTP ${code}`,
    rules: (operation) => statusRules[`${operation} ${code}`] ?? [],
    assert(response) {
      expectOn(response).status(code);
    },
  };
}

export function notSuccess(because: readonly RuleId[]): Check {
  return {
    slug: "rejected",
    kind: "documented",
    rules: because,
    expected: "not a 2xx answer: the request must be rejected",
    assert(response) {
      if (isSuccess(response)) throw new Error(`HTTP ${response.status} accepted the request`);
    },
  };
}

export function noServerError(because: readonly RuleId[]): Check {
  return {
    slug: "no-5xx",
    kind: "documented",
    rules: because,
    expected: "no 5xx answer for any input",
    assert(response) {
      if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
    },
  };
}

/** The body is a JSON value of a component schema (or an array of one) from openapi.yaml. */
export function bodySchema(name: SchemaName, shape: "one" | "array" = "one"): Check {
  return {
    slug: shape === "array" ? `body-${name}-array` : `body-${name}`,
    kind: "documented",
    expected: `a JSON ${shape === "array" ? `array of ${name}` : name} as openapi.yaml defines it`,
    rules: schemaRules[name],
    assert(response) {
      requireSchema(response, name, shape);
    },
  };
}

/** On a non-2xx answer: an Error body whose `status` repeats the HTTP status. */
export function errorBody(kind: CheckKind = "documented"): Check {
  return {
    slug: "error-body",
    kind,
    expected: "an Error body (code, message, status) whose status equals the HTTP status",
    rules: ["§2.Error", "§7.status-repeats"],
    appliesTo: (response) => !isSuccess(response),
    assert(response) {
      requireSchema(response, "Error", "one");
      const bodyStatus = (response.json as { status?: unknown }).status;
      if (bodyStatus !== response.status) {
        throw new Error(
          `Error.status is ${JSON.stringify(bodyStatus)}, the HTTP status ${response.status}`,
        );
      }
    },
  };
}

/** The media type of a Content-Type value: lower case, without parameters. */
export const mediaTypeOf = (value: string | undefined) =>
  // Stryker disable next-line OptionalChaining: split returns at least one part, so [0] is a string.
  value?.split(";")[0]?.trim().toLowerCase() ?? "";

/** Any answer with a body is `application/json` (parameters such as `charset` allowed). */
export function jsonMediaType(): Check {
  return {
    slug: "media-type",
    kind: "documented",
    expected: "Content-Type application/json on an answer with a body",
    rules: ["§4.media-type"],
    appliesTo: (response) => response.text !== "",
    assert(response) {
      const value = response.headers["content-type"];
      if (mediaTypeOf(value) !== "application/json") {
        throw new Error(
          `Content-Type is ${value === undefined ? "missing" : JSON.stringify(value)}`,
        );
      }
    },
  };
}

const limitRules = {
  "at-most-default": ["§4.1.limit-default"],
  "at-most-limit": ["§4.1.limit"],
  "never-over-maximum": ["§4.1.limit-range"],
} as const satisfies Record<string, readonly RuleId[]>;

/** On a 2xx array answer: no more than `max` items. */
export function atMost(max: number, slug: keyof typeof limitRules = "at-most-limit"): Check {
  return {
    slug,
    kind: "documented",
    rules: limitRules[slug],
    expected: `at most ${max} items`,
    appliesTo: isSuccess,
    assert(response) {
      requireJson(response);
      if (!Array.isArray(response.json)) throw new Error("body is not an array");
      if (response.json.length > max) throw new Error(`${response.json.length} items`);
    },
  };
}

/** On a 2xx array answer: every item has `field` equal to `value`. */
export function everyItem(field: string, value: unknown): Check {
  return {
    slug: `every-${field}-${String(value)}`,
    kind: "documented",
    rules: ["§4.1.status-filter"],
    expected: `every item has ${field} ${JSON.stringify(value)}`,
    assert(response) {
      requireJson(response);
      if (!Array.isArray(response.json)) throw new Error("body is not an array");
      const stray = response.json.find(
        (item) => (item as Record<string, unknown> | null)?.[field] !== value,
      );
      if (stray !== undefined) throw new Error(`item ${JSON.stringify(stray)} does not`);
    },
  };
}

/** The body contains what was sent (partial JSON match). */
export function echoes(sent: Readonly<Record<string, unknown>>): Check {
  return {
    slug: "echoes-input",
    kind: "documented",
    rules: (operation) =>
      operation === "createPet"
        ? ["§4.2.createPet", "§3.status-on-creation"]
        : ["§4.5.createCategory"],
    expected: `the stored record repeats what was sent: ${JSON.stringify(sent)}`,
    assert(response) {
      requireJson(response);
      expectOn(response).jsonLike(sent);
    },
  };
}

export function header(
  name: string,
  expected: string,
  test: (value: string) => boolean,
  rules: readonly RuleId[],
): Check {
  return {
    slug: `header-${name}`,
    kind: "advisory",
    rules,
    expected: `${name} header: ${expected}`,
    assert(response) {
      const value = response.headers[name.toLowerCase()];
      if (value === undefined) throw new Error(`no ${name} header`);
      if (!test(value)) throw new Error(`${name}: ${value}`);
    },
  };
}

/** getPet is deprecated: the Sunset (RFC 8594) and Deprecation (RFC 9745) headers say so. */
export function deprecationHeaders(): Check[] {
  return [
    header(
      "Sunset",
      `the removal date ${getPetSunset.toUTCString()}`,
      (value) => Date.parse(value) === getPetSunset.getTime(),
      ["§4.3.deprecated"],
    ),
    header("Deprecation", "present", (value) => value.trim() !== "", ["§4.3.deprecated"]),
  ];
}

export function wwwAuthenticateBearer(): Check {
  return header(
    "WWW-Authenticate",
    "names the Bearer scheme",
    (value) => /\bbearer\b/i.test(value),
    ["§5.bearer"],
  );
}

/** Checks for a request the suite sends to be rejected. */
export function rejection(options: {
  /** The status the interface documents for this rejection. */
  readonly documented?: number;
  /** A status the suite expects where the interface is silent. */
  readonly advised?: number;
  readonly errorBody: CheckKind;
  /** The statements the request breaks, which make a rejection the only right answer. */
  readonly because: readonly RuleId[];
}): Check[] {
  const checks: Check[] = [notSuccess(options.because), noServerError(options.because)];
  if (options.documented !== undefined) checks.push(status(options.documented));
  if (options.advised !== undefined) checks.push(status(options.advised, "advisory"));
  checks.push(errorBody(options.errorBody));
  return checks;
}
