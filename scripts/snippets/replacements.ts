/**
 * The snippet harness's text replacements (example ports and mock URLs
 * becoming the ones it started), made in one pass: a replaced text is never
 * matched again, and an address ending in a port is matched only where the
 * port ends (`127.0.0.1:4931` is not the start of `127.0.0.1:49319`, a port
 * the system may hand a started mock). Where two replacements could match at
 * the same place, the earlier one in the list wins.
 *
 * @example
 * replacingAll([["127.0.0.1:4000", "127.0.0.1:49319"], ["127.0.0.1:4931", "127.0.0.1:36941"]])(
 *   "curl http://127.0.0.1:4000/v1/pets",
 * ); // "curl http://127.0.0.1:49319/v1/pets"
 */
import { escapeRegExp } from "../../mocks/util/text.js";

export function replacingAll(
  replacements: readonly (readonly [string, string])[],
): (text: string) => string {
  if (replacements.length === 0) return (text) => text;
  const to = new Map<string, string>();
  for (const [from, replacement] of replacements) if (!to.has(from)) to.set(from, replacement);
  const pattern = new RegExp(
    [...to.keys()].map((from) => `${escapeRegExp(from)}(?!\\d)`).join("|"),
    "g",
  );
  return (text) => text.replace(pattern, (found) => to.get(found) ?? found);
}
