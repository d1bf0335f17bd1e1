/**
 * A pactum session: the kit registered on the user's own pactum instance.
 * The handlers are registered once per instance and act for the session in
 * force; `close()` ends it (and stops the mock or proxy it started).
 */
import { randomBytes } from "node:crypto";
import { type Failure, failureLines } from "../interface/failure-lines.js";
import { absentId } from "../interface/knowledge.js";
import type { RunningPetstoreServer } from "../server/server.js";
import { createRedactor, type Redact } from "../util/redact.js";
import { plural, printable } from "../util/text.js";
import { consoleLog, guardReporters, type LogLine, redactedLogger } from "./hygiene.js";
import { ExchangeJudge, type Judgement } from "./judge-exchange.js";
import { type Credential, explainDeadline, prepareRequest } from "./outgoing.js";
import type { PactumContext, PactumLike } from "./pactum-like.js";
import { guardSpecs, registerRetry, replacedRetryLine } from "./specs.js";
import { type PactumTarget, startTarget } from "./targets.js";

/** The expect handler judging a spec's exchange: `.expect("petstore:conforms")`. */
export const conformsHandler = "petstore:conforms";
/** The data function naming records: `$F{petstoreName:pet}` is `<tag> pet <n>`. */
export const nameFunction = "petstoreName";
/** The data templates of a new record, valid by openapi.yaml. */
export const templates = { pet: "petstore:NewPet", category: "petstore:NewCategory" } as const;

export type UsePetstoreOptions = Partial<PactumTarget> & {
  /** Judge every spec (a default expect handler), not only those that `.expect("petstore:conforms")`; default true. */
  readonly everySpec?: boolean | undefined;
  /** Advisory checks fail a spec too (the CLI's `--strict`); default false. */
  readonly strict?: boolean | undefined;
  /** Where pactum's log lines go, redacted; default stdout (stderr for warnings and errors). */
  readonly log?: LogLine | undefined;
  /** Starts every name the templates give; default `pt-<time>-<random>`. */
  readonly tag?: string | undefined;
};

/** What `usePetstore` gives back. */
export interface PetstorePactum {
  /** The API base URL pactum's specs go to (also pactum's base URL, and `$M{petstore.baseUrl}`). */
  readonly baseUrl: string;
  /** The run tag every templated name starts with (`$M{petstore.tag}`): it tells the records the session created from real ones. */
  readonly tag: string;
  /** An id the kit takes as no record's (`$M{petstore.absentId}`); a deployment may still hold it. */
  readonly absentId: number;
  /** The mock or proxy the session started (its faults, journal, store), else undefined. */
  readonly server: RunningPetstoreServer | undefined;
  /** Advisory checks that failed so far: they warn, and fail a spec only when `strict`. */
  readonly advice: readonly Failure[];
  /** Ends the session: the handlers stop judging, pactum's defaults are removed, the mock or proxy stops. */
  close(): Promise<void>;
}

/** A spec's exchange broke documented checks of the interface; `failures` lists them. */
export class PetstoreConformanceError extends Error {
  override readonly name = "PetstoreConformanceError";
  constructor(
    message: string,
    readonly failures: readonly Failure[],
  ) {
    super(message);
  }
}

interface Session {
  readonly judge: ExchangeJudge;
  readonly everySpec: boolean;
  readonly redact: Redact;
  readonly advice: Failure[];
  readonly log: LogLine;
  readonly tag: string;
  readonly credential: Credential;
  /** What to do before pasting a failure's curl line. */
  readonly reproNote: string;
}

interface Registration {
  current: Session | undefined;
  everySpecAdded: boolean;
}

const registrations = new WeakMap<object, Registration>();
/** Requests already judged: a spec with the default and its own `.expect` is judged once. */
const judged = new WeakSet<object>();
/** The request and answer headers of exchanges the kit failed: its message shows them, so pactum's dump of them is dropped. */
const reported = new WeakSet<object>();

/** The user's pactum: its default export (or an ES namespace holding it), checked by shape. */
export function pactumOf(candidate: unknown): PactumLike {
  const value = candidate as { default?: unknown; handler?: unknown } | null;
  const pactum = value && value.handler === undefined && value.default ? value.default : value;
  const shaped = pactum as Partial<PactumLike> | null;
  const ok =
    typeof shaped?.spec === "function" &&
    typeof shaped.handler?.addExpectHandler === "function" &&
    typeof shaped.reporter?.add === "function" &&
    typeof shaped.settings?.setLogger === "function" &&
    typeof shaped.stash?.addDataTemplate === "function" &&
    typeof shaped.events?.pactumEvents?.on === "function";
  if (!ok) {
    throw new TypeError(
      "petstore-mock-kit/pactum: usePetstore needs pactum itself, its default export: " +
        'import pactum from "pactum" (or const pactum = require("pactum")), then usePetstore(pactum, options)',
    );
  }
  return pactum as PactumLike;
}

/** The failure's text: the request, then the CLI's lines for each failed check, then how to paste a curl line. */
function failureMessage(judgement: Judgement, reproNote: string): string {
  const { failures, advice } = judgement;
  return printable(
    [
      `${conformsHandler}: ${judgement.request} broke ${plural(failures.length, "documented check")} of the Pet Store interface`,
      ...failures.flatMap((failure) => failureLines(failure, "✗")),
      ...advice.flatMap((failure) => failureLines(failure, "!")),
      `  (${reproNote})`,
    ].join("\n"),
  );
}

function judgeSpec(registration: Registration, context: PactumContext): void {
  const session = registration.current;
  const everySpec = (context.data as { everySpec?: boolean } | undefined)?.everySpec === true;
  if (session === undefined) {
    if (everySpec) return;
    throw new Error(
      `${conformsHandler}: no Pet Store session is open: call usePetstore(pactum, …) first (its close() ends it)`,
    );
  }
  if ((everySpec && !session.everySpec) || judged.has(context.req)) return;
  judged.add(context.req);
  const judgement = session.judge.judge(context.req, context.res);
  if ("notJudged" in judgement) {
    if (everySpec) return;
    throw new Error(
      `${conformsHandler} cannot judge this spec: ${session.redact(judgement.notJudged)}`,
    );
  }
  session.advice.push(...judgement.advice);
  if (judgement.failures.length > 0) {
    reported.add(context.req);
    if (!(context.res instanceof Error)) reported.add(context.res.headers);
    throw new PetstoreConformanceError(
      failureMessage(judgement, session.reproNote),
      judgement.failures,
    );
  }
  for (const failure of judgement.advice) {
    session.log("warn", printable(failureLines(failure, "!").join("\n")));
  }
}

/** pactum's dump of a request or answer the kit's failure already shows (its `[W] Request` and `[W] Response`). */
function isReportedDump([title, value]: readonly unknown[]): boolean {
  const shown =
    title === "Request"
      ? value
      : title === "Response"
        ? (value as { headers?: unknown }).headers
        : 0;
  return typeof shown === "object" && shown !== null && reported.has(shown);
}

function registrationOf(pactum: PactumLike): Registration {
  const known = registrations.get(pactum);
  if (known) return known;
  const registration: Registration = { current: undefined, everySpecAdded: false };
  registrations.set(pactum, registration);
  pactum.handler.addExpectHandler(conformsHandler, (context) => judgeSpec(registration, context));
  registerRetry(pactum, () => registration.current?.log);
  pactum.events.pactumEvents.on("BEFORE_REQUEST", ({ request }) => {
    if (registration.current) prepareRequest(request, registration.current.credential);
  });
  pactum.events.pactumEvents.on("AFTER_RESPONSE", ({ response }) => explainDeadline(response));
  let serial = 0;
  pactum.handler.addDataFuncHandler(nameFunction, ({ args }) => {
    serial++;
    const tag = registration.current?.tag ?? "pt";
    return `${tag} ${String(args[0] ?? "record").slice(0, 40)} ${serial}`;
  });
  return registration;
}

/**
 * Registers the kit on the user's own pactum (`import pactum from "pactum"`):
 * every spec (or those that `.expect("petstore:conforms")`) judged by the
 * interface, its target started, pactum's base URL and key set, its log,
 * errors and reporters redacted, a write never retried.
 */
export async function usePetstore(
  pactumInstance: object,
  options: UsePetstoreOptions = {},
): Promise<PetstorePactum> {
  const pactum = pactumOf(pactumInstance);
  const registration = registrationOf(pactum);
  if (registration.current !== undefined) {
    throw new Error(
      "petstore-mock-kit/pactum: usePetstore already has a session on this pactum: close() it before opening another",
    );
  }
  const tag = options.tag ?? `pt-${Date.now().toString(36)}-${randomBytes(2).toString("hex")}`;
  if (!/^[\w.-]{1,40}$/.test(tag)) {
    throw new TypeError("petstore-mock-kit/pactum: tag must be 1 to 40 letters, digits, _, . or -");
  }
  const target = await startTarget(options);
  const redact = createRedactor(target.secrets);
  let undoReporters: () => void;
  try {
    undoReporters = guardReporters(pactum, redact);
  } catch (error) {
    await target.close();
    throw error;
  }
  const log = options.log ?? consoleLog;
  pactum.settings.setLogger(
    redactedLogger(
      redact,
      log,
      (messages) => isReportedDump(messages) || replacedRetryLine(messages),
    ),
  );
  const undoSpecs = guardSpecs(pactum, () => redact);
  const session: Session = {
    judge: new ExchangeJudge({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      reproBaseUrl: target.repro.baseUrl,
      redact,
      strict: options.strict === true,
      behaviour: target.server?.behaviour,
    }),
    everySpec: options.everySpec !== false,
    redact,
    advice: [],
    log,
    tag,
    credential: {
      authorization: `Bearer ${target.apiKey}`,
      origin: new URL(target.baseUrl).origin,
    },
    reproNote: target.repro.note,
  };
  registration.current = session;
  if (session.everySpec && !registration.everySpecAdded) {
    pactum.response.setDefaultExpectHandlers(conformsHandler, { everySpec: true });
    registration.everySpecAdded = true;
  }
  pactum.request.setBaseUrl(target.baseUrl);
  const absent = absentId();
  pactum.stash.addDataMap({ petstore: { baseUrl: target.baseUrl, tag, absentId: absent } });
  pactum.stash.addDataTemplate({
    [templates.pet]: { name: `$F{${nameFunction}:pet}`, categoryId: 1, status: "available" },
    [templates.category]: {
      name: `$F{${nameFunction}:category}`,
      description: "made by a pactum run",
    },
  });
  let closed = false;
  return {
    baseUrl: target.baseUrl,
    tag,
    absentId: absent,
    server: target.server,
    advice: session.advice,
    async close() {
      if (closed) return;
      closed = true;
      registration.current = undefined;
      undoReporters();
      undoSpecs();
      pactum.request.setBaseUrl("");
      await target.close();
    },
  };
}
