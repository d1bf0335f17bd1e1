/**
 * The dashboard's rows of the admin table (`admin.ts`): the page at
 * `GET /__mock/` and its two files (public: they hold no data), a long-poll
 * feed of the journal and a description of the server (both behind the admin
 * trust check like every other admin call the page makes).
 *
 * The feed, `GET /__mock/requests/after/{n}`, answers the journal entries
 * recorded after number `n`, each with its number as `id`; with none yet it
 * waits up to `feedLimits.waitMs` for one (an empty answer doubles as a
 * heartbeat). It answers at most `feedLimits.entries` at a time, and at most
 * `feedLimits.waiting` requests wait at once: the others are answered at once.
 */
import type { CoreResponse } from "../core/exchange.js";
import { errorResponse, jsonResponse } from "../core/exchange.js";
import { type FaultInput, faultPresets } from "../core/faults.js";
import { choicesText, type Journal, type JournalEntry } from "../core/journal.js";
import { sleep } from "../core/latency.js";
import {
  behaviourFrom,
  defaultBehaviour,
  nonDefaultChoices,
} from "../interface/behaviour-profile.js";
import { apiBasePath, operationIds } from "../interface/spec.js";
import { defaults, type PetstoreBaseOptions } from "../store/options.js";
import { currentInterface } from "../store/state.js";
import type { PetstoreStore } from "../store/store.js";
import { kitVersion } from "../util/package-root.js";
import { type AdminRoute, adminBasePath, type DeploymentHealth, requestsPath } from "./admin.js";

export const dashboardPath = `${adminBasePath}/`;
const infoPath = `${adminBasePath}/info`;

export const feedLimits = {
  /** How long a feed request waits for a new entry before answering none. */
  waitMs: 10_000,
  /** Feed requests waiting at once; more are answered without waiting. */
  waiting: 8,
  /** Entries in one feed answer; the page asks again for the rest. */
  entries: 200,
  /** How often a waiting feed request looks for a new entry. */
  checkEveryMs: 50,
} as const;

/** The page's headers: its own files only, no framing, no sniffing, no referrer. */
const dashboardHeaders = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "cache-control": "no-cache",
} as const;

/** A journal entry with its number, as the feed answers it. */
export interface NumberedEntry extends JournalEntry {
  readonly id: number;
}

export type FeedAnswer = ReturnType<typeof entriesAfter>;

/** The entries recorded after number `after`, at most `feedLimits.entries`. */
export function entriesAfter(journal: Journal, after: number) {
  const restarted = after > journal.recorded;
  const from = restarted ? 0 : after;
  const kept = journal.all();
  const firstId = journal.recorded - kept.length + 1;
  const skip = Math.max(0, from + 1 - firstId);
  const entries = kept
    .slice(skip, skip + feedLimits.entries)
    .map((entry, index): NumberedEntry => ({ id: firstId + skip + index, ...entry }));
  return {
    entries,
    /** The newest entry's number: the `n` of the next feed request. */
    last: entries.at(-1)?.id ?? from,
    /** Entries after `n` that are gone (the journal was cleared or wrapped) and not in `entries`. */
    missed: Math.max(0, firstId - from - 1),
    /** True when `n` was past the journal's end (another server, or a restart): `entries` starts over. */
    restarted,
  };
}

/** The long-poll: waits (bounded in time and in company) until there is something after `after`. */
function createFeed(journal: Journal, closed: AbortSignal | undefined) {
  let waiting = 0;
  return async (after: number): Promise<FeedAnswer> => {
    // Nothing new yet (a number past the end is a restart: answered at once).
    if (journal.recorded === after && waiting < feedLimits.waiting) {
      waiting++;
      try {
        const deadline = performance.now() + feedLimits.waitMs;
        while (journal.recorded === after && performance.now() < deadline && !closed?.aborted) {
          await sleep(feedLimits.checkEveryMs);
        }
      } finally {
        waiting--;
      }
    }
    return entriesAfter(journal, after);
  };
}

/** What the page shows of the options every runtime takes: counts and values, never a key. */
export function publicBaseOptions(options: PetstoreBaseOptions) {
  const resolved =
    options.behaviour === undefined
      ? defaultBehaviour
      : behaviourFrom(options.behaviour, "given as the behaviour option");
  const choices = choicesText(nonDefaultChoices(resolved));
  return {
    apiKeys: (options.apiKeys ?? defaults.apiKeys).length,
    latency: options.latency ?? null,
    maxPets: options.maxPets ?? defaults.maxPets,
    maxCategories: options.maxCategories ?? defaults.maxCategories,
    journalSize: options.journalSize ?? defaults.journalSize,
    preset: options.preset ?? null,
    startupFaults: options.faults?.length ?? 0,
    // The Server panel's profile: its name and where it came from, and the choices it takes otherwise than the kit (null: none).
    behaviour: `${resolved.name} (${resolved.source})`,
    behaviourChoices: choices === "" ? null : choices,
  };
}

export type PublicOptions = Readonly<
  Record<string, string | number | boolean | null | readonly number[]>
>;

/** The page's files, which the dashboard's own folder holds (`mocks/dashboard/assets.ts` reads them). */
export interface DashboardAssets {
  readonly html: string;
  readonly css: string;
  readonly js: string;
  /** The page's icon (SVG), also the server's `/favicon.ico`. */
  readonly icon: string;
}

interface DashboardContext {
  readonly journal: Journal;
  readonly store: Pick<PetstoreStore, "count" | "seedOptions">;
  /** The options in effect as the page shows them (`publicServerOptions`): never a key. */
  readonly options: PublicOptions;
  /** Aborts when the server closes: waiting feed requests answer at once. */
  readonly closed?: AbortSignal | undefined;
  /** The page's files (`loadDashboardAssets`). */
  readonly assets: () => Promise<DashboardAssets>;
  /** Behind `--proxy`: the deployment's state, with its URL and why it is down. */
  readonly deployment?: (() => DeploymentHealth) | undefined;
}

async function asset(
  assets: () => Promise<DashboardAssets>,
  file: keyof DashboardAssets,
  type: string,
): Promise<CoreResponse> {
  try {
    const body = (await assets())[file];
    return { status: 200, headers: { ...dashboardHeaders, "content-type": type }, body };
  } catch (error) {
    console.error("petstore-mock: the dashboard's files cannot be read", error);
    return errorResponse("internal_error", "The dashboard's files are missing from this install.");
  }
}

/** The dashboard's icon (also the standalone server's `/favicon.ico`): public, it holds no data. */
export const dashboardIcon = (assets: () => Promise<DashboardAssets>): Promise<CoreResponse> =>
  asset(assets, "icon", "image/svg+xml");

/** What `GET /__mock/info` answers: the server as the page shows it (never a key). */
export type ServerInfo = ReturnType<typeof serverInfo>;

const serverInfo = ({ store, options, deployment }: DashboardContext) => ({
  version: kitVersion(),
  interfaceVersion: currentInterface.version,
  apiBase: apiBasePath,
  seedOptions: store.seedOptions,
  counts: store.count(),
  options,
  operations: operationIds,
  presets: faultPresets as Readonly<Record<string, readonly FaultInput[]>>,
  ...(deployment ? { deployment: deployment() } : {}),
});

/** The dashboard's admin routes. */
export function dashboardRoutes(context: DashboardContext): AdminRoute[] {
  const { journal, closed, assets } = context;
  const feed = createFeed(journal, closed);
  const files = [
    [new RegExp(`^${adminBasePath}/?$`), "html", "text/html; charset=utf-8"],
    [`${adminBasePath}/dashboard/dashboard.js`, "js", "text/javascript; charset=utf-8"],
    [`${adminBasePath}/dashboard/dashboard.css`, "css", "text/css; charset=utf-8"],
    [`${adminBasePath}/dashboard/favicon.svg`, "icon", "image/svg+xml"],
  ] as const;
  return [
    ...files.map(([path, file, type]) => ({
      path,
      public: true,
      methods: { GET: () => asset(assets, file, type) },
    })),
    {
      path: new RegExp(`^${requestsPath}/after/(\\d{1,15})$`),
      methods: {
        GET: async (_request, [after = "0"]) => jsonResponse(200, await feed(Number(after))),
      },
    },
    { path: infoPath, methods: { GET: () => jsonResponse(200, serverInfo(context)) } },
  ];
}
