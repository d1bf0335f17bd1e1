/** The CLI's fault, journal and admin flags: parsed into options, shown in the banner, never the key. */
import { beforeAll, describe, expect, it } from "vitest";
import { buildOnce, runCli, send, serveCli } from "../test-support/http.js";
import { CliUsageError, parseCommand } from "./args.js";

beforeAll(buildOnce, 120_000);

const serve = (argv: string[], env: Record<string, string> = {}) => {
  const command = parseCommand(argv, env);
  if (command.kind !== "serve") throw new Error(command.kind);
  return command.options;
};

describe("fault and admin flags", () => {
  it("--help lists them, the presets and the admin endpoints", async () => {
    const run = await runCli(["--help"]);
    for (const text of [
      "--preset",
      "--fault",
      "--journal-size",
      "--admin-key",
      "PETSTORE_ADMIN_KEY",
      "server-down",
      "/__mock/faults",
      "/__mock/health",
    ]) {
      expect(run.stdout).toContain(text);
    }
  });

  it("reads --preset, repeated --fault, --journal-size and the admin key (flag or env)", () => {
    const options = serve([
      "--preset",
      "slow-network",
      "--fault",
      '{"operation":"createPet","status":503,"times":2}',
      "--fault",
      '{"operation":"listPets","network":"reset"}',
      "--journal-size",
      "50",
      "--admin-key",
      "s3cret",
    ]);
    expect(options).toMatchObject({
      preset: "slow-network",
      faults: [
        { operation: "createPet", status: 503, times: 2 },
        { operation: "listPets", network: "reset" },
      ],
      journalSize: 50,
      adminKey: "s3cret",
    });
    expect(serve([], { PETSTORE_ADMIN_KEY: " from-env " }).adminKey).toBe("from-env");
  });

  it.each([
    [["--preset", "chaos"], "--preset"],
    [["--fault", "{"], "--fault"],
    [["--fault", '{"status":200}'], "status"],
    [["--journal-size", "0"], "--journal-size"],
    [["--journal-size", "10001"], "--journal-size"],
    [["--admin-key", " "], "--admin-key"],
  ])("%j is a one-line usage error naming %s", (argv, mention) => {
    expect(() => parseCommand(argv, {})).toThrow(CliUsageError);
    expect(() => parseCommand(argv, {})).toThrow(mention);
  });

  it("starts with the preset, says so in the banner, and never prints the admin key", async () => {
    const cli = await serveCli([
      "--port",
      "0",
      "--preset",
      "server-down",
      "--admin-key",
      "k3y-not-shown",
    ]);
    try {
      const banner = cli.stdout();
      expect(banner).toMatch(/admin .*admin key as a Bearer token/);
      expect(banner).toMatch(/faults +1 active/);
      expect(banner).not.toContain("k3y-not-shown");
      const origin = new URL(cli.url).origin;
      const health = await send(`${origin}/__mock/health`);
      expect(health.status).toBe(200);
      const pets = await send(`${cli.url}/pets`, {
        headers: { authorization: "Bearer petstore-dev-key" },
      });
      expect(pets.status).toBe(503);
      expect((await send(`${origin}/__mock/faults`)).status).toBe(403);
    } finally {
      cli.child.kill("SIGTERM");
      await cli.exited;
    }
  });
});
