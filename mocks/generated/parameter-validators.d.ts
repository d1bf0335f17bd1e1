// Generated from openapi.yaml by scripts/generate.ts. Do not edit: run `npm run generate`.
import type { ValidateFunction } from "ajv";
export declare const getPetPath: ValidateFunction;
export declare const listPetsQuery: ValidateFunction;
