/**
 * The choices `petstore-contract --learn` found on a deployment written apart
 * from the kit (contract-tests/test-support/other-deployment.ts): no
 * `Sunset`, an unknown `status` filter ignored, a 403 for a refused
 * credential on the category operations and `{ "error" }` bodies for their
 * errors. The core answers each as its alternative says, and only there.
 */
import { describe, expect, it } from "vitest";
import { type BehaviourProfileInput, behaviourFrom } from "../interface/behaviours.js";
import { createPetstoreStore } from "../store/store.js";
import { coreRequest } from "../test-support/core-request.js";
import { defaultApiKey } from "./defaults.js";
import type { CoreResponse } from "./exchange.js";
import { createPetstoreCore } from "./petstore-core.js";

const auth = { authorization: `Bearer ${defaultApiKey}` };
const json = { ...auth, "content-type": "application/json" };

async function mockUnder(choices: BehaviourProfileInput["choices"]) {
  const store = await createPetstoreStore({ pets: 6, categories: 2 });
  const core = createPetstoreCore({
    store,
    behaviour: behaviourFrom({ version: 1, choices }, "test"),
  });
  return (method: string, target: string, headers: Record<string, string> = auth, body?: unknown) =>
    core(
      coreRequest(method, target, {
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
}

const bodyOf = (response: CoreResponse): unknown => JSON.parse(response.body ?? "null");

describe("sunset", () => {
  it("absent: getPet's answers carry no Sunset; Deprecation and Link stay", async () => {
    const send = await mockUnder({ sunset: "absent" });
    for (const path of ["/pets/1", "/pets/999", "/pets/abc"]) {
      const { headers } = await send("GET", path);
      expect(headers.sunset).toBeUndefined();
      expect(headers.deprecation).toBeDefined();
      expect(headers.link).toBeDefined();
    }
    const kit = await mockUnder({ sunset: "kit" });
    expect((await kit("GET", "/pets/1")).headers.sunset).toBe("Thu, 05 Dec 2030 00:00:00 GMT");
  });
});

describe("statusUnknown", () => {
  it("ignored: a status no PetStatus lists as without the filter; a known one still filters", async () => {
    const send = await mockUnder({ statusUnknown: "ignored" });
    const unfiltered = bodyOf(await send("GET", "/pets"));
    const ignored = await send("GET", "/pets?status=flying");
    expect(ignored.status).toBe(200);
    expect(bodyOf(ignored)).toEqual(unfiltered);
    const sold = bodyOf(await send("GET", "/pets?status=sold")) as { status: string }[];
    expect(sold.every((pet) => pet.status === "sold")).toBe(true);
    // The case of a known status is statusCase's: exact by default, still refused.
    expect((await send("GET", "/pets?status=SOLD")).status).toBe(400);
  });

  it("refused (the default): 400 invalid_query", async () => {
    const send = await mockUnder({ statusUnknown: "refused" });
    const response = await send("GET", "/pets?status=flying");
    expect(response.status).toBe(400);
    expect(bodyOf(response)).toMatchObject({ code: "invalid_query" });
  });
});

describe("categoryAuth and categoryErrorBody", () => {
  it("403: a refused credential on a category operation, without WWW-Authenticate; pets keep the 401", async () => {
    const send = await mockUnder({ categoryAuth: "403" });
    for (const [method, path] of [
      ["GET", "/categories"],
      ["POST", "/categories"],
    ] as const) {
      const response = await send(method, path, {});
      expect(response.status).toBe(403);
      expect(response.headers["www-authenticate"]).toBeUndefined();
      expect(bodyOf(response)).toMatchObject({ code: "unauthorized", status: 403 });
    }
    const pets = await send("GET", "/pets", {});
    expect(pets.status).toBe(401);
    expect(pets.headers["www-authenticate"]).toBe("Bearer");
  });

  it('message: every error of a category operation is { "error": … }; the pet operations keep the Error body', async () => {
    const send = await mockUnder({
      categoryErrorBody: "message",
      categoryAuth: "403",
      categoryRefusalStatus: "422",
    });
    const refused = await send("POST", "/categories", json, { description: "no name" });
    expect(refused.status).toBe(422);
    expect(bodyOf(refused)).toEqual({ error: expect.stringMatching(/name/) });
    const forbidden = await send("GET", "/categories", {});
    expect(forbidden.status).toBe(403);
    expect(Object.keys(bodyOf(forbidden) as object)).toEqual(["error"]);
    const pet = await send("POST", "/pets", json, {});
    expect(pet.status).toBe(400);
    expect(bodyOf(pet)).toMatchObject({ code: "invalid_body", status: 400 });
  });

  it("the defaults: 401 with the challenge and an Error body", async () => {
    const send = await mockUnder({ categoryAuth: "401", categoryErrorBody: "error" });
    const response = await send("GET", "/categories", {});
    expect(response.status).toBe(401);
    expect(response.headers["www-authenticate"]).toBe("Bearer");
    expect(bodyOf(response)).toMatchObject({ code: "unauthorized", status: 401 });
  });
});
