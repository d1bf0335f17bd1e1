/**
 * A consumer contract's expectations of one interaction as checks the suite
 * judges beside the interface's (a case's `extraChecks`): the status, the
 * headers and the body under the interaction's matching rules. Each is
 * documented: the app's own tests rely on it, whatever the interface says
 * (`--against-spec` tells which of them the interface does not promise).
 * They rest on no statement of the interface: the interaction is their
 * source.
 *
 * @example
 * const checks = consumerChecks(interaction); // consumer-status, consumer-body
 */
import { bodyMismatches } from "../../mocks/contract/matching.js";
import type { Check } from "../../mocks/interface/checks.js";
import { mediaTypeOf } from "../../mocks/interface/request.js";
import type { ConsumerInteraction } from "./contract.js";

/** Mismatches shown in one failure; the rest are counted. */
const shownMismatches = 3;

const relied = "as the app's tests expect";

function statusCheck(status: number): Check {
  return {
    slug: "consumer-status",
    kind: "documented",
    expected: `HTTP ${status}, ${relied}`,
    rules: [],
    assert(answer) {
      if (answer.status !== status) throw new Error(`HTTP ${answer.status}`);
    },
  };
}

/** Header values compared as Pact does: a media type without its parameters, others exactly. */
function headersCheck(headers: Readonly<Record<string, string>>): Check {
  const shown = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("; ");
  return {
    slug: "consumer-headers",
    kind: "documented",
    expected: `${shown}, ${relied}`,
    rules: [],
    assert(answer) {
      for (const [name, value] of Object.entries(headers)) {
        const got = answer.headers[name.toLowerCase()];
        const same =
          name.toLowerCase() === "content-type"
            ? mediaTypeOf(got) === mediaTypeOf(value)
            : got?.trim() === value.trim();
        if (!same)
          throw new Error(`${name}: ${got === undefined ? "missing" : JSON.stringify(got)}`);
      }
    },
  };
}

function bodyCheck(
  expected: NonNullable<ConsumerInteraction["expected"]["body"]>,
  rules: ConsumerInteraction["expected"]["rules"],
): Check {
  const count = Object.keys(rules ?? {}).length;
  return {
    slug: "consumer-body",
    kind: "documented",
    expected: `the body the app's tests expect (under ${count} matching rule${count === 1 ? "" : "s"})`,
    rules: [],
    assert(answer) {
      if (!expected.json) {
        if (answer.text !== expected.content) throw new Error("the body is not the expected text");
        return;
      }
      if (!answer.isJson) throw new Error("the body is not JSON");
      const found = bodyMismatches(expected.content, answer.json, rules);
      if (found.length === 0) return;
      const listed = found
        .slice(0, shownMismatches)
        .map((mismatch) => `${mismatch.path}: ${mismatch.message}`)
        .join("; ");
      const more = found.length - shownMismatches;
      throw new Error(more > 0 ? `${listed}; and ${more} more` : listed);
    },
  };
}

/** The checks of what the interaction's consumer expects of the answer. */
export function consumerChecks(interaction: ConsumerInteraction): Check[] {
  const { status, headers, body, rules } = interaction.expected;
  const checks = [statusCheck(status)];
  if (Object.keys(headers).length > 0) checks.push(headersCheck(headers));
  if (body !== undefined) checks.push(bodyCheck(body, rules));
  return checks;
}
