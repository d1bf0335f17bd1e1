/** What the kit does to a request pactum is about to send (`prepareRequest`). */
import { describe, expect, it } from "vitest";
import { prepareRequest } from "./outgoing.js";
import type { PactumRequest } from "./pactum-like.js";

const credential = { authorization: "Bearer k3y", origin: "http://api.test" };

describe("prepareRequest", () => {
  it("keeps the deadline's signal out of pactum's dump of the request, with or without options of its own", () => {
    for (const core of [undefined, { signal: new AbortController().signal }]) {
      const request: PactumRequest = {
        url: "http://api.test/v1/pets",
        timeout: 1000,
        ...(core === undefined ? {} : { core }),
      };
      prepareRequest(request, credential);
      expect(Object.keys(request)).not.toContain("core");
      expect(JSON.stringify(request)).not.toContain("signal");
      expect(request.core?.signal).toBeInstanceOf(AbortSignal);
      expect(request.headers).toEqual({ Authorization: "Bearer k3y" });
    }
  });
});
