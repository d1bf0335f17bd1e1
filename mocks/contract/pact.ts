/**
 * The consumer contract's file format: Pact specification v4 JSON, so a team
 * can publish it to a Pact Broker as it is and Pact's own verifier reads it.
 * Each interaction also carries what the kit knows beyond Pact, under
 * `comments.petstoreMockKit`: the operation, every test that relied on it,
 * the credential it was sent with, and its request shape (its identity:
 * `key` is a hash of it). This module assembles contracts, reads one back
 * from a file and merges two; stable output: sorted, no time, no random id.
 * Runtime-neutral.
 *
 * @example
 * const contract = pactOf(recorder.interactions(), { consumer: "web", provider: "petstore" });
 * const merged = mergeContracts(readBack, contract);
 * await writeFile("pacts/web-petstore.json", contractText(merged.contract));
 */
import { shown } from "../core/shown.js";
import { openapiDocument, openapiSha256 } from "../generated/openapi-document.js";
import { apiBasePath, type OperationId, operationIds } from "../interface/spec.js";
import { isObject } from "../util/json.js";
import { type CredentialVerdict, credentialVerdicts } from "../util/redacted-mark.js";
import { compareText, printable } from "../util/text.js";
import { type ContractNames, checkContractName, isText } from "./contract-names.js";
import type { PactRule, PactRules } from "./matching-rules.js";
import type { ProviderState } from "./provider-states.js";

export {
  type ContractNames,
  checkContractName,
  contractNamesOf,
  defaultContractNames,
} from "./contract-names.js";

/** The version of what the kit adds to Pact (`metadata.petstoreMockKit.format`). */
export const contractFormat = 1;

/** Caps on a contract, in memory and in its file. */
export const contractLimits = {
  /** Interactions in one contract; a request of a new shape beyond them is left out (a warning says so). */
  interactions: 1_000,
  /** Test names kept per interaction (the first in order). */
  testsPerInteraction: 50,
  /** A test name's length, in characters. */
  testName: 300,
  /** A request or answer body longer than this (characters) is not kept as an example: its exchange is left out. */
  bodyChars: 64 * 1024,
  /** The largest contract file read back for a merge, in bytes. */
  fileBytes: 32 * 1024 * 1024,
} as const;

/**
 * What a request's `Authorization` header becomes in the contract: never its
 * value. A verifier replaces the valid one with its own key (Pact JS: a
 * `requestFilter`); the wrong one stays wrong.
 */
export const credentialExamples = {
  valid: "Bearer [redacted]",
  wrong: "Bearer [wrong]",
} as const;

/** How the request's credential was: the interaction's answer may depend on it. */
export type Credential = CredentialVerdict;

export interface PactBody {
  readonly content: unknown;
  readonly contentType: string;
  readonly encoded: false;
}

/** A Pact generator that takes its value from a provider state's parameters (`${petId}`). */
export interface ProviderStateGenerator {
  readonly type: "ProviderState";
  readonly expression: string;
  readonly dataType: "STRING" | "INTEGER";
}

/** A request's matching rules, by the part of the request they match. */
export interface PactRequestRules {
  path?: PactRule;
  query?: PactRules;
  header?: PactRules;
  body?: PactRules;
}

export interface PactRequest {
  readonly method: string;
  /** Below the API base (`/pets/7`): verify with the base URL including `/v1`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, readonly string[]>>;
  readonly headers?: Readonly<Record<string, readonly string[]>>;
  readonly body?: PactBody;
  readonly matchingRules?: Readonly<PactRequestRules>;
  readonly generators?: {
    readonly path?: ProviderStateGenerator;
    readonly body?: Readonly<Record<string, ProviderStateGenerator>>;
  };
}

export interface PactResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, readonly string[]>>;
  readonly body?: PactBody;
  readonly matchingRules?: { readonly body?: PactRules };
}

/** What the kit knows of an interaction beyond Pact (`comments.petstoreMockKit`). */
export interface InteractionFacts {
  readonly operationId: OperationId;
  /** Every test whose requests had this shape, sorted (at most `testsPerInteraction`). */
  readonly tests: readonly string[];
  readonly credential: Credential;
  /** The request shape and status, e.g. `GET /pets valid ?limit=integer body:none → 200`. */
  readonly shape: string;
}

export interface PactInteraction {
  readonly type: "Synchronous/HTTP";
  readonly key: string;
  readonly description: string;
  readonly providerStates?: readonly ProviderState[];
  readonly request: PactRequest;
  readonly response: PactResponse;
  readonly comments: {
    /** The test the example comes from. */
    readonly testname?: string;
    readonly text: readonly string[];
    readonly petstoreMockKit: InteractionFacts;
  };
}

export interface PactContract {
  readonly consumer: { readonly name: string };
  readonly provider: { readonly name: string };
  readonly interactions: readonly PactInteraction[];
  readonly metadata: {
    readonly pactSpecification: { readonly version: "4.0" };
    readonly petstoreMockKit: {
      readonly format: typeof contractFormat;
      /** The interface the contract was recorded against: openapi.yaml's version and SHA-256. */
      readonly openapi: { readonly version: string; readonly sha256: string };
      /** Paths are below this base; a verifier's base URL includes it. */
      readonly basePath: string;
      readonly credentials: typeof credentialExamples;
    };
  };
}

/** An interaction as the recorder keeps it: the Pact parts of one example and the facts. */
export interface RecordedInteraction extends Pick<PactInteraction, "key" | "request" | "response"> {
  readonly facts: InteractionFacts;
  /** The test the example comes from (the first in order that had this shape). */
  readonly testname: string | undefined;
  readonly providerStates: readonly ProviderState[];
}

/** A stable key for a request shape: 16 hex digits (two 32-bit multiplicative hashes). */
export function shapeKey(shape: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < shape.length; index++) {
    const char = shape.charCodeAt(index);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hex = (value: number) => (value >>> 0).toString(16).padStart(8, "0");
  return hex(h2) + hex(h1);
}

/** Orders test names, an absent one (no test known) last. */
export const byTestName = (a: string | undefined, b: string | undefined): number =>
  a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : compareText(a, b);

/** Both interactions' tests, and the example of the one whose test comes first (`kept` on a tie). */
export function mergeInteraction(
  kept: RecordedInteraction,
  other: RecordedInteraction,
): RecordedInteraction {
  const tests = [...new Set([...kept.facts.tests, ...other.facts.tests])]
    .sort()
    .slice(0, contractLimits.testsPerInteraction);
  const example = byTestName(other.testname, kept.testname) < 0 ? other : kept;
  return { ...example, facts: { ...example.facts, tests } };
}

const title = ({ facts, response, testname }: RecordedInteraction) => {
  const what = `${facts.operationId} ${response.status}`;
  return testname === undefined ? what : `${testname}: ${what}`;
};

/**
 * The contract of these interactions: sorted by description, each named after
 * the test its example comes from (else its operation) with its operation and
 * status, `(2)`, `(3)` … where two would share a name.
 */
export function pactOf(
  recorded: Iterable<RecordedInteraction>,
  names: ContractNames,
): PactContract {
  const sorted = [...recorded]
    .map((interaction) => ({ interaction, title: title(interaction) }))
    .sort(
      (a, b) => compareText(a.title, b.title) || compareText(a.interaction.key, b.interaction.key),
    );
  const seen = new Map<string, number>();
  const interactions = sorted.map(({ interaction, title }): PactInteraction => {
    const count = (seen.get(title) ?? 0) + 1;
    seen.set(title, count);
    const { facts, testname } = interaction;
    return {
      type: "Synchronous/HTTP",
      key: interaction.key,
      description: count === 1 ? title : `${title} (${count})`,
      ...(interaction.providerStates.length > 0
        ? { providerStates: interaction.providerStates }
        : {}),
      request: interaction.request,
      response: interaction.response,
      comments: {
        ...(testname === undefined ? {} : { testname }),
        text: [facts.shape, `relied on by: ${facts.tests.join("; ") || "(no test known)"}`],
        petstoreMockKit: facts,
      },
    };
  });
  return {
    consumer: { name: names.consumer },
    provider: { name: names.provider },
    interactions,
    metadata: {
      pactSpecification: { version: "4.0" },
      petstoreMockKit: {
        format: contractFormat,
        openapi: { version: openapiDocument.info.version, sha256: openapiSha256 },
        basePath: apiBasePath,
        credentials: credentialExamples,
      },
    },
  };
}

/** A contract as the text of its file: two-space JSON and a final newline. */
export const contractText = (contract: PactContract): string =>
  `${JSON.stringify(contract, null, 2)}\n`;

/** The facts of one interaction of a file, or the reason they are not the kit's. */
function factsOf(value: unknown, at: string): InteractionFacts {
  const facts =
    isObject(value) && isObject(value.comments) ? value.comments.petstoreMockKit : undefined;
  if (!isObject(facts)) throw new RangeError(`${at} has no comments.petstoreMockKit`);
  const { operationId, tests, credential, shape } = facts;
  if (!(operationIds as readonly unknown[]).includes(operationId)) {
    throw new RangeError(`${at} names no operation of openapi.yaml`);
  }
  if (
    !Array.isArray(tests) ||
    tests.length > contractLimits.testsPerInteraction ||
    !tests.every((test) => isText(test, contractLimits.testName))
  ) {
    throw new RangeError(`${at}: tests must be a list of test names`);
  }
  if (!(credentialVerdicts as readonly unknown[]).includes(credential)) {
    throw new RangeError(`${at}: credential must be ${credentialVerdicts.join(", ")}`);
  }
  if (!isText(shape, 4096)) throw new RangeError(`${at}: shape must be a text`);
  return {
    operationId: operationId as OperationId,
    tests: tests as string[],
    credential: credential as Credential,
    shape,
  };
}

/**
 * The interactions of a parsed contract file this kit wrote, or a RangeError
 * saying why it is not one (another tool's pact, another format, too many
 * interactions). Their request and response are taken as they are.
 */
export function recordedOf(value: unknown): {
  readonly names: ContractNames;
  readonly interactions: RecordedInteraction[];
} {
  if (!isObject(value)) throw new RangeError("it is not a JSON object");
  const kit = isObject(value.metadata) ? value.metadata.petstoreMockKit : undefined;
  if (!isObject(kit)) throw new RangeError("it was not written by petstore-mock-kit");
  if (kit.format !== contractFormat) {
    throw new RangeError(`its format ${printable(shown(kit.format))} is not ${contractFormat}`);
  }
  const name = (side: keyof ContractNames) => {
    const party = value[side];
    return checkContractName(isObject(party) ? party.name : undefined, `${side}.name`);
  };
  const names = { consumer: name("consumer"), provider: name("provider") };
  const { interactions } = value;
  if (!Array.isArray(interactions) || interactions.length > contractLimits.interactions) {
    throw new RangeError(`interactions must be a list of at most ${contractLimits.interactions}`);
  }
  return {
    names,
    interactions: interactions.map((interaction: unknown, index): RecordedInteraction => {
      const at = `interactions[${index}]`;
      const facts = factsOf(interaction, at);
      const {
        key,
        providerStates = [],
        request,
        response,
        comments,
      } = interaction as Record<string, unknown>;
      if (
        !isText(key, 64) ||
        !isObject(request) ||
        !isObject(response) ||
        !Array.isArray(providerStates)
      ) {
        throw new RangeError(
          `${at} needs a key, a request, a response and a list of provider states`,
        );
      }
      const testname = (comments as Record<string, unknown>).testname;
      return {
        key,
        facts,
        testname: isText(testname, contractLimits.testName) ? testname : undefined,
        providerStates: providerStates as ProviderState[],
        request: request as unknown as PactRequest,
        response: response as unknown as PactResponse,
      };
    }),
  };
}

/**
 * Two contracts between the same consumer and provider as one (the older one
 * parsed from a file, checked here): interactions
 * with the same key become one (tests joined, the example of the first test),
 * the rest are added up to the cap. `omitted` counts what the cap left out.
 */
export function mergeContracts(
  older: unknown,
  newer: PactContract,
): { readonly contract: PactContract; readonly omitted: number } {
  const before = recordedOf(older);
  const after = recordedOf(newer);
  for (const side of ["consumer", "provider"] as const) {
    if (before.names[side] !== after.names[side]) {
      throw new RangeError(
        `it holds a contract with ${side} ${JSON.stringify(before.names[side])}, not ${JSON.stringify(after.names[side])}`,
      );
    }
  }
  const merged = new Map(before.interactions.map((interaction) => [interaction.key, interaction]));
  let omitted = 0;
  for (const interaction of after.interactions) {
    const kept = merged.get(interaction.key);
    if (kept) merged.set(interaction.key, mergeInteraction(kept, interaction));
    else if (merged.size < contractLimits.interactions) merged.set(interaction.key, interaction);
    else omitted++;
  }
  return { contract: pactOf(merged.values(), after.names), omitted };
}
