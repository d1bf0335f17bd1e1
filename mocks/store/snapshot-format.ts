/**
 * The store's snapshot format (mocks/store/state.ts checks one): its name,
 * version and shape, the interface it was made for, and its error. What
 * `store.snapshot()` needs; `restore` loads the checks on demand.
 */
import type { SeedData, SeedOptions } from "../../fixtures/seed.js";
import { openapiDocument, openapiSha256 } from "../generated/openapi-document.js";

export const snapshotFormat = "petstore-mock-kit/state";
export const snapshotFormatVersion = 1;

export interface StoreSnapshot extends SeedData {
  readonly format: typeof snapshotFormat;
  readonly formatVersion: typeof snapshotFormatVersion;
  /** The interface the records were made for: openapi.yaml's version and SHA-256. */
  readonly openapi: { readonly version: string; readonly sha256: string };
  /** The seed options `reset()` returns to. */
  readonly seedOptions: Required<SeedOptions>;
  /** The ids the next created records get. */
  readonly nextIds: { readonly pets: number; readonly categories: number };
}

/** A snapshot that cannot be restored; the message says why. */
export class SnapshotError extends Error {
  override name = "SnapshotError";
}

export const currentInterface = { version: openapiDocument.info.version, sha256: openapiSha256 };

/** The largest next id: every id handed out stays a safe integer, and an exhausted store still exports. */
export const maxNextId = Number.MAX_SAFE_INTEGER + 1;
