/**
 * The component schemas bodies are checked against, by name (their
 * validators, in `mocks/interface/schemas.ts`, load apart: a page's first
 * answers name schemas without checking a body).
 */
export const schemaNames = ["Pet", "Category", "Error", "NewPet", "NewCategory"] as const;
export type SchemaName = (typeof schemaNames)[number];

export const isSchemaName = (name: string): name is SchemaName =>
  (schemaNames as readonly string[]).includes(name);
