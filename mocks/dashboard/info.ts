/** The server's facts in the page's words: faults, who answered a request, health. */

import type { DeploymentHealth } from "../admin/admin.js";
import type { ServerInfo } from "../admin/dashboard.js";
import type { FaultInput, FaultPreset } from "../core/faults.js";
import type { JournalEntry } from "../core/journal.js";

export type { ServerInfo };

/** A fault's effect in a few words, e.g. `503`, `delay 1500 ms`, `reset`. */
export function effectOf(fault: FaultInput): string {
  const parts: string[] = [];
  if (fault.status !== undefined) parts.push(String(fault.status));
  if (fault.delayMs !== undefined) parts.push(`delay ${fault.delayMs} ms`);
  if (fault.network) parts.push(fault.network);
  if (fault.body) parts.push(`${fault.body} body`);
  return parts.join(", ");
}

/** A fault's id, with the preset that added it: `f3` or `f3 (preset flaky-writes)`. */
export function faultName(fault: { readonly id: string; readonly preset?: FaultPreset }): string {
  return fault.preset ? `${fault.id} (preset ${fault.preset})` : fault.id;
}

/** The deployment behind `--proxy`, or null when the mock answers everything itself. */
export function upstreamOf(info: Pick<ServerInfo, "options">): string | null {
  const { proxy } = info.options;
  return typeof proxy === "string" ? proxy : null;
}

/**
 * Who answered a request behind `--proxy`, in a few words: the deployment,
 * the local mock (a request the proxy keeps), the mock as the fallback for a
 * deployment that gave no usable answer (`--fallback mock`), or the proxy
 * itself (refused before forwarding, or a 502 with no usable answer).
 */
const answeredWords = {
  deployment: "deployment's answer",
  mock: "local mock (not forwarded)",
  fallback: "mock fallback (deployment gave no answer)",
} as const;
export const answeredBy = ({ answeredBy }: Pick<JournalEntry, "answeredBy">): string =>
  answeredBy === undefined ? "proxy" : answeredWords[answeredBy];

/** What `GET /__mock/health` answers: the mock's status and, behind `--proxy`, the deployment's state. */
export interface HealthAnswer {
  readonly status: string;
  readonly deployment?: Pick<DeploymentHealth, "state" | "checkedAt" | "reason">;
}

const deploymentWords: Readonly<Record<DeploymentHealth["state"], string>> = {
  up: "up",
  "key-rejected": "answering, but it rejects the proxy key (--proxy-key)",
  down: "down",
  unknown: "not reached yet",
};

/**
 * The page's health line: the mock's status, and behind `--proxy` the
 * deployment's state first (it answers the API), with why it is down and
 * when it was last checked.
 */
export function healthLine(answer: HealthAnswer): string {
  const { deployment } = answer;
  if (!deployment) return `Health: ${answer.status}`;
  const why = deployment.reason === undefined ? "" : ` (${deployment.reason})`;
  const when =
    deployment.checkedAt === undefined
      ? ""
      : `, checked ${new Date(deployment.checkedAt).toLocaleTimeString()}`;
  return `Health: deployment ${deploymentWords[deployment.state]}${why}${when}; local mock ${answer.status}`;
}

/** Who answered a request behind `--proxy` (the deployment at `upstream`), in a sentence. */
export function answeredSentenceOf(
  entry: Pick<JournalEntry, "answeredBy" | "problems">,
  upstream: string,
): string {
  switch (entry.answeredBy) {
    case "deployment":
      return `Answered by the deployment, ${upstream}.`;
    case "mock":
      return "Answered by the local mock, not forwarded to the deployment: the proxy keeps a request with a bad key, an oversized body or no operation of the interface.";
    case "fallback": {
      const why = entry.problems.find((problem) => problem.code === "no_answer")?.message;
      return `Answered by the local mock as a fallback (\`--fallback mock\`): the deployment gave no usable answer${why ? ` (${why})` : ""}.`;
    }
    default:
      return "Answered by the proxy itself: the request was not forwarded, or the deployment gave no usable answer.";
  }
}
