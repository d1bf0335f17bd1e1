/**
 * A conforming Pet Store deployment as a Hono 4 app on `@hono/node-server`
 * with Hono's own middleware, written from INTERFACE.md and the framework's
 * defaults, sharing nothing with the kit's mock. Hono's defaults stay
 * wherever the interface is silent: `bearerAuth`'s challenges (`Bearer
 * realm=""` for a missing key, `error="invalid_token"` for a wrong one,
 * `error="invalid_request"` for a malformed header, answered 401 here where
 * Hono answers 400, as the interface asks), `requestId`'s `X-Request-Id` and
 * `secureHeaders`' headers on every answer, `methodNotAllowed`'s 405 with
 * `Allow`, HEAD answered by the GET route, strict trailing slashes, the first
 * of a repeated query parameter, `c.req.json()` reading a body whatever its
 * media type. Errors in the ASP.NET Core manner beside the interface's fields
 * (`title`, `traceId`, `errors` per field). Its own choices: a bad `limit`
 * clamped (a text or 0 is 20), `status` in any case, ids from a clustered
 * database (2, 5, 8…), a blank name refused, a
 * wrongly typed `description` dropped, an absolute `Location` on createPet,
 * no deprecation headers, category refusals 422.
 *
 * @example
 * const hono = await startHonoDeployment({ apiKeys: ["k"] });
 * await fetch(`${hono.url}/pets?status=SOLD`, { headers: { authorization: "Bearer k" } });
 * await hono.close();
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { getRequestListener } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { methodNotAllowed } from "hono/method-not-allowed";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { startTinyServer } from "../../mocks/test-support/servers.js";

const limits = { bodyBytes: 64 * 1024, records: 2_000, nameLength: 200, requestMs: 5_000 };
const statuses = ["available", "pending", "sold"];
/** A clustered database's sequence: `auto_increment_offset = 2`, `auto_increment_increment = 3`. */
const idOf = (index: number) => 2 + 3 * index;

type Env = { Variables: RequestIdVariables };
type Fields = Record<string, unknown>;
interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status?: string;
}
interface Category {
  id: number;
  name: string;
  description?: string;
}

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  422: "Unprocessable Entity",
  500: "Internal Server Error",
};

function problem(
  c: Context<Env>,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  errors?: Fields,
) {
  const body = {
    code,
    message,
    status,
    title: titles[status],
    traceId: c.get("requestId"),
    errors,
  };
  return c.json(body, status);
}

/** A field's problems, by field, in the manner of ASP.NET Core's `ValidationProblemDetails`. */
function invalid(c: Context<Env>, status: 400 | 422, errors: Fields) {
  return problem(c, status, "ValidationFailed", "One or more validation errors occurred.", errors);
}

/** The JSON object a request's body holds, whatever its Content-Type; undefined when it holds none. */
async function objectIn(c: Context<Env>): Promise<Fields | undefined> {
  const body: unknown = await c.req.json().catch(() => undefined);
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Fields)
    : undefined;
}

const textField = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" && value.length <= limits.nameLength;

export async function startHonoDeployment(options: {
  readonly apiKeys: readonly string[];
}): Promise<{ readonly url: string; close(): Promise<void> }> {
  const categories: Category[] = ["Dog", "Cat", "Rabbit", "Guinea pig", "Ferret"].map(
    (name, index) => ({
      id: idOf(index),
      name,
      description: `${name}s available for adoption`,
    }),
  );
  const pets: Pet[] = [];
  for (let index = 0; index < 36; index++) {
    const name = ["Shadow", "Pumpkin", "Biscuit", "Willow"][index % 4] as string;
    const category = categories[index % categories.length] as Category;
    const pet = { id: idOf(index), name: `${name} ${index + 1}`, categoryId: category.id };
    pets.push(index % 6 === 5 ? pet : { ...pet, status: statuses[index % 3] });
  }

  const digest = (token: string) => createHash("sha256").update(token).digest();
  const keys = options.apiKeys.map(digest);
  const unauthorized = (c: Context<Env>) =>
    problem(c, 401, "Unauthorized", "The request needs a valid bearer token.");

  const api = new Hono<Env>();
  api.use(
    bearerAuth({
      verifyToken: async (token) => keys.some((key) => timingSafeEqual(key, digest(token))),
      noAuthenticationHeader: { message: unauthorized },
      invalidAuthenticationHeader: { message: unauthorized },
      invalidToken: { message: unauthorized },
    }),
  );
  api.use(
    bodyLimit({
      maxSize: limits.bodyBytes,
      onError: (c) =>
        problem(c, 413, "PayloadTooLarge", `The body exceeds ${limits.bodyBytes} bytes.`),
    }),
  );

  api.get("/pets", (c) => {
    const limit = Number.parseInt(c.req.query("limit") ?? "", 10) || 20;
    const status = c.req.query("status")?.toLowerCase();
    const matching = pets.filter((pet) => status === undefined || pet.status === status);
    return c.json(matching.slice(0, Math.min(Math.max(limit, 1), 100)));
  });

  api.post("/pets", async (c) => {
    const body = await objectIn(c);
    if (!body) return invalid(c, 400, { body: ["A JSON object is required."] });
    const errors: Fields = {};
    if (!textField(body.name)) errors.name = ["The name field is required."];
    if (!Number.isSafeInteger(body.categoryId)) {
      errors.categoryId = ["The categoryId field must be an integer."];
    } else if (!categories.some((category) => category.id === body.categoryId)) {
      errors.categoryId = [`No category has the id ${body.categoryId}.`];
    }
    if (body.status !== undefined && !statuses.includes(body.status as string)) {
      errors.status = [`The status field must be one of ${statuses.join(", ")}.`];
    }
    if (Object.keys(errors).length > 0) return invalid(c, 400, errors);
    if (pets.length >= limits.records) return problem(c, 409, "StoreFull", "The store is full.");
    const { name, categoryId, status } = body as Omit<Pet, "id">;
    const pet = {
      id: idOf(pets.length),
      name,
      categoryId,
      ...(status === undefined ? {} : { status }),
    };
    pets.push(pet);
    return c.json(pet, 201, { Location: new URL(`/v1/pets/${pet.id}`, c.req.url).href });
  });

  api.get("/pets/:petId", (c) => {
    const petId = c.req.param("petId");
    const pet = /^\d{1,19}$/.test(petId) ? pets.find((pet) => pet.id === Number(petId)) : undefined;
    return pet
      ? c.json(pet)
      : problem(c, 404, "PetNotFound", `No pet has the id ${petId.slice(0, 40)}.`);
  });

  api.get("/categories", (c) => c.json(categories));

  api.post("/categories", async (c) => {
    const body = await objectIn(c);
    if (!body) return invalid(c, 422, { body: ["A JSON object is required."] });
    if (!textField(body.name)) return invalid(c, 422, { name: ["The name field is required."] });
    if (categories.length >= limits.records)
      return problem(c, 409, "StoreFull", "The store is full.");
    const description =
      typeof body.description === "string" ? { description: body.description } : {};
    const category = { id: idOf(categories.length), name: body.name as string, ...description };
    categories.push(category);
    return c.json(category, 201);
  });

  const app = new Hono<Env>();
  app.use(requestId(), secureHeaders());
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        c.header("Allow", methods.join(", "));
        return problem(c as Context<Env>, 405, "MethodNotAllowed", `Use ${methods.join(", ")}.`);
      },
    }),
  );
  app.route("/v1", api);
  app.notFound((c) => problem(c, 404, "NotFound", "No resource matches the request."));
  app.onError((error, c) =>
    error instanceof HTTPException
      ? error.getResponse()
      : problem(c, 500, "InternalServerError", "An unexpected error occurred."),
  );

  const server = await startTinyServer(getRequestListener(app.fetch));
  server.server.headersTimeout = limits.requestMs;
  server.server.requestTimeout = limits.requestMs;
  return { url: server.url, close: () => server.close() };
}
