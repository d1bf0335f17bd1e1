/**
 * The checks cases are built from. Each states its expectation in words and
 * asserts it with pactum's `expect` (status, headers, JSON schema, partial
 * JSON) or a plain comparison where pactum has no matcher (maxima, filters).
 */
import pactum from "pactum";
import { getPetSunset } from "../../mocks/spec.js";
import type { ContractResponse } from "../http.js";
import { arrayOf, type SchemaName, schemaOf } from "../schemas.js";
import { type Check, notApplicable } from "./context.js";
import type { CheckKind } from "./results.js";

const expectOn = (response: ContractResponse) => pactum.expect(response.raw).to.have;
const isSuccess = (response: ContractResponse) => response.status >= 200 && response.status < 300;

function requireJson(response: ContractResponse): void {
  if (!response.isJson) {
    throw new Error(
      `body is not JSON (content-type: ${response.headers["content-type"] ?? "none"})`,
    );
  }
}

export function status(code: number, kind: CheckKind = "documented"): Check {
  return {
    slug: `status-${code}`,
    kind,
    expected: `HTTP ${code}`,
    assert(response) {
      expectOn(response).status(code);
      return undefined;
    },
  };
}

export function notSuccess(): Check {
  return {
    slug: "rejected",
    kind: "documented",
    expected: "not a 2xx answer: the request must be rejected",
    assert(response) {
      if (isSuccess(response)) throw new Error(`HTTP ${response.status} accepted the request`);
      return undefined;
    },
  };
}

export function noServerError(): Check {
  return {
    slug: "no-5xx",
    kind: "documented",
    expected: "no 5xx answer for any input",
    assert(response) {
      if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
      return undefined;
    },
  };
}

/** The body is a JSON value of a component schema (or an array of one) from openapi.yaml. */
export function bodySchema(name: SchemaName, shape: "one" | "array" = "one"): Check {
  return {
    slug: shape === "array" ? `body-${name}-array` : `body-${name}`,
    kind: "documented",
    expected: `a JSON ${shape === "array" ? `array of ${name}` : name} as openapi.yaml defines it`,
    assert(response) {
      requireJson(response);
      expectOn(response).jsonSchema(shape === "array" ? arrayOf(name) : schemaOf(name));
      return undefined;
    },
  };
}

/** On a non-2xx answer: an Error body whose `status` repeats the HTTP status. */
export function errorBody(kind: CheckKind = "documented"): Check {
  return {
    slug: "error-body",
    kind,
    expected: "an Error body (code, message, status) whose status equals the HTTP status",
    assert(response) {
      if (isSuccess(response)) return notApplicable;
      requireJson(response);
      expectOn(response).jsonSchema(schemaOf("Error"));
      const bodyStatus = (response.json as { status?: unknown }).status;
      if (bodyStatus !== response.status) {
        throw new Error(
          `Error.status is ${JSON.stringify(bodyStatus)}, the HTTP status ${response.status}`,
        );
      }
      return undefined;
    },
  };
}

export function jsonContentTypeOnError(): Check {
  return {
    slug: "error-content-type",
    kind: "advisory",
    expected: "Content-Type application/json on an error answer",
    assert(response) {
      if (isSuccess(response)) return notApplicable;
      expectOn(response).headerContains("content-type", "json");
      return undefined;
    },
  };
}

/** On a 2xx array answer: no more than `max` items. */
export function atMost(max: number, slug = "at-most-limit"): Check {
  return {
    slug,
    kind: "documented",
    expected: `at most ${max} items`,
    assert(response) {
      if (!isSuccess(response)) return notApplicable;
      requireJson(response);
      if (!Array.isArray(response.json)) throw new Error("body is not an array");
      if (response.json.length > max) throw new Error(`${response.json.length} items`);
      return undefined;
    },
  };
}

/** On a 2xx array answer: every item has `field` equal to `value`. */
export function everyItem(field: string, value: unknown): Check {
  return {
    slug: `every-${field}-${String(value)}`,
    kind: "documented",
    expected: `every item has ${field} ${JSON.stringify(value)}`,
    assert(response) {
      requireJson(response);
      if (!Array.isArray(response.json)) throw new Error("body is not an array");
      const stray = response.json.find(
        (item) => (item as Record<string, unknown> | null)?.[field] !== value,
      );
      if (stray !== undefined) throw new Error(`item ${JSON.stringify(stray)} does not`);
      return undefined;
    },
  };
}

/** The body contains what was sent (partial JSON match). */
export function echoes(sent: Readonly<Record<string, unknown>>): Check {
  return {
    slug: "echoes-input",
    kind: "documented",
    expected: `the stored record repeats what was sent: ${JSON.stringify(sent)}`,
    assert(response) {
      requireJson(response);
      expectOn(response).jsonLike(sent);
      return undefined;
    },
  };
}

export function header(name: string, expected: string, test: (value: string) => boolean): Check {
  return {
    slug: `header-${name}`,
    kind: "advisory",
    expected: `${name} header: ${expected}`,
    assert(response) {
      const value = response.headers[name.toLowerCase()];
      if (value === undefined) throw new Error(`no ${name} header`);
      if (!test(value)) throw new Error(`${name}: ${value}`);
      return undefined;
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
    ),
    header("Deprecation", "present", (value) => value.trim() !== ""),
  ];
}

export function wwwAuthenticateBearer(): Check {
  return header("WWW-Authenticate", "names the Bearer scheme", (value) =>
    /\bbearer\b/i.test(value),
  );
}

/** Checks for a request the suite sends to be rejected. */
export function rejection(options: {
  /** The status the interface documents for this rejection. */
  readonly documented?: number;
  /** A status the suite expects where the interface is silent. */
  readonly advised?: number;
  readonly errorBody: CheckKind;
}): Check[] {
  const checks: Check[] = [notSuccess(), noServerError()];
  if (options.documented !== undefined) checks.push(status(options.documented));
  if (options.advised !== undefined) checks.push(status(options.advised, "advisory"));
  checks.push(errorBody(options.errorBody), jsonContentTypeOnError());
  return checks;
}
