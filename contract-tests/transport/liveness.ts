/**
 * Fail fast on a dead deployment. After a few requests in a row got no answer
 * within `--timeout`, one probe (a GET of an operation outside that streak)
 * tells a deployment that stopped answering from one operation that hangs:
 * no answer to the probe either stops the run; an answer lets it go on.
 */
import { interfaceOperations, limitQuery } from "../../mocks/interface/operations.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import { type ContractRequest, type Exchange, send, type Target } from "./http.js";

/** Requests in a row without an answer before the probe. */
const unansweredStreak = 3;

/** The deployment stopped answering: no further request is worth its timeout. */
export class DeploymentSilentError extends Error {
  override readonly name = "DeploymentSilentError";
}

/** The cheapest read of every list: its smallest `limit`, where it takes one. */
const probes = interfaceOperations
  .filter((operation) => operation.lists)
  .map((operation) => ({
    operation: operation.id,
    request: {
      method: "GET",
      path: operation.template,
      query: limitQuery(operation, "minimum"),
    } satisfies ContractRequest,
  }));

/** The cheapest read of the first list (`GET /pets?limit=1`): is a deployment there at all? */
export const firstProbe: ContractRequest = (probes[0] as (typeof probes)[number]).request;

export class LivenessWatch {
  private streak: OperationId[] = [];

  constructor(
    private readonly target: Target,
    private readonly limit = unansweredStreak,
  ) {}

  /** Takes note of an exchange; throws `DeploymentSilentError` when the deployment is gone. */
  async observe(operation: OperationId, exchange: Exchange): Promise<void> {
    if (!exchange.unanswered) {
      this.streak = [];
      return;
    }
    this.streak.push(operation);
    if (this.streak.length < this.limit) return;
    const probe = probes.find((candidate) => !this.streak.includes(candidate.operation));
    const answer = await send(this.target, probe?.request ?? firstProbe);
    this.streak = [];
    if (!answer.unanswered) return;
    throw new DeploymentSilentError(
      `the deployment stopped answering: ${this.limit} requests in a row and a probe (GET ${answer.url}) got no answer within --timeout ${this.target.timeoutMs} ms (${answer.error ?? "no answer"}); the run stopped there`,
    );
  }
}
