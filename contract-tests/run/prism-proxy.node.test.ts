/**
 * `npm run contract:proxy`: the suite through Prism's validation proxy passes
 * against the kit's mock and fails on the violations Prism reports.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PetstoreCore } from "../../mocks/core/petstore-core.js";
import { freePort } from "../../mocks/server/free-port.js";
import type { RunningPetstoreServer } from "../../mocks/server/server.js";
import {
  fault as faultNamed,
  startMock,
  testApiKey,
} from "../../mocks/test-support/faulty-servers.js";
import { failingChecks, runPassed } from "../suite/results.js";
import { type PrismProxy, prismAnswer, startPrismProxy, withProxyChecks } from "./prism-proxy.js";
import { runContractSuite } from "./runner.js";

describe("npm run contract:proxy against the kit's mock", () => {
  let mock: RunningPetstoreServer;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.close());

  it("passes, and Prism flags no answer: openapi.yaml lists every answer the mock gives", async () => {
    const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "contract:proxy"], {
      env: { ...process.env, PETSTORE_URL: mock.url, PETSTORE_API_KEY: testApiKey },
    });
    expect(stdout).toContain("(through Prism's validation proxy)");
    expect(stdout).not.toContain("Prism flags");
    expect(stdout).toMatch(/^PASSED/m);
  }, 120_000);
});

describe("the suite through Prism's proxy against a faulty server", () => {
  let core: PetstoreCore;
  let fault: PetstoreCore | undefined;
  let server: RunningPetstoreServer;
  let proxy: PrismProxy;
  beforeAll(async () => {
    // One server and one Prism; each test injects its fault around the server's core.
    server = await startMock((handle) => {
      core = handle;
      return (request) => (fault ?? core)(request);
    });
    proxy = await startPrismProxy(server.url, await freePort());
    return async () => {
      await proxy.close();
      await server.close();
    };
  }, 120_000);

  it.each([
    ["pet-id-as-string", "listPets.default.proxy-no-violations", /must be integer/],
    // 200 is not listed for createPet, so Prism judges the body as the `default` Error.
    ["created-as-200", "createPet.full.proxy-no-violations", /required property 'code' \(Error\)/],
  ])("fails %s on Prism's report", async (faultName, checkId, message) => {
    fault = faultNamed(faultName)(core);
    try {
      const raw = await runContractSuite({
        baseUrl: proxy.url,
        apiKey: testApiKey,
        foreignAnswer: prismAnswer,
      });
      const result = withProxyChecks(raw);
      expect(runPassed(result)).toBe(false);
      const failure = failingChecks(result).find((check) => check.id === checkId);
      expect(failure?.actual).toMatch(message);
    } finally {
      fault = undefined;
    }
  });
});
