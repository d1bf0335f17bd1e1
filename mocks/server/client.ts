/**
 * A typed client for a separately running standalone mock (e2e suites where
 * the mock is another process): reset, arrange data through the API, faults
 * and the journal. Only `fetch`: it runs in Node, a browser or a Playwright
 * test alike.
 *
 * @example
 * const mock = connectPetstoreMock("http://127.0.0.1:4000/v1");
 * await mock.reset();
 * await mock.faults.add({ operation: "createPet", status: 503, times: 1 });
 * // ...drive the app...
 * expect(await mock.journal.forOperation("createPet")).toHaveLength(2);
 */

import { faultsPath, healthPath, presetsPath, requestsPath, resetPath } from "../admin/admin.js";
import type { Fault, FaultInput, FaultPreset } from "../core/faults.js";
import { type JournalEntry, journalLimits } from "../core/journal.js";
import { type OperationId, operationRoute } from "../interface/spec.js";
import type {
  Category,
  ErrorBody,
  NewCategory,
  NewPet,
  Pet,
  PetStatus,
} from "../interface/types.js";
import { defaultApiKey } from "../store/options.js";
import type { SeedOptions } from "../store/store.js";

export interface PetstoreMockClientOptions {
  /** The API key for `/v1` requests; default `petstore-dev-key`. */
  readonly apiKey?: string;
  /** The admin key, when the server was started with one. */
  readonly adminKey?: string;
  /** Each request's deadline in ms; default 10,000. */
  readonly timeoutMs?: number;
}

/** A non-2xx answer, with the mock's Error body. */
export class PetstoreMockError extends Error {
  override name = "PetstoreMockError";
  constructor(readonly body: ErrorBody) {
    super(`${body.status} ${body.code}: ${body.message}`);
  }
}

/** A query string of the parameters set (`?after=3&limit=5`), empty when none is. */
function queryOf(parameters: Readonly<Record<string, string | number | undefined>>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) search.set(name, String(value));
  }
  return search.size > 0 ? `?${search}` : "";
}

export function connectPetstoreMock(baseUrl: string, options: PetstoreMockClientOptions = {}) {
  const url = baseUrl.replace(/\/+$/, "");
  const origin = new URL(url).origin;
  const apiAuth = `Bearer ${options.apiKey ?? defaultApiKey}`;
  const adminAuth = options.adminKey === undefined ? undefined : `Bearer ${options.adminKey}`;

  async function call<T>(
    method: string,
    target: string,
    authorization: string | undefined,
    body?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (authorization) headers.authorization = authorization;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(target, {
      method,
      headers,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) {
      let error: ErrorBody;
      try {
        error = JSON.parse(text) as ErrorBody;
      } catch {
        error = { status: response.status, code: "unknown", message: text.slice(0, 200) };
      }
      throw new PetstoreMockError(error);
    }
    return (text === "" ? undefined : JSON.parse(text)) as T;
  }
  /** An operation's request, its method and path as openapi.yaml states them, `{…}` filled. */
  const send = <T>(
    operation: OperationId,
    params: Readonly<Record<string, number>> = {},
    body?: unknown,
    query = "",
  ) => {
    const { method, path } = operationRoute(operation);
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
    return api<T>(method, `${filled}${query}`, body);
  };
  const api = <T>(method: string, path: string, body?: unknown) =>
    call<T>(method, `${url}${path}`, apiAuth, body);
  const admin = <T>(method: string, path: string, body?: unknown) =>
    call<T>(method, `${origin}${path}`, adminAuth, body);

  const faults = {
    /** Stores a fault; resolves to it with its `id`. */
    add: (input: FaultInput) => admin<Fault>("POST", faultsPath, input),
    /** The active faults, oldest first. */
    list: () => admin<Fault[]>("GET", faultsPath),
    remove: (id: string) => admin<void>("DELETE", `${faultsPath}/${encodeURIComponent(id)}`),
    clear: () => admin<void>("DELETE", faultsPath),
    /** Adds a named preset's faults (all or none), each naming the preset. */
    preset: (name: FaultPreset) =>
      admin<Fault[]>("POST", `${presetsPath}/${encodeURIComponent(name)}`),
  };

  const journal = {
    /** Every kept request, oldest first, fetched a page at a time. */
    async all(): Promise<JournalEntry[]> {
      const entries: JournalEntry[] = [];
      for (let after = 0; ; ) {
        const page = await journal.since(after, journalLimits.maxPage);
        entries.push(...page);
        const last = page.at(-1);
        if (last === undefined) return entries;
        after = last.seq;
      }
    },
    /**
     * One page: at most `limit` (default 100) entries numbered above `after`
     * (without it, the newest ones), oldest first.
     */
    since: (after?: number, limit?: number): Promise<JournalEntry[]> =>
      admin<JournalEntry[]>("GET", `${requestsPath}${queryOf({ after, limit })}`),
    async forOperation(operationId: OperationId | null): Promise<JournalEntry[]> {
      return (await journal.all()).filter((entry) => entry.operationId === operationId);
    },
    clear: () => admin<void>("DELETE", requestsPath),
  };

  return {
    /** The API base URL, e.g. `http://127.0.0.1:4000/v1`. */
    url,
    /** True once `GET /__mock/health` answers 200. */
    async healthy(): Promise<boolean> {
      try {
        await call("GET", `${origin}${healthPath}`, undefined);
        return true;
      } catch {
        return false;
      }
    },
    /** Reseeds (with any options), restores the start-up faults and empties the journal. */
    reset: (seed?: SeedOptions) =>
      admin<Required<SeedOptions> & { reset: true }>("POST", resetPath, seed ?? {}),
    createPet: (pet: NewPet) => send<Pet>("createPet", {}, pet),
    createCategory: (category: NewCategory) => send<Category>("createCategory", {}, category),
    listPets: ({ status, limit }: { status?: PetStatus; limit?: number } = {}): Promise<Pet[]> =>
      send<Pet[]>("listPets", {}, undefined, queryOf({ status: status || undefined, limit })),
    getPet: (petId: number) => send<Pet>("getPet", { petId }),
    listCategories: () => send<Category[]>("listCategories"),
    faults,
    journal,
  };
}

export type PetstoreMockClient = ReturnType<typeof connectPetstoreMock>;
