/**
 * A loopback bind in any spelling Node's `listen` accepts is a loopback bind
 * everywhere: the admin endpoints open without a key, the `Host` rule (DNS
 * rebinding) on, a proxy allowed with the public key, and the URL printed in
 * its usual spelling. Decided by the address bound, not the `--host` text.
 */
import dns from "node:dns";
import dnsPromises from "node:dns/promises";
import { syncBuiltinESMExports } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { devAuth, send } from "../test-support/http.js";
import { startPetstoreServer } from "./server.js";

const spellings: readonly [string, string][] = [
  ["127.1", "http://127.0.0.1"],
  ["0x7f000001", "http://127.0.0.1"],
  ["2130706433", "http://127.0.0.1"],
  ["0177.0.0.1", "http://127.0.0.1"],
  ["127.000.000.001", "http://127.0.0.1"],
  ["0:0:0:0:0:0:0:1", "http://[::1]"],
  ["::ffff:127.0.0.1", "http://[::ffff:7f00:1]"],
];

describe.each(spellings)("--host %s", (host, origin) => {
  it("binds loopback and is treated as loopback: admin open, rebinding Host refused, proxy allowed", async () => {
    const server = await startPetstoreServer({ port: 0, host });
    try {
      expect(server.adminAccess).toBe("open");
      expect(server.origin).toBe(`${origin}:${server.port}`);
      expect((await send(`${server.origin}/__mock/faults`)).status).toBe(200);
      const rebound = await send(`${server.url}/pets`, {
        headers: { ...devAuth, host: `rebind.example:${server.port}` },
      });
      expect(rebound.status).toBe(403);
      expect(JSON.parse(rebound.text).code).toBe("host_forbidden");
      const typed = await send(`${server.url}/pets?limit=1`, {
        headers: { ...devAuth, host: `${host.includes(":") ? `[${host}]` : host}:${server.port}` },
      });
      expect(typed.status).toBe(200);
    } finally {
      await server.close();
    }
    const proxy = await startPetstoreServer({
      port: 0,
      host,
      proxy: { url: "http://127.0.0.1:9/v1" },
    });
    expect(proxy.adminAccess).toBe("open");
    await proxy.close();
  });
});

describe("beyond loopback in any spelling", () => {
  it.each(["0", "0x0", "0.0.0.0", "::"])(
    "--host %s binds every address: admin off without a key, a proxy refused with the public key",
    async (host) => {
      const server = await startPetstoreServer({ port: 0, host });
      try {
        expect(server.adminAccess).toBe("off");
        expect((await send(`${server.origin}/__mock/faults`)).status).toBe(403);
      } finally {
        await server.close();
      }
      await expect(
        startPetstoreServer({ port: 0, host, proxy: { url: "http://127.0.0.1:9/v1" } }),
      ).rejects.toThrow("is public");
    },
  );
});

describe("--host NAME", () => {
  it("binds the address its lookup gave, never a second lookup's (a name that resolves anew each time)", async () => {
    // The one lookup says loopback; a later one of the name, as `listen(port, name)` would make, says every address.
    vi.spyOn(dnsPromises, "lookup").mockResolvedValue({ address: "127.0.0.1", family: 4 });
    const realLookup = dns.lookup;
    vi.spyOn(dns, "lookup").mockImplementation(((name: string, ...rest: unknown[]) => {
      const asked = name === "flip.example" ? "0.0.0.0" : name;
      return (realLookup as (...args: unknown[]) => void)(asked, ...rest);
    }) as typeof dns.lookup);
    syncBuiltinESMExports();
    try {
      const server = await startPetstoreServer({ port: 0, host: "flip.example" });
      try {
        expect(server.server.address()).toMatchObject({ address: "127.0.0.1" });
        expect(server.adminAccess).toBe("open");
      } finally {
        await server.close();
      }
    } finally {
      vi.restoreAllMocks();
      syncBuiltinESMExports();
    }
  });
});
