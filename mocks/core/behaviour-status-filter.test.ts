/**
 * The `status` filter under `statusUnknown: ignored` (what `--learn` finds on
 * contract-tests/test-support/other-deployment.ts): a value that is no
 * PetStatus is ignored, another case of one too while `statusCase` is exact.
 */
import { describe, expect, it } from "vitest";
import { type BehaviourProfileInput, behaviourFrom } from "../interface/behaviours.js";
import { createPetstoreStore } from "../store/store.js";
import { coreRequest } from "../test-support/core-request.js";
import { operationBehaviour } from "./behaviour.js";
import { createPetstoreCore } from "./create-core.js";
import { defaultApiKey } from "./defaults.js";
import type { CoreResponse } from "./exchange.js";

const auth = { authorization: `Bearer ${defaultApiKey}` };

async function mockUnder(choices: BehaviourProfileInput["choices"]) {
  const store = await createPetstoreStore({ pets: 6, categories: 2 });
  const core = createPetstoreCore({
    store,
    profile: operationBehaviour(behaviourFrom({ version: 1, choices }, "test")),
  });
  return (method: string, target: string) => core(coreRequest(method, target, { headers: auth }));
}

const bodyOf = (response: CoreResponse): unknown => JSON.parse(response.body ?? "null");

describe("statusUnknown", () => {
  it("ignored: a status no PetStatus lists as without the filter; a known one still filters", async () => {
    const send = await mockUnder({ statusUnknown: "ignored" });
    const unfiltered = bodyOf(await send("GET", "/pets"));
    const ignored = await send("GET", "/pets?status=flying");
    expect(ignored.status).toBe(200);
    expect(bodyOf(ignored)).toEqual(unfiltered);
    const sold = bodyOf(await send("GET", "/pets?status=sold")) as { status: string }[];
    expect(sold.every((pet) => pet.status === "sold")).toBe(true);
    // Under statusCase exact (the default) another case is no PetStatus: ignored too.
    expect(bodyOf(await send("GET", "/pets?status=SOLD"))).toEqual(unfiltered);
  });

  it("refused (the default): 400 invalid_query", async () => {
    const send = await mockUnder({ statusUnknown: "refused" });
    const response = await send("GET", "/pets?status=flying");
    expect(response.status).toBe(400);
    expect(bodyOf(response)).toMatchObject({ code: "invalid_query" });
  });
});
