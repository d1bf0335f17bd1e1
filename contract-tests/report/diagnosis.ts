/**
 * Diagnosis first: the few causes that explain most of a red run (not this API
 * at this URL, the key rejected, a wrong base path, a deployment that stopped
 * answering, answers too large to read, one operation missing, …), each with the failed checks it
 * explains and what to do. Every report puts them before the list of checks.
 *
 * Each failed check (documented or advisory) is explained by at most one
 * cause: the causes are tried in order, each claiming the failures not yet
 * claimed. A cause that explains only advisory checks (and did not stop the
 * run) is advice, not a failure: reports show it after the failures, as such.
 * Evidence quotes only the checks' `actual` texts, which are already
 * redacted and cut, never raw server text.
 *
 * @example
 * for (const { cause, checks, hint } of diagnose(result)) console.log(cause, checks.length, hint);
 */

import { basePathProblem } from "../../mocks/interface/base-url.js";
import { foundParts } from "../../mocks/interface/failure-lines.js";
import { violations } from "../../mocks/interface/schemas.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import { plural } from "../../mocks/util/text.js";
import { failedStatuses } from "../fuzz/results.js";
import type { CaseRecord, CheckResult } from "../suite/results.js";
import type { ReportedRun } from "./run.js";

export type DiagnosisCause =
  | "not-answering"
  | "too-large"
  | "key-rejected"
  | "wrong-base-path"
  | "not-this-api"
  | "operation-missing"
  | "no-error-shape"
  | "server-errors"
  | "not-json";

export interface Diagnosis {
  /** A stable name for the cause. */
  readonly cause: DiagnosisCause;
  /** The cause in words. */
  readonly title: string;
  /** What in the run points at it. */
  readonly evidence: string;
  /** What to do about it. */
  readonly hint: string;
  /** Ids of the failed checks it explains: those that fail the run first (documented, every one with `--strict`), then advisory ones. */
  readonly checks: readonly string[];
  /**
   * `failure` when it explains a check that fails the run (a documented one,
   * any with `--strict`) or stopped the run; `advice` when it explains only
   * advisory warnings.
   */
  readonly severity: "failure" | "advice";
}

/** A cause found in the run, and which failed checks it explains. */
interface Finding extends Omit<Diagnosis, "checks" | "severity"> {
  readonly explains: (check: CheckResult) => boolean;
  /** Reported even when it explains no check (e.g. the run stopped for it). */
  readonly always?: boolean;
}

interface Evidence {
  readonly result: ReportedRun;
  readonly answered: readonly CaseRecord[];
  readonly failed: readonly CheckResult[];
}

type Detector = (evidence: Evidence) => Finding | undefined;

/** What came back, and why the check failed, from a failed check's text (`foundText`). */
const answerOf = (check: CheckResult | undefined) => foundParts(check?.actual).answer;
const reasonOf = (check: CheckResult | undefined) => foundParts(check?.actual).reason;

/** An answer's status; 0 when none came. */
export const statusOf = (record: CaseRecord) => record.exchange.response?.status ?? 0;
const inCases = (records: readonly CaseRecord[]) => {
  const ids = new Set(records.map((record) => record.caseId));
  return (check: CheckResult) => ids.has(check.caseId);
};
/**
 * The failed checks these answers explain: the checks of their cases, and
 * each cause of failure of the generated requests (`--fuzz`) whose every
 * failing answer had a status one of these answers had.
 */
const explainedBy = (result: ReportedRun, records: readonly CaseRecord[]) => {
  const inThese = inCases(records);
  const statuses = new Set(records.map((record) => String(statusOf(record))));
  const fuzzFailed = failedStatuses(result.fuzz);
  return (check: CheckResult) => {
    const failed = fuzzFailed.get(check.id);
    return (
      inThese(check) ||
      (failed !== undefined && Object.keys(failed).every((status) => statuses.has(status)))
    );
  };
};
const statusList = (records: readonly CaseRecord[]) =>
  [...new Set(records.map(statusOf))].sort().join("/");
/** ", e.g. <the answer of the first failure among these cases>", or nothing. */
function example(evidence: Evidence, records: readonly CaseRecord[]): string {
  const answer = answerOf(evidence.failed.find(inCases(records)));
  return answer ? `, e.g. ${answer}` : "";
}

const notAnswering: Detector = (evidence) => {
  const { result } = evidence;
  const silent = result.cases.filter((record) => record.exchange.unanswered);
  const stopped = result.stopReason === "not-answering";
  if (!stopped && silent.length < 3) return undefined;
  const operations = [...new Set(silent.map((record) => record.operation))];
  const count = `${plural(silent.length, "request")} of ${operations.join(", ")} got no answer`;
  return {
    cause: "not-answering",
    title: stopped ? "The deployment is not answering" : "Requests got no answer",
    evidence: !stopped
      ? `${count}${example(evidence, silent)}`
      : silent.length > 0
        ? `${result.stoppedEarly}; ${count}`
        : (result.stoppedEarly ?? ""),
    hint: "Is the deployment up and reachable from here? If it is only slow, raise --timeout.",
    explains: explainedBy(result, silent),
    always: stopped,
  };
};

/**
 * Answers that came but broke the kit's read bounds: a body over
 * `--max-answer-bytes`, headers over Node's limit. Not silence (the
 * deployment answered; raising --timeout would not help): it explains their
 * `too-large` advice, and the `no-5xx` of an answer whose status was not
 * even seen.
 */
const tooLargeAnswers: Detector = (evidence) => {
  const { result } = evidence;
  const isAdvice = (check: CheckResult) => check.id.endsWith(".too-large");
  const broke = result.cases.filter((record) => record.exchange.tooLarge !== undefined);
  // Answers to generated requests (`--fuzz`) show only in their checks.
  const first = broke[0]?.exchange.tooLarge ?? reasonOf(evidence.failed.find(isAdvice));
  if (first === "") return undefined;
  const statusUnseen = inCases(broke.filter((record) => !record.exchange.response));
  const operations = [...new Set(broke.map((record) => record.operation))];
  const which =
    broke.length > 0
      ? `${plural(broke.length, "answer")} of ${operations.join(", ")}`
      : "Answers to generated requests";
  return {
    cause: "too-large",
    title: "Answers too large for the kit to read",
    evidence: `${which} broke the kit's read bounds, e.g. ${first}`,
    hint: "The kit reads at most --max-answer-bytes of an answer's body (default 1 MiB) and 16 KiB of its headers (Node's limit), and judges a larger answer by its status alone. If the deployment's bodies are legitimately that large, raise --max-answer-bytes (raising --timeout does not help: the answer came); otherwise it sends far more than it should.",
    explains: (check) => isAdvice(check) || (check.id.endsWith(".no-5xx") && statusUnseen(check)),
  };
};

/** The request carried the run's key (not a credential case's missing or wrong one). */
export const sentWithKey = (record: CaseRecord) =>
  (record.exchange.request.credential ?? "valid") === "valid";

/** The statuses that refuse a credential. */
export const rejectionStatuses: readonly number[] = [401, 403];

const keyRejected: Detector = (evidence) => {
  const withKey = evidence.answered.filter(sentWithKey);
  const rejected = withKey.filter((record) => rejectionStatuses.includes(statusOf(record)));
  if (rejected.length === 0 || rejected.length * 2 < withKey.length) return undefined;
  return {
    cause: "key-rejected",
    title: "The key was rejected",
    evidence: `${rejected.length} of ${plural(withKey.length, "request")} sent with the key were answered ${statusList(rejected)}${example(evidence, rejected)}`,
    hint: "Check PETSTORE_API_KEY (or --key): is it this deployment's key (staging and production keys differ), and still valid? It is sent as Authorization: Bearer <key>.",
    explains: explainedBy(evidence.result, rejected),
  };
};

/** What looks wrong with the path of a base URL: /v1 missing or doubled. */
function basePathAdvice(baseUrl: string): string {
  const problem = basePathProblem(baseUrl, (url) => `--url ${url}`);
  if (problem !== undefined) return `The URL ${problem}.`;
  return `Check the path (${new URL(baseUrl).pathname}): --url must be the API base, so that <url>/pets lists the pets.`;
}

const wrongBasePath: Detector = (evidence) => {
  const missing = evidence.answered.filter((record) => statusOf(record) === 404);
  const operations = new Set(missing.map((record) => record.operation));
  if (missing.length < 3 || missing.length < evidence.answered.length * 0.8 || operations.size < 2)
    return undefined;
  return {
    cause: "wrong-base-path",
    title: "Wrong base path: (almost) everything is 404",
    evidence: `${missing.length} of ${plural(evidence.answered.length, "answer")} were 404, on ${plural(operations.size, "operation")}${example(evidence, missing)}`,
    hint: basePathAdvice(evidence.result.baseUrl),
    explains: explainedBy(evidence.result, missing),
  };
};

/** The first request found no pet list (404) or no JSON at the URL: no check ran. */
const unusableAtStart: Detector = ({ result }) => {
  const reason = result.stopReason;
  if (reason !== "wrong-base-path" && reason !== "not-this-api") return undefined;
  return {
    cause: reason,
    title:
      reason === "wrong-base-path"
        ? "Wrong base path: no pet list at this URL"
        : "Not the Pet Store API at this URL: no JSON there",
    evidence: result.stoppedEarly ?? "",
    hint:
      reason === "wrong-base-path"
        ? basePathAdvice(result.baseUrl)
        : "Is --url the API base (including /v1)? A web page, login page or proxy answers there.",
    explains: () => false,
    always: true,
  };
};

/** What an answer was, to compare answers; one not read whole is like no other. */
const answerKey = (record: CaseRecord) => {
  const response = record.exchange.response;
  if (response?.unread !== undefined) return `not read: ${record.caseId}`;
  return response ? `${response.status} ${response.text}` : "";
};

const sameAnswerForAll: Detector = (evidence) => {
  const { answered } = evidence;
  if (answered.length < 10) return undefined;
  const counts = new Map<string, CaseRecord[]>();
  for (const record of answered) {
    const key = answerKey(record);
    counts.set(key, [...(counts.get(key) ?? []), record]);
  }
  const largest = [...counts.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const kinds = new Set(largest.map((record) => record.provocation));
  if (largest.length < answered.length * 0.9 || kinds.size < 2) return undefined;
  return {
    cause: "not-this-api",
    title: "Not the Pet Store API at this URL: the same answer to everything",
    evidence: `${largest.length} of ${plural(answered.length, "answer")}, to valid and invalid requests alike, were the same: ${answerOf(evidence.failed.find(inCases(largest)))}`,
    hint: "Is --url the Pet Store API's base (including /v1)? Something else answers there: a catch-all route, a health endpoint, a gateway or a stub.",
    explains: () => true,
  };
};

/** A failed check that wanted a 2xx (`status-201`, `status-2xx`, the app's `HTTP 200`). */
const wantedSuccess = (check: CheckResult) =>
  /^(?:HTTP 2\d\d\b|a 2xx\b)/.test(check.expected) &&
  /\.(?:status-\w+|consumer-status)$/.test(check.id);

/**
 * Operations every request to which was answered 404 or 405, one of them a
 * request that wanted a 2xx: a 404 to a request that expected one (an
 * absent pet) says nothing about the route.
 */
const operationMissing: Detector = (evidence) => {
  const gone = (record: CaseRecord) => [404, 405].includes(statusOf(record));
  const refusedSuccess = new Set(evidence.failed.filter(wantedSuccess).map((c) => c.caseId));
  const byOperation = new Map<OperationId, CaseRecord[]>();
  for (const record of evidence.answered) {
    byOperation.set(record.operation, [...(byOperation.get(record.operation) ?? []), record]);
  }
  const missing = [...byOperation].filter(
    ([, records]) =>
      records.length >= 2 &&
      records.every(gone) &&
      records.some((record) => refusedSuccess.has(record.caseId)),
  );
  if (missing.length === 0 || missing.length === byOperation.size) return undefined;
  const records = missing.flatMap(([, cases]) => cases);
  const names = missing.map(([operation]) => operation).join(", ");
  return {
    cause: "operation-missing",
    title: `${missing.length === 1 ? "One operation is" : "Operations are"} missing: ${names}`,
    evidence: `every request to ${names} was answered ${statusList(records)}${example(evidence, records)}`,
    hint: "The deployment does not serve it (not deployed yet, or at another path). Fix the route, or leave it out with --only until it ships.",
    explains: inCases(records),
  };
};

const hasErrorShape = (record: CaseRecord) =>
  violations("Error", "one", record.exchange.response?.json) === undefined;

const noErrorShape: Detector = (evidence) => {
  const rejections = evidence.answered.filter((record) => statusOf(record) >= 400);
  if (rejections.length < 5 || rejections.some(hasErrorShape)) return undefined;
  return {
    cause: "no-error-shape",
    title: "No answer has the Error shape: maybe not the Pet Store API",
    evidence: `none of the ${plural(rejections.length, "error answer")} (${statusList(rejections)}) carried an Error body {code, message, status}${example(evidence, rejections)}`,
    hint: "Is --url the Pet Store API itself? Its errors are JSON objects with code, message and status (interface §7); a gateway or proxy in front answers in its own format. If it is the API, its error bodies miss a field: see the first failure.",
    explains: inCases(rejections),
  };
};

const serverErrors: Detector = (evidence) => {
  const failing = evidence.answered.filter((record) => statusOf(record) >= 500);
  if (failing.length < 2) return undefined;
  return {
    cause: "server-errors",
    title: "The deployment fails with 5xx",
    evidence: `${plural(failing.length, "request")} answered ${statusList(failing)}${example(evidence, failing)}`,
    hint: "No input may cause a 5xx. The deployment's logs for these requests say why; each failure below has a curl line that repeats it.",
    explains: inCases(failing),
  };
};

const isMediaTypeCheck = (check: CheckResult) => /\.(error-)?media-type$/.test(check.id);

const notJson: Detector = ({ failed }) => {
  const unlabelled = failed.filter(isMediaTypeCheck);
  if (unlabelled.length < 3) return undefined;
  const types = [...new Set(unlabelled.map(reasonOf))].slice(0, 3);
  const stated = unlabelled.some((check) => check.kind === "documented");
  return {
    cause: "not-json",
    title: "Answers are not labelled application/json",
    evidence: `${plural(unlabelled.length, "answer")} with a body: ${types.join("; ")}`,
    hint: stated
      ? "Send Content-Type: application/json on every answer with a body (interface §4: request and response bodies are application/json)."
      : "Advice: these are errors of operations whose error answers the interface does not show (§7), so no statement fixes their media type; labelling them application/json, like every other answer, spares clients a second parser.",
    explains: isMediaTypeCheck,
  };
};

/** In order: a cause earlier in the list claims its failures first. */
const detectors: readonly Detector[] = [
  tooLargeAnswers,
  notAnswering,
  unusableAtStart,
  keyRejected,
  wrongBasePath,
  sameAnswerForAll,
  operationMissing,
  noErrorShape,
  serverErrors,
  notJson,
];

/** Failures first, then advice; otherwise in the order the causes were found. */
export function diagnose(result: ReportedRun): Diagnosis[] {
  const unexplained = new Set(result.checks.filter((check) => check.outcome === "failed"));
  const answered = result.cases.filter((record) => record.exchange.response !== undefined);
  const fails = (check: CheckResult) => result.strict || check.kind === "documented";
  const diagnoses: Diagnosis[] = [];
  for (const detect of detectors) {
    const finding = detect({ result, answered, failed: [...unexplained] });
    if (!finding) continue;
    const { explains, always, ...diagnosis } = finding;
    const claimed = [...unexplained].filter(explains);
    if (claimed.length === 0 && !always) continue;
    for (const check of claimed) unexplained.delete(check);
    const severity = always || claimed.some(fails) ? "failure" : "advice";
    // The checks that fail the run come first: the console shows a cause's first few.
    const ordered = [...claimed.filter(fails), ...claimed.filter((check) => !fails(check))];
    diagnoses.push({ ...diagnosis, checks: ordered.map((check) => check.id), severity });
  }
  const rank = (diagnosis: Diagnosis) => (diagnosis.severity === "failure" ? 0 : 1);
  return diagnoses.sort((a, b) => rank(a) - rank(b));
}
