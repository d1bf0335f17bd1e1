/**
 * The mock's whole request pipeline, shared by every runtime:
 * latency → route → credential → unknown path / method → scenario → operation.
 *
 * @example
 * const handle = createPetstoreHandler({ store: await createPetstoreStore() });
 * const response = await handle({ method: "GET", path: "/pets", query: "limit=5",
 *   header: (name) => (name === "authorization" ? "Bearer petstore-dev-key" : undefined),
 *   body: undefined });
 */
import { scenarioErrorBody } from "../errors.js";
import type { OperationId, Route } from "../spec.js";
import { apiBasePath, routes } from "../spec.js";
import type { PetstoreStore } from "../store.js";
import { checkCredential } from "./auth.js";
import type { CoreRequest, CoreResponse } from "./exchange.js";
import { errorResponse, jsonResponse } from "./exchange.js";
import type { Latency } from "./latency.js";
import { latencyMs, sleep } from "./latency.js";
import { defaultMaxRecords } from "./limits.js";
import { deprecationHeaders, operations } from "./operations.js";

export const defaultApiKey = "petstore-dev-key";

export interface PetstoreHandlerOptions {
  readonly store: PetstoreStore;
  /** Accepted bearer keys; default `["petstore-dev-key"]`. */
  readonly apiKeys?: readonly string[] | undefined;
  /** Added delay before every answer, in ms or a `[min, max]` range. */
  readonly latency?: Latency | undefined;
  /** At most this many pets are stored; creates beyond get a 409 `store_full`. Default 10,000. */
  readonly maxPets?: number | undefined;
  /** At most this many categories are stored; default 1,000. */
  readonly maxCategories?: number | undefined;
  /** The path of the API base, used in `Location` and `Link` headers; default `/v1`. */
  readonly basePath?: string | undefined;
}

export type PetstoreHandler = (request: CoreRequest) => Promise<CoreResponse>;

type Match =
  | {
      readonly kind: "operation";
      readonly operationId: OperationId;
      readonly params: Record<string, string>;
    }
  | { readonly kind: "method_not_allowed"; readonly route: Route }
  | { readonly kind: "not_found" };

export function matchRoute(method: string, path: string): Match {
  for (const route of routes) {
    const found = route.pattern.exec(path);
    if (!found) continue;
    const operationId = route.operations.get(method);
    if (!operationId) return { kind: "method_not_allowed", route };
    const params: Record<string, string> = {};
    route.paramNames.forEach((name, index) => {
      params[name] = found[index + 1] ?? "";
    });
    return { kind: "operation", operationId, params };
  }
  return { kind: "not_found" };
}

const unauthorizedHeaders = { "www-authenticate": "Bearer" } as const;

function preferredStatus(prefer: string | undefined): number | undefined {
  const code = prefer && /(?:^|[\s,;])code\s*=\s*"?(\d{3})"?/i.exec(prefer)?.[1];
  const status = code ? Number(code) : undefined;
  return status !== undefined && status >= 400 && status <= 599 ? status : undefined;
}

function withHeaders(
  response: CoreResponse,
  headers: Readonly<Record<string, string>>,
): CoreResponse {
  const merged: Record<string, string> = {};
  for (const name in response.headers) merged[name] = response.headers[name] as string;
  for (const name in headers) merged[name] = headers[name] as string;
  return { status: response.status, headers: merged, body: response.body };
}

export function createPetstoreHandler(options: PetstoreHandlerOptions): PetstoreHandler {
  const { store, latency } = options;
  const apiKeys = options.apiKeys?.length ? [...options.apiKeys] : [defaultApiKey];
  const defaultBasePath = options.basePath ?? apiBasePath;
  const pathList = routes.map((route) => route.template).join(", ");
  const maxRecords = {
    pets: options.maxPets ?? defaultMaxRecords.pets,
    categories: options.maxCategories ?? defaultMaxRecords.categories,
  };

  function answer(
    request: CoreRequest,
    match: Match,
    basePath: string,
  ): CoreResponse | Promise<CoreResponse> {
    const credential = checkCredential(request.header("authorization"), apiKeys);
    if (!credential.ok) {
      return errorResponse("unauthorized", credential.reason, unauthorizedHeaders);
    }
    if (match.kind === "not_found") {
      return errorResponse(
        "not_found",
        `No operation at ${request.method} ${basePath}${request.path}. Paths: ${pathList}.`,
      );
    }
    if (match.kind === "method_not_allowed") {
      const { route } = match;
      return errorResponse(
        "method_not_allowed",
        `${request.method} is not allowed on ${basePath}${route.template}; allowed: ${route.allow}.`,
        { allow: route.allow },
      );
    }
    const scenario = preferredStatus(request.header("prefer"));
    if (scenario !== undefined) {
      const headers = scenario === 401 ? unauthorizedHeaders : undefined;
      return jsonResponse(scenario, scenarioErrorBody(scenario), headers);
    }
    return operations[match.operationId]({
      request,
      params: match.params,
      store,
      basePath,
      maxRecords,
    });
  }

  return async (request) => {
    const delay = latencyMs(latency);
    if (delay > 0) await sleep(delay);
    const match = matchRoute(request.method, request.path);
    const basePath = request.basePath ?? defaultBasePath;
    let response: CoreResponse;
    try {
      response = await answer(request, match, basePath);
    } catch (error) {
      console.error("petstore-mock: unexpected error", error);
      response = errorResponse("internal_error", "The mock failed unexpectedly; see its log.");
    }
    return match.kind === "operation" && match.operationId === "getPet"
      ? withHeaders(response, deprecationHeaders(basePath))
      : response;
  };
}
