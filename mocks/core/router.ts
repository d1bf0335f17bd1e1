/**
 * Routing, derived from the paths of openapi.yaml: which operation a method
 * and path name, and where the API base ends in a URL's pathname (the one
 * rule every adapter uses).
 */
import { openapiDocument } from "../generated/openapi-document.js";
import { apiBasePath, type OperationId } from "../interface/spec.js";
import { escapeRegExp } from "../util/text.js";

export interface Route {
  /** The path template relative to the base, e.g. `/pets/{petId}`. */
  readonly template: string;
  readonly pattern: RegExp;
  readonly paramNames: readonly string[];
  /** Upper-case method → operation. */
  readonly operations: ReadonlyMap<string, OperationId>;
  /** The `Allow` header value for this path. */
  readonly allow: string;
}

export type Match =
  | {
      readonly kind: "operation";
      readonly operationId: OperationId;
      readonly params: Readonly<Record<string, string>>;
    }
  | { readonly kind: "method_not_allowed"; readonly route: Route }
  | { readonly kind: "not_found" };

const httpMethods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

function buildRoutes(): Route[] {
  return Object.entries(openapiDocument.paths).map(([template, pathItem]) => {
    const paramNames: string[] = [];
    const source = template
      .split("/")
      .map((segment) => {
        const param = /^\{(.+)\}$/.exec(segment);
        if (!param?.[1]) return escapeRegExp(segment);
        paramNames.push(param[1]);
        return "([^/]+)";
      })
      .join("/");
    const operations = new Map<string, OperationId>();
    for (const [method, operation] of Object.entries(pathItem)) {
      const { operationId } = operation as { operationId: OperationId };
      if (httpMethods.has(method)) operations.set(method.toUpperCase(), operationId);
    }
    return {
      template,
      pattern: new RegExp(`^${source}$`),
      paramNames,
      operations,
      allow: [...operations.keys()].join(", "),
    };
  });
}

export const routes: readonly Route[] = buildRoutes();

/** The parameters of a path without any: one object for every such request. */
const noParams: Readonly<Record<string, string>> = Object.freeze({});

/** The path and method matched last, and the match: a client asks for the same path again and again. */
let lastPath: string | undefined;
let lastMethod: string | undefined;
let lastMatch: Match = { kind: "not_found" };

/**
 * The operation a method and a path below the base name, or why none does.
 * A match is frozen (its parameters too): the last one is given again for
 * the same method and path.
 */
export function matchRoute(method: string, path: string): Match {
  if (path === lastPath && method === lastMethod) return lastMatch;
  const match = Object.freeze(routeFor(method, path));
  lastPath = path;
  lastMethod = method;
  lastMatch = match;
  return match;
}

function routeFor(method: string, path: string): Match {
  for (const route of routes) {
    const { paramNames } = route;
    // A template without parameters matches itself only: no pattern to run.
    const found = paramNames.length === 0 ? path === route.template : route.pattern.exec(path);
    if (!found) continue;
    const operationId = route.operations.get(method);
    if (!operationId) return { kind: "method_not_allowed", route };
    if (found === true) return { kind: "operation", operationId, params: noParams };
    const params: Record<string, string> = {};
    for (let index = 0; index < paramNames.length; index++) {
      // A match fills every capture group, each `([^/]+)`.
      params[paramNames[index] as string] = found[index + 1] as string;
    }
    return { kind: "operation", operationId, params: Object.freeze(params) };
  }
  return { kind: "not_found" };
}

/** A pathname split at the API base. */
export interface ApiPath {
  readonly basePath: string;
  readonly path: string;
}

/**
 * Splits a URL's pathname at the API base: the given base path, or else the
 * first `/v1` segment anywhere in it. Undefined when the pathname is not under
 * the base.
 *
 * @example
 * apiPathOf("/api/v1/pets")        // { basePath: "/api/v1", path: "/pets" }
 * apiPathOf("/v1/pets", "/v1")     // { basePath: "/v1", path: "/pets" }
 * apiPathOf("/v10/pets", "/v1")    // undefined
 */
export function apiPathOf(pathname: string, basePath?: string): ApiPath | undefined {
  let end: number;
  if (basePath !== undefined) {
    end = basePath.length;
    if (!pathname.startsWith(basePath)) return undefined;
  } else {
    let at = pathname.indexOf(apiBasePath);
    while (at >= 0 && !isSegmentEnd(pathname, at + apiBasePath.length)) {
      at = pathname.indexOf(apiBasePath, at + 1);
    }
    if (at < 0) return undefined;
    end = at + apiBasePath.length;
  }
  if (!isSegmentEnd(pathname, end)) return undefined;
  return { basePath: pathname.slice(0, end), path: pathname.slice(end) };
}

const isSegmentEnd = (pathname: string, index: number) =>
  index === pathname.length || pathname[index] === "/";
