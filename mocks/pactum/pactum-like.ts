/**
 * The part of pactum's default export the kit registers on, typed by shape:
 * the entry never imports pactum (the user's own instance is the only copy
 * of its registry), so the types it needs are written here.
 */

/** An exchange as pactum hands it to an expect, retry or response handler. */
export interface PactumContext {
  readonly req: PactumRequest;
  readonly res: PactumResponse | Error;
  readonly data?: unknown;
  readonly spec?: unknown;
}

/** A request as pactum sends it (after its data templates, maps and defaults). */
export interface PactumRequest {
  readonly url: string;
  readonly method?: string;
  headers?: Record<string, unknown>;
  readonly body?: unknown;
  readonly retryOptions?: PactumRetryOptions;
  /** pactum's timeout in ms (its default 3,000), set before the request is sent. */
  readonly timeout: number;
  /** Options handed to node's `http.request`. */
  core?: { readonly signal?: AbortSignal };
}

export interface PactumRetryOptions {
  count?: number;
  delay?: number;
  strategy?: unknown;
  status?: unknown;
}

export interface PactumResponse {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text?: string;
}

/** A reporter: pactum calls each method it has. */
export type PactumReporter = Record<string, unknown>;

/** A pactum log adapter: each level gets the logged values. */
export type PactumLogAdapter = Record<
  "trace" | "debug" | "info" | "warn" | "error",
  (messages: unknown[]) => void
>;

/** The spec pactum builds (a class instance: the kit reaches its prototype). */
export interface PactumSpecLike {
  toss(): Promise<unknown>;
  _request?: PactumRequest;
  _response_handlers?: string[];
}

export interface PactumLike {
  spec(): object;
  handler: {
    addExpectHandler(name: string, handler: (context: PactumContext) => unknown): void;
    addRetryHandler(name: string, handler: (context: PactumContext) => boolean): void;
    addResponseHandler(name: string, handler: (context: PactumContext) => unknown): void;
    addDataFuncHandler(name: string, handler: (context: { args: string[] }) => unknown): void;
  };
  request: {
    setBaseUrl(url: string): void;
  };
  response: {
    setDefaultExpectHandlers(handler: string, data?: unknown): void;
  };
  settings: {
    setLogger(adapter: PactumLogAdapter): void;
  };
  reporter: {
    add(reporter: PactumReporter): void;
    get(): readonly PactumReporter[];
  };
  events: {
    pactumEvents: {
      on(event: "BEFORE_REQUEST", listener: (event: { request: PactumRequest }) => void): unknown;
      on(event: "AFTER_RESPONSE", listener: (event: { response: unknown }) => void): unknown;
    };
  };
  stash: {
    addDataMap(map: Record<string, unknown>): void;
    addDataTemplate(templates: Record<string, unknown>): void;
  };
}
