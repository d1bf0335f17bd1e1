/**
 * What the dashboard says behind `--proxy`: who answered each request (the
 * deployment, the mock for a request the proxy keeps, the mock as the
 * fallback for a deployment that gave no answer, the proxy), and a health
 * line led by the deployment's state.
 */
import { describe, expect, it } from "vitest";
import { answeredBy, answeredSentenceOf, healthLine } from "./info.js";

describe("who answered, behind --proxy", () => {
  it("tells a request the proxy kept from a fallback for a deployment that gave no answer", () => {
    expect(
      (["deployment", "mock", "fallback", undefined] as const).map((who) =>
        answeredBy({ answeredBy: who }),
      ),
    ).toEqual([
      "deployment's answer",
      "local mock (not forwarded)",
      "mock fallback (deployment gave no answer)",
      "proxy",
    ]);
    const noAnswer = {
      by: "deployment" as const,
      code: "no_answer",
      message: "connect ECONNREFUSED 127.0.0.1:9",
    };
    expect(
      answeredSentenceOf({ answeredBy: "fallback", problems: [noAnswer] }, "http://s/v1"),
    ).toBe(
      "Answered by the local mock as a fallback (`--fallback mock`): the deployment gave no usable answer (connect ECONNREFUSED 127.0.0.1:9).",
    );
    expect(answeredSentenceOf({ answeredBy: "mock", problems: [] }, "http://s/v1")).toMatch(
      /^Answered by the local mock, not forwarded to the deployment: the proxy keeps a request with a bad key/,
    );
    expect(answeredSentenceOf({ answeredBy: "deployment", problems: [] }, "http://s/v1")).toBe(
      "Answered by the deployment, http://s/v1.",
    );
  });
});

describe("the health line", () => {
  it("is the mock's status without --proxy", () => {
    expect(healthLine({ status: "ok" })).toBe("Health: ok");
  });

  it("leads with the deployment's state behind --proxy, and why it is down", () => {
    const checkedAt = "2026-11-29T01:02:03.000Z";
    const time = new Date(checkedAt).toLocaleTimeString();
    expect(
      healthLine({
        status: "ok",
        deployment: {
          state: "down",
          checkedAt,
          reason: "connect ECONNREFUSED",
        },
      }),
    ).toBe(`Health: deployment down (connect ECONNREFUSED), checked ${time}; local mock ok`);
    expect(healthLine({ status: "ok", deployment: { state: "unknown" } })).toBe(
      "Health: deployment not reached yet; local mock ok",
    );
    expect(healthLine({ status: "ok", deployment: { state: "up", checkedAt } })).toBe(
      `Health: deployment up, checked ${time}; local mock ok`,
    );
    expect(healthLine({ status: "ok", deployment: { state: "key-rejected", checkedAt } })).toMatch(
      /^Health: deployment answering, but it rejects the proxy key/,
    );
  });
});
