/**
 * The run tag's rule, kept where every request to a deployment passes
 * (`send`): a create's name starts with the run tag, so a clean-up by tag
 * finds whatever the run made. A create that does not carry it is sent only
 * as a probe the interface lets a deployment refuse (no name or one that is
 * not a string, a body that is no JSON object or no JSON, another media
 * type, a bad credential: a conforming deployment stores nothing); any other
 * is not sent, and says why.
 *
 * @example
 * untaggedCreate(sentRequest("createPet", { method: "POST", path: "/pets", json: { name: "", categoryId: 1 } }), "ct-x");
 * // "not sent: its name is empty (the tag would make it a valid one), …"
 */
import { randomBytes } from "node:crypto";
import { isRejectable } from "../../mocks/interface/judge.js";
import { interfaceOperation } from "../../mocks/interface/operations.js";
import type { SentRequest } from "../../mocks/interface/request.js";
import { parseJsonExact } from "../../mocks/util/exact-json.js";

/** A fresh run tag: `ct-<time in base 36>-<4 hex digits>`. */
export const newRunTag = (): string =>
  `ct-${Date.now().toString(36)}-${randomBytes(2).toString("hex")}`;

/** Whether a name starts with a run tag: a record a run of the kit created. */
export const isRunTagged = (name: string): boolean =>
  /^ct-[0-9a-z]+-[0-9a-f]{4}(?:\s|$)/.test(name);

/** What a JSON value is, in words: `a number`, `null`, `an array`. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * Why a create's body (its JSON value) has no name the run tag can start
 * without changing what the request asks, or undefined when it has one.
 */
export function untaggableName(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return `its body is ${kindOf(value)}, not a JSON object`;
  }
  if (!("name" in value)) return "its body has no name";
  const { name } = value as { name: unknown };
  if (name === "") return "its name is empty (the tag would make it a valid one)";
  return typeof name === "string" ? undefined : `its name is ${kindOf(name)}, not a string`;
}

/** Why a create's body does not name its record with the tag first, or undefined when it does. */
function withoutTag(body: string | undefined, tag: string): string | undefined {
  if (body === undefined) return "it has no body";
  let value: unknown;
  try {
    value = parseJsonExact(body);
  } catch {
    return "its body is not JSON";
  }
  const why = untaggableName(value);
  if (why !== undefined) return why;
  return tag !== "" && (value as { name: string }).name.startsWith(tag)
    ? undefined
    : "its name does not start with the run tag";
}

/** Why this request is not sent: a create without the run tag that a deployment may store; else undefined. */
export function untaggedCreate(request: SentRequest, tag: string): string | undefined {
  if (!interfaceOperation(request.operation).creates) return undefined;
  const why = withoutTag(request.body, tag);
  if (why === undefined || isRejectable(request)) return undefined;
  return `not sent: ${why}, and the interface lets a deployment store it: a record no clean-up by the run tag would find`;
}
