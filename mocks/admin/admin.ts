/**
 * The standalone server's admin endpoints under `/__mock/`: a table of routes
 * and one trust check in front of all of them. Open while the server is bound
 * to loopback; bound elsewhere (or given an admin key) every route but
 * `/__mock/health` wants `Authorization: Bearer <admin key>` and answers 403
 * without it. A new endpoint is one more row in the table.
 */
import { contractText } from "../contract/pact.js";
import { constantTimeEqual, credentialParts } from "../core/auth.js";
import { parseJsonBody } from "../core/body.js";
import type { CoreRequest, CoreResponse } from "../core/exchange.js";
import { errorResponse, jsonResponse, jsonTextResponse } from "../core/exchange.js";
import {
  type FaultInput,
  FaultInputError,
  FaultLimitError,
  type FaultPreset,
  faultPresetNames,
} from "../core/faults.js";
import { clip, type Journal, journalLimits } from "../core/journal.js";
import { defaultBehaviour, nonDefaultChoices } from "../interface/behaviour-profile.js";
import type { PetstoreLifecycle } from "../runtime/lifecycle.js";
import { seedOptionsFromJson } from "../store/options.js";
import {
  contractNotRecorded,
  contractPath,
  providerStatePath,
  setUpProviderState,
} from "./contract-routes.js";
import { createSitePolicy, isLoopback } from "./site.js";
import { importSnapshot, type StateAccess, statePath } from "./state-routes.js";

export { isLoopback };

/** Everything the admin endpoints live under, outside the API base. */
export const adminBasePath = "/__mock";
export const resetPath = `${adminBasePath}/reset`;
export const healthPath = `${adminBasePath}/health`;
export const faultsPath = `${adminBasePath}/faults`;
export const requestsPath = `${adminBasePath}/requests`;
/** `GET` here: the behaviour profile the API answers by. */
export const behaviourPath = `${adminBasePath}/behaviour`;
/** `POST` here plus a preset's name adds the preset's faults, each naming it. */
export const presetsPath = `${faultsPath}/presets`;

/**
 * An admin request: the core's request without an API base or abort signal
 * (methods upper-case; HEAD is served by a route's GET; `path` is e.g.
 * `/__mock/faults/f3`, without the query).
 */
export type AdminRequest = Pick<
  CoreRequest,
  "method" | "path" | "query" | "header" | "body" | "bodyTooLarge"
>;

type AdminAction = (
  request: AdminRequest,
  params: readonly string[],
) => CoreResponse | Promise<CoreResponse>;

export interface AdminRoute {
  /** An exact path, or a pattern whose groups become `params`. */
  readonly path: string | RegExp;
  readonly methods: Readonly<Record<string, AdminAction>>;
  /** Answered without the admin key (health probes). */
  readonly public?: boolean;
}

/** Who may call the admin endpoints. */
export interface AdminTrust {
  readonly adminKey?: string | undefined;
  /** Whether the server is bound to loopback only. */
  readonly loopback: boolean;
}

/** Undefined when the request may use the admin endpoints, else the 403 that refuses it. */
export function refuseAdmin(
  trust: AdminTrust,
  authorization: string | undefined,
): CoreResponse | undefined {
  if (trust.adminKey === undefined) {
    if (trust.loopback) return undefined;
    return errorResponse(
      "forbidden",
      "The admin endpoints are off: the server is bound beyond loopback without an admin key (start it with --admin-key or PETSTORE_ADMIN_KEY).",
    );
  }
  if (authorization !== undefined) {
    // Parsed as the API's credential is: a key may hold spaces, as `--api-key` ones may.
    const { scheme, token } = credentialParts(authorization);
    if (scheme.toLowerCase() === "bearer" && constantTimeEqual(token, trust.adminKey))
      return undefined;
  }
  return errorResponse(
    "forbidden",
    "The admin endpoints need the admin key: send Authorization: Bearer <admin key>.",
  );
}

/** An action on the parsed JSON body (`undefined` when empty); a body it cannot parse gets the 413/400 that rejects it. */
const withJsonBody =
  (handle: (value: unknown) => CoreResponse | Promise<CoreResponse>): AdminAction =>
  (request) => {
    const parsed = parseJsonBody(request);
    return parsed.ok ? handle(parsed.value) : parsed.response;
  };

/** 201 with what `add` made, or the fault registry's refusal as an Error body. */
function addFaults(add: () => unknown): CoreResponse {
  try {
    return jsonResponse(201, add());
  } catch (error) {
    if (error instanceof FaultLimitError) {
      return errorResponse("too_many_faults", `${error.message}.`);
    }
    if (error instanceof FaultInputError) {
      return errorResponse("invalid_fault", `${error.message}.`);
    }
    throw error;
  }
}

const noContent: CoreResponse = { status: 204, headers: {}, body: undefined };

/** An action that empties a list (faults, journal, contract) and answers 204. */
const clearing =
  (clear: () => void): AdminAction =>
  () => {
    clear();
    return noContent;
  };

/**
 * One page of the journal by `?limit=&after=` (or the 400 that rejects them);
 * `Link: rel="next"` names the following page while there is one.
 */
function journalPage(journal: Journal, request: AdminRequest): CoreResponse {
  const params = new URLSearchParams(request.query);
  const read = (name: string, minimum: number, maximum: number) => {
    const text = params.get(name);
    if (text === null) return undefined;
    const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
    return value >= minimum && value <= maximum ? value : null;
  };
  const asked = read("limit", 1, journalLimits.maxPage);
  const after = read("after", 0, Number.MAX_SAFE_INTEGER);
  if (asked === null || after === null) {
    return errorResponse(
      "invalid_query",
      `limit must be an integer from 1 to ${journalLimits.maxPage} and after an entry's seq (a non-negative integer).`,
    );
  }
  const limit = asked ?? journalLimits.defaultPage;
  const page = journal.since(after, limit, journalLimits.maxPageChars);
  const last = page.at(-1)?.seq ?? after ?? 0;
  const more = journal.since(last, 1).length > 0;
  const next = `<${requestsPath}?after=${last}&limit=${limit}>; rel="next"`;
  return jsonResponse(200, page, more ? { link: next } : undefined);
}

export interface AdminContext {
  /** The mock the routes control: its faults, journal, store and contract, and its reset to start-up. */
  readonly petstore: Pick<
    PetstoreLifecycle,
    "faults" | "journal" | "store" | "reset" | "contract" | "contractRecorder" | "behaviour"
  >;
  /** What `GET`/`PUT /__mock/state` export and import (the store's snapshot). */
  readonly state: StateAccess;
  /** What `GET /__mock/health` reports beyond `ok`: a problem makes it a 503 `degraded`. */
  readonly problems?: (() => Record<string, string> | undefined) | undefined;
  /** Behind `--proxy`: the deployment's state, which `GET /__mock/health` reports beside the mock's own. */
  readonly deployment?: (() => DeploymentHealth) | undefined;
  /** While it returns an answer, a reset or a state import gets it instead of changing the store. */
  readonly refuseWrites?: (() => CoreResponse | undefined) | undefined;
}

/**
 * The deployment behind `--proxy`, as the proxy last found it: `up` (it
 * answered), `key-rejected` (it answered 401 to the proxy key), `down` (no
 * usable answer: `reason` says why) or `unknown` (not reached yet).
 * `checkedAt` is when (ISO 8601). It does not change the mock's own `status`:
 * the mock is up, and restarting it would not bring the deployment back.
 * The open `GET /__mock/health` tells only the state and when; its URL and
 * the reason (internal addresses) are for `GET /__mock/info`, an admin read.
 */
export interface DeploymentHealth {
  readonly url: string;
  readonly state: "up" | "key-rejected" | "down" | "unknown";
  readonly checkedAt?: string;
  readonly reason?: string;
}

/** What the open health tells of the deployment. */
const publicPart = ({ state, checkedAt }: DeploymentHealth) =>
  checkedAt === undefined ? { state } : { state, checkedAt };

/** The built-in admin routes: health, reset, faults, requests, behaviour, contract, provider state and state. */
export function adminRoutes({
  petstore,
  state,
  problems,
  deployment,
  refuseWrites,
}: AdminContext): AdminRoute[] {
  const { faults, journal } = petstore;
  const health = () => {
    const found = problems?.();
    const behind = deployment ? { deployment: publicPart(deployment()) } : {};
    return found === undefined
      ? jsonResponse(200, { status: "ok", ...behind })
      : jsonResponse(503, { status: "degraded", ...found, ...behind });
  };
  return [
    { path: healthPath, public: true, methods: { GET: health } },
    {
      path: resetPath,
      methods: {
        // The optional body's seed options, then the store's counts: a bad one is a 400 that changes nothing.
        POST: withJsonBody(async (value) => {
          try {
            const options =
              value === undefined ? {} : seedOptionsFromJson(value, { name: "The reset body" });
            const refusal = refuseWrites?.();
            if (refusal) return refusal;
            await petstore.reset(options);
            return jsonResponse(200, { reset: true, ...petstore.store.seedOptions });
          } catch (error) {
            if (error instanceof RangeError) {
              return errorResponse("invalid_body", `${error.message}.`);
            }
            throw error;
          }
        }),
      },
    },
    {
      path: faultsPath,
      methods: {
        GET: () => jsonResponse(200, faults.list()),
        POST: withJsonBody((value) => addFaults(() => faults.add(value as FaultInput))),
        DELETE: clearing(() => faults.clear()),
      },
    },
    {
      path: new RegExp(`^${presetsPath}/([^/]{1,64})$`),
      methods: {
        POST(_request, [name]) {
          if (!(faultPresetNames as readonly (string | undefined)[]).includes(name)) {
            return errorResponse(
              "not_found",
              `No preset named ${JSON.stringify(name)}; presets: ${faultPresetNames.join(", ")}.`,
            );
          }
          return addFaults(() => faults.preset(name as FaultPreset));
        },
      },
    },
    {
      path: new RegExp(`^${faultsPath}/([^/]{1,64})$`),
      methods: {
        DELETE(_request, [id]) {
          // The route's pattern always captures the id.
          if (faults.remove(id as string)) return noContent;
          return errorResponse(
            "not_found",
            `No active fault with id ${JSON.stringify(id)}; GET ${faultsPath} lists them.`,
          );
        },
      },
    },
    {
      path: requestsPath,
      methods: {
        GET: (request) => journalPage(journal, request),
        DELETE: clearing(() => journal.clear()),
      },
    },
    {
      path: behaviourPath,
      methods: {
        GET: () => {
          const behaviour = petstore.behaviour ?? defaultBehaviour;
          return jsonResponse(200, { ...behaviour, nonDefault: nonDefaultChoices(behaviour) });
        },
      },
    },
    {
      path: contractPath,
      methods: {
        GET: () =>
          petstore.contractRecorder === undefined
            ? contractNotRecorded()
            : jsonTextResponse(200, contractText(petstore.contract())),
        DELETE: () => {
          if (petstore.contractRecorder === undefined) return contractNotRecorded();
          petstore.contractRecorder.clear();
          return noContent;
        },
      },
    },
    {
      path: providerStatePath,
      methods: {
        POST: withJsonBody(
          (value) => refuseWrites?.() ?? setUpProviderState(petstore.store, value),
        ),
      },
    },
    {
      path: statePath,
      methods: {
        GET: () => jsonResponse(200, state.snapshot()),
        PUT: withJsonBody((value) => refuseWrites?.() ?? importSnapshot(state, value)),
      },
    },
  ];
}

function find(routes: readonly AdminRoute[], path: string) {
  for (const route of routes) {
    if (route.path === path) return { route, params: [] };
    if (route.path instanceof RegExp) {
      const found = route.path.exec(path);
      if (found) return { route, params: found.slice(1) };
    }
  }
  return undefined;
}

/** Answers one admin request from the table, behind the trust check. */
export function createAdminEndpoints(
  trust: AdminTrust,
  routes: readonly AdminRoute[],
): (request: AdminRequest) => Promise<CoreResponse> {
  const paths = routes.map((route) => (typeof route.path === "string" ? route.path : null));
  const site = createSitePolicy({ loopback: trust.loopback });
  return async (request) => {
    const crossSite = site.refuseAdmin((name) => request.header(name));
    if (crossSite) return crossSite;
    const found = find(routes, request.path);
    if (!found) {
      return errorResponse(
        "not_found",
        `No admin endpoint at ${clip(request.path, 100)}; endpoints: ${paths.filter(Boolean).join(", ")}, ${faultsPath}/{id}, ${presetsPath}/{name}.`,
      );
    }
    if (!found.route.public) {
      const refusal = refuseAdmin(trust, request.header("authorization"));
      if (refusal) return refusal;
    }
    const { methods } = found.route;
    const action = methods[request.method === "HEAD" ? "GET" : request.method];
    if (!action) {
      const allow = Object.keys(methods).join(", ");
      return errorResponse(
        "method_not_allowed",
        `${request.method.slice(0, 16)} is not allowed on ${request.path}; allowed: ${allow}.`,
        { allow },
      );
    }
    return action(request, found.params);
  };
}
