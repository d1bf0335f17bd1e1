/** The msw handlers on their own (msw's getResponse, no server): what they answer and what they leave alone. */
import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createPetstoreStore } from "../store/store.js";
import { createPetstoreHandlers } from "./msw.js";

const auth = { authorization: "Bearer petstore-dev-key" };

describe("createPetstoreHandlers below a relative base", () => {
  it.each([
    ["answers it on any origin", "http://localhost:3000/api/v1/pets/1", 200],
    [
      "leaves a path whose base differs in case to the next handler (paths are case-sensitive)",
      "http://localhost:3000/API/v1/pets/1",
      undefined,
    ],
  ])("%s", async (_name, url, status) => {
    const handlers = createPetstoreHandlers({
      store: await createPetstoreStore(),
      baseUrl: "/api/v1",
    });
    const response = await getResponse(handlers, new Request(url, { headers: auth }));
    expect(response?.status).toBe(status);
    if (response) expect(await response.json()).toMatchObject({ id: 1 });
  });
});
