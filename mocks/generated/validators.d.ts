// Generated from openapi.yaml by scripts/generate.ts. Do not edit: run `npm run generate`.
import type { ValidateFunction } from "ajv";
export declare const Category: ValidateFunction;
export declare const Error: ValidateFunction;
export declare const NewCategory: ValidateFunction;
export declare const NewPet: ValidateFunction;
export declare const Pet: ValidateFunction;
export declare const PetStatus: ValidateFunction;
