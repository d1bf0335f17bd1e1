/**
 * The benches' baseline: the least a node:http request listener can do for
 * the measured requests, doing the same essential work as the mock. It checks
 * the bearer token; answers `GET /v1/pets?...` by reading and checking `limit`
 * and answering a fixed JSON array of a default page's pets (20),
 * `GET /v1/pets/{id}` by checking the id and answering a fixed pet, and
 * `POST /v1/pets` by reading and parsing the body, checking its fields,
 * storing it under the next id in a Map and answering 201 with it.
 * `bare-server.ts` serves it on a port (the socket bench); the gate calls it
 * in process (`handler-cost.ts`).
 */
import type { RequestListener } from "node:http";
import { limitRule, petStatuses } from "../../mocks/interface/spec.js";

export interface BareHandler {
  readonly listener: RequestListener;
  /** Forgets the stored pets. */
  clear(): void;
}

export function bareHandler(apiKey: string): BareHandler {
  const expected = `Bearer ${apiKey}`;
  const pets = Array.from({ length: limitRule.default }, (_, index) => ({
    id: index + 1,
    name: `Pet ${index + 1}`,
    categoryId: (index % 5) + 1,
    status: petStatuses[index % petStatuses.length],
  }));
  const list = JSON.stringify(pets);
  const one = JSON.stringify(pets[0]);
  const stored = new Map<number, object>();
  const json = (body: string) => ({
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  const invalid = '{"code":"validation_failed","message":"Invalid request.","status":400}';

  const isValidPet = (value: unknown): value is { name: string; categoryId: number } => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const { name, categoryId, status } = value as Record<string, unknown>;
    return (
      typeof name === "string" &&
      name.length > 0 &&
      name.length <= 100 &&
      Number.isSafeInteger(categoryId) &&
      (status === undefined || petStatuses.includes(status as never))
    );
  };
  const isValidLimit = (query: string) => {
    const limit = new URLSearchParams(query).get("limit");
    if (limit === null) return true;
    const value = Number(limit);
    return Number.isInteger(value) && value >= limitRule.minimum && value <= limitRule.maximum;
  };

  const listener: RequestListener = (request, response) => {
    if (request.headers.authorization !== expected) {
      const body = '{"code":"unauthorized","message":"Invalid API key.","status":401}';
      response.writeHead(401, { ...json(body), "www-authenticate": "Bearer" }).end(body);
      return;
    }
    if (request.method === "POST") {
      let text = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => {
        text += chunk;
      });
      request.on("end", () => {
        const parsed: unknown = JSON.parse(text);
        if (!isValidPet(parsed)) {
          response.writeHead(400, json(invalid)).end(invalid);
          return;
        }
        const id = stored.size + 1;
        const created = { ...parsed, id };
        stored.set(id, created);
        const body = JSON.stringify(created);
        response.writeHead(201, { ...json(body), location: `/v1/pets/${id}` }).end(body);
      });
      return;
    }
    const url = request.url ?? "";
    const queryAt = url.indexOf("?");
    const isList = url.startsWith("/v1/pets?") || url === "/v1/pets";
    const valid = isList
      ? isValidLimit(queryAt < 0 ? "" : url.slice(queryAt + 1))
      : Number.isSafeInteger(Number(url.slice("/v1/pets/".length)));
    const body = !valid ? invalid : isList ? list : one;
    response.writeHead(valid ? 200 : 400, json(body)).end(body);
  };
  return { listener, clear: () => stored.clear() };
}
