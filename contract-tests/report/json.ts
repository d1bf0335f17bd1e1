/** `--json FILE`: the whole result, for dashboards and baselines. */

import { toJson } from "../../mocks/util/exact-json.js";
import { runConforms } from "../suite/results.js";
import { defaultMaxBodyBytes } from "../transport/http.js";
import { consumerJson } from "./consumer.js";
import { diagnose } from "./diagnosis.js";
import { fuzzJson } from "./fuzz.js";
import type { ReportedRun } from "./run.js";
import { statusMatrix } from "./summary.js";
import { printableData } from "./text.js";
import { reportVersions } from "./versions.js";

export function jsonReport(result: ReportedRun): string {
  const diagnoses = diagnose(result);
  return `${toJson(
    printableData({
      tool: { name: "petstore-contract", version: reportVersions().kit },
      interface: { version: reportVersions().interface },
      baseUrl: result.baseUrl,
      tag: result.tag,
      replayOf: result.replayOf ?? null,
      readOnly: result.readOnly,
      strict: result.strict,
      passed: runConforms(result),
      stoppedEarly: result.stoppedEarly ?? null,
      stopReason: result.stopReason ?? null,
      durationMs: Math.round(result.durationMs),
      limits: { maxBodyBytes: result.maxAnswerBytes ?? defaultMaxBodyBytes },
      notes: result.notes,
      diagnoses,
      matrix: statusMatrix(result, diagnoses),
      checks: result.checks,
      cases: result.cases.map((record) => ({
        caseId: record.caseId,
        operation: record.operation,
        method: record.exchange.request.method,
        url: record.exchange.url,
        status: record.exchange.response?.status ?? null,
        error: record.exchange.error ?? null,
        unanswered: record.exchange.unanswered ?? false,
        retries: record.exchange.retries,
        durationMs: Math.round(record.exchange.durationMs * 10) / 10,
      })),
      created: result.created,
      fuzz: fuzzJson(result),
      consumer: consumerJson(result),
    }),
    2,
  )}\n`;
}
