/**
 * The socket bench's baseline server: `bare-handler.ts` on a port.
 *
 * `node --import tsx scripts/bench/bare-server.ts <port> <api-key>`; prints
 * `listening <port>` when ready.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { bareHandler } from "./bare-handler.js";

const [portText = "0", apiKey = "bench-key"] = process.argv.slice(2);
const server = createServer(bareHandler(apiKey).listener);

server.listen(Number(portText), "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
