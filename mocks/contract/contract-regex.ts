/**
 * A contract's `regex` matchers run on RE2's linear-time engine (re2js, a
 * pure JavaScript port), never on JavaScript's backtracking one: a pattern
 * from a contract file is hostile, and `(a+)+$` against 40 `a`s and a `!`
 * runs for days on a backtracking engine, where RE2's time grows with the
 * text times the pattern (a 1,000-character pattern on 4,096 characters:
 * well under a second). A pattern is read in JavaScript's syntax
 * (`\u00e9`, `(?<name>…)` become RE2's); what RE2 has no linear-time way to
 * run (backreferences, lookahead, lookbehind) is refused with a reason, as
 * Pact's own verifier (Rust's regex crate, RE2's syntax) refuses it. A value
 * matches when the pattern matches any part of it, as `RegExp.test` does.
 * Runtime-neutral.
 *
 * @example
 * contractPattern("^(a+)+$").test(`${"a".repeat(40)}!`); // false, at once
 * patternProblem("(a)\\1"); // "regex \"(a)\\\\1\" uses a feature the kit's linear-time engine lacks …"
 */
import { RE2JS } from "re2js";

/** A pattern ready to test values with. */
export interface ContractPattern {
  /** Whether the pattern matches any part of `text`. */
  test(text: string): boolean;
}

/** A pattern that does not compile, or uses what the linear-time engine lacks; the message says which. */
export class PatternError extends Error {
  override name = "PatternError";
}

/**
 * The most distinct patterns a contract may hold (compiling one takes up to
 * tens of ms); all of them stay compiled while it runs.
 */
export const maxContractPatterns = 256;

/** Compiled patterns; past `maxContractPatterns` the cache starts over. */
const cache = new Map<string, ContractPattern>();

const quoted = (source: string) => JSON.stringify(source.slice(0, 60));

function compile(source: string): ContractPattern {
  try {
    new RegExp(source);
  } catch {
    throw new PatternError(`regex ${quoted(source)} does not compile`);
  }
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    throw new PatternError(
      `regex ${quoted(source)} uses a feature the kit's linear-time engine lacks (RE2 syntax: no backreferences, lookahead or lookbehind): ${(error as Error).message}`,
    );
  }
}

/** The pattern compiled for the linear-time engine, or a `PatternError` saying why it cannot be. */
export function contractPattern(source: string): ContractPattern {
  const known = cache.get(source);
  if (known) return known;
  const compiled = compile(source);
  if (cache.size >= maxContractPatterns) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

/** Why a pattern cannot run, or undefined when it can. */
export function patternProblem(source: string): string | undefined {
  try {
    contractPattern(source);
    return undefined;
  } catch (error) {
    if (error instanceof PatternError) return error.message;
    throw error;
  }
}
