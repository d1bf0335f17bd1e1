/**
 * `petstore-mock --behaviour <file>`: the profile read like every file the kit
 * reads, the API answering by it, `GET /__mock/behaviour`, the dashboard's
 * data and the banner naming it and the choices it takes otherwise than the
 * kit, the journal naming those that shaped each answer; a bad file stops
 * the start (exit 3) naming what is wrong.
 */
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BehaviourProfileError } from "../interface/behaviours.js";
import { devAuth, send } from "../test-support/http.js";
import { printable } from "../util/text.js";
import { parseCommand } from "./args.js";
import { type CliIo, main } from "./run.js";
import { startPetstoreServer } from "./server.js";

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "petstore-behaviour-"));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const staging = {
  version: 1,
  name: "staging",
  choices: { limitBelowMinimum: "clamped", petIdMalformed: "notFound", petsOrder: "descending" },
};

async function profileFile(content: unknown, name = "profile.json"): Promise<string> {
  const path = join(directory, name);
  await writeFile(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

describe("startPetstoreServer({ behaviourFile })", () => {
  it("answers by the profile and serves it at GET /__mock/behaviour", async () => {
    const path = await profileFile(staging);
    const server = await startPetstoreServer({ port: 0, behaviourFile: path });
    try {
      const list = await send(`${server.url}/pets?limit=0`, { headers: devAuth });
      expect(list.status).toBe(200);
      expect((JSON.parse(list.text) as { id: number }[]).map((pet) => pet.id)).toEqual([50]);
      expect((await send(`${server.url}/pets/abc`, { headers: devAuth })).status).toBe(404);
      const shown = await send(`${server.origin}/__mock/behaviour`);
      expect(shown.status).toBe(200);
      const body = JSON.parse(shown.text) as Record<string, unknown>;
      expect(body).toMatchObject({
        name: "staging",
        source: path,
        isDefault: false,
        choices: { limitBelowMinimum: "clamped", petIdMalformed: "notFound", statusCase: "exact" },
        values: {},
      });
      expect(body.nonDefault).toEqual(staging.choices);
      const info = JSON.parse((await send(`${server.origin}/__mock/info`)).text) as {
        options: { behaviour: string; behaviourChoices: string };
      };
      expect(info.options.behaviour).toBe(`staging (${path})`);
      expect(info.options.behaviourChoices).toBe(
        "limitBelowMinimum: clamped, petIdMalformed: notFound, petsOrder: descending",
      );
      await send(`${server.url}/pets/1`, { headers: devAuth });
      const journal = JSON.parse((await send(`${server.origin}/__mock/requests`)).text) as {
        path: string;
        choices?: unknown;
      }[];
      expect(journal.map(({ path, choices }) => ({ path, choices }))).toEqual([
        {
          path: "/pets?limit=0",
          choices: { limitBelowMinimum: "clamped", petsOrder: "descending" },
        },
        { path: "/pets/abc", choices: { petIdMalformed: "notFound" } },
        { path: "/pets/1", choices: undefined },
      ]);
      expect(journal[2]).not.toHaveProperty("choices");
    } finally {
      await server.close();
    }
  });

  it("GET /__mock/behaviour keeps the admin routes' rules: the admin key, and no other site", async () => {
    const server = await startPetstoreServer({ port: 0, adminKey: "admin-key-0123456789" });
    try {
      const at = `${server.origin}/__mock/behaviour`;
      expect((await send(at)).status).toBe(403);
      const keyed = { authorization: "Bearer admin-key-0123456789" };
      expect((await send(at, { headers: keyed })).status).toBe(200);
      const crossSite = {
        ...keyed,
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      };
      expect((await send(at, { headers: crossSite })).status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it("without one, GET /__mock/behaviour is the default profile and the API the kit's", async () => {
    const server = await startPetstoreServer({ port: 0 });
    try {
      const body = JSON.parse((await send(`${server.origin}/__mock/behaviour`)).text) as {
        name: string;
        isDefault: boolean;
      };
      expect(body).toMatchObject({ name: "default", isDefault: true, nonDefault: {} });
      expect((await send(`${server.url}/pets?limit=0`, { headers: devAuth })).status).toBe(400);
      const [entry] = JSON.parse((await send(`${server.origin}/__mock/requests`)).text) as object[];
      expect(entry).toMatchObject({ path: "/pets?limit=0", status: 400 });
      expect(entry).not.toHaveProperty("choices");
      const info = JSON.parse((await send(`${server.origin}/__mock/info`)).text) as {
        options: Record<string, unknown>;
      };
      expect(info.options.behaviourChoices).toBeNull();
    } finally {
      await server.close();
    }
  });

  it.each([
    [
      "an unknown alternative",
      { version: 1, choices: { petsOrder: "random" } },
      /choices\.petsOrder\.alternative: "random" is not an alternative of petsOrder \(ascending, descending\)/,
    ],
    [
      "an unknown choice",
      { version: 1, choices: { pageSize: "x" } },
      /choices\.pageSize: unknown choice/,
    ],
    ["no JSON", "{", /is not valid JSON/],
    [
      "too deep",
      JSON.stringify({
        version: 1,
        choices: { statusCase: { evidence: [{ request: "x", headers: { a: [[[[[["x"]]]]]] } }] } },
      }),
      /deeper than 8 levels/,
    ],
    [
      "too large",
      `{"version":1,"name":"${"x".repeat(300_000)}","choices":{}}`,
      /is larger than 262144 bytes/,
    ],
  ])("refuses %s, naming it", async (_what, content, message) => {
    const path = await profileFile(content);
    const start = startPetstoreServer({ port: 0, behaviourFile: path });
    await expect(start).rejects.toThrow(BehaviourProfileError);
    await expect(start).rejects.toThrow(message);
  });

  it("refuses a missing file and a symbolic link", async () => {
    const missing = join(directory, "missing.json");
    await expect(startPetstoreServer({ port: 0, behaviourFile: missing })).rejects.toThrow(
      `behaviour profile ${missing}: does not exist.`,
    );
    const link = join(directory, "link.json");
    await symlink(await profileFile(staging), link);
    await expect(startPetstoreServer({ port: 0, behaviourFile: link })).rejects.toThrow(
      /is a symbolic link, which the mock never follows/,
    );
  });
});

describe("petstore-mock --behaviour", () => {
  const io = () => {
    const seen = { out: [] as string[], err: [] as string[], stops: [] as ((s: string) => void)[] };
    const cliIo: CliIo = {
      out: (text) => seen.out.push(text),
      err: (text) => seen.err.push(text),
      onStop: (listener) => seen.stops.push(listener),
    };
    return { seen, cliIo };
  };

  it("reads the flag and PETSTORE_BEHAVIOUR_FILE (the flag wins); an empty one is a usage error", () => {
    const options = (argv: string[], env = {}) => {
      const command = parseCommand(argv, env);
      return command.kind === "serve" ? command.options.behaviourFile : command.kind;
    };
    expect(options(["--behaviour", "a.json"])).toBe("a.json");
    expect(options([], { PETSTORE_BEHAVIOUR_FILE: "b.json" })).toBe("b.json");
    expect(options(["--behaviour", "a.json"], { PETSTORE_BEHAVIOUR_FILE: "b.json" })).toBe(
      "a.json",
    );
    expect(() => parseCommand(["--behaviour", " "], {})).toThrow("--behaviour must not be empty");
  });

  it("names the profile and its choices in its banner; a bad file exits 3 naming the choice", async () => {
    const good = io();
    const exit = main(["--port", "0", "--behaviour", await profileFile(staging)], {}, good.cliIo);
    await vi.waitFor(() => expect(good.seen.out.join("")).toMatch(/Ctrl\+C/), { timeout: 5_000 });
    expect(good.seen.out.join("")).toMatch(
      / {2}behaviour {2}staging \(.*profile\.json\); GET http:\/\/127\.0\.0\.1:\d+\/__mock\/behaviour\n {2}choices {4}limitBelowMinimum: clamped, petIdMalformed: notFound, petsOrder: descending\n/,
    );
    for (const stop of good.seen.stops) stop("SIGTERM");
    expect(await exit).toBe(0);

    const bad = io();
    const path = await profileFile(
      { version: 1, choices: { limitAboveMaximum: "honoured" } },
      "bad.json",
    );
    expect(await main(["--port", "0", "--behaviour", path], {}, bad.cliIo)).toBe(3);
    expect(bad.seen.err.join("")).toMatch(
      /petstore-mock: cannot start: behaviour profile .*bad\.json: choices\.limitAboveMaximum\.alternative: "honoured" is not an alternative/,
    );
  });
});

describe("a profile's own text never reaches the terminal", () => {
  // A window title (OSC 0 … BEL), a cleared screen (CSI 2J), a C1 CSI and a bidi override.
  const hostile = "\u001b]0;owned\u0007\u001b[2J\u009b31m\u202e";
  const startLine = async (path: string) => {
    const err: string[] = [];
    const io: CliIo = {
      out: () => undefined,
      err: (text) => err.push(text),
      onStop: () => undefined,
    };
    expect(await main(["--port", "0", "--behaviour", path], {}, io)).toBe(3);
    return err.join("");
  };

  it("an unknown choice is named escaped, as every CLI escapes (printable)", async () => {
    const line = await startLine(await profileFile({ version: 1, choices: { [hostile]: "x" } }));
    expect(printable(line)).toBe(line);
    expect(line).toContain("choices.\\x1b]0;owned\\x07\\x1b[2J\\x9b31m\\u202e: unknown choice");
  });

  it("an unknown field's name and an alternative are escaped too", async () => {
    const field = await startLine(await profileFile({ version: 1, choices: {}, [hostile]: 1 }));
    expect(printable(field)).toBe(field);
    expect(field).toContain('profile: unknown field "\\u001b]0;owned');
    const alternative = { version: 1, choices: { petsOrder: hostile } };
    const named = await startLine(await profileFile(alternative));
    expect(printable(named)).toBe(named);
    expect(named).toContain("\\x9b31m\\u202e");
  });

  it("a syntax error names its line and column and quotes nothing of the file", async () => {
    const garbled = await profileFile(`{"version": 1,\n "choices": ${hostile}}`);
    const line = await startLine(garbled);
    expect(printable(line)).toBe(line);
    expect(line).toMatch(
      /: is not valid JSON \(Unexpected character in JSON at position 27 \(line 2 column 13\)\)\.\n$/,
    );
    const environment = await profileFile("SHELL=/bin/bash\u0000API_KEY=secret\u0000");
    const quoted = await startLine(environment);
    expect(quoted).not.toContain("SHELL");
    expect(quoted).toMatch(/position 0 \(line 1 column 1\)/);
  });
});
