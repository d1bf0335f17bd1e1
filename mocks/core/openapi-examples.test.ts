/**
 * Every example in openapi.yaml is what the kit's mock really answers. A
 * request example (parameters' and body's) and the response example of the
 * same name pair up; each pair is sent to a fresh, default-seeded mock as a
 * tool that generates tests from the examples sends it, with its credential,
 * and must get the status it is listed under and exactly the example body.
 * Answers no request alone provokes carry one unnamed `example`, provoked as
 * the document describes it: no credential (401), a full store (409), a body
 * over 1 MiB (413), `text/plain` (415), an injected fault (503).
 */
import { describe, expect, it } from "vitest";
import type { OperationId } from "../interface/spec.js";
import { defaultApiKey, defaults } from "../store/options.js";
import { createPetstoreStore } from "../store/store.js";
import {
  derefSource as deref,
  openapiSource as openapiDocument,
} from "../test-support/openapi-source.js";
import { createPetstoreCore, type PetstoreCoreOptions } from "./create-core.js";
import { internalError } from "./exchange.js";
import { createFaultRegistry } from "./faults.js";
import { routes } from "./router.js";

type Node = Readonly<Record<string, unknown>>;
const examplesOf = (node: Node | undefined): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries((node?.examples ?? {}) as Node).map(([name, example]) => [
      name,
      deref(example).value,
    ]),
  );

/** The name an unnamed `example` pairs under: none a request example can have. */
const unnamed = "";

interface Pair {
  readonly operation: OperationId;
  readonly method: string;
  readonly status: string;
  readonly name: string;
  readonly path: string;
  readonly query: string;
  readonly body: unknown;
  readonly response: unknown;
}

function pairs(): Pair[] {
  const out: Pair[] = [];
  for (const route of routes) {
    for (const [method, operation] of route.operations) {
      const object = deref((openapiDocument.paths as Node)[route.template]) as Node;
      const spec = object[method.toLowerCase()] as Node;
      const parameters = ((spec.parameters ?? []) as unknown[]).map(deref);
      const bodyExamples = examplesOf(
        (deref(spec.requestBody ?? {}).content as Node | undefined)?.["application/json"] as Node,
      );
      for (const [status, raw] of Object.entries(spec.responses as Node)) {
        const json = (deref(raw).content as Node)["application/json"] as Node;
        const listed = Object.entries(examplesOf(json));
        if (json.example !== undefined) listed.push([unnamed, json.example]);
        for (const [name, response] of listed) {
          let path = route.template;
          const query: string[] = [];
          for (const parameter of parameters) {
            const value = examplesOf(parameter)[name];
            if (value === undefined) continue;
            if (parameter.in === "path")
              path = path.replace(`{${String(parameter.name)}}`, String(value));
            else query.push(`${String(parameter.name)}=${encodeURIComponent(String(value))}`);
          }
          out.push({
            operation,
            method,
            status,
            name,
            path,
            query: query.join("&"),
            body: bodyExamples[name] ?? bodyExamples.created,
            response,
          });
        }
      }
    }
  }
  return out;
}

const all = pairs();

async function send(
  pair: Pair,
  edit: { credential?: boolean; contentType?: string; tooLarge?: boolean } = {},
  options: Partial<PetstoreCoreOptions> = {},
) {
  const store = options.store ?? (await createPetstoreStore());
  const core = createPetstoreCore({ ...options, store });
  const headers: Record<string, string | undefined> = {
    authorization: edit.credential === false ? undefined : `Bearer ${defaultApiKey}`,
    "content-type": edit.contentType ?? "application/json",
  };
  const answer = await core({
    method: pair.method,
    path: pair.path,
    query: pair.query,
    header: (name) => headers[name],
    body: pair.method === "POST" ? JSON.stringify(pair.body) : undefined,
    bodyTooLarge: edit.tooLarge ?? false,
  });
  return { status: String(answer.status), body: JSON.parse(answer.body ?? "null") as unknown };
}

const named = all.filter((pair) => pair.name !== unnamed);
const label = (pair: Pair) => `${pair.operation} ${pair.status} ${pair.name || "(unnamed)"}`;

describe("openapi.yaml's examples, sent to a default-seeded mock", () => {
  it("cover every status of every operation", () => {
    for (const route of routes) {
      for (const [method] of route.operations) {
        const spec = (openapiDocument.paths as Node)[route.template] as Node;
        const statuses = Object.keys((spec[method.toLowerCase()] as Node).responses as Node);
        const operation = route.operations.get(method);
        const covered = new Set(all.filter((p) => p.operation === operation).map((p) => p.status));
        expect({ operation, missing: statuses.filter((s) => !covered.has(s)) }).toEqual({
          operation,
          missing: [],
        });
      }
    }
  });

  it.each(named.map((pair) => [label(pair), pair] as const))(
    "%s: the named pair, sent with the credential",
    async (_, pair) => {
      expect(await send(pair)).toEqual({ status: pair.status, body: pair.response });
    },
  );

  it("names only pairs a request alone provokes: every other answer's example is unnamed", () => {
    const provoked = new Set(["200", "201", "400", "404"]);
    expect(named.filter((pair) => !provoked.has(pair.status)).map(label)).toEqual([]);
    expect(all.filter((pair) => pair.name === unnamed).length).toBeGreaterThan(10);
  });

  it.each(all.filter((p) => p.status === "401").map((p) => [label(p), p] as const))(
    "%s (sent without the credential)",
    async (_, pair) => {
      expect(await send(pair, { credential: false })).toEqual({
        status: "401",
        body: pair.response,
      });
    },
  );

  it("409 store full: the `created` request into a store filled to its default cap", async () => {
    const store = await createPetstoreStore();
    const { pets, categories } = store.count();
    for (let i = pets; i < defaults.maxPets; i++)
      await store.createPet({ name: "p", categoryId: 1 });
    for (let i = categories; i < defaults.maxCategories; i++)
      await store.createCategory({ name: "c" });
    for (const pair of all.filter((p) => p.status === "409")) {
      const answer = await send(pair, {}, { store });
      expect(answer, label(pair)).toEqual({ status: "409", body: pair.response });
    }
  });

  it("413 and 415: the `created` request over 1 MiB, or as text/plain", async () => {
    for (const pair of all.filter((p) => p.status === "413")) {
      expect(await send(pair, { tooLarge: true }), label(pair)).toEqual({
        status: "413",
        body: pair.response,
      });
    }
    for (const pair of all.filter((p) => p.status === "415")) {
      const answer = await send(pair, { contentType: "text/plain" });
      expect(answer, label(pair)).toEqual({ status: "415", body: pair.response });
    }
  });

  it("503: any request while a 503 fault is injected for the operation", async () => {
    for (const pair of all.filter((p) => p.status === "503")) {
      const faults = createFaultRegistry();
      faults.add({ operation: pair.operation, status: 503 });
      expect(await send(pair, {}, { faults }), label(pair)).toEqual({
        status: "503",
        body: pair.response,
      });
    }
  });

  it("default: the mock's own failure", () => {
    for (const pair of all.filter((p) => p.status === "default")) {
      expect(pair.response, label(pair)).toEqual(JSON.parse(internalError().body ?? ""));
    }
  });
});
