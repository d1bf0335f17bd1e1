/** The operations through the core: the Error each refusal answers, word for word. */
import { describe, expect, it, vi } from "vitest";
import { maxNextId } from "../store/state.js";
import { createPetstoreStore } from "../store/store.js";
import { createPetstoreCore } from "./create-core.js";

const headers: Record<string, string> = {
  authorization: "Bearer petstore-dev-key",
  "content-type": "application/json",
};

async function setup(limits: { maxPets?: number; maxCategories?: number } = {}) {
  const store = await createPetstoreStore({ pets: 3, categories: 2 });
  const handle = createPetstoreCore({ store, ...limits });
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await handle({
      method,
      path,
      query: "",
      header: (name) => headers[name],
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      json: JSON.parse(response.body ?? "null"),
    };
  };
  return { store, send };
}

describe("the operations' refusals", () => {
  it.each([
    ["/pets", { name: "  ", categoryId: 1 }, "name must not be blank"],
    ["/categories", { name: "\t" }, "name must not be blank"],
    ["/pets", { name: "Rex", categoryId: 9 }, "categoryId 9 does not name an existing category"],
  ])("POST %s %j: 400 %s", async (path, body, message) => {
    const { send } = await setup();
    expect((await send("POST", path, body)).json).toEqual({
      code: "invalid_body",
      message,
      status: 400,
    });
  });

  it("GET /pets/0: 400 naming the id, GET /pets/99: 404", async () => {
    const { send } = await setup();
    expect((await send("GET", "/pets/0")).json).toEqual({
      code: "invalid_path",
      message: "petId must be a positive integer (got 0)",
      status: 400,
    });
    expect((await send("GET", "/pets/99")).json).toEqual({
      code: "not_found",
      message: "No pet with id 99.",
      status: 404,
    });
  });

  it("GET /pets/{an id beyond int64}: 400 naming int64's range and the id as sent; int64's largest: 404", async () => {
    const { send } = await setup();
    expect((await send("GET", "/pets/9223372036854775808")).json).toEqual({
      code: "invalid_path",
      message:
        'petId must be an integer between -9223372036854775808 and 9223372036854775807 (got "9223372036854775808")',
      status: 400,
    });
    expect((await send("GET", "/pets/9223372036854775807")).json).toEqual({
      code: "not_found",
      message: "No pet with id 9223372036854775807.",
      status: 404,
    });
  });

  it("a full store: 409 store_full naming the limit and the way out; creates again after a reset", async () => {
    const { store, send } = await setup({ maxPets: 5, maxCategories: 3 });
    const pet = (name: string) => send("POST", "/pets", { name, categoryId: 1 });
    expect((await pet("a")).status).toBe(201);
    expect((await pet("b")).status).toBe(201);
    expect((await pet("c")).json).toEqual({
      code: "store_full",
      message:
        "The mock stores at most 5 pets; reset it (POST /__mock/reset or reset()) or raise the limit.",
      status: 409,
    });
    expect(store.count().pets).toBe(5);
    await store.reset();
    expect((await pet("d")).status).toBe(201);
    expect((await send("POST", "/categories", { name: "ferret" })).status).toBe(201);
    expect((await send("POST", "/categories", { name: "hamster" })).json.message).toBe(
      "The mock stores at most 3 categories; reset it (POST /__mock/reset or reset()) or raise the limit.",
    );
  });

  it("a full store holds under concurrent creates: exactly the room left is filled", async () => {
    const { store, send } = await setup({ maxPets: 13 });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send("POST", "/pets", { name: `p${i}`, categoryId: 1 }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    expect(store.count().pets).toBe(13);
  });

  it("no safe id left: 409 ids_exhausted, after the last one was handed out", async () => {
    const { store, send } = await setup();
    await store.restore({
      ...store.snapshot(),
      nextIds: { pets: maxNextId - 1, categories: maxNextId - 1 },
    });
    const last = await send("POST", "/pets", { name: "Last", categoryId: 1 });
    expect(last.status).toBe(201);
    expect(last.headers.location).toBe(`/v1/pets/${Number.MAX_SAFE_INTEGER}`);
    expect(await send("POST", "/pets", { name: "More", categoryId: 1 })).toMatchObject({
      status: 409,
      json: { code: "ids_exhausted", message: expect.stringMatching(/^No pets id is left: .*\.$/) },
    });
    expect((await send("POST", "/categories", { name: "last" })).status).toBe(201);
    expect((await send("POST", "/categories", { name: "more" })).json).toMatchObject({
      code: "ids_exhausted",
      message: expect.stringMatching(/^No categories id is left: .*\.$/),
    });
  });

  it("a store failing otherwise: 500 internal_error, and the failure in the log", async () => {
    const { store, send } = await setup();
    const failure = new Error("disk full");
    vi.spyOn(store, "createPet").mockRejectedValue(failure);
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await send("POST", "/pets", { name: "Rex", categoryId: 1 })).toMatchObject({
        status: 500,
        json: {
          code: "internal_error",
          message: "The mock failed unexpectedly; see its log.",
          status: 500,
        },
      });
      expect(log).toHaveBeenCalledWith("petstore-mock: unexpected error", failure);
    } finally {
      log.mockRestore();
    }
  });
});
