/**
 * Parity of `petstore-mock-kit/pactum` with `petstore-contract` (issue 47):
 * the suite's own requests, sent again through pactum to a fresh copy of the
 * same deployment and judged by `petstore:conforms`, fail exactly the checks
 * the suite failed: same check, kind, expectation, answer text and curl line
 * (the base URL aside), against conforming, faulty and hostile deployments.
 */
import pactum from "pactum";
import { describe, expect, it } from "vitest";
import type { Failure } from "../../mocks/interface/failure-lines.js";
import { PetstoreConformanceError, usePetstore } from "../../mocks/pactum.js";
import { fault, startMock, testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { frontOf, hostileKey, hostileServers } from "../../mocks/test-support/hostile-servers.js";
import { startTinyServer } from "../../mocks/test-support/servers.js";
import type { CaseRecord } from "../suite/results.js";
import { otherDeploymentKey, startOtherDeployment } from "../test-support/other-deployment.js";
import {
  authorizationHeader,
  bodyContentType,
  requestBody,
  requestUrl,
  type Target,
} from "../transport/http.js";
import { runContractSuite } from "./runner.js";

interface Deployment {
  readonly url: string;
  close(): Promise<unknown>;
}

const hostile = (name: string) => async (): Promise<Deployment> => {
  const found = hostileServers.find((server) => server.name === name);
  if (!found) throw new Error(`no hostile server ${name}`);
  const mock = await startMock(undefined, hostileKey);
  const front = await startTinyServer(frontOf(mock.url, found));
  const close = async () => {
    await front.close();
    await mock.close();
  };
  return { url: front.url, close };
};

const deployments: [string, string, () => Promise<Deployment>, "conforms" | "fails"][] = [
  ["the kit's mock", testApiKey, () => startMock(), "conforms"],
  ["the other deployment", otherDeploymentKey, () => startOtherDeployment(), "conforms"],
  ["a mock ignoring limit", testApiKey, () => startMock(fault("ignores-limit")), "fails"],
  ["a mock creating with 200", testApiKey, () => startMock(fault("created-as-200")), "fails"],
  ["a mock losing pets", testApiKey, () => startMock(fault("loses-pets")), "fails"],
  ["a mock answering 401 in HTML", testApiKey, () => startMock(fault("html-401")), "fails"],
  ["a deployment echoing the key", hostileKey, hostile("echo-key-escaped"), "fails"],
  ["a deployment writing escapes", hostileKey, hostile("escape-sequences-and-html"), "fails"],
];

const tag = "parity";

/** A failure as both sides report it, the base URL written `BASE` and the time a record was made `TIME`. */
const shown = (check: string, failure: Omit<Failure, "id">, base: string) => {
  const at = (text: string | undefined) =>
    (text ?? "").replaceAll(base, "BASE").replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "TIME");
  return `${check} [${failure.kind}] ${failure.expected} | ${at(failure.actual)} | ${at(failure.curl)}`;
};

/** The suite's cases sent again through pactum, in order; every failure `petstore:conforms` reports. */
async function throughPactum(cases: readonly CaseRecord[], baseUrl: string, apiKey: string) {
  const petstore = await usePetstore(pactum, { baseUrl, apiKey, log: () => {} });
  const failures: Failure[] = [];
  const target = { apiKey, wrongKey: `wrong-key-${tag}` } as Target;
  try {
    for (const { exchange } of cases) {
      const { request } = exchange;
      const authorization = authorizationHeader(target, request.credential ?? "valid");
      // `null`: no credential at all (the kit drops it, and the session's default with it).
      const headers: Record<string, string | null> = {
        accept: "application/json",
        Authorization: authorization ?? null,
      };
      const type = bodyContentType(request);
      if (type !== undefined) headers["content-type"] = type;
      const spec = pactum
        .spec()
        .withMethod(request.method)
        .withPath(requestUrl(baseUrl, request))
        .withHeaders(headers);
      const body = requestBody(request);
      if (body !== undefined) spec.withBody(body);
      await spec.toss().catch((error: unknown) => {
        if (!(error instanceof PetstoreConformanceError)) throw error;
        failures.push(...error.failures);
      });
    }
    return [...failures, ...petstore.advice];
  } finally {
    await petstore.close();
  }
}

describe("petstore:conforms fails the checks petstore-contract fails, for the same exchanges", () => {
  it.each(deployments)(
    "against %s",
    async (_name, apiKey, start, verdict) => {
      const first = await start();
      const run = await runContractSuite({ baseUrl: first.url, apiKey, tag }).finally(() =>
        first.close(),
      );
      const cli = run.checks
        .filter((check) => check.outcome === "failed")
        .map((check) =>
          shown(`${check.operation}.${check.id.slice(check.caseId.length + 1)}`, check, first.url),
        );
      const second = await start();
      const viaPactum = await throughPactum(run.cases, second.url, apiKey).finally(() =>
        second.close(),
      );
      const judged = viaPactum.map((failure) => shown(failure.id, failure, second.url));
      expect(judged.sort()).toEqual(cli.sort());
      expect(run.cases.length).toBeGreaterThan(40);
      if (verdict === "conforms") {
        expect(run.checks.filter((c) => c.outcome === "failed" && c.kind === "documented")).toEqual(
          [],
        );
      } else expect(cli.length).toBeGreaterThan(0);
    },
    60_000,
  );
});
