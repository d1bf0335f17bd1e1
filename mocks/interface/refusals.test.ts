/** The statements the journal names for each of the mock's own refusals. */
import { describe, expect, it } from "vitest";
import { refusalRules } from "./refusals.js";
import type { OperationId } from "./spec.js";

describe("refusalRules", () => {
  it.each<[OperationId, string, string, string[]]>([
    ["listPets", "invalid_query", "limit", ["§4.1.limit-range"]],
    ["listPets", "invalid_query", "status", ["§2.PetStatus", "§4.1.status-filter"]],
    ["createPet", "invalid_body", "name", ["§2.NewPet", "§4.2.400"]],
    [
      "createPet",
      "invalid_body",
      "status",
      ["§2.NewPet", "§4.2.400", "§2.PetStatus", "§3.status-on-creation"],
    ],
    ["createCategory", "invalid_body", "name", ["§2.NewCategory"]],
    ["getPet", "invalid_path", "petId", ["§4.3.petId"]],
    [
      "listPets",
      "unauthorized",
      "Missing",
      ["§4.1.401", "§5.401", "§4.auth-required", "§5.bearer"],
    ],
    ["listCategories", "unauthorized", "Invalid", ["§4.auth-required", "§5.bearer"]],
    ["createPet", "unsupported_media_type", "Content", ["§4.media-type"]],
    ["createPet", "payload_too_large", "The", []],
    ["createPet", "store_full", "The", []],
  ])("%s %s (%s)", (operation, code, field, ids) => {
    expect(refusalRules(operation, code, field)).toEqual(ids);
  });

  it("names only the credential's statements for a path the interface does not have", () => {
    expect(refusalRules(undefined, "unauthorized", "Missing")).toEqual([
      "§4.auth-required",
      "§5.bearer",
    ]);
    expect(refusalRules(undefined, "not_found", "No")).toEqual([]);
  });
});
