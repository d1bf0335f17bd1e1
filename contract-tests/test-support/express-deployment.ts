/**
 * A conforming Pet Store deployment as an Express 5 app validates with zod 4,
 * written from INTERFACE.md and the frameworks' defaults, sharing nothing
 * with the kit's mock. Express's own defaults stay wherever the interface is
 * silent: `X-Powered-By: Express`, weak ETags (a matching `If-None-Match`
 * gets a 304), routes matched in any case and with a trailing slash, HEAD
 * answered by the GET route, OPTIONS answered with `Allow` (text), any other
 * method a 404, only `application/json` bodies parsed (anything else is no
 * body: a 400). zod's defaults too: unknown fields stripped, a blank name
 * accepted, a wrongly typed `description` refused, its issues listed in
 * the Error. A bad `limit` or `status` is refused (400), ids run from 1,
 * lists by id, `Location` on both creates, getPet's 200 alone carries
 * `Deprecation: true` and `Sunset`.
 *
 * @example
 * const express = await startExpressDeployment({ apiKeys: ["k"] });
 * await fetch(`${express.url}/pets/`, { headers: { authorization: "Bearer k" } });
 * await express.close();
 */
import { createHash, timingSafeEqual } from "node:crypto";
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from "express";
import { z } from "zod";
import { startTinyServer } from "../../mocks/test-support/servers.js";

const limits = { body: "64kb", records: 2_000, nameLength: 200, requestMs: 5_000 };
const statuses = ["available", "pending", "sold"] as const;
const sunset = "Thu, 05 Dec 2030 00:00:00 GMT";

const NewPet = z.object({
  name: z.string().max(limits.nameLength),
  categoryId: z.number().int(),
  status: z.enum(statuses).optional(),
});
const NewCategory = z.object({
  name: z.string().max(limits.nameLength),
  description: z.string().max(1_000).optional(),
});
const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(statuses).optional(),
});
const PetPath = z.object({ petId: z.string().regex(/^\d{1,19}$/, "must be an int64") });

type Pet = z.infer<typeof NewPet> & { id: number };
type Category = z.infer<typeof NewCategory> & { id: number };

function fail(response: Response, status: number, code: string, message: string, more = {}) {
  response.status(status).json({ code, message, status, ...more });
}

function invalid(response: Response, error: z.ZodError) {
  const message = error.issues.map(
    (issue) => `${issue.path.join(".") || "body"}: ${issue.message}`,
  );
  fail(response, 400, "VALIDATION_ERROR", message.join("; "), { issues: error.issues });
}

function bearer(apiKeys: readonly string[]): RequestHandler {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  const keys = apiKeys.map(digest);
  return (request, response, next) => {
    const header = request.get("authorization");
    const token = /^Bearer (\S+)$/i.exec(header ?? "")?.[1];
    if (token !== undefined && keys.some((key) => timingSafeEqual(key, digest(token)))) {
      return next();
    }
    const challenge = header === undefined ? "" : ', error="invalid_token"';
    response.set("WWW-Authenticate", `Bearer realm="petstore"${challenge}`);
    fail(response, 401, "UNAUTHORIZED", "a valid bearer token is required");
  };
}

/** body-parser's refusals (malformed JSON, too large, a charset it cannot read) as Errors. */
const errors: ErrorRequestHandler = (error, _request, response, _next) => {
  const status = typeof error.status === "number" ? error.status : 500;
  const code = typeof error.type === "string" ? error.type : "INTERNAL_ERROR";
  fail(response, status, code, error.expose === true ? error.message : "Internal Server Error");
};

export async function startExpressDeployment(options: {
  readonly apiKeys: readonly string[];
}): Promise<{ readonly url: string; close(): Promise<void> }> {
  const categories = new Map<number, Category>();
  const pets = new Map<number, Pet>();
  for (const [name, description] of [
    ["dog", "Dogs of every breed"],
    ["cat", "Cats, indoor and outdoor"],
    ["rabbit", "Rabbits and hares"],
  ] as const) {
    categories.set(categories.size + 1, { id: categories.size + 1, name, description });
  }
  for (const [index, name] of ["Buddy", "Luna", "Max", "Bella", "Charlie", "Daisy"].entries()) {
    for (let round = 0; round < 4; round++) {
      const id = pets.size + 1;
      const status = statuses[(index + round) % statuses.length];
      pets.set(id, { id, name: `${name} ${round + 1}`, categoryId: (id % 3) + 1, status });
    }
  }

  const v1 = express.Router();
  v1.use(bearer(options.apiKeys));
  v1.use(express.json({ limit: limits.body }));

  v1.get("/pets", (request, response) => {
    const query = ListQuery.safeParse(request.query);
    if (!query.success) return invalid(response, query.error);
    const { limit, status } = query.data;
    const matching = [...pets.values()].filter((pet) => !status || pet.status === status);
    response.json(matching.slice(0, limit));
  });

  v1.post("/pets", (request, response) => {
    const body = NewPet.safeParse(request.body);
    if (!body.success) return invalid(response, body.error);
    if (!categories.has(body.data.categoryId)) {
      const message = `categoryId: no category has id ${body.data.categoryId}`;
      return fail(response, 400, "VALIDATION_ERROR", message);
    }
    if (pets.size >= limits.records) return fail(response, 409, "STORE_FULL", "too many pets");
    const pet = { id: pets.size + 1, ...body.data };
    pets.set(pet.id, pet);
    response.status(201).location(`${request.baseUrl}/pets/${pet.id}`).json(pet);
  });

  v1.get("/pets/:petId", (request, response) => {
    const path = PetPath.safeParse(request.params);
    if (!path.success) return invalid(response, path.error);
    const pet = pets.get(Number(path.data.petId));
    if (!pet) return fail(response, 404, "NOT_FOUND", `Pet ${path.data.petId} not found`);
    response.set({ Deprecation: "true", Sunset: sunset }).json(pet);
  });

  v1.get("/categories", (_request, response) => {
    response.json([...categories.values()]);
  });

  v1.post("/categories", (request, response) => {
    const body = NewCategory.safeParse(request.body);
    if (!body.success) return invalid(response, body.error);
    if (categories.size >= limits.records) {
      return fail(response, 409, "STORE_FULL", "too many categories");
    }
    const category = { id: categories.size + 1, ...body.data };
    categories.set(category.id, category);
    response.status(201).location(`${request.baseUrl}/categories/${category.id}`).json(category);
  });

  const app = express();
  app.use("/v1", v1);
  app.use((request, response) => {
    fail(response, 404, "NOT_FOUND", `Cannot ${request.method} ${request.path.slice(0, 100)}`);
  });
  app.use(errors);

  const server = await startTinyServer(app);
  server.server.headersTimeout = limits.requestMs;
  server.server.requestTimeout = limits.requestMs;
  return { url: server.url, close: () => server.close() };
}
