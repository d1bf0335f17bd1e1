/**
 * A conforming Pet Store deployment as a Fastify 5 app validating with its
 * built-in Ajv, written from INTERFACE.md and the framework's defaults,
 * sharing nothing with the kit's mock. Fastify's defaults stay wherever the
 * interface is silent: Ajv coerces the path's and query's types (`/pets/1e1`
 * is pet 10, `/pets/0x10` pet 16, `/pets/` a 400), fills schema defaults (a
 * pet created without a status is `available`) and refuses a bad `limit` or
 * `status` (400 `FST_ERR_VALIDATION`); routes are case-sensitive, HEAD is
 * answered by the GET route, any other method is Fastify's own JSON 404;
 * `text/plain` bodies are read as text (a 400), other media types a 415;
 * errors keep Fastify's `statusCode` and `error` beside the interface's
 * fields. Where a default breaks the interface it is made to conform: the
 * body's Ajv coerces nothing (Fastify's documented per-part compilers; the
 * default stores `name: 7` as "7"), and `limit=1e400`, which Ajv 8 coerces to
 * Infinity and lets past `maximum`, is refused by hand. Its own choices: ids
 * from 1001, lists newest first, pets with `createdAt`, a `categoryId` stored
 * as sent (a positive safe integer; no foreign key), a duplicate category
 * name a 409, every answer an `X-Request-Id`, getPet's answers (errors too)
 * `Deprecation`, `Sunset` and a `Link`, no `Location`.
 *
 * @example
 * const fastify = await startFastifyDeployment({ apiKeys: ["k"] });
 * await fetch(`${fastify.url}/pets?limit=2`, { headers: { authorization: "Bearer k" } });
 * await fastify.close();
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { Ajv } from "ajv";
import Fastify, { type FastifyInstance } from "fastify";

const limits = { bodyBytes: 64 * 1024, records: 2_000, requestMs: 5_000 };
const firstId = 1001;
const statuses = ["available", "pending", "sold"];

const text = (maxLength: number) => ({ type: "string", maxLength }) as const;
const petStatus = { type: "string", enum: statuses } as const;
const newPet = {
  type: "object",
  required: ["name", "categoryId"],
  properties: {
    name: text(200),
    categoryId: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    status: { ...petStatus, default: "available" },
  },
} as const;
const pet = {
  type: "object",
  properties: { id: { type: "integer" }, ...newPet.properties, createdAt: { type: "string" } },
} as const;
const newCategory = {
  type: "object",
  required: ["name"],
  properties: { name: text(200), description: text(1_000) },
} as const;
const category = {
  type: "object",
  properties: { id: { type: "integer" }, ...newCategory.properties },
} as const;

interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status: string;
  createdAt: string;
}
interface Category {
  id: number;
  name: string;
  description?: string;
}

/** Fastify's Ajv settings; the body's without its type coercion. */
const fastifyAjv = {
  coerceTypes: "array",
  useDefaults: true,
  removeAdditional: true,
  allErrors: false,
} as const;
const partsAjv = new Ajv(fastifyAjv);
const bodyAjv = new Ajv({ ...fastifyAjv, coerceTypes: false });

/** An error as `@fastify/sensible` makes one: the error handler turns it into the answer. */
const httpError = (statusCode: number, code: string, message: string) =>
  Object.assign(new Error(message), { statusCode, code });

function routes(api: FastifyInstance, pets: Pet[], categories: Category[]) {
  const seededAt = (index: number) => new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
  const add = (name: string, description: string) => {
    categories.push({ id: firstId + categories.length, name, description });
  };
  add("Dogs", "Domestic dogs");
  add("Cats", "Domestic cats");
  add("Small animals", "Rabbits, guinea pigs, hamsters");
  add("Birds", "Cage and aviary birds");
  for (let index = 0; index < 120; index++) {
    const name = `${["Milo", "Nala", "Oscar", "Pepper", "Rocky"][index % 5]}-${index + 1}`;
    const status = statuses[index % 3] as string;
    const categoryId = firstId + (index % 4);
    pets.push({ id: firstId + index, name, categoryId, status, createdAt: seededAt(index) });
  }
  const newestFirst = <T>(records: readonly T[]) => [...records].reverse();

  api.get(
    "/pets",
    {
      schema: {
        querystring: {
          type: "object",
          properties: {
            limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
            status: petStatus,
          },
        },
        response: { 200: { type: "array", items: pet } },
      },
    },
    async (request) => {
      const { limit, status } = request.query as { limit: number; status?: string };
      // Ajv 8 coerces "1e400" to Infinity and lets it past `maximum` (it refuses "150").
      if (!Number.isFinite(limit)) {
        throw httpError(400, "FST_ERR_VALIDATION", "querystring/limit must be <= 100");
      }
      return newestFirst(pets)
        .filter((pet) => status === undefined || pet.status === status)
        .slice(0, limit);
    },
  );

  api.post(
    "/pets",
    { schema: { body: newPet, response: { 201: pet } } },
    async (request, reply) => {
      if (pets.length >= limits.records) throw httpError(409, "STORE_FULL", "too many pets");
      const { name, categoryId, status } = request.body as Omit<Pet, "id" | "createdAt">;
      const createdAt = new Date().toISOString();
      const created = { id: firstId + pets.length, name, categoryId, status, createdAt };
      pets.push(created);
      return reply.code(201).send(created);
    },
  );

  api.get(
    "/pets/:petId",
    {
      schema: {
        params: { type: "object", properties: { petId: { type: "integer" } } },
        response: { 200: pet },
      },
      onSend: async (_request, reply) => {
        reply.header("deprecation", "@1735689600");
        reply.header("sunset", "Thu, 05 Dec 2030 00:00:00 GMT");
        reply.header("link", '</v1/pets>; rel="successor-version"');
      },
    },
    async (request) => {
      const { petId } = request.params as { petId: number };
      const found = pets.find((pet) => pet.id === petId);
      if (!found) throw httpError(404, "PET_NOT_FOUND", `Pet with id ${petId} not found`);
      return found;
    },
  );

  api.get(
    "/categories",
    { schema: { response: { 200: { type: "array", items: category } } } },
    async () => newestFirst(categories),
  );

  api.post(
    "/categories",
    { schema: { body: newCategory, response: { 201: category } } },
    async (request, reply) => {
      const { name, description } = request.body as Omit<Category, "id">;
      const body = description === undefined ? { name } : { name, description };
      if (categories.some((known) => known.name === body.name)) {
        throw httpError(409, "CATEGORY_EXISTS", `Category ${body.name} already exists`);
      }
      if (categories.length >= limits.records) {
        throw httpError(409, "STORE_FULL", "too many categories");
      }
      const created = { id: firstId + categories.length, ...body };
      categories.push(created);
      return reply.code(201).send(created);
    },
  );
}

export async function startFastifyDeployment(options: {
  readonly apiKeys: readonly string[];
}): Promise<{ readonly url: string; close(): Promise<void> }> {
  const digest = (token: string) => createHash("sha256").update(token).digest();
  const keys = options.apiKeys.map(digest);
  const app = Fastify({
    bodyLimit: limits.bodyBytes,
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.requestMs,
    forceCloseConnections: true,
  });

  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === "body" ? bodyAjv : partsAjv).compile(schema),
  );
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
    if (token !== undefined && keys.some((key) => timingSafeEqual(key, digest(token)))) return;
    reply.header("www-authenticate", "Bearer");
    throw httpError(401, "UNAUTHORIZED", "Missing or invalid bearer token");
  });

  app.setErrorHandler(
    (error: { statusCode?: number; code?: string; message: string }, _request, reply) => {
      const status = error.statusCode ?? 500;
      const message = status < 500 ? error.message : "Internal Server Error";
      const code = error.code ?? "INTERNAL_SERVER_ERROR";
      return reply
        .code(status)
        .send({ statusCode: status, code, error: STATUS_CODES[status], message, status });
    },
  );

  app.register(async (api) => routes(api, [], []), { prefix: "/v1" });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/v1`, close: () => app.close() };
}
