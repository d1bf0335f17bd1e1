/**
 * Parity: the standalone server and msw/node run the same core, so every
 * behavioural case (plus a few that only a body limit or the wire can show)
 * must get the same status, the same headers that matter and the same body
 * from both, and meet the case's expectation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { maxBodyBytes } from "../core/exchange.js";
import { setupPetstore } from "../node.js";
import {
  auth,
  type BehaviourCase,
  behaviourCases,
  type CaseResult,
  checkCase,
  sendCase,
} from "../test-support/cases.js";
import { startPetstoreServer } from "./server.js";

const mswBase = "http://petstore.test/v1";
const json = { ...auth, "content-type": "application/json" };

/** Cases the shared table leaves out: sizes at the body limit and requests shaped on the wire. */
const wireCases: readonly BehaviourCase[] = [
  {
    name: "createPet: a body of exactly 1 MiB is read",
    request: {
      method: "POST",
      path: "/pets",
      headers: json,
      body: padded({ name: "Big", categoryId: 1 }, maxBodyBytes),
    },
    expect: { status: 201, fields: { name: "Big", categoryId: 1 } },
  },
  ...["/pets", "/categories"].map((path) => ({
    name: `POST ${path}: a body one byte over 1 MiB → 413`,
    request: {
      method: "POST",
      path,
      headers: json,
      body: padded({ name: "Big", categoryId: 1 }, maxBodyBytes + 1),
    },
    expect: { status: 413, code: "payload_too_large" },
  })),
  {
    name: "getPet: a percent-encoded petId is decoded",
    request: { method: "GET", path: "/pets/%37", headers: auth },
    expect: { status: 200, fields: { id: 7 } },
  },
  {
    name: "OPTIONS without a preflight is an ordinary request: the credential first",
    request: { method: "OPTIONS", path: "/pets" },
    expect: { status: 401, code: "unauthorized" },
  },
  {
    name: "OPTIONS with the credential → 405 with Allow",
    request: { method: "OPTIONS", path: "/pets", headers: auth },
    expect: { status: 405, code: "method_not_allowed", headers: { allow: "GET, POST" } },
  },
];

/** A JSON object with a `pad` field filling it to exactly `bytes` bytes. */
function padded(value: Record<string, unknown>, bytes: number): string {
  const base = JSON.stringify({ ...value, pad: "" });
  return JSON.stringify({ ...value, pad: "x".repeat(bytes - base.length) });
}

/** Headers a client relies on; `date`, `connection` and CORS differ by runtime on purpose. */
const comparedHeaders = [
  "content-type",
  "location",
  "allow",
  "www-authenticate",
  "deprecation",
  "sunset",
  "link",
] as const;

function comparable(result: CaseResult) {
  return {
    status: result.status,
    headers: Object.fromEntries(comparedHeaders.map((name) => [name, result.headers[name]])),
    body: result.text,
  };
}

const msw = await setupPetstore({ baseUrl: mswBase });
const server = await startPetstoreServer({ port: 0 });

beforeAll(() =>
  msw.listen({
    onUnhandledFrame({ frame, defaults }) {
      const url = frame.protocol === "http" ? (frame.data as { request: Request }).request.url : "";
      if (!url.startsWith(server.origin)) defaults.error();
    },
  }),
);
beforeEach(async () => {
  await msw.reset();
  await server.reset();
});
afterAll(async () => {
  msw.close();
  await server.close();
});

describe("the standalone server answers exactly as msw/node", () => {
  const cases = [...behaviourCases, ...wireCases];
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, testCase) => {
    const viaMsw = await sendCase(mswBase, testCase.request);
    const viaServer = await sendCase(server.url, testCase.request);
    expect(comparable(viaServer)).toEqual(comparable(viaMsw));
    expect(checkCase(testCase.expect, viaServer)).toEqual([]);
  });
});
