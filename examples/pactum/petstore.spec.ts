/**
 * A pactum suite as a team writes one, with the kit added in three lines
 * (import, usePetstore, close): each spec checks what the interface
 * documents (statuses, the limit, the Error shape), and every spec is also
 * judged by the interface (`petstore:conforms`). It asserts nothing the
 * interface leaves to a deployment, so any conforming deployment passes.
 */
import pactum from "pactum";
import { type PetstorePactum, usePetstore } from "petstore-mock-kit/pactum";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { targetFromEnv } from "./target.js";

let petstore: PetstorePactum;
beforeAll(async () => {
  petstore = await usePetstore(pactum, targetFromEnv());
});
afterAll(() => petstore.close());

interface ErrorBody {
  code: unknown;
  message: unknown;
  status: unknown;
}

/** The interface's Error shape, its `status` the HTTP status. */
const isError = (status: number) => (context: { res: unknown }) => {
  const { body } = context.res as { body: ErrorBody };
  expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String), status });
};

const listLength = (context: { res: unknown }) => (context.res as { body: unknown[] }).body.length;

describe("pets", () => {
  it("lists pets", async () => {
    await pactum.spec().get("/pets").expectStatus(200).expectJsonLike([]);
  });

  it("lists at most `limit` pets", async () => {
    await pactum
      .spec()
      .get("/pets")
      .withQueryParams("limit", 2)
      .expectStatus(200)
      .expect((context) => expect(listLength(context)).toBeLessThanOrEqual(2));
  });

  it("refuses a request without the key with 401 and an Error", async () => {
    await pactum
      .spec()
      .get("/pets")
      .withHeaders("Authorization", null as unknown as string)
      .expectStatus(401)
      .expect(isError(401));
  });

  it("creates a pet and reads it back", async () => {
    const created = (await pactum
      .spec()
      .post("/pets")
      .withJson({ "@DATA:TEMPLATE@": "petstore:NewPet" })
      .expectStatus(201)
      .returns("res.body")) as { id: number; name: string };
    expect(created.name.startsWith(petstore.tag)).toBe(true);
    await pactum
      .spec()
      .get("/pets/{id}")
      .withPathParams("id", created.id)
      .expectStatus(200)
      .expectJsonLike({ id: created.id, name: created.name });
  });

  it("refuses a pet without a name with 400 and an Error", async () => {
    await pactum
      .spec()
      .post("/pets")
      .withJson({ "@DATA:TEMPLATE@": "petstore:NewPet", "@REMOVES@": ["name"] })
      .expectStatus(400)
      .expect(isError(400));
  });

  it("answers 404 and an Error for a pet no one has", async () => {
    await pactum.spec().get("/pets/$M{petstore.absentId}").expectStatus(404).expect(isError(404));
  });
});

describe("categories", () => {
  it("lists categories", async () => {
    await pactum.spec().get("/categories").expectStatus(200).expectJsonLike([]);
  });

  it("creates a category", async () => {
    await pactum
      .spec()
      .post("/categories")
      .withJson({ "@DATA:TEMPLATE@": "petstore:NewCategory" })
      .expectStatus(201);
  });
});
