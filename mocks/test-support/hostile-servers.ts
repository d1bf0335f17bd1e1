/**
 * Hostile and broken deployments: a front server before the kit's real mock
 * that answers some requests itself (trickling, endless, echoing the key,
 * writing escape sequences and HTML). The proof-of-power test runs the CLI
 * against each and asserts the run stays bounded, leaks no part of the key
 * and lets no server text reach a report raw.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { markupEscaped } from "./secret-encodings.js";
import { pumpForever } from "./servers.js";

/** A key with every character that has an escaped form in some report. */
export const hostileKey = `h0stile"key\\with&<odd>+/chars%='q`;

export interface HostileServer {
  readonly name: string;
  readonly threat: string;
  /** Answers the request itself (true), or leaves it to the mock (false). */
  readonly intercept: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** Extra CLI flags for the run. */
  readonly args: readonly string[];
  readonly exitCode: number;
  /** Checks that must fail. */
  readonly caughtBy: readonly string[];
  /** The run's wall time stays under this. */
  readonly maxSeconds: number;
  /** What the run says on stderr (default: nothing). */
  readonly stderr?: RegExp;
  /** A cause the diagnosis must name, and what its hint must say. */
  readonly diagnosis?: { readonly cause: string; readonly hint: RegExp };
}

const path = (request: IncomingMessage) => new URL(request.url ?? "/", "http://x").pathname;
const isGet = (request: IncomingMessage, pattern: RegExp) =>
  request.method === "GET" && pattern.test(path(request));
const bearerKey = (request: IncomingMessage) =>
  request.headers.authorization === `Bearer ${hostileKey}`;

/** The run stops at `--max-time seconds` (exit 4, no check need fail) within `maxSeconds`. */
const stopsAtMaxTime = (seconds: number, maxSeconds: number) => ({
  args: ["--max-time", String(seconds)],
  exitCode: 4,
  caughtBy: [],
  maxSeconds,
});

function json(response: ServerResponse, status: number, body: string): true {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(body);
  return true;
}

/** Answers 403 (not the documented 401) with what `message` makes of the credential. */
const echoCredential =
  (message: (authorization: string) => string) =>
  (request: IncomingMessage, response: ServerResponse): boolean => {
    const authorization = request.headers.authorization ?? "";
    if (authorization === `Bearer ${hostileKey}`) return false;
    return json(
      response,
      403,
      JSON.stringify({ code: "forbidden", message: message(authorization), status: 403 }),
    );
  };

/** Writes `chunk` every `everyMs` until the client gives up. */
function trickle(response: ServerResponse, chunk: string, everyMs: number): true {
  response.writeHead(200, { "content-type": "application/json" });
  response.write("[");
  const timer = setInterval(() => response.write(chunk), everyMs);
  response.on("close", () => clearInterval(timer));
  return true;
}

/** Leaves the first request to the mock and hands every later one to `answer`. */
function afterTheFirst(answer: (response: ServerResponse) => true) {
  let seen = 0;
  return (_request: IncomingMessage, response: ServerResponse) => ++seen > 1 && answer(response);
}

/** Lists 20,000 valid categories (1.3 MB; none the run creates) to a GET of the categories with the key. */
function manyCategories(request: IncomingMessage, response: ServerResponse): boolean {
  if (!isGet(request, /\/categories$/) || !bearerKey(request)) return false;
  const categories = Array.from({ length: 20_000 }, (_, id) => ({
    id: 1_000_000 + id,
    name: `category-${id + 1}`,
    description: "a valid category",
  }));
  return json(response, 200, JSON.stringify(categories));
}

/** Answers too large to read: their own cause, whose hint says what helps and what does not. */
const tooLarge = {
  cause: "too-large",
  hint: /raise --max-answer-bytes \(raising --timeout does not help/,
};

const previewCut = 300;
const bodyStart = '{"code":"forbidden","message":"';

export const hostileServers: readonly HostileServer[] = [
  {
    name: "echo-key-across-cut",
    threat: "echoes the credential so that the 300-character preview cut falls inside the key",
    // The bare-key credential is the key itself: 13 of its characters before the cut.
    intercept: echoCredential(
      (authorization) =>
        `${"x".repeat(previewCut - 13 - bodyStart.length - 1)} ${authorization} and more text after the key`,
    ),
    args: [],
    exitCode: 1,
    caughtBy: ["listPets.auth-malformed.status-401", "getPet.auth-malformed.status-401"],
    maxSeconds: 10,
  },
  {
    name: "echo-key-escaped",
    threat: "echoes the credential JSON-escaped, URL-encoded and XML-escaped",
    intercept: echoCredential(
      (authorization) =>
        `rejected ${authorization}; url ${encodeURIComponent(authorization)}; ` +
        `xml ${markupEscaped(authorization, "'")}`,
    ),
    args: [],
    exitCode: 1,
    caughtBy: ["listPets.auth-malformed.status-401", "createPet.auth-basic.status-401"],
    maxSeconds: 10,
  },
  {
    name: "trickling-getPet",
    threat: "answers getPet one byte at a time, forever",
    intercept: (request, response) =>
      isGet(request, /\/pets\/\d+$/) && bearerKey(request) && trickle(response, " ", 100),
    args: ["--timeout", "400"],
    exitCode: 1,
    caughtBy: ["getPet.listed.no-5xx", "getPet.created.no-5xx"],
    maxSeconds: 10,
  },
  {
    // An answer too large to read is judged by its status alone (§8: size limits are not shown).
    name: "endless-categories",
    threat: "answers listCategories with an endless JSON array, as fast as it can",
    intercept: (request, response) => {
      if (!isGet(request, /\/categories$/) || !bearerKey(request)) return false;
      pumpForever(response, `[${'{"id":1,"name":"dog"},'.repeat(3000)}`);
      return true;
    },
    args: [],
    exitCode: 0,
    caughtBy: ["listCategories.all.too-large", "listCategories.after-create.too-large"],
    diagnosis: tooLarge,
    maxSeconds: 10,
  },
  {
    // Conforming: §4.4 lists all categories, and no size limit is shown (§8).
    name: "many-categories",
    threat: "lists 20,000 valid categories: a 1.3 MB answer, over the 1 MiB read cap",
    intercept: manyCategories,
    args: [],
    exitCode: 0,
    caughtBy: ["listCategories.all.too-large", "listCategories.after-create.too-large"],
    diagnosis: tooLarge,
    maxSeconds: 10,
  },
  {
    // Read whole with the cap raised: its list lacks what the run created (§4.4: all categories).
    name: "many-categories-read",
    threat: "the same 20,000 categories, read with --max-answer-bytes 4194304",
    intercept: manyCategories,
    args: ["--max-answer-bytes", "4194304"],
    exitCode: 1,
    caughtBy: ["listCategories.after-create.lists-created"],
    maxSeconds: 10,
  },
  {
    // Location is optional; headers the kit cannot read leave the answer judged by its status.
    name: "huge-location",
    threat: "answers every category create with the key 201 with a 1 MiB Location header",
    intercept: (request, response) => {
      const create = request.method === "POST" && /\/categories$/.test(path(request));
      if (!create || !bearerKey(request)) return false;
      response.writeHead(201, {
        "content-type": "application/json",
        location: `/v1/categories/${"a".repeat(1024 * 1024)}`,
      });
      response.end('{"id":1,"name":"dog"}');
      return true;
    },
    args: [],
    exitCode: 0,
    caughtBy: ["createCategory.full.too-large", "createCategory.name-only.too-large"],
    diagnosis: tooLarge,
    maxSeconds: 10,
  },
  {
    // No schema of the interface nests deeper than 2 levels: not a JSON array of Pet (§2.Pet).
    name: "deep-pet-list",
    threat: "answers GET /pets?limit=5 with 100,000 nested arrays (200 KB)",
    intercept: (request, response) => {
      if (!isGet(request, /\/pets$/) || !request.url?.includes("limit=5")) return false;
      return json(response, 200, `${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    },
    args: ["--only", "listPets"],
    exitCode: 1,
    caughtBy: ["listPets.limit-5.body-Pet-array"],
    maxSeconds: 10,
  },
  {
    name: "slow-everything",
    threat: "answers every request after the first only after 400 ms",
    intercept: afterTheFirst((response) => {
      setTimeout(() => json(response, 503, '{"code":"slow","message":"slow","status":503}'), 400);
      return true;
    }),
    ...stopsAtMaxTime(2, 8),
  },
  {
    name: "retry-after-forever",
    threat: "answers every GET of the categories 429 with Retry-After: 100000",
    intercept: (request, response) => {
      if (!isGet(request, /\/categories$/)) return false;
      response.writeHead(429, { "content-type": "application/json", "retry-after": "100000" });
      response.end('{"code":"slow_down","message":"come back tomorrow","status":429}');
      return true;
    },
    ...stopsAtMaxTime(3, 10),
  },
  {
    name: "stops-answering",
    threat: "answers the first request, then trickles one byte a second to every request",
    intercept: afterTheFirst((response) => trickle(response, " ", 1000)),
    args: ["--timeout", "3000"],
    exitCode: 3,
    caughtBy: ["listCategories.all.no-5xx"],
    maxSeconds: 30,
    stderr:
      /^petstore-contract: the deployment stopped answering: 3 requests in a row and a probe .* got no answer within --timeout 3000 ms .*\n$/,
  },
  {
    name: "escape-sequences-and-html",
    threat: "puts terminal escape sequences and raw HTML into its error messages",
    intercept: (request, response) => {
      if (!isGet(request, /\/pets\/\d+$/) || bearerKey(request)) return false;
      const message =
        "\u001b[2J\u001b]0;pwned\u0007\u001b[32mALL PASSED\u001b[0m\u202e </details><img src=x onerror=alert(1)> ``` <script>alert(2)</script>";
      return json(response, 418, JSON.stringify({ code: "teapot", message, status: 418 }));
    },
    args: ["--only", "getPet"],
    exitCode: 1,
    caughtBy: ["getPet.auth-missing.status-401", "getPet.auth-wrong.status-401"],
    maxSeconds: 10,
  },
];

/** Passes a request on to the mock at `mockUrl` (same path and query below the origin). */
export function frontOf(mockUrl: string, hostile: HostileServer): RequestListener {
  const origin = new URL(mockUrl).origin;
  return (request, response) => {
    if (hostile.intercept(request, response)) return;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string" && name !== "host" && name !== "connection")
          headers[name] = value;
      }
      try {
        const answer = await fetch(`${origin}${request.url}`, {
          method: request.method ?? "GET",
          headers,
          ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        });
        const out: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (name !== "content-length" && name !== "transfer-encoding") out[name] = value;
        });
        response.writeHead(answer.status, out);
        response.end(Buffer.from(await answer.arrayBuffer()));
      } catch {
        response.destroy();
      }
    });
  };
}
