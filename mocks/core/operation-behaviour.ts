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
import type { DeprecationChange } from "./deprecation.js";
import type { CoreRequest, CoreResponse } from "./exchange.js";
import type { ShapedChoices } from "./journal.js";
import { cachedLists } from "./list-cache.js";
import { recordJson } from "./serialize.js";
import type { Validated } from "./validate.js";

/** How one collection's records are written and listed. */
export interface RecordStyle {
  /** A record's JSON text; `keep` false: not kept for later answers (a record just created). */
  readonly text: (record: object, keep?: boolean) => string;
  /** A list's JSON text, kept by key while the same records are listed. */
  readonly list: (key: string, records: readonly object[]) => string;
  readonly newestFirst: boolean;
  /** The choice whose extra fields `text` writes, when the profile adds some. */
  readonly extraFieldsBy?: ChoiceId;
  /** The choice that lists newest first, when one does. */
  readonly newestFirstBy?: ChoiceId;
}

/**
 * Notes a choice whose alternative shaped the answer (the code path that
 * applies a non-default alternative calls it); the journal names them.
 */
export type Shaped = (choice: ChoiceId) => void;

/** The default profile's `Shaped`: no choice of it shapes an answer otherwise than the kit. */
export const unshaped: Shaped = () => {};

/** A `Shaped` that notes each choice once in `shapedBy`. */
export const noteIn =
  (shapedBy: ChoiceId[]): Shaped =>
  (choice) => {
    if (!shapedBy.includes(choice)) shapedBy.push(choice);
  };

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
  /** A malformed or out-of-range `petId` is a 404 instead of a 400. */
  readonly petIdNotFound: { readonly malformed: boolean; readonly outOfRange: boolean };
  readonly acceptsUnknownCategory: boolean;
  /** The status a pet created without one gets. */
  readonly createdStatus: PetStatus | undefined;
  /** The answer restyled as the profile says (Error bodies, headers); undefined: as it is. */
  readonly restyle: Restyle | undefined;
  /** The deprecation headers as the profile sends them; undefined: the kit's. */
  readonly deprecation: DeprecationChange | undefined;
  /** The journal's names (choice: alternative) of the choices an answer noted; undefined: the default profile, which notes none. */
  readonly nameChoices?: (shapedBy: readonly ChoiceId[]) => ShapedChoices;
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
  petIdNotFound: { malformed: false, outOfRange: false },
  acceptsUnknownCategory: false,
  createdStatus: undefined,
  restyle: undefined,
  deprecation: undefined,
};
