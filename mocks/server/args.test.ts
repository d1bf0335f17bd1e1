/** The limit flags and `--cors-origin` of `petstore-mock`: flag over environment, bounds, and seeds that fit the store. */
import { describe, expect, it } from "vitest";
import { CliUsageError, parseCommand, usage } from "./args.js";

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

  it.each([
    [["--max-pets", "-1"], {}, "--max-pets"],
    [["--max-connections", "0"], {}, "--max-connections"],
    [[], { PETSTORE_MAX_CATEGORIES: "many" }, "PETSTORE_MAX_CATEGORIES"],
    [["--pets", "20", "--max-pets", "10"], {}, "--max-pets"],
    [["--pets", "20000"], {}, "--max-pets"],
    [["--categories", "6", "--max-categories", "5"], {}, "--max-categories"],
  ])("%j %j is refused naming %s", (argv, env, mention) => {
    expect(() => parseCommand(argv, env)).toThrow(CliUsageError);
    expect(() => parseCommand(argv, env)).toThrow(mention);
  });

  it("are listed in --help with their variables", () => {
    for (const name of [
      "--max-pets",
      "--max-categories",
      "--max-connections",
      "PETSTORE_MAX_PETS",
      "PETSTORE_MAX_CATEGORIES",
      "PETSTORE_MAX_CONNECTIONS",
    ]) {
      expect(usage).toContain(name);
    }
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

  it.each([
    [["--contract", " "], "--contract: contract file must not be empty"],
    [
      ["--contract-consumer", ""],
      "--contract-consumer: contract consumer must be 1 to 100 characters",
    ],
    [["--contract-consumer", "a\u0007b"], "without control characters"],
  ])("%j is refused: %s", (argv, message) => {
    expect(() => parseCommand(argv, {})).toThrow(CliUsageError);
    expect(() => parseCommand(argv, {})).toThrow(message);
  });

  it("are listed in --help with their variable", () => {
    for (const name of [
      "--contract <file>",
      "--contract-consumer",
      "PETSTORE_CONTRACT_FILE",
      "/__mock/contract",
      "/__mock/provider-state",
    ]) {
      expect(usage).toContain(name);
    }
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

  it.each([
    [["--cors-origin", "dev.example:3000"], {}, "--cors-origin: an origin is a scheme"],
    [["--cors-origin", "http://dev.example/app"], {}, "--cors-origin"],
    [[], { PETSTORE_CORS_ORIGINS: "http://ok.example,file:///x" }, "PETSTORE_CORS_ORIGINS"],
  ])("%j %j is refused naming %s", (argv, env, mention) => {
    expect(() => parseCommand(argv, env)).toThrow(CliUsageError);
    expect(() => parseCommand(argv, env)).toThrow(mention);
  });

  it("is listed in --help with its variable", () => {
    expect(usage).toContain("--cors-origin <origin>");
    expect(usage).toContain("PETSTORE_CORS_ORIGINS");
  });
});
