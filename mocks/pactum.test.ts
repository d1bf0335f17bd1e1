/**
 * `petstore-mock-kit/pactum` on pactum itself: every spec judged by the
 * interface (or only those that ask), the failure in the CLI's lines, the
 * targets (the mock, the proxy in front of a deployment, a deployment), the
 * templates and the data map, a write never re-sent, a GET retried after
 * `Retry-After`, and a session that ends.
 */
import type { ServerResponse } from "node:http";
import pactum from "pactum";
import { afterEach, describe, expect, it } from "vitest";
import { failureLines } from "./interface/failure-lines.js";
import { PetstoreConformanceError, type PetstorePactum, usePetstore } from "./pactum.js";
import { startPetstoreServer } from "./server/server.js";
import { startTinyServer } from "./test-support/servers.js";

const quiet = { log: () => {} };
let session: PetstorePactum | undefined;
const open = async (options: Parameters<typeof usePetstore>[1]) => {
  session = await usePetstore(pactum, { ...quiet, ...options });
  return session;
};
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** Why usePetstore refused these options, as text (a session it opened instead is closed). */
const refusal = (options: Parameters<typeof usePetstore>[1]) =>
  usePetstore(pactum, { ...quiet, ...options }).then(
    (opened) => opened.close().then(() => "opened"),
    (error: unknown) => String(error),
  );

/** What a spec threw (or undefined). */
const thrown = (spec: { toss(): Promise<unknown> }) =>
  spec.toss().then(
    () => undefined,
    (error: unknown) => error as Error,
  );

describe("petstore:conforms", () => {
  it("judges every spec by default: a 500 fails it in the CLI's lines, with a repro line that works after the session", async () => {
    const petstore = await open({ mock: { seed: 7 } });
    await pactum.spec().get("/pets").withQueryParams("limit", 5).expectStatus(200);
    petstore.server?.faults.add({ operation: "listPets", status: 500, times: 1 });
    const error = await thrown(pactum.spec().get("/pets").expectStatus(500));
    expect(error).toBeInstanceOf(PetstoreConformanceError);
    const failures = (error as PetstoreConformanceError).failures;
    expect(failures.map((failure) => failure.id)).toEqual([
      "listPets.no-5xx",
      "listPets.status-200",
    ]);
    expect(error?.message.split("\n").slice(1, 5)).toEqual(
      failureLines(failures[0] as (typeof failures)[number], "✗"),
    );
    // The session's mock and its key are gone after the run: the line goes to one the user starts.
    expect(error?.message).toContain(
      `repro:    curl -g -sS -i 'http://127.0.0.1:4000/v1/pets' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
    );
    expect(error?.message.split("\n").at(-1)).toBe(
      "  (the mock this session started is gone after the run: start one with npx petstore-mock --port 4000, set PETSTORE_API_KEY to its key, petstore-dev-key, and paste a curl line; it holds the default seed, not the specs' records)",
    );
    expect(error?.message).not.toContain(petstore.baseUrl);
  });

  it("judges what a spec learnt from earlier ones: a created pet must read back", async () => {
    const petstore = await open({ mock: {} });
    const created = await pactum
      .spec()
      .post("/pets")
      .withJson({ "@DATA:TEMPLATE@": "petstore:NewPet" })
      .expectStatus(201)
      .returns("res.body");
    expect(created).toMatchObject({
      name: expect.stringMatching(new RegExp(`^${petstore.tag} pet `)),
    });
    const id = (created as { id: number }).id;
    petstore.server?.faults.add({ operation: "getPet", status: 404, times: 1 });
    const error = await thrown(pactum.spec().get(`/pets/${id}`));
    expect((error as PetstoreConformanceError).failures.map((f) => f.id)).toContain(
      "getPet.status-200",
    );
  });

  it("judges only the specs that ask, with everySpec: false", async () => {
    const petstore = await open({ mock: {}, everySpec: false });
    petstore.server?.faults.add({ operation: "listPets", status: 500, times: 2 });
    expect(await thrown(pactum.spec().get("/pets").expectStatus(500))).toBeUndefined();
    const error = await thrown(pactum.spec().get("/pets").expect("petstore:conforms"));
    expect(error).toBeInstanceOf(PetstoreConformanceError);
  });

  it("says it cannot judge a spec it was asked to judge that is no operation of the interface", async () => {
    await open({ mock: {}, everySpec: false });
    const error = await thrown(pactum.spec().get("/nowhere").expect("petstore:conforms"));
    expect(error?.message).toMatch(/cannot judge this spec: GET \/nowhere is no operation/);
  });

  it("raises no advice about the answers its own mock's behaviour profile chose", async () => {
    const petstore = await open({
      mock: { behaviour: { version: 1, choices: { limitOutOfRange: "clamped" } } },
    });
    await pactum.spec().get("/pets").withQueryParams("limit", 0).expectStatus(200);
    await pactum.spec().get("/pets").withQueryParams("status", "flying").expectStatus(400);
    expect(petstore.advice).toEqual([]);
  });

  it("keeps advisory failures as advice, and fails on them when strict", async () => {
    const deployment = await startTinyServer((request, response) =>
      request.url?.startsWith("/v1/categories")
        ? json(response, 403, { error: "forbidden" })
        : json(response, 404, {}),
    );
    try {
      const petstore = await open({ baseUrl: deployment.url, apiKey: "k-0123456789" });
      expect(await thrown(pactum.spec().get("/categories"))).toBeUndefined();
      expect(petstore.advice.map((failure) => failure.id)).toContain("listCategories.error-body");
      await petstore.close();
      await open({ baseUrl: deployment.url, apiKey: "k-0123456789", strict: true });
      expect(await thrown(pactum.spec().get("/categories"))).toBeInstanceOf(
        PetstoreConformanceError,
      );
    } finally {
      await deployment.close();
    }
  });
});

function json(response: ServerResponse, status: number, body: unknown, headers = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

describe("targets, templates and the data map", () => {
  it("creates a category and a pet from the templates, valid by openapi.yaml and named with the run tag", async () => {
    const petstore = await open({ mock: { seed: 3 }, tag: "pt-test" });
    const category = (await pactum
      .spec()
      .post("/categories")
      .withJson({ "@DATA:TEMPLATE@": "petstore:NewCategory" })
      .expectStatus(201)
      .returns("res.body")) as { id: number; name: string };
    expect(category.name).toMatch(/^pt-test category \d+$/);
    await pactum
      .spec()
      .post("$M{petstore.baseUrl}/pets")
      .withJson({
        "@DATA:TEMPLATE@": "petstore:NewPet",
        "@OVERRIDES@": { categoryId: category.id },
      })
      .expectStatus(201)
      .expectJsonLike({ name: /^pt-test pet \d+$/, categoryId: category.id });
    expect(petstore.server?.journal.forOperation("createPet")).toHaveLength(1);
  });

  it("puts the base URL, the tag and an absent id in the data map, never the key", async () => {
    const petstore = await open({ mock: { apiKeys: ["dev-key-0123456789"] } });
    const map = (pactum.stash as unknown as { getDataMap(): unknown }).getDataMap();
    expect(map).toMatchObject({
      petstore: { baseUrl: petstore.baseUrl, tag: petstore.tag, absentId: petstore.absentId },
    });
    expect(JSON.stringify(map)).not.toContain("dev-key");
    await pactum.spec().get(`/pets/${petstore.absentId}`).expectStatus(404);
  });

  it("sends through the proxy with the development key; the deployment's key stays with the proxy", async () => {
    const stagingKey = "staging-key-0123456789";
    const staging = await startPetstoreServer({ port: 0, apiKeys: [stagingKey] });
    try {
      const petstore = await open({ proxyTo: staging.url, proxyKey: stagingKey });
      const sent = (await pactum
        .spec()
        .get("/pets")
        .withQueryParams("limit", 2)
        .expectStatus(200)
        .returns((context) => (context.req as { headers?: unknown }).headers)) as Record<
        string,
        string
      >;
      expect(JSON.stringify(sent)).not.toContain(stagingKey);
      expect(sent.Authorization).toMatch(/^Bearer pactum-dev-/);
      expect(staging.journal.forOperation("listPets")).toHaveLength(1);
      expect(petstore.server?.proxy).toBe(staging.url);
      // A failure's repro goes to the deployment itself, with its key: the proxy is gone after the run.
      staging.faults.add({ operation: "listPets", status: 500, times: 1 });
      const error = await thrown(pactum.spec().get("/pets"));
      expect(error?.message).toContain(
        `repro:    curl -g -sS -i '${staging.url}/pets' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
      );
      expect(error?.message).toMatch(/^ {2}\(.*the deployment directly.*\$PETSTORE_API_KEY.*\)$/m);
      expect(error?.message).not.toContain(petstore.baseUrl);
    } finally {
      await staging.close();
    }
  });

  it("refuses two targets, a deployment without its key, and something that is not pactum", async () => {
    await expect(
      usePetstore(pactum, {
        baseUrl: "http://127.0.0.1:1/v1",
        proxyTo: "http://127.0.0.1:2/v1",
        apiKey: "k",
      }),
    ).rejects.toThrow(/name one target/);
    expect(await refusal({ baseUrl: "http://127.0.0.1:1/v1", apiKey: "k", mock: {} })).toMatch(
      /name one target: .*, not baseUrl and mock$/,
    );
    await expect(usePetstore(pactum, { baseUrl: "http://127.0.0.1:1/v1" })).rejects.toThrow(
      /needs \{ apiKey \}/,
    );
    await expect(usePetstore({ spec: () => ({}) }, {})).rejects.toThrow(
      /needs pactum itself, its default export/,
    );
  });

  it.each([
    [
      { baseUrl: "https://me:secret@staging.example.com/v1", apiKey: "k" },
      "baseUrl must not carry credentials; give the key as apiKey",
    ],
    [
      { proxyTo: "https://me@staging.example.com/v1" },
      "proxyTo must not carry credentials; give the key as proxyKey",
    ],
    [
      { baseUrl: "https://staging.example.com", apiKey: "k" },
      'baseUrl has no /v1 (/): the API base includes it, e.g. baseUrl: "https://staging.example.com/v1"',
    ],
    [
      { proxyTo: "https://staging.example.com/api/" },
      'proxyTo has no /v1 (/api/): the API base includes it, e.g. proxyTo: "https://staging.example.com/api/v1"',
    ],
    [
      { baseUrl: "https://staging.example.com/v1/v1", apiKey: "k" },
      "baseUrl has /v1 2 times (/v1/v1): it belongs there once",
    ],
    [
      { baseUrl: "https://staging.example.com/v1?x=1", apiKey: "k" },
      "baseUrl must not carry a query",
    ],
  ])("refuses a target URL the CLI would refuse: %j", async (target, message) => {
    const error = await refusal(target);
    expect(error).toContain(`TypeError: petstore-mock-kit/pactum: ${message}`);
    expect(error).not.toContain("secret");
  });

  it("opens one session at a time, and close() ends it and stops the mock", async () => {
    const petstore = await open({ mock: {} });
    await expect(usePetstore(pactum, quiet)).rejects.toThrow(/close\(\) it before opening another/);
    await petstore.close();
    await expect(fetch(`${petstore.baseUrl}/pets`)).rejects.toThrow();
    const other = await startTinyServer((_request, response) => json(response, 200, []));
    try {
      const error = await thrown(
        pactum.spec().get(`${other.url}/pets`).expect("petstore:conforms"),
      );
      expect(error?.message).toMatch(/no Pet Store session is open/);
    } finally {
      await other.close();
    }
  });
});

describe("what a session sends", () => {
  it("sends the key to the base URL's origin only: another host a spec calls gets none", async () => {
    const seen: (string | undefined)[] = [];
    const other = await startTinyServer((request, response) => {
      seen.push(request.headers.authorization);
      json(response, 200, {});
    });
    try {
      const petstore = await open({ mock: { apiKeys: ["dev-key-0123456789"] } });
      const sent = (await pactum
        .spec()
        .get("/pets")
        .expectStatus(200)
        .returns((context) => (context.req as { headers?: unknown }).headers)) as object;
      expect(sent).toEqual({ Authorization: "Bearer dev-key-0123456789" });
      await pactum.spec().get(`${other.url}/track`).expectStatus(200);
      await pactum
        .spec()
        .post(`${other.url.replace("/v1", "")}/events`)
        .withJson({})
        .toss();
      expect(seen).toEqual([undefined, undefined]);
      expect(petstore.server?.journal.forOperation("listPets")).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("lets a spec's own Authorization win, in any letter case, and sends none for null", async () => {
    const seen: (string | undefined)[] = [];
    const deployment = await startTinyServer((request, response) => {
      seen.push(request.headers.authorization);
      json(response, 200, []);
    });
    try {
      await open({ baseUrl: deployment.url, apiKey: "k-0123456789", everySpec: false });
      await pactum.spec().get("/pets").withHeaders("authorization", "Bearer mine").toss();
      await pactum
        .spec()
        .get("/pets")
        .withHeaders("Authorization", null as unknown as string)
        .toss();
      await pactum.spec().get("/pets").toss();
      expect(seen).toEqual(["Bearer mine", undefined, "Bearer k-0123456789"]);
    } finally {
      await deployment.close();
    }
  });

  it("refuses a request that refers back to itself, saying where, before pactum's template walk overflows", async () => {
    const petstore = await open({ mock: {} });
    const trace: Record<string, unknown> = { id: 1 };
    trace.parent = { child: trace };
    const error = await thrown(
      pactum
        .spec()
        .get("/pets")
        .withHeaders("x-trace", trace as never)
        .expectStatus(200),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toMatch(
      /^petstore-mock-kit\/pactum: this spec's request refers back to itself at headers\.x-trace\.parent\.child: /,
    );
    const body = await thrown(pactum.spec().post("/pets").withJson(trace));
    expect(body?.message).toMatch(/refers back to itself at data\.parent\.child: /);
    expect(petstore.server?.journal.forOperation("createPet")).toEqual([]);
  });

  it("ends a trickling answer at the spec's request timeout, in the CLI's words", async () => {
    const deployment = await startTinyServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const drip = setInterval(() => {
        if (response.destroyed) clearInterval(drip);
        else response.write(" ");
      }, 50);
    });
    try {
      await open({ baseUrl: deployment.url, apiKey: "k-0123456789" });
      const started = performance.now();
      const error = await thrown(pactum.spec().get("/pets").withRequestTimeout(400));
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(error?.message).toBe("timeout: no complete answer within 400 ms");
    } finally {
      await deployment.close();
    }
  });
});

describe("retries", () => {
  it("refuses a retried POST before sending anything", async () => {
    const petstore = await open({ mock: {} });
    const error = await thrown(
      pactum.spec().post("/pets").withJson({ name: "x", categoryId: 1 }).retry(2),
    );
    expect(error?.message).toMatch(/refused this spec's retry: a POST would be sent again/);
    expect(petstore.server?.journal.forOperation("createPet")).toEqual([]);
    const status = await thrown(
      pactum
        .spec()
        .post("/pets")
        .withJson({ name: "x", categoryId: 1 })
        .retry({ count: 2, status: 503 }),
    );
    expect(status?.message).toMatch(/refused/);
    const kitsOnPost = await thrown(
      pactum
        .spec()
        .post("/pets")
        .withJson({ name: "x", categoryId: 1 })
        .retry({ count: 2, strategy: "petstore:retry-after" }),
    );
    expect(kitsOnPost?.message).toMatch(/retries GETs only/);
    const tooMany = await thrown(
      pactum.spec().get("/pets").retry({ count: 9, strategy: "petstore:retry-after" }),
    );
    expect(tooMany?.message).toMatch(/retries at most 5 times; count 9 asked/);
    expect(petstore.server?.journal.forOperation("createPet")).toEqual([]);
  });

  it("retries a GET after the wait Retry-After asks, says so, and not past a good answer", async () => {
    const answers = [429, 503, 200];
    const seen: number[] = [];
    const deployment = await startTinyServer((_request, response) => {
      const status = answers[seen.length] ?? 200;
      seen.push(performance.now());
      if (status === 200) json(response, 200, []);
      else
        json(response, status, { code: "busy", message: "later", status }, { "retry-after": "1" });
    });
    const lines: string[] = [];
    try {
      await open({
        baseUrl: deployment.url,
        apiKey: "k-0123456789",
        everySpec: false,
        log: (_level, line) => lines.push(line),
      });
      await pactum
        .spec()
        .get("/pets")
        .retry({ count: 3, strategy: "petstore:retry-after" })
        .expectStatus(200);
      expect(seen).toHaveLength(3);
      const waits = seen.slice(1).map((at, index) => at - (seen[index] as number));
      for (const wait of waits) expect(wait).toBeGreaterThan(900);
      // Each wait as made, in place of pactum's own "waiting 0 seconds".
      expect(lines).toEqual(
        [429, 503].map(
          (status, at) =>
            `[I] Request retry initiated (petstore:retry-after, HTTP ${status}), waiting 1 seconds for attempt ${at + 1} of 3`,
        ),
      );
    } finally {
      await deployment.close();
    }
  });
});
