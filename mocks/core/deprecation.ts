/**
 * The headers a deprecated operation's answers carry, derived from
 * openapi.yaml: `Deprecation` (RFC 9745), `Sunset` (RFC 8594) from `x-sunset`,
 * and a `successor-version` link from `x-replacement`.
 */
import type { ChoiceId } from "../interface/behaviour-profile.js";
import { deprecationHeaderNames } from "../interface/headers.js";
import { type Deprecation, deprecations, type OperationId } from "../interface/spec.js";
import type { Headers } from "./exchange.js";

/** When the operations were marked deprecated: the interface does not say, so the mock states 2025-01-01. */
const deprecatedSince = new Date("2025-01-01T00:00:00Z");

const deprecationValue = `@${Math.floor(deprecatedSince.getTime() / 1000)}`;

const names = {
  deprecated: deprecationHeaderNames.deprecated.toLowerCase(),
  sunset: deprecationHeaderNames.sunset.toLowerCase(),
  replacement: deprecationHeaderNames.replacement.toLowerCase(),
};

function headersOf(deprecation: Deprecation, basePath: string): Record<string, string> {
  const headers: Record<string, string> = { [names.deprecated]: deprecationValue };
  if (deprecation.sunset) headers[names.sunset] = deprecation.sunset.toUTCString();
  const successor = deprecation.successorPath;
  if (successor !== undefined)
    headers[names.replacement] = `<${basePath}${successor}>; rel="successor-version"`;
  return headers;
}

/** The deprecation headers of an operation under a base path; undefined when it is not deprecated. */
export function deprecationHeaders(
  operationId: OperationId,
  basePath: string,
): Headers | undefined {
  const deprecation = deprecations.get(operationId);
  return deprecation ? headersOf(deprecation, basePath) : undefined;
}

/** Hears each choice of a behaviour profile that shaped an answer (`Shaped` of ./operation-behaviour.ts). */
export interface Noter {
  note(choice: ChoiceId): void;
}

/**
 * A change a behaviour profile makes to the deprecation headers (another
 * date, one left out), noting each choice that changed one.
 */
export type DeprecationChange = (headers: Headers, shaped: Noter) => Headers;

/** Base paths whose headers are kept; a core answers under one or two. */
const keptBasePaths = 8;

/**
 * `deprecationHeaders` with a profile's change applied, worked out once per
 * operation and base path: an answer then merges a kept object (no date is
 * written, no header set copied, per request), and `shaped` hears the
 * choices that changed it.
 */
export function deprecationHeadersFor(change: DeprecationChange | undefined) {
  /** By base path and operation: the headers, and the choices that changed them. */
  const kept = new Map<
    string,
    Map<OperationId, { readonly headers: Headers | undefined; readonly noted: readonly ChoiceId[] }>
  >();
  return (operationId: OperationId, basePath: string, shaped: Noter): Headers | undefined => {
    let byOperation = kept.get(basePath);
    if (byOperation === undefined) {
      if (kept.size >= keptBasePaths) kept.clear();
      byOperation = new Map();
      kept.set(basePath, byOperation);
    }
    let entry = byOperation.get(operationId);
    if (entry === undefined) {
      const headers = deprecationHeaders(operationId, basePath);
      const noted: ChoiceId[] = [];
      const changed =
        headers && change ? change(headers, { note: (choice) => noted.push(choice) }) : headers;
      // Frozen: answers merge it with their own headers once (petstore-core.ts `finish`).
      entry = { headers: changed && Object.freeze({ ...changed }), noted };
      byOperation.set(operationId, entry);
    }
    const { headers, noted } = entry;
    for (let index = 0; index < noted.length; index++) shaped.note(noted[index] as ChoiceId);
    return headers;
  };
}
