/** The msw handlers on their own (msw's getResponse, no server): what they answer and what they leave alone. */
import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createPetstoreStore } from "../store/store.js";
import { createPetstoreHandlers } from "./msw.js";

const auth = { authorization: "Bearer petstore-dev-key" };

describe("createPetstoreHandlers", () => {
  it("answers below a relative base on any origin", async () => {
    const handlers = createPetstoreHandlers({
      store: await createPetstoreStore(),
      baseUrl: "/api/v1",
    });
    const response = await getResponse(
      handlers,
      new Request("http://localhost:3000/api/v1/pets/1", { headers: auth }),
    );
    expect(response?.status).toBe(200);
    expect(await response?.json()).toMatchObject({ id: 1 });
  });

  it("leaves a path whose base differs in case to the next handler (paths are case-sensitive)", async () => {
    const handlers = createPetstoreHandlers({
      store: await createPetstoreStore(),
      baseUrl: "/api/v1",
    });
    const response = await getResponse(
      handlers,
      new Request("http://localhost:3000/API/v1/pets/1", { headers: auth }),
    );
    expect(response).toBeUndefined();
  });
});
