/**
 * A real server on loopback that answers every request with "real network":
 * a request to it can fail only if msw makes it fail, so a test of msw's
 * unhandled-request handling cannot pass on a DNS or connection error.
 * Each answer closes its connection: msw 3 does not see a `fetch` that
 * reuses a socket kept alive from before it started listening, and these
 * tests are about the requests msw does see.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const liveAnswer = "real network";

export async function startLiveServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.setHeader("connection", "close");
    response.end(liveAnswer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
