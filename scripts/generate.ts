/**
 * Derives everything the kit needs from `openapi.yaml`, the one source of truth:
 *
 * - `mocks/generated/openapi-types.ts`: TypeScript types (openapi-typescript);
 * - `mocks/generated/openapi-document.ts`: the document as a typed constant
 *   without its prose, examples, servers, security and tags (a browser page
 *   carries it), and the
 *   SHA-256 of the whole parsed document (line endings and comments do not
 *   count) that state snapshots carry to name the interface they were made for;
 * - `mocks/generated/validators.js` (+ `.d.ts`): precompiled Ajv validators for
 *   every component schema, and `mocks/generated/parameter-validators.js` (+
 *   `.d.ts`) for each operation's path and query parameters (apart, so a page
 *   loads the records' and bodies' validators only when it first needs them);
 * - `fixtures/generated/default-seed.ts`: the default seed's records, as faker
 *   generates them (`fixtures/generate-seed.ts`), so that stores seeded with
 *   the defaults never load faker.
 *
 * `tsx scripts/generate.ts --check` writes nothing and exits 1 when any
 * generated file is stale (the drift check run by `npm test`).
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";
import openapiTS, { astToString } from "openapi-typescript";
import { parse } from "yaml";
import { generateSeedData } from "../fixtures/generate-seed.js";
import { resolveRef } from "../mocks/util/json-ref.js";

const root = new URL("../", import.meta.url);
const generatedFrom = (source: string) =>
  `// Generated from ${source} by scripts/generate.ts. Do not edit: run \`npm run generate\`.\n`;
const header = generatedFrom("openapi.yaml");

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Rewrites `#/components/schemas/X` references to the Ajv schema `spec#/$defs/X`, dropping `x-` extensions. */
function toJsonSchema(value: Json): Json {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith("x-")) continue;
    if (key === "$ref" && typeof child === "string") {
      out[key] = child.replace("#/components/schemas/", "spec#/$defs/");
    } else {
      out[key] = toJsonSchema(child);
    }
  }
  return out;
}

/** Objects whose keys are names (a property, a path, a status, a media type), not keywords. */
const mapsOfNames = new Set([
  ...["properties", "patternProperties", "$defs", "paths", "responses", "content", "headers"],
  ...["schemas", "parameters", "requestBodies", "securitySchemes", "links", "callbacks"],
  ...["variables", "mapping"],
]);
const kitsChoice = "Kit's choice";

/**
 * The document as the kit reads it at run time: without its prose and
 * examples, which only people and tests read (they take openapi.yaml). A
 * description keeps only whether it is the kit's choice, the one thing
 * `mocks/interface/operations.ts` reads of it.
 */
function runtimeDocument(value: Json, keysAreNames = false): Json {
  if (Array.isArray(value)) return value.map((item) => runtimeDocument(item));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (keysAreNames) {
      out[key] = runtimeDocument(child);
    } else if (key === "description" && typeof child === "string") {
      // Beside a `$ref` an empty one still hides the target's; elsewhere none says as much.
      if (child.startsWith(kitsChoice)) out[key] = kitsChoice;
      else if ("$ref" in value) out[key] = "";
    } else if (key !== "summary" && key !== "example" && key !== "examples") {
      out[key] = runtimeDocument(child, mapsOfNames.has(key));
    }
  }
  return out;
}

/**
 * The run-time document without what nothing reads at run time: its OpenAPI
 * version, where the interface is deployed (`servers`), who may call it
 * (`security`, its schemes: the kit's credential check is its own), how it
 * is grouped (`tags`), and `info` but its version.
 */
function withoutUnread(document: JsonObject): JsonObject {
  const { openapi, servers, security, tags, info, components, paths, ...rest } = document;
  const { securitySchemes, ...kept } = isObject(components) ? components : {};
  const operations: JsonObject = {};
  for (const [path, pathItem] of Object.entries(isObject(paths) ? paths : {})) {
    const item: JsonObject = {};
    for (const [key, operation] of Object.entries(isObject(pathItem) ? pathItem : {})) {
      if (!isObject(operation)) {
        item[key] = operation;
        continue;
      }
      const { security: _security, tags: _tags, ...read } = operation;
      item[key] = read;
    }
    operations[path] = item;
  }
  const version = isObject(info) ? info.version : undefined;
  return { ...rest, info: { version: version ?? null }, paths: operations, components: kept };
}

function resolve(document: JsonObject, value: Json): JsonObject {
  if (isObject(value) && typeof value.$ref === "string") {
    return resolveRef(document, value.$ref) as JsonObject;
  }
  if (!isObject(value)) throw new Error("openapi.yaml: expected an object");
  return value;
}

/** One object schema per operation and parameter location, e.g. `listPetsQuery`, `getPetPath`. */
function parameterSchemas(document: JsonObject): Record<string, JsonObject> {
  const schemas: Record<string, JsonObject> = {};
  const paths = document.paths;
  if (!isObject(paths)) return schemas;
  for (const pathItem of Object.values(paths)) {
    if (!isObject(pathItem)) continue;
    for (const operation of Object.values(pathItem)) {
      if (!isObject(operation) || typeof operation.operationId !== "string") continue;
      const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
      for (const raw of parameters) {
        const parameter = resolve(document, raw);
        const location = String(parameter.in);
        const name = `${operation.operationId}${location[0]?.toUpperCase()}${location.slice(1)}`;
        const schema = schemas[name] ?? { type: "object", properties: {}, required: [] };
        schemas[name] = schema;
        (schema.properties as JsonObject)[String(parameter.name)] = toJsonSchema(
          parameter.schema ?? {},
        );
        if (parameter.required === true) (schema.required as Json[]).push(String(parameter.name));
      }
    }
  }
  return schemas;
}

interface ValidatorsModule {
  readonly js: string;
  readonly dts: string;
}

/** One standalone module of precompiled validators: `exports` maps each exported name to its schema's id. */
function standaloneModule(
  ajv: Ajv2020,
  exports: Readonly<Record<string, string>>,
): ValidatorsModule {
  const names = Object.keys(exports).sort();
  const js = `${header}${standalone.default(ajv, exports)}\n`;
  const dts = `${header}import type { ValidateFunction } from "ajv";\n${names
    .map((name) => `export declare const ${name}: ValidateFunction;`)
    .join("\n")}\n`;
  return { js, dts };
}

/**
 * The component schemas' validators (records and bodies), and apart from
 * them the operations' path and query parameters': a page's first list needs
 * only the latter, the former load on the first body or record checked.
 */
function validatorsModules(document: JsonObject): {
  readonly records: ValidatorsModule;
  readonly parameters: ValidatorsModule;
} {
  const components = isObject(document.components) ? document.components : {};
  const componentSchemas = isObject(components.schemas) ? components.schemas : {};
  const ajv = new Ajv2020({ code: { source: true, esm: true, lines: true }, strict: true });
  // int64 is checked by the kit itself (JavaScript numbers hold safe integers only).
  ajv.addFormat("int64", true);
  ajv.addSchema({ $id: "spec", $defs: toJsonSchema(componentSchemas) as JsonObject });
  const records: Record<string, string> = {};
  for (const name of Object.keys(componentSchemas)) records[name] = `spec#/$defs/${name}`;
  const parameters: Record<string, string> = {};
  for (const [name, schema] of Object.entries(parameterSchemas(document))) {
    ajv.addSchema({ ...schema, $id: name });
    parameters[name] = name;
  }
  return { records: standaloneModule(ajv, records), parameters: standaloneModule(ajv, parameters) };
}

function defaultSeedModule(): string {
  const { categories, pets } = generateSeedData();
  const rows = (records: readonly object[]) =>
    records.map((record) => `    ${JSON.stringify(record)},`).join("\n");
  return `${generatedFrom("fixtures/generate-seed.ts")}import type { SeedData } from "../seed-options.js";

/** \`generateSeedData()\` with the default options (seed 42, 50 pets, 5 categories). */
export const defaultSeedData: SeedData = {
  categories: [
${rows(categories)}
  ],
  pets: [
${rows(pets)}
  ],
};
`;
}

/** Every generated file by its path from the repository root. */
async function generate(): Promise<Record<string, string>> {
  const source = await readFile(new URL("openapi.yaml", root), "utf8");
  const document = parse(source) as JsonObject;
  const types = astToString(await openapiTS(source, { exportType: true }));
  const validators = validatorsModules(document);
  return {
    "mocks/generated/openapi-types.ts": `${header}${types}`,
    "mocks/generated/openapi-document.ts": `${header}/** openapi.yaml as the kit reads it at run time: its prose, examples, servers, security and tags left out (read openapi.yaml for them). */\nexport const openapiDocument = ${JSON.stringify(withoutUnread(runtimeDocument(document) as JsonObject), null, 2)} as const;\n\n/** SHA-256 of the parsed openapi.yaml: which interface a state snapshot was made for. */\nexport const openapiSha256 = "${createHash("sha256").update(JSON.stringify(document)).digest("hex")}";\n`,
    "mocks/generated/validators.js": validators.records.js,
    "mocks/generated/validators.d.ts": validators.records.dts,
    "mocks/generated/parameter-validators.js": validators.parameters.js,
    "mocks/generated/parameter-validators.d.ts": validators.parameters.dts,
    "fixtures/generated/default-seed.ts": defaultSeedModule(),
  };
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  const files = await generate();
  const stale: string[] = [];
  for (const [path, content] of Object.entries(files)) {
    const target = new URL(path, root);
    const current = await readFile(target, "utf8").catch(() => undefined);
    if (current === content) continue;
    stale.push(path);
    if (!check) {
      await mkdir(new URL(".", target), { recursive: true });
      await writeFile(target, content);
    }
  }
  if (check && stale.length > 0) {
    console.error(
      `Generated files are stale: ${stale.join(", ")}. Run \`npm run generate\` and commit.`,
    );
    process.exit(1);
  }
  console.log(
    check
      ? "Generated files are up to date."
      : stale.length > 0
        ? `Wrote ${stale.join(", ")}`
        : "Generated files already up to date.",
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
