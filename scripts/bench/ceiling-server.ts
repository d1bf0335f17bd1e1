/**
 * The socket bench's constant-body ceiling: a node:http server that answers
 * every request with the kit's `GET /v1/pets?limit=20` answer, built once at
 * start (the default seed's first 20 pets, asked of the kit's own core). It
 * sends the headers a client needs to read that answer, `Content-Type` and
 * `Content-Length`, beside what node:http adds to every answer (`Date`,
 * `Connection`, `Keep-Alive`); not the kit's `Vary`. The body is a flat
 * string, which node writes with the head in one write (a Buffer takes a
 * second, dearer path: about 9 % more instructions a request). No server on
 * node:http answers a list for less.
 *
 * `node --import tsx scripts/bench/ceiling-server.ts <port>`; prints
 * `listening <port>` when ready.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createPetstoreCore } from "../../mocks/core/create-core.js";
import { createPetstoreStore } from "../../mocks/store/store.js";

const [portText = "0"] = process.argv.slice(2);
const authorization = "Bearer ceiling-key";
const list = await createPetstoreCore({
  store: await createPetstoreStore(),
  apiKeys: ["ceiling-key"],
})({
  method: "GET",
  path: "/pets",
  query: "limit=20",
  header: (name) => (name === "authorization" ? authorization : undefined),
  body: undefined,
});
if (list.status !== 200 || list.body === undefined) {
  throw new Error(`ceiling: the kit answered its list with ${list.status}, not a 200 with a body`);
}
const { body } = list;
const headers = [
  "content-type",
  list.headers["content-type"] ?? "",
  "content-length",
  String(Buffer.byteLength(body)),
];
const server = createServer((_request, response) => {
  response.writeHead(200, headers).end(body);
});

server.listen(Number(portText), "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
