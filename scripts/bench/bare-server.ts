/**
 * The bench's baseline: the least a node:http server can do for the measured
 * requests. It checks the bearer token and answers `GET /v1/pets?...` with a
 * fixed JSON array of a default page's pets (20), `GET /v1/pets/{id}` with a fixed pet and
 * `POST /v1/pets` by reading and parsing the body, storing it under the next
 * id in a Map, and answering 201 with it.
 *
 * `node --import tsx scripts/bench/bare-server.ts <port> <api-key>`; prints
 * `listening <port>` when ready.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { limitRule, petStatuses } from "../../mocks/interface/spec.js";

const [portText = "0", apiKey = "bench-key"] = process.argv.slice(2);
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

const server = createServer((request, response) => {
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
      const id = stored.size + 1;
      const created = { ...(JSON.parse(text) as object), id };
      stored.set(id, created);
      const body = JSON.stringify(created);
      response.writeHead(201, { ...json(body), location: `/v1/pets/${id}` }).end(body);
    });
    return;
  }
  const body = request.url?.startsWith("/v1/pets?") ? list : one;
  response.writeHead(200, json(body)).end(body);
});

server.listen(Number(portText), "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
