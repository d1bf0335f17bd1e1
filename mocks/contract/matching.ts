/**
 * Pact v4 body matching: whether an answer's JSON body meets a consumer
 * contract's expected body under its matching rules, as Pact's verifier
 * decides it. Without a rule a value must equal the example (an object may
 * carry more keys, a list must have the same items in the same order); a
 * rule's matchers decide instead: `type` (the same JSON type; on a list at
 * least `min` and at most `max` items, each like the example's first, which
 * cascades to everything below it), `integer`, `number`, `decimal`, `regex`,
 * `equality`, `include`, `boolean`, `null` and `notEmpty`. Rules are found by
 * JSON path (`$.id`, `$[*].status`, `$['odd key']`), the most specific first.
 * Bounded: the walk follows the expected body (its depth is the contract's),
 * and it stops after `maxMismatches`; a regex runs on a linear-time engine
 * (./contract-regex.ts) on at most `maxRegexSubject` characters, and the
 * caller may stop the walk before any regex (its run's deadline). Runtime-neutral.
 *
 * @example
 * bodyMismatches([{ id: 1 }], [{ id: "7" }], { "$": type(min 1), "$[*].id": integer });
 * // [{ path: "$[0].id", message: "expected an integer, got \"7\"" }]
 */

import { plural } from "../util/text.js";
import { contractPattern, patternProblem } from "./contract-regex.js";
import type { PactRules } from "./matching-rules.js";

/** The matchers this module checks, by their Pact v4 name. */
export const supportedMatchers = [
  "type",
  "integer",
  "number",
  "decimal",
  "regex",
  "equality",
  "include",
  "boolean",
  "null",
  "notEmpty",
] as const;

/** The mismatches reported at most; the walk stops there. */
export const maxMismatches = 20;

/** The longest regex a matcher may carry. */
export const maxRegexLength = 1000;

/**
 * The longest text a regex is tried on: an answer's longer value fails the
 * matcher (a deployment's text never meets a contract's regex unbounded).
 */
export const maxRegexSubject = 4096;

export interface Mismatch {
  /** Where, as a JSON path into the answer (`$[3].status`). */
  readonly path: string;
  readonly message: string;
}

/** One step of a rule's path: a key, an index, or `*` (any key or index). */
type Step = { readonly key: string } | { readonly index: number } | { readonly any: true };

/** The steps of a Pact JSON path, or undefined when it is not one. */
export function parseRulePath(path: string): Step[] | undefined {
  if (!path.startsWith("$")) return undefined;
  const steps: Step[] = [];
  const step = /^(?:\.([A-Za-z_][\w-]*)|\.\*|\[\*\]|\[(\d{1,9})\]|\['((?:[^'\\]|\\.)*)'\])/;
  let rest = path.slice(1);
  while (rest !== "") {
    const found = step.exec(rest);
    if (!found) return undefined;
    const [whole, name, index, quoted] = found;
    if (name !== undefined) steps.push({ key: name });
    else if (index !== undefined) steps.push({ index: Number(index) });
    else if (quoted !== undefined) steps.push({ key: quoted.replace(/\\(.)/g, "$1") });
    else steps.push({ any: true });
    rest = rest.slice(whole.length);
  }
  return steps;
}

/** The regex patterns a rule's matchers carry (nothing checked: a rule as a file holds it). */
export function regexSources(rule: unknown): string[] {
  const matchers = (rule as { matchers?: unknown } | null)?.matchers;
  if (!Array.isArray(matchers)) return [];
  return matchers.flatMap((matcher: unknown) => {
    const m = matcher as { match?: unknown; regex?: unknown } | null;
    return m?.match === "regex" && typeof m.regex === "string" ? [m.regex] : [];
  });
}

/**
 * Why a matching rule (`{combine, matchers}`) is not one this module checks,
 * or undefined; `beforeCompile` runs before each of its patterns is compiled.
 */
export function ruleProblem(
  rule: unknown,
  beforeCompile: () => void = () => undefined,
): string | undefined {
  const value = rule as { combine?: unknown; matchers?: unknown } | null;
  if (typeof value !== "object" || value === null) return "is not an object";
  if (value.combine !== undefined && value.combine !== "AND" && value.combine !== "OR") {
    return "combine must be AND or OR";
  }
  if (!Array.isArray(value.matchers) || value.matchers.length === 0 || value.matchers.length > 10) {
    return "matchers must be a list of 1 to 10 matchers";
  }
  for (const matcher of value.matchers as unknown[]) {
    const problem = matcherProblem(matcher, beforeCompile);
    if (problem) return problem;
  }
  return undefined;
}

const isCount = (value: unknown) =>
  value === undefined || (Number.isSafeInteger(value) && (value as number) >= 0);

function matcherProblem(matcher: unknown, beforeCompile: () => void): string | undefined {
  const m = matcher as Record<string, unknown> | null;
  if (typeof m !== "object" || m === null) return "a matcher is not an object";
  if (!(supportedMatchers as readonly unknown[]).includes(m.match)) {
    return `matcher ${JSON.stringify(String(m.match).slice(0, 40))} is not one the kit checks (${supportedMatchers.join(", ")})`;
  }
  if (!isCount(m.min) || !isCount(m.max)) return "min and max must be counts";
  if (m.match === "regex") {
    if (typeof m.regex !== "string" || m.regex.length > maxRegexLength) {
      return `a regex matcher needs a regex of at most ${maxRegexLength} characters`;
    }
    beforeCompile();
    const problem = patternProblem(m.regex);
    if (problem) return problem;
  }
  if (m.match === "include" && typeof m.value !== "string") {
    return "an include matcher needs a string value";
  }
  return undefined;
}

/** A matcher as a contract holds it. */
export type Matcher = Readonly<Record<string, unknown>> & { readonly match: string };
type Path = readonly (string | number)[];
/** A list's bounds: a `type` matcher's `min` and `max`, when numbers. */
type Bounds = Readonly<Record<string, unknown>>;

const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

const isRecord = (value: unknown): value is Record<string, unknown> => kindOf(value) === "object";

/** `$.a[0]['odd key']`. */
export function pathText(path: Path): string {
  return path
    .map((step) =>
      typeof step === "number"
        ? `[${step}]`
        : /^[A-Za-z_][\w-]*$/.test(step)
          ? `.${step}`
          : `['${step.replace(/['\\]/g, "\\$&")}']`,
    )
    .reduce((text, step) => text + step, "$");
}

/** A value for a message: JSON, cut to 60 characters. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** Deep equality of JSON values. */
function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => equal(item, b[i]));
  }
  if (isRecord(a)) {
    if (!isRecord(b)) return false;
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && equal(a[key], b[key]))
    );
  }
  return a === b;
}

/** Parsed rules, each with its path's steps. */
type Rules = readonly {
  readonly steps: readonly Step[];
  readonly combine: "AND" | "OR";
  readonly matchers: readonly Matcher[];
}[];

function parsedRules(rules: PactRules | undefined): Rules {
  return Object.entries(rules ?? {}).flatMap(([path, rule]) => {
    const steps = parseRulePath(path);
    if (!steps) return [];
    const combine = (rule as { combine?: string }).combine === "OR" ? "OR" : "AND";
    return [{ steps, combine, matchers: rule.matchers as readonly Matcher[] }] as const;
  });
}

/** The rule whose path names exactly this place, the most specific (keys over `*`) first. */
function ruleAt(rules: Rules, path: Path) {
  let best: Rules[number] | undefined;
  let bestWeight = -1;
  for (const entry of rules) {
    if (entry.steps.length !== path.length) continue;
    let weight = 0;
    const fits = entry.steps.every((step, index) => {
      const at = path[index];
      if ("any" in step) return true;
      weight++;
      return "key" in step ? step.key === at : step.index === at;
    });
    if (fits && weight > bestWeight) {
      best = entry;
      bestWeight = weight;
    }
  }
  return best;
}

/** Collects mismatches, up to `maxMismatches`. */
type Out = Mismatch[];
const full = (out: Out) => out.length >= maxMismatches;
function miss(out: Out, path: Path, message: string): void {
  if (!full(out)) out.push({ path: pathText(path), message });
}

const article = (kind: string) => (/^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`);

/** The matchers that check a value's kind only: what fits, and what the message expects. */
const kindMatchers: Readonly<Record<string, { fits(got: unknown): boolean; words: string }>> = {
  integer: { fits: Number.isInteger, words: "an integer" },
  number: { fits: (got) => typeof got === "number", words: "a number" },
  decimal: {
    fits: (got) => typeof got === "number" && !Number.isInteger(got),
    words: "a decimal number",
  },
  boolean: { fits: (got) => typeof got === "boolean", words: "true or false" },
  null: { fits: (got) => got === null, words: "null" },
};

/** A walk of one expected body over one answer body under one set of rules. */
class Walk {
  constructor(
    private readonly rules: Rules,
    private readonly mayLack: ReadonlySet<string>,
    private readonly beforeRegex: () => void,
  ) {}

  /** A regex matcher's test, on the linear-time engine, after `beforeRegex` (which may stop the walk). */
  private matches(source: string, text: string): boolean {
    this.beforeRegex();
    return contractPattern(source).test(text);
  }

  compare(want: unknown, got: unknown, path: Path, typed: boolean, out: Out): void {
    if (full(out)) return;
    const rule = ruleAt(this.rules, path);
    if (!rule) {
      if (typed) this.byType(want, got, path, {}, out);
      else this.byValue(want, got, path, out);
      return;
    }
    const outcomes = rule.matchers.map((matcher) => {
      const local: Out = [];
      this.byMatcher(matcher, want, got, path, local);
      return local;
    });
    if (rule.combine === "OR" && outcomes.some((local) => local.length === 0)) return;
    for (const mismatch of outcomes.flat()) if (!full(out)) out.push(mismatch);
  }

  private byMatcher(matcher: Matcher, want: unknown, got: unknown, path: Path, out: Out): void {
    const fail = (message: string) => miss(out, path, message);
    const kind = Object.hasOwn(kindMatchers, matcher.match)
      ? kindMatchers[matcher.match]
      : undefined;
    if (kind) {
      if (!kind.fits(got)) fail(`expected ${kind.words}, got ${shown(got)}`);
      return;
    }
    switch (matcher.match) {
      case "type":
        this.byType(want, got, path, matcher, out);
        return;
      case "notEmpty":
        this.byType(want, got, path, { min: 1 }, out);
        if (got === "" || (isRecord(got) && Object.keys(got).length === 0)) {
          fail("expected a value that is not empty");
        }
        return;
      case "regex": {
        const primitive = ["string", "number", "boolean"].includes(typeof got);
        const text = String(got);
        if (primitive && text.length > maxRegexSubject) {
          fail(
            `expected a value matching /${String(matcher.regex)}/, got ${text.length} characters (at most ${maxRegexSubject} are tried)`,
          );
        } else if (!primitive || !this.matches(String(matcher.regex), text)) {
          fail(`expected a value matching /${String(matcher.regex)}/, got ${shown(got)}`);
        }
        return;
      }
      case "include":
        if (typeof got !== "string" || !got.includes(String(matcher.value))) {
          fail(`expected a string including ${shown(matcher.value)}, got ${shown(got)}`);
        }
        return;
      default:
        if (!equal(want, got)) fail(`expected ${shown(want)}, got ${shown(got)}`);
    }
  }

  /** The same JSON type; a list within its bounds, each item like the example's first. */
  private byType(want: unknown, got: unknown, path: Path, bounds: Bounds, out: Out): void {
    const kind = kindOf(want);
    if (kind !== kindOf(got)) {
      miss(out, path, `expected ${article(kind)}, got ${shown(got)}`);
    } else if (Array.isArray(want) && Array.isArray(got)) {
      const { min, max } = bounds;
      if (typeof min === "number" && got.length < min) {
        miss(out, path, `expected at least ${plural(min, "item")}, got ${got.length}`);
      }
      if (typeof max === "number" && got.length > max) {
        miss(out, path, `expected at most ${plural(max, "item")}, got ${got.length}`);
      }
      for (const [index, item] of want.length === 0 ? [] : got.entries()) {
        if (full(out)) break;
        this.compare(want[0], item, [...path, index], true, out);
      }
    } else if (isRecord(want) && isRecord(got)) {
      this.fields(want, got, path, true, out);
    }
  }

  /** Every field the example has, present and matching (more fields are allowed). */
  private fields(
    want: Record<string, unknown>,
    got: Record<string, unknown>,
    path: Path,
    typed: boolean,
    out: Out,
  ): void {
    for (const [key, value] of Object.entries(want)) {
      if (!Object.hasOwn(got, key)) {
        if (!this.mayLack.has(key)) miss(out, [...path, key], "expected this field; it is missing");
      } else this.compare(value, got[key], [...path, key], typed, out);
    }
  }

  /** No rule: the example's value itself, a list item by item in its order. */
  private byValue(want: unknown, got: unknown, path: Path, out: Out): void {
    if (Array.isArray(want)) {
      if (!Array.isArray(got)) miss(out, path, `expected an array, got ${shown(got)}`);
      else if (got.length !== want.length) {
        const count = `expected exactly ${plural(want.length, "item")} (no rule allows another count)`;
        miss(out, path, `${count}, got ${got.length}`);
      } else {
        for (const [index, item] of want.entries()) {
          this.compare(item, got[index], [...path, index], false, out);
        }
      }
    } else if (isRecord(want)) {
      if (!isRecord(got)) miss(out, path, `expected an object, got ${shown(got)}`);
      else this.fields(want, got, path, false, out);
    } else if (!equal(want, got)) {
      miss(out, path, `expected ${shown(want)}, got ${shown(got)}`);
    }
  }
}

/**
 * The mismatches of an answer's body against the expected body and its rules
 * (empty: it matches). `actual` is the parsed answer body; an object of it
 * may lack the fields named in `mayLack` (one it has must still match).
 * `beforeRegex` runs before each regex is tried: what it throws (the run's
 * deadline has passed) ends the walk.
 */
export function bodyMismatches(
  expected: unknown,
  actual: unknown,
  rules: PactRules | undefined,
  mayLack: ReadonlySet<string> = new Set(),
  beforeRegex: () => void = () => undefined,
): Mismatch[] {
  const out: Out = [];
  new Walk(parsedRules(rules), mayLack, beforeRegex).compare(expected, actual, [], false, out);
  return out;
}

/** How the matching treats one value of an expected body. */
export type NodeMatch =
  | { readonly by: "value" }
  | { readonly by: "type" }
  | { readonly by: "rule"; readonly combine: "AND" | "OR"; readonly matchers: readonly Matcher[] };

/** One value of an expected body: where it is, and how an answer's value there is matched. */
export interface ExpectedNode {
  /** Its place in the expected body (`["pets", 0, "status"]`). */
  readonly path: Path;
  /** Its place as the rules see it: `$[*].status` for any item of a list matched by type. */
  readonly shown: string;
  readonly value: unknown;
  /** `value`: it must equal the example; `type`: of the example's type; `rule`: its matchers decide. */
  readonly match: NodeMatch;
}

/**
 * Every value of an expected body the matching looks at, in the order it
 * does: a list matched by type shows its first item only (every item of an
 * answer is matched against it), a value whose rule decides for it whole
 * (`equality`, `regex` …) shows nothing below it.
 */
export function expectedNodes(expected: unknown, rules: PactRules | undefined): ExpectedNode[] {
  const parsed = parsedRules(rules);
  const nodes: ExpectedNode[] = [];
  const visit = (value: unknown, path: Path, shown: string, typed: boolean) => {
    const rule = ruleAt(parsed, path);
    const match: NodeMatch = rule
      ? { by: "rule", combine: rule.combine, matchers: rule.matchers }
      : { by: typed ? "type" : "value" };
    nodes.push({ path, shown, value, match });
    const cascades = rule
      ? rule.matchers.some((m) => m.match === "type" || m.match === "notEmpty")
      : typed;
    if (rule && !cascades) return;
    if (Array.isArray(value)) {
      if (cascades) {
        if (value.length > 0) visit(value[0], [...path, 0], `${shown}[*]`, true);
      } else {
        for (const [index, item] of value.entries()) {
          visit(item, [...path, index], `${shown}[${index}]`, false);
        }
      }
    } else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        visit(item, [...path, key], pathText([key]).replace(/^\$/, shown), cascades);
      }
    }
  };
  visit(expected, [], "$", false);
  return nodes;
}
