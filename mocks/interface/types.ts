/** The interface's types, generated from openapi.yaml (see mocks/generated/openapi-types.ts). */
import type { components } from "../generated/openapi-types.js";

type Schemas = components["schemas"];

export type PetStatus = Schemas["PetStatus"];
export type NewPet = Schemas["NewPet"];
export type Pet = Schemas["Pet"];
export type NewCategory = Schemas["NewCategory"];
export type Category = Schemas["Category"];
export type ErrorBody = Schemas["Error"];
export type { components, operations, paths } from "../generated/openapi-types.js";
