/**
 * The behaviour profile as the operations read it (`OperationBehaviour`),
 * and the default profile's: exactly the kit's answers, one module-level
 * object with the list caches every core shares, no query rewrite, no answer
 * restyled. A profile's own is built by `./behaviour.ts`, which a runtime
 * loads only when it is given a profile (the browser page does not carry it).
 */
import type { ChoiceId } from "../interface/behaviour-profile.js";
import type { OperationId } from "../interface/spec.js";
import type { PetStatus } from "../interface/types.js";
import type { BodyMediaTypes } from "./body.js";
import type { DeprecationChange } from "./deprecation.js";
import type { CoreRequest, CoreResponse } from "./exchange.js";
import type { ShapedChoices } from "./journal.js";
import { cachedLists } from "./list-cache.js";
import { recordJson } from "./serialize.js";
import type { Validated } from "./validate.js";

/**
 * The choices of the profile that shaped one answer: the code path that
 * applies an alternative other than the kit's notes its choice, and the
 * journal names them.
 */
export interface Shaped {
  note(choice: ChoiceId): void;
  /** Each choice noted, with its alternative; undefined while none is. */
  readonly choices: ShapedChoices | undefined;
}

/** The default profile's: its choices are the kit's, so none shapes an answer otherwise. */
export const unshaped: Shaped = { note() {}, choices: undefined };

/** How one collection's records are written and listed; `shaped` hears a profile's choices that did. */
export interface RecordStyle {
  /** A record's JSON text; `keep` false: not kept for later answers (a record just created). */
  readonly text: (record: object, keep?: boolean, shaped?: Shaped) => string;
  /** A list's JSON text, kept by key while the same records are listed. */
  readonly list: (key: string, records: readonly object[], shaped?: Shaped) => string;
  readonly newestFirst: boolean;
}

/**
 * Starts a query the profile read as one no record matches (a `status` no
 * animal has, under `statusUnknown: empty`): the rest is validated, then
 * nothing is listed.
 */
export const listsNone = "\u0000";

/**
 * A query as the profile reads it: the text the operation's validator then
 * reads, or a refusal, with the choices that read it otherwise than the kit.
 */
export type QueryRewrite = (
  query: string,
) => Validated<string> & { readonly shapedBy?: readonly ChoiceId[] };

export interface OperationBehaviour {
  /** By operation; undefined: the query as sent. */
  readonly query: Readonly<Partial<Record<OperationId, QueryRewrite>>>;
  readonly pets: RecordStyle;
  readonly categories: RecordStyle;
  /** A malformed `petId`, an out-of-range one, or `0` (`zeroNotFound`) is a 404 instead of a 400. */
  readonly petIdNotFound: Readonly<Record<"malformed" | "outOfRange" | "zero", boolean>>;
  readonly acceptsUnknownCategory: boolean;
  /** A blank `name` is stored rather than refused. */
  readonly acceptsBlankName: boolean;
  /**
   * A create's body: read as JSON only under a JSON media type (`json`, else
   * 415), whatever its `Content-Type` (`any`), or not read under another one
   * (`jsonOnly`: as an empty object, refused for the fields it lacks).
   */
  readonly readsBodyOf: BodyMediaTypes;
  /** A method a path does not take is a 404, as a path no operation has. */
  readonly otherMethodNotFound: boolean;
  /** createCategory stores a `description` that is not a string as absent. */
  readonly dropsBadDescription: boolean;
  /** `/pets/` is answered as `/pets`. */
  readonly ignoresTrailingSlash: boolean;
  /** `HEAD` is refused with a 405 instead of answered like `GET`. */
  readonly refusesHead: boolean;
  /** The deprecation headers go on a deprecated operation's 2xx answers only. */
  readonly deprecatesSuccessOnly: boolean;
  /** The status a pet created without one gets. */
  readonly createdStatus: PetStatus | undefined;
  /** The answer restyled as the profile says (Error bodies, headers); undefined: as it is. */
  readonly restyle: Restyle | undefined;
  /** The deprecation headers as the profile sends them; undefined: the kit's. */
  readonly deprecation: DeprecationChange | undefined;
  /** A new answer's `Shaped`; undefined: the default profile, whose answers note nothing (`unshaped`). */
  readonly shaping?: () => Shaped;
}

/** An answer restyled: `staged` ones (a scenario, a fault) keep the kit's Error. */
export type Restyle = (
  response: CoreResponse,
  operationId: OperationId | undefined,
  request: CoreRequest,
  staged: boolean,
  shaped: Shaped,
) => CoreResponse;

/** The default profile's: the kit's answers, the list caches shared by every core. */
export const defaultOperationBehaviour: OperationBehaviour = {
  query: {},
  pets: { text: recordJson, list: cachedLists(), newestFirst: false },
  categories: { text: recordJson, list: cachedLists(), newestFirst: false },
  petIdNotFound: { malformed: false, outOfRange: false, zero: false },
  acceptsUnknownCategory: false,
  acceptsBlankName: false,
  readsBodyOf: "json",
  otherMethodNotFound: false,
  dropsBadDescription: false,
  ignoresTrailingSlash: false,
  refusesHead: false,
  deprecatesSuccessOnly: false,
  createdStatus: undefined,
  restyle: undefined,
  deprecation: undefined,
};
