/**
 * The flags of `petstore-mock` beyond the basics (limits, faults, journal,
 * admin key, --log, contract, `--cors-origin`, `--proxy`, `--record`): flag over
 * environment, bounds, seeds that fit the store, one refusal table and the
 * --help listing.
 */
import { describe, expect, it } from "vitest";
import { UsageError } from "../util/cli.js";
import { parseCommand, usage } from "./args.js";
import { startPetstoreServer } from "./server.js";

const serve = (argv: string[], env: Record<string, string> = {}) => {
  const command = parseCommand(argv, env);
  if (command.kind !== "serve") throw new Error(`not serve: ${command.kind}`);
  return command.options;
};

describe("limit flags", () => {
  it("are unset by default, so the server's defaults apply", () => {
    const options = serve([]);
    expect(options).not.toHaveProperty("maxPets");
    expect(options).not.toHaveProperty("maxConnections");
  });

  it("come from flags, else from the environment", () => {
    expect(
      serve(["--max-pets", "200", "--max-categories", "9", "--max-connections", "16"]),
    ).toMatchObject({ maxPets: 200, maxCategories: 9, maxConnections: 16 });
    expect(
      serve([], {
        PETSTORE_MAX_PETS: "300",
        PETSTORE_MAX_CATEGORIES: "7",
        PETSTORE_MAX_CONNECTIONS: "32",
      }),
    ).toMatchObject({ maxPets: 300, maxCategories: 7, maxConnections: 32 });
    expect(serve(["--max-pets", "60"], { PETSTORE_MAX_PETS: "300" })).toMatchObject({
      maxPets: 60,
    });
  });
});

describe("fault, journal and admin flags", () => {
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
});

describe("--log", () => {
  it("api (the default) leaves the admin reads out; admin logs them", () => {
    expect(serve([]).logAdminReads).toBeUndefined();
    expect(serve(["--log", "api"]).logAdminReads).toBeUndefined();
    expect(serve(["--log", "admin"]).logAdminReads).toBe(true);
  });
});

describe("contract flags", () => {
  it("--contract and --contract-consumer, else PETSTORE_CONTRACT_FILE", () => {
    expect(serve(["--contract", "pacts/web.json", "--contract-consumer", "web"]).contract).toEqual({
      file: "pacts/web.json",
      consumer: "web",
    });
    expect(serve([], { PETSTORE_CONTRACT_FILE: "env.json" }).contract).toEqual({
      file: "env.json",
    });
    expect(
      serve(["--contract", "flag.json"], { PETSTORE_CONTRACT_FILE: "env.json" }).contract,
    ).toEqual({
      file: "flag.json",
    });
    expect(serve([])).not.toHaveProperty("contract");
  });
});

describe("--cors-origin", () => {
  it("is unset by default (loopback origins only), repeatable, and wins over PETSTORE_CORS_ORIGINS", () => {
    expect(serve([])).not.toHaveProperty("corsOrigins");
    expect(
      serve(["--cors-origin", "http://192.168.1.20:5173", "--cors-origin", "HTTPS://Dev.Example/"]),
    ).toMatchObject({ corsOrigins: ["http://192.168.1.20:5173", "https://dev.example"] });
    expect(serve([], { PETSTORE_CORS_ORIGINS: " http://a.example:3000 , *," }).corsOrigins).toEqual(
      ["http://a.example:3000", "*"],
    );
    expect(
      serve(["--cors-origin", "http://b.example"], { PETSTORE_CORS_ORIGINS: "*" }).corsOrigins,
    ).toEqual(["http://b.example"]);
  });
});

describe("--record and --proxy", () => {
  it("come from flags, else from the environment", () => {
    expect(
      serve([
        "--proxy",
        "https://staging.example.com/v1/",
        "--proxy-key",
        "k1",
        "--fallback",
        "mock",
      ]),
    ).toMatchObject({
      proxy: { url: "https://staging.example.com/v1/", key: "k1", fallback: "mock" },
    });
    expect(
      serve([], {
        PETSTORE_PROXY_URL: "http://127.0.0.1:9/v1",
        PETSTORE_PROXY_KEY: "k2",
        PETSTORE_RECORD_FILE: "s.jsonl",
      }),
    ).toMatchObject({
      proxy: { url: "http://127.0.0.1:9/v1", key: "k2" },
      record: { file: "s.jsonl", maxBytes: 16 * 1024 * 1024 },
    });
  });

  it("bind a proxy beyond loopback only with a key of one's own", async () => {
    const exposed = { port: 0, host: "0.0.0.0", proxy: { url: "http://127.0.0.1:9/v1" } };
    await expect(startPetstoreServer(exposed)).rejects.toThrow("is public");
    const keyed = serve([
      "--proxy",
      "http://127.0.0.1:9/v1",
      "--host",
      "0.0.0.0",
      "--api-key",
      "k",
    ]);
    expect(keyed).toMatchObject({ host: "0.0.0.0", apiKeys: ["k"] });
    for (const host of ["127.1", "0x7f000001", "0:0:0:0:0:0:0:1"]) {
      expect(serve(["--proxy", "http://127.0.0.1:9/v1", "--host", host])).toMatchObject({ host });
    }
  });
});

it.each([
  [["--max-pets", "-1"], {}, "--max-pets"],
  [["--max-connections", "0"], {}, "--max-connections"],
  [[], { PETSTORE_MAX_CATEGORIES: "many" }, "PETSTORE_MAX_CATEGORIES"],
  [["--pets", "20", "--max-pets", "10"], {}, "--max-pets"],
  [["--pets", "20000"], {}, "--max-pets"],
  [["--categories", "6", "--max-categories", "5"], {}, "--max-categories"],
  [["--preset", "chaos"], {}, "--preset"],
  [["--fault", "{"], {}, "--fault"],
  [["--fault", '{"status":200}'], {}, "status"],
  [["--journal-size", "0"], {}, "--journal-size"],
  [["--journal-size", "10001"], {}, "--journal-size"],
  [["--admin-key", " "], {}, "--admin-key"],
  [["--log", "all"], {}, '--log must be one of api, admin, got "all"'],
  [["--log", "admin", "--quiet"], {}, "--log and --quiet contradict each other: pick one"],
  [["--contract", " "], {}, "--contract: contract file must not be empty"],
  [
    ["--contract-consumer", ""],
    {},
    "--contract-consumer: contract consumer must be 1 to 100 characters",
  ],
  [["--contract-consumer", "a\u0007b"], {}, "without control characters"],
  [["--cors-origin", "dev.example:3000"], {}, "--cors-origin: an origin is a scheme"],
  [["--cors-origin", "http://dev.example/app"], {}, "--cors-origin"],
  [[], { PETSTORE_CORS_ORIGINS: "http://ok.example,file:///x" }, "PETSTORE_CORS_ORIGINS"],
  [["--proxy", "staging.example.com"], {}, "--proxy"],
  [["--proxy", "https://u:p@staging.example.com/v1"], {}, "credentials"],
  [["--proxy-key", "k"], {}, "need --proxy"],
  [["--proxy", "http://127.0.0.1:9/v1", "--fallback", "prism"], {}, "--fallback"],
  [["--record", " "], {}, "--record"],
  [["--proxy", "http://127.0.0.1:9/v1", "--host", "0.0.0.0"], {}, "an --api-key of your own"],
  [["--proxy", "http://127.0.0.1:9/v1", "--host", "0"], {}, "an --api-key of your own"],
])("%j %j is refused naming %s", (argv, env, mention) => {
  expect(() => parseCommand(argv, env)).toThrow(UsageError);
  expect(() => parseCommand(argv, env)).toThrow(mention);
});

it("lists these flags in --help with their variables", () => {
  for (const name of [
    "--max-pets",
    "--max-categories",
    "--max-connections",
    "PETSTORE_MAX_PETS",
    "PETSTORE_MAX_CATEGORIES",
    "PETSTORE_MAX_CONNECTIONS",
    "--contract <file>",
    "--contract-consumer",
    "PETSTORE_CONTRACT_FILE",
    "/__mock/contract",
    "/__mock/provider-state",
    "--cors-origin <origin>",
    "PETSTORE_CORS_ORIGINS",
    "--proxy",
    "--proxy-key",
    "--fallback",
    "--record",
    "PETSTORE_PROXY_URL",
  ]) {
    expect(usage, name).toContain(name);
  }
});

it("says in --help every way the deployment leaves a request to --fallback mock, as the proxy does", () => {
  // The proxy falls back (mocks/server/proxy.ts `unanswered`) when the exchange fails
  // (refused, past the deadline, over the size cap, broken) and on a redirect.
  const help = usage.slice(usage.indexOf("--fallback mock"), usage.indexOf("--record <file>"));
  const flat = help.replace(/\s+/g, " ");
  for (const cause of [
    "no usable answer",
    "unreachable",
    "within 10 s",
    "over 1 MiB",
    "a redirect",
  ])
    expect(flat, cause).toContain(cause);
});
