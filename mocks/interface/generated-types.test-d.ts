/**
 * openapi-typescript's output for openapi.yaml, checked by `npm run typecheck`:
 * every error answer of every operation, the category operations' included,
 * is typed as the interface's Error (a generated client gets `Error`, not
 * `unknown`).
 */
import type { components, operations } from "../generated/openapi-types.js";

type ErrorBody = components["schemas"]["Error"];
type Json<R> = R extends { content: { "application/json": infer B } } ? B : never;
type Answer<O extends keyof operations, S extends keyof operations[O]["responses"]> = Json<
  operations[O]["responses"][S]
>;
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>): Equal<A, B> => proof;

export function typeChecks(): void {
  same<Answer<"listCategories", 401>, ErrorBody>(true);
  same<Answer<"listCategories", "default">, ErrorBody>(true);
  same<Answer<"createCategory", 400>, ErrorBody>(true);
  same<Answer<"createCategory", 401>, ErrorBody>(true);
  same<Answer<"createCategory", 409>, ErrorBody>(true);
  same<Answer<"createCategory", 413>, ErrorBody>(true);
  same<Answer<"createCategory", 415>, ErrorBody>(true);
  same<Answer<"createCategory", 503>, ErrorBody>(true);
  same<Answer<"listPets", 400>, ErrorBody>(true);
  same<Answer<"getPet", 400>, ErrorBody>(true);
  same<Answer<"getPet", 404>, ErrorBody>(true);
  same<Answer<"createCategory", 201>, components["schemas"]["Category"]>(true);
  // @ts-expect-error a Category is not an Error
  same<Answer<"createCategory", 201>, ErrorBody>(true);
  // @ts-expect-error `unknown` (what the category errors were) is not an Error
  same<unknown, ErrorBody>(true);
}
