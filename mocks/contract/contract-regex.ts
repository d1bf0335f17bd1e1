/**
 * A contract's `regex` matchers run on RE2's linear-time engine (re2js, a
 * pure JavaScript port), never on JavaScript's backtracking one: a pattern
 * from a contract file is hostile, and `(a+)+$` against 40 `a`s and a `!`
 * runs for days on a backtracking engine, where RE2's time grows with the
 * text times the pattern's compiled program, whose size is capped (one
 * match on 4,096 characters: about 0.2 s at most), and so are a contract's
 * patterns together. A pattern is read in JavaScript's syntax
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

export interface ContractPattern {
  /** Whether the pattern matches any part of `text`. */
  test(text: string): boolean;
}

/** A pattern that does not compile, or uses what the linear-time engine lacks; the message says which. */
export class PatternError extends Error {
  override name = "PatternError";
}

/**
 * The most distinct patterns a contract may hold; all of them stay compiled
 * while it runs.
 */
export const maxContractPatterns = 256;

/**
 * The most characters a contract's distinct patterns hold together:
 * compiling takes up to 0.1 ms a character (case-folded Unicode classes,
 * `(?i)\pL…`), so a contract's patterns compile in under 2 s.
 */
export const maxContractPatternChars = 16_384;

/**
 * The largest program a pattern may compile to (RE2's measure of its cost:
 * `x{999}` is 1,001 instructions). A match's time grows with the program
 * times the text: at this size one match on `maxRegexSubject` characters
 * takes at most about 0.2 s, where `.{999}$|.{998}$|…` (117,000) took 35 s.
 */
export const maxPatternProgram = 2_000;

/** Compiled patterns; past `maxContractPatterns` the cache starts over. */
const cache = new Map<string, ContractPattern>();

const quoted = (source: string) => JSON.stringify(source.slice(0, 60));

function compile(source: string): ContractPattern {
  try {
    new RegExp(source);
  } catch {
    throw new PatternError(`regex ${quoted(source)} does not compile`);
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    throw new PatternError(
      `regex ${quoted(source)} uses a feature the kit's linear-time engine lacks (RE2 syntax: no backreferences, lookahead or lookbehind): ${(error as Error).message}`,
    );
  }
  const size = compiled.programSize();
  if (size > maxPatternProgram) {
    throw new PatternError(
      `regex ${quoted(source)} is too costly to run: it compiles to ${size} instructions, at most ${maxPatternProgram} (x{999} is 1001)`,
    );
  }
  return compiled;
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

/**
 * The distinct patterns of one contract, noted rule by rule as it is read:
 * at most `maxContractPatterns`, holding at most `maxContractPatternChars`
 * characters together. `beforeCompile` runs before each pattern is compiled
 * (it throws once the run's deadline has passed: the compiling counts
 * against `--max-time`).
 */
export class ContractPatterns {
  private readonly sources = new Set<string>();
  private characters = 0;

  constructor(readonly beforeCompile: () => void = () => undefined) {}

  /** Notes a rule's patterns; says why the contract now holds too many, else undefined. */
  add(sources: readonly string[]): string | undefined {
    for (const source of sources) {
      if (this.sources.has(source)) continue;
      this.sources.add(source);
      this.characters += source.length;
    }
    if (this.sources.size > maxContractPatterns) {
      return `the contract holds more than ${maxContractPatterns} distinct regex patterns`;
    }
    if (this.characters > maxContractPatternChars) {
      return `the contract's distinct regex patterns hold more than ${maxContractPatternChars} characters together`;
    }
    return undefined;
  }
}
