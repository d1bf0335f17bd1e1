/** Tiny throwaway HTTP servers for the suite's own tests (port 0, 127.0.0.1). */
import { createServer, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface TinyServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

export async function startTinyServer(listener: RequestListener): Promise<TinyServer> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers 200 JSON and writes `chunk` as fast as the client reads, until it hangs up. */
export function pumpForever(response: ServerResponse, chunk: string): void {
  response.writeHead(200, { "content-type": "application/json" });
  const pump = () => {
    while (!response.destroyed && response.write(chunk)) {}
    if (!response.destroyed) response.once("drain", pump);
  };
  pump();
}
