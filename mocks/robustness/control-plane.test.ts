/**
 * The control plane as attack surface (issue 20): the admin endpoints, the
 * ways data enters besides the API, ids, hangs, the state file, JSON bodies,
 * secrets and the journal, each tried the way an attacker or an accident
 * would. One block per finding; the Chromium half of finding 1 is in
 * cross-site.browser.test.ts.
 */
import { spawn } from "node:child_process";
import { lstat, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { journalLimits } from "../core/journal.js";
import { connectPetstoreMock } from "../server/client.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../server/server.js";
import { checkSnapshot, type StoreSnapshot } from "../store/state.js";
import { createPetstoreStore } from "../store/store.js";
import { devAuth, type SendOptions, send } from "../test-support/http.js";
import { journalEntry } from "../test-support/journal-entry.js";
import {
  fileSystem as stateFileSystem,
  temporaryPathOf,
  writeFileAtomically,
} from "../util/files.js";
import { redactedMark } from "../util/redact.js";

const json = { "content-type": "application/json" };
const errorOf = (text: string) => JSON.parse(text) as { code: string; message: string };
const servers: RunningPetstoreServer[] = [];
async function start(options: Parameters<typeof startPetstoreServer>[0] = {}) {
  const server = await startPetstoreServer({ port: 0, ...options });
  servers.push(server);
  return server;
}
const dir = await mkdtemp(join(tmpdir(), "petstore-control-"));
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close().catch(() => undefined)));
  await rm(dir, { recursive: true, force: true });
});
let files = 0;
const freshPath = () => join(dir, `state-${++files}.json`);

/** Sends to `path` below the server's origin (the admin endpoints, or the API with /v1). */
const sendTo = (server: RunningPetstoreServer, path: string, options?: SendOptions) =>
  send(`${server.origin}${path}`, options);

async function createPet(server: RunningPetstoreServer, name = "Rex") {
  return send(`${server.url}/pets`, {
    method: "POST",
    headers: { ...devAuth, ...json },
    body: JSON.stringify({ name, categoryId: 1 }),
  });
}

describe("1. no web page controls the admin endpoints", () => {
  const attempts = [
    ["GET", "/__mock/state", undefined],
    ["GET", "/__mock/requests", undefined],
    ["GET", "/__mock/health", undefined],
    ["POST", "/__mock/reset", '{"pets": 3}'],
    ["POST", "/__mock/faults", '{"status": 503}'],
    ["DELETE", "/__mock/faults", undefined],
    ["PUT", "/__mock/state", "{}"],
  ] as const;

  it("refuses another site's Origin or Sec-Fetch-Site with 403, no CORS, nothing changed", async () => {
    const server = await start();
    const before = server.store.snapshot();
    const crossSite: Record<string, string>[] = [
      { origin: "http://evil.example" },
      { origin: "http://127.0.0.1:1" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of crossSite) {
      for (const [method, path, body] of attempts) {
        const reply = await sendTo(server, path, {
          method,
          headers: { ...headers, "content-type": "text/plain" },
          ...(body === undefined ? {} : { body }),
        });
        const what = `${method} ${path} ${JSON.stringify(headers)}`;
        expect(reply.status, what).toBe(403);
        expect(errorOf(reply.text).code, what).toBe("cross_site_forbidden");
        expect(reply.headers["access-control-allow-origin"], what).toBeUndefined();
      }
    }
    const preflight = await sendTo(server, "/__mock/faults", {
      method: "OPTIONS",
      headers: { origin: "http://evil.example", "access-control-request-method": "DELETE" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(server.store.snapshot()).toEqual(before);
    expect(server.faults.list()).toEqual([]);
  });

  it("refuses a Host that is not loopback while bound to loopback (DNS rebinding)", async () => {
    const server = await start();
    for (const host of [
      `evil.test:${server.port}`,
      "attacker.example",
      `10.0.0.1:${server.port}`,
    ]) {
      const reply = await sendTo(server, "/__mock/state", { headers: { host } });
      expect([reply.status, errorOf(reply.text).code], host).toEqual([403, "host_forbidden"]);
    }
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`, "LOCALHOST"]) {
      expect((await sendTo(server, "/__mock/faults", { headers: { host } })).status).toBe(200);
    }
  });

  it("lets terminals, tests and the mock's own pages in, and keeps CORS on the API", async () => {
    const server = await start();
    for (const headers of [
      {} as Record<string, string>,
      { "sec-fetch-site": "none" },
      { "sec-fetch-site": "same-origin", origin: server.origin },
    ]) {
      expect((await sendTo(server, "/__mock/faults", { headers })).status).toBe(200);
    }
    const api = await send(`${server.url}/pets?limit=1`, {
      headers: { ...devAuth, origin: "http://localhost:5173", "sec-fetch-site": "cross-site" },
    });
    expect(api.status).toBe(200);
    expect(api.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    const preflight = await send(`${server.url}/pets`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
  });
});

/** A snapshot of a fresh store with these seed options (and these many seeded pets). */
async function snapshotOf(pets: number, changes: Partial<StoreSnapshot> = {}) {
  const store = await createPetstoreStore({ pets }, { pets, categories: 5 });
  return { ...store.snapshot(), ...changes };
}

describe("2. a reset holds the caps", () => {
  it("refuses reset options beyond --max-pets/--max-categories with 400 and changes nothing", async () => {
    const server = await start({ maxPets: 100, maxCategories: 10 });
    const before = server.store.snapshot();
    for (const body of ['{"pets": 101}', '{"categories": 11}', '{"pets": 5000000}']) {
      const reply = await sendTo(server, "/__mock/reset", { method: "POST", body });
      expect(reply.status, body).toBe(400);
      expect(errorOf(reply.text).message).toMatch(/--max-(pets|categories)/);
    }
    expect(server.store.snapshot()).toEqual(before);
    await expect(server.reset({ pets: 101 })).rejects.toThrow(RangeError);
    expect(server.store.snapshot()).toEqual(before);
  });

  it("answers {pets: 5000000} at once with the default caps", async () => {
    const server = await start();
    const reply = await sendTo(server, "/__mock/reset", {
      method: "POST",
      body: '{"pets": 5000000}',
    });
    expect([reply.status, errorOf(reply.text).code]).toEqual([400, "invalid_body"]);
    expect(server.store.count().pets).toBe(50);
  });
});

describe("3. snapshots and state files hold the caps", () => {
  it("PUT /__mock/state refuses seed options or records beyond the caps, changing nothing", async () => {
    const server = await start({ maxPets: 100 });
    const before = server.store.snapshot();
    const tooMany = await snapshotOf(101);
    const poisoned = await snapshotOf(3, {
      seedOptions: { seed: 42, pets: 5_000_000, categories: 5 },
    });
    for (const snapshot of [tooMany, poisoned]) {
      const reply = await sendTo(server, "/__mock/state", {
        method: "PUT",
        body: JSON.stringify(snapshot),
      });
      expect(reply.status).toBe(400);
      expect(errorOf(reply.text).message).toContain("--max-pets");
    }
    expect(server.store.snapshot()).toEqual(before);
  });

  it("a state file beyond the caps stops the start (exit 3 in the CLI) before any seed is built", async () => {
    for (const snapshot of [
      await snapshotOf(3, { seedOptions: { seed: 42, pets: 5_000_000, categories: 5 } }),
      await snapshotOf(101),
    ]) {
      const path = freshPath();
      const text = JSON.stringify(snapshot);
      await writeFile(path, text);
      await expect(startPetstoreServer({ port: 0, maxPets: 100, stateFile: path })).rejects.toThrow(
        /--max-pets/,
      );
      expect(await readFile(path, "utf8")).toBe(text);
    }
  });
});

describe("4. ids stay safe integers", () => {
  it("refuses a create past Number.MAX_SAFE_INTEGER with 409 and accepts its own export", async () => {
    const server = await start();
    const reply = await sendTo(server, "/__mock/state", {
      method: "PUT",
      body: JSON.stringify({
        ...server.store.snapshot(),
        nextIds: { pets: Number.MAX_SAFE_INTEGER - 1, categories: 6 },
      }),
    });
    expect(reply.status).toBe(200);
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push(await createPet(server));
    expect(ids.map((created) => created.status)).toEqual([201, 201, 409]);
    expect(JSON.parse(ids[1]?.text ?? "").id).toBe(Number.MAX_SAFE_INTEGER);
    expect(errorOf(ids[2]?.text ?? "").code).toBe("ids_exhausted");
    const exported = await sendTo(server, "/__mock/state");
    const again = await sendTo(server, "/__mock/state", { method: "PUT", body: exported.text });
    expect(again.status).toBe(200);
    const path = freshPath();
    await writeFile(path, exported.text);
    const restarted = await start({ stateFile: path });
    expect(restarted.store.getPet(Number.MAX_SAFE_INTEGER)?.name).toBe("Rex");
    expect((await createPet(restarted)).status).toBe(409);
  });

  it("refuses next ids beyond 2^53 in a snapshot", () => {
    const snapshot = createPetstoreStore().then((store) => store.snapshot());
    return expect(
      snapshot.then((s) => checkSnapshot({ ...s, nextIds: { pets: 2 ** 53 + 2, categories: 6 } })),
    ).rejects.toThrow(/nextIds\.pets/);
  });
});

describe("5. clearing a hang fault releases the requests it holds", () => {
  /** Sends `count` hung listPets requests and resolves once all of them are held. */
  async function hang(server: RunningPetstoreServer, count: number) {
    const added = await sendTo(server, "/__mock/faults", {
      method: "POST",
      body: '{"operation": "listPets", "network": "hang"}',
    });
    const { id } = JSON.parse(added.text) as { id: string };
    const before = server.journal.all().length;
    const held = Array.from({ length: count }, () =>
      send(`${server.url}/pets`, { headers: devAuth }).then(
        () => "answered",
        () => "closed",
      ),
    );
    await vi.waitFor(() => expect(server.journal.all().length).toBe(before + count));
    return { id, held: Promise.all(held) };
  }

  it.each([
    ["DELETE", "/__mock/faults"],
    ["DELETE", "/__mock/faults/{id}"],
    ["POST", "/__mock/reset"],
  ])("%s %s", async (method, template) => {
    const server = await start();
    const { id, held } = await hang(server, 3);
    const path = template.replace("{id}", id);
    expect((await sendTo(server, path, { method })).status).toBeLessThan(300);
    const outcome = await Promise.race([held, new Promise((r) => setTimeout(r, 3_000, "held"))]);
    expect(outcome).toEqual(["closed", "closed", "closed"]);
  });

  it("faults.clear() in-process too", async () => {
    const server = await start();
    const { held } = await hang(server, 2);
    server.faults.clear();
    const outcome = await Promise.race([held, new Promise((r) => setTimeout(r, 3_000, "held"))]);
    expect(outcome).toEqual(["closed", "closed"]);
  });
});

describe("6. the temp file follows no symlink", () => {
  it("a symlink planted at the temp name is replaced, its target left untouched", async () => {
    const path = freshPath();
    const victim = join(dir, "victim.txt");
    await writeFile(victim, "precious");
    await symlink(victim, temporaryPathOf(path));
    const server = await start({ stateFile: path });
    expect((await createPet(server, "Saved")).status).toBe(201);
    await server.close();
    expect(await readFile(victim, "utf8")).toBe("precious");
    expect((await lstat(path)).isFile()).toBe(true);
    expect(checkSnapshot(JSON.parse(await readFile(path, "utf8"))).pets.at(-1)?.name).toBe("Saved");
    await expect(lstat(temporaryPathOf(path))).rejects.toThrow(/ENOENT/);
  });
});

describe("7. deeply nested JSON is a 400, never a 500", () => {
  const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

  it.each([
    ["POST", "/v1/pets", (deep: string) => `{"name": "Rex", "categoryId": 1, "tags": ${deep}}`],
    ["POST", "/v1/categories", (deep: string) => `{"name": ${deep}}`],
    ["POST", "/__mock/faults", (deep: string) => `{"operation": ${deep}}`],
    ["POST", "/__mock/reset", (deep: string) => `{"seed": ${deep}}`],
    ["PUT", "/__mock/state", (deep: string) => `{"format": ${deep}}`],
  ])("%s %s", async (method, path, bodyWith) => {
    const server = await start();
    for (const deep of [deepArray(100_000), deepObject(65), deepArray(64)]) {
      const reply = await sendTo(server, path, {
        method,
        headers: { ...devAuth, ...json },
        body: bodyWith(deep),
      });
      expect(reply.status, `${deep.length}`).toBe(400);
      if (deep.length > 200) expect(errorOf(reply.text).message).toContain("deeper than 64");
    }
  });
});

describe("8. no secret in any form reaches the journal, the log or an Error", () => {
  const apiKey = "my key/+é";
  const shortKey = "k9";
  const adminKey = "adm+/key&%";
  /** Every way a URL can carry a secret. */
  const forms = (secret: string) => {
    const encoded = encodeURIComponent(secret);
    return [
      encoded,
      encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
      new URLSearchParams({ k: secret }).toString().slice(2),
      encodeURI(secret),
    ];
  };
  const lines: string[] = [];
  let server: RunningPetstoreServer;
  beforeAll(async () => {
    server = await start({
      apiKeys: [apiKey, shortKey],
      adminKey,
      quiet: false,
      // The admin reads too (`--log admin`): their targets carry secrets as well.
      logAdminReads: true,
      log: (line) => lines.push(line),
    });
  });
  const admin = { authorization: `Bearer ${adminKey}` };

  it("masks every configured key and secret-named query parameters", async () => {
    const auth = { authorization: `Bearer ${shortKey}` };
    const bodies: string[] = [];
    const targets: string[] = [];
    for (const secret of [apiKey, adminKey, shortKey]) {
      for (const form of forms(secret)) {
        targets.push(`/v1/pets?q=${form}`, `/v1/${form}`, `/v1/pets/${form}`, `/__mock/${form}`);
      }
    }
    targets.push(
      "/v1/pets?token=t0ps3cr3t&API_KEY=zz9q&Password=pw77&auth=au55&secret=se33&key=ke66&apiKey=ak11&limit=5",
    );
    for (const target of targets) {
      const reply = await sendTo(server, target, {
        headers: target.startsWith("/__mock") ? admin : auth,
      });
      bodies.push(reply.text);
    }
    const longToken = "x".repeat(3_000);
    await send(`${server.url}/pets?q=${longToken}`, {
      headers: { authorization: `Bearer ${longToken}` },
    });
    const journal = await sendTo(server, "/__mock/requests?limit=1000", { headers: admin });
    expect(JSON.parse(journal.text).length).toBeGreaterThan(30);
    const written = [journal.text, ...lines, ...bodies].join("\n");
    for (const secret of [apiKey, adminKey]) {
      for (const form of [secret, ...forms(secret)]) expect(written).not.toContain(form);
    }
    for (const form of forms(shortKey)) expect(written).not.toMatch(new RegExp(`[=/]${form}\\b`));
    for (const value of ["t0ps3cr3t", "zz9q", "pw77", "au55", "se33", "ke66", "ak11", "xxxxxxxx"]) {
      expect(written).not.toContain(value);
    }
    expect(journal.text).toContain(`token=${redactedMark}&API_KEY=${redactedMark}`);
    expect(lines.join("\n")).toContain(`/__mock/${redactedMark}`);
  });
});

describe("9. the state file is owned, and persistence never fails silently", () => {
  it("a second server on the same file is refused (the CLI's exit 3: state-file.node.test.ts); a stale lock is taken over", async () => {
    const path = freshPath();
    const first = await start({ stateFile: path });
    await expect(startPetstoreServer({ port: 0, stateFile: path })).rejects.toThrow(
      new RegExp(`in use by process ${process.pid}`),
    );
    await first.close();

    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.once("exit", resolve));
    await writeFile(`${path}.lock`, `${gone.pid}\n`);
    const next = await start({ stateFile: path });
    expect(next.stateFile?.loaded).toBe(true);
    await next.close();
    await expect(lstat(`${path}.lock`)).rejects.toThrow(/ENOENT/);
  });

  it("a failed write is retried, shown on health, and refuses changes with 503 until it lands", async () => {
    const path = freshPath();
    const server = await start({ stateFile: path });
    const client = connectPetstoreMock(server.url);
    const errors = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const realOpen = stateFileSystem.open;
    const full = vi.spyOn(stateFileSystem, "open").mockImplementation(async (file, flags, mode) => {
      const handle = await realOpen(file, flags, mode);
      if (flags !== "wx") return handle;
      const diskFull = Object.assign(new Error("ENOSPC: no space left on device, write"), {
        code: "ENOSPC",
      });
      handle.writeFile = (() => Promise.reject(diskFull)) as typeof handle.writeFile;
      return handle;
    });
    try {
      expect((await createPet(server, "Before the disk filled")).status).toBe(201);
      await vi.waitFor(async () => {
        const health = await sendTo(server, "/__mock/health");
        expect(health.status).toBe(503);
        expect(JSON.parse(health.text)).toMatchObject({ status: "degraded" });
      });
      expect(await client.healthy()).toBe(false);
      const refused = await createPet(server, "Not saved");
      expect([refused.status, errorOf(refused.text).code]).toEqual([503, "state_not_saved"]);
      expect(refused.headers["retry-after"]).toBe("1");
      expect((await sendTo(server, "/__mock/reset", { method: "POST" })).status).toBe(503);
      // Between retries no temp file is left (an attempt in progress may hold one for a moment).
      await vi.waitFor(async () =>
        expect((await readdir(dir)).filter((name) => name.endsWith(".tmp"))).toEqual([]),
      );
      expect(server.store.listPets({ limit: 100 }).map((pet) => pet.name)).not.toContain(
        "Not saved",
      );
    } finally {
      full.mockRestore();
      errors.mockRestore();
    }
    await vi.waitFor(async () => expect(await client.healthy()).toBe(true), { timeout: 10_000 });
    const saved = checkSnapshot(JSON.parse(await readFile(path, "utf8")));
    expect(saved.pets.at(-1)?.name).toBe("Before the disk filled");
    expect((await createPet(server, "After")).status).toBe(201);
  });

  it("writes through an exclusively created temp file: a crash before the rename leaves the old file whole", async () => {
    const path = freshPath();
    await writeFile(path, "old state\n");
    const opened: [string, unknown][] = [];
    const realOpen = stateFileSystem.open;
    const open = vi.spyOn(stateFileSystem, "open").mockImplementation((file, flags, mode) => {
      opened.push([String(file), flags]);
      return realOpen(file, flags, mode);
    });
    const rename = vi
      .spyOn(stateFileSystem, "rename")
      .mockRejectedValue(new Error("crashed between write and rename"));
    try {
      await expect(writeFileAtomically(path, "new state\n")).rejects.toThrow(/crashed/);
    } finally {
      open.mockRestore();
      rename.mockRestore();
    }
    expect(opened[0]).toEqual([temporaryPathOf(path), "wx"]);
    expect(opened.map(([file]) => file)).not.toContain(path);
    expect(await readFile(path, "utf8")).toBe("old state\n");
    await expect(lstat(temporaryPathOf(path))).rejects.toThrow(/ENOENT/);
    await writeFileAtomically(path, "new state\n");
    expect(await readFile(path, "utf8")).toBe("new state\n");
  });
});

describe("10. a journal read is bounded", () => {
  it("pages with ?limit=&after= (default 100, at most 1,000) and the typed client reads them all", async () => {
    const server = await start({ journalSize: journalLimits.maxSize });
    const path = `/pets?q=${"x".repeat(2_000)}`;
    for (let n = 0; n < journalLimits.maxSize; n++) {
      server.journal.record(journalEntry(path, 0.1));
    }
    const page = await sendTo(server, "/__mock/requests");
    const newest = JSON.parse(page.text) as { seq: number }[];
    expect(newest.map((entry) => entry.seq)).toEqual(
      Array.from({ length: journalLimits.defaultPage }, (_, n) => 9_901 + n),
    );
    // 2 KiB paths: the page ends at about 256 KiB, well before 1,000 entries.
    const first = await sendTo(server, "/__mock/requests?after=0&limit=1000");
    const firstPage = JSON.parse(first.text) as { seq: number }[];
    expect(firstPage.length).toBeGreaterThan(100);
    expect(firstPage.length).toBeLessThan(200);
    expect(first.text.length).toBeLessThan(journalLimits.maxPageChars);
    const lastSeq = firstPage.at(-1)?.seq;
    expect(first.headers.link).toBe(`</__mock/requests?after=${lastSeq}&limit=1000>; rel="next"`);
    const last = await sendTo(server, "/__mock/requests?after=9999");
    expect(JSON.parse(last.text)).toHaveLength(1);
    expect(last.headers.link).toBeUndefined();
    for (const query of ["limit=1001", "limit=0", "after=-1", "limit=abc"]) {
      const bad = await sendTo(server, `/__mock/requests?${query}`);
      expect([bad.status, errorOf(bad.text).code], query).toEqual([400, "invalid_query"]);
    }
    expect((await connectPetstoreMock(server.url).journal.all()).map((entry) => entry.seq)).toEqual(
      Array.from({ length: journalLimits.maxSize }, (_, n) => n + 1),
    );
  });
});
