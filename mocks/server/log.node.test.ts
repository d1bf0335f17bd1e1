/** The request log of `startPetstoreServer`: giving `log` turns it on, `quiet` turns it off. */
import { describe, expect, it } from "vitest";
import { startPetstoreServer } from "./server.js";

async function linesLogged(options: { quiet?: boolean }): Promise<string[]> {
  const lines: string[] = [];
  const server = await startPetstoreServer({
    port: 0,
    log: (line) => lines.push(line),
    ...options,
  });
  try {
    await (await fetch(`${server.url}/categories`)).text();
  } finally {
    await server.close();
  }
  return lines;
}

describe("the request log", () => {
  it("goes to the given log without quiet: false", async () => {
    expect(await linesLogged({})).toEqual([expect.stringMatching(/^GET \/v1\/categories 401 /)]);
  });

  it("stays silent with quiet: true even when a log is given", async () => {
    expect(await linesLogged({ quiet: true })).toEqual([]);
  });
});
