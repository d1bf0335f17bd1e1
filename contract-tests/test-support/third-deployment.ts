/**
 * A third conforming Pet Store deployment for the suite's own tests: the
 * kit's mock behind its own rewrites (not the behaviour profiles), choosing
 * otherwise than both the mock and other-deployment.ts wherever the
 * interface is silent: an out-of-range `limit` is ignored (20), a decimal
 * one rounded down, the first of a repeated parameter wins, the `status`
 * filter ignores case, `petId` 0 or below is a 404, a pet created without a
 * status is `pending`, categories are listed newest first, a refused
 * category body is a 422, Error codes are in capitals with the status's
 * reason phrase as message and a `traceId`, pets carry `updatedAt`, a 401's
 * `WWW-Authenticate` names a realm, `Location` is absolute, getPet's
 * `Deprecation` is another date and it sends no `Link`.
 *
 * @example
 * const third = await startThirdDeployment({ apiKeys: ["k"] });
 * await fetch(`${third.url}/pets?limit=0`, { headers: { authorization: "Bearer k" } }); // 20 pets
 * await third.close();
 */
import type { CoreRequest, CoreResponse } from "../../mocks/core/exchange.js";
import type { PetstoreCore } from "../../mocks/core/petstore-core.js";
import { reasonPhrases } from "../../mocks/interface/behaviours.js";
import { petStatuses } from "../../mocks/interface/spec.js";
import { startPetstoreServerWith } from "../../mocks/server/server.js";

export interface ThirdDeployment {
  /** The base URL, ending in `/v1`. */
  readonly url: string;
  close(): Promise<void>;
}

/** This deployment's answers to its silent choices, named so a test can expect them. */
export const thirdChoices = {
  createdStatus: "pending",
  wwwAuthenticate: 'Bearer realm="pets"',
  deprecation: "@1700000000",
} as const;

const statuses: readonly string[] = petStatuses;
const defaultLimit = 20;

/** `limit` as this deployment reads it: out of range or no number → 20; a decimal rounded down. */
function limitOf(text: string | undefined): number {
  if (text === undefined || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return defaultLimit;
  const limit = Math.floor(Number(text));
  return limit >= 1 && limit <= 100 ? limit : defaultLimit;
}

type Json = Record<string, unknown>;
const parsed = (text: string | undefined): unknown => {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return undefined;
  }
};
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The list query the mock is asked: the first of each parameter, `status` in lower case. */
function listQuery(query: string): { sent: string; limit: number } {
  const given = new URLSearchParams(query);
  const sent = new URLSearchParams();
  const status = given.get("status");
  if (status !== null) {
    const lower = status.toLowerCase();
    sent.set("status", statuses.includes(lower) ? lower : status);
  }
  sent.set("limit", String(limitOf(given.get("limit") ?? undefined)));
  return { sent: sent.toString(), limit: limitOf(given.get("limit") ?? undefined) };
}

function withBody(response: CoreResponse, body: unknown, status = response.status): CoreResponse {
  return { ...response, status, body: JSON.stringify(body) };
}

/** An Error body in this deployment's style: capitals, the reason phrase, a trace id. */
function errorStyle(response: CoreResponse, status: number, trace: number): CoreResponse {
  const body = parsed(response.body);
  if (!isRecord(body) || typeof body.code !== "string") return response;
  const headers =
    status === 401
      ? { ...response.headers, "www-authenticate": thirdChoices.wwwAuthenticate }
      : response.headers;
  return withBody(
    { ...response, headers },
    {
      code: body.code.toUpperCase(),
      message: reasonPhrases[status] ?? `HTTP ${status}`,
      status,
      traceId: `t-${trace}`,
    },
    status,
  );
}

const withUpdatedAt = (pet: unknown) =>
  isRecord(pet) ? { ...pet, updatedAt: "2025-06-01T12:00:00.000Z" } : pet;

function wrap(handle: PetstoreCore): PetstoreCore {
  let traces = 0;
  return async (request: CoreRequest) => {
    const { method, path } = request;
    const isPet = /^\/pets\/[^/]+$/.test(path);
    let sent = request;
    if (method === "GET" && path === "/pets") {
      sent = { ...request, query: listQuery(request.query).sent };
    } else if (
      method === "GET" &&
      isPet &&
      /^\/pets\/-?\d+$/.test(path) &&
      !/^\/pets\/[1-9]/.test(path)
    ) {
      // No pet has an id of 0 or below: it is absent, like any id no pet has.
      sent = { ...request, path: `/pets/${Number.MAX_SAFE_INTEGER}` };
    } else if (method === "POST" && path === "/pets") {
      const body = parsed(request.body);
      if (isRecord(body) && body.status === undefined) {
        sent = {
          ...request,
          body: JSON.stringify({ ...body, status: thirdChoices.createdStatus }),
        };
      }
    }
    let response = await handle(sent);
    if (response.status >= 400) {
      const status =
        method === "POST" && path === "/categories" && response.status === 400
          ? 422
          : response.status;
      response = errorStyle(response, status, ++traces);
    } else if (path === "/pets" && method === "GET" && response.status === 200) {
      const list = parsed(response.body);
      if (Array.isArray(list)) response = withBody(response, list.map(withUpdatedAt));
    } else if (path === "/categories" && method === "GET" && response.status === 200) {
      const list = parsed(response.body);
      if (Array.isArray(list)) response = withBody(response, [...list].reverse());
    } else if ((isPet && method === "GET") || (path === "/pets" && method === "POST")) {
      const pet = parsed(response.body);
      response = withBody(response, withUpdatedAt(pet));
      const host = request.header("host");
      if (response.status === 201 && isRecord(pet) && host) {
        const location = `http://${host}/v1/pets/${String(pet.id)}`;
        response = { ...response, headers: { ...response.headers, location } };
      }
    }
    if (isPet && method === "GET") {
      const { link: _link, ...headers } = response.headers;
      response = { ...response, headers: { ...headers, deprecation: thirdChoices.deprecation } };
    }
    return response;
  };
}

export async function startThirdDeployment(options: {
  readonly apiKeys: readonly string[];
  /** How many pets it holds at the start (default the mock's 50). */
  readonly pets?: number;
}): Promise<ThirdDeployment> {
  const counts = options.pets === undefined ? {} : { counts: { pets: options.pets } };
  const server = await startPetstoreServerWith(
    { port: 0, apiKeys: [...options.apiKeys], quiet: true, ...counts },
    { wrapCore: wrap },
  );
  return { url: server.url, close: () => server.close() };
}
