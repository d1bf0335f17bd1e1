/**
 * The store's state as one JSON document: what `store.snapshot()` returns,
 * `GET /__mock/state` sends, `--state-file` holds and the browser keeps in
 * Web Storage. `checkSnapshot` accepts only a document made for this
 * openapi.yaml whose records pass the generated validators and hang together
 * (unique ids, existing categories, next ids beyond every id).
 * Runtime-neutral: nothing here imports Node or browser APIs.
 */

import type { ValidateFunction } from "ajv";
import type { SeedOptions } from "../../fixtures/seed.js";
import { checkSeedWithinLimits, maxStringLength, type RecordCounts } from "../core/limits.js";
import { shown } from "../core/shown.js";
import { firstError } from "../core/validate.js";
import { openapiSha256 } from "../generated/openapi-document.js";
import * as validators from "../generated/validators.js";
import { recordFields } from "../interface/operations.js";
import type { Category, Pet } from "../interface/types.js";
import { isObject } from "../util/json.js";
import { isInteger, isSafeInteger } from "../util/numbers.js";
import { printable } from "../util/text.js";
import { seedOptionsFromJson } from "./options.js";
import {
  currentInterface,
  maxNextId,
  SnapshotError,
  type StoreSnapshot,
  snapshotFormat,
  snapshotFormatVersion,
} from "./snapshot-format.js";

export * from "./snapshot-format.js";

function field(object: Record<string, unknown>, name: string): unknown {
  if (!(name in object)) throw new SnapshotError(`The snapshot has no "${name}" field.`);
  return object[name];
}

function nextId(object: Record<string, unknown>, name: string): number {
  const value = field(object, name);
  if (!isInteger(value) || value < 0 || value > maxNextId) {
    throw new SnapshotError(
      `nextIds.${name} must be an integer from 0 to ${maxNextId}, got ${shown(value)}.`,
    );
  }
  return value;
}

function records<T extends { id: number }>(
  snapshot: Record<string, unknown>,
  name: keyof RecordCounts,
  schema: "Pet" | "Category",
  limits: RecordCounts | undefined,
): T[] {
  const value = field(snapshot, name);
  const validate: ValidateFunction = schema === "Pet" ? validators.Pet : validators.Category;
  const keys: readonly string[] = recordFields(schema);
  if (!Array.isArray(value)) throw new SnapshotError(`The snapshot's "${name}" must be an array.`);
  if (limits && value.length > limits[name]) {
    const flag = name === "pets" ? "--max-pets" : "--max-categories";
    throw new SnapshotError(
      `The snapshot holds ${value.length} ${name}; this mock stores at most ${limits[name]} (${flag}).`,
    );
  }
  const ids = new Set<number>();
  return value.map((record: unknown, index) => {
    const where = `${name}[${index}]`;
    if (!validate(record))
      throw new SnapshotError(`${where}: ${firstError(validate, record, where)}.`);
    // The schema's validator refuses a record that is not an object.
    const fields = record as Record<string, unknown>;
    const id = fields.id;
    if (!isSafeInteger(id) || id < 1) {
      throw new SnapshotError(`${where}.id must be a positive integer, got ${shown(id)}.`);
    }
    if (ids.has(id)) throw new SnapshotError(`${where}.id ${id} appears twice in ${name}.`);
    ids.add(id);
    const unknown = Object.keys(fields).find((key) => !keys.includes(key));
    if (unknown !== undefined) {
      throw new SnapshotError(
        `${where} has an unknown field "${printable(unknown.slice(0, 40))}".`,
      );
    }
    for (const [key, held] of Object.entries(fields)) {
      // Every field is a string or a safe integer by now, and no number is that long.
      const { length } = String(held);
      if (length > maxStringLength) {
        throw new SnapshotError(
          `${where}.${key} holds ${length} characters; at most ${maxStringLength}, as in a create.`,
        );
      }
    }
    return record as T;
  });
}

const maxId = (list: readonly { id: number }[]) =>
  list.reduce((max, record) => Math.max(max, record.id), 0);

/**
 * Checks an untrusted value (parsed JSON) and returns it as a snapshot, or
 * throws `SnapshotError` naming the first problem. With `limits`, neither its
 * records nor its seed options may exceed the store's caps.
 */
export function checkSnapshot(value: unknown, limits?: RecordCounts): StoreSnapshot {
  if (!isObject(value)) throw new SnapshotError("A snapshot must be a JSON object.");
  if (value.format !== snapshotFormat) {
    throw new SnapshotError(`Not a ${snapshotFormat} snapshot (format is ${shown(value.format)}).`);
  }
  if (value.formatVersion !== snapshotFormatVersion) {
    throw new SnapshotError(
      `Snapshot format version ${shown(value.formatVersion)} is not supported; this mock reads version ${snapshotFormatVersion}.`,
    );
  }
  const made = field(value, "openapi");
  if (!isObject(made) || made.sha256 !== openapiSha256) {
    const theirs = isObject(made) ? `${shown(made.version)} (sha256 ${shown(made.sha256)})` : "?";
    throw new SnapshotError(
      `The snapshot was made for another interface version: openapi.yaml ${theirs}; this mock serves ${currentInterface.version} (sha256 "${openapiSha256}").`,
    );
  }
  let seedOptions: Required<SeedOptions>;
  try {
    seedOptions = seedOptionsFromJson(field(value, "seedOptions"), {
      name: `The snapshot's "seedOptions"`,
      fieldPrefix: "seedOptions.",
      complete: true,
    }) as Required<SeedOptions>;
    if (limits) checkSeedWithinLimits(seedOptions, limits, "seedOptions.");
  } catch (error) {
    throw new SnapshotError(`${(error as Error).message}.`);
  }
  const categories = records<Category>(value, "categories", "Category", limits);
  const pets = records<Pet>(value, "pets", "Pet", limits);
  const categoryIds = new Set(categories.map((category) => category.id));
  const orphan = pets.find((pet) => !categoryIds.has(pet.categoryId));
  if (orphan) {
    throw new SnapshotError(
      `pets[${pets.indexOf(orphan)}].categoryId ${orphan.categoryId} names no category in the snapshot.`,
    );
  }
  const next = field(value, "nextIds");
  if (!isObject(next)) throw new SnapshotError(`The snapshot's "nextIds" must be an object.`);
  const nextIds = { pets: nextId(next, "pets"), categories: nextId(next, "categories") };
  for (const [name, list] of [
    ["pets", pets],
    ["categories", categories],
  ] as const) {
    if (nextIds[name] <= maxId(list)) {
      throw new SnapshotError(
        `nextIds.${name} must be greater than every id in ${name} (${maxId(list)}), got ${nextIds[name]}.`,
      );
    }
  }
  return {
    format: snapshotFormat,
    formatVersion: snapshotFormatVersion,
    openapi: currentInterface,
    seedOptions,
    nextIds,
    categories,
    pets,
  };
}
