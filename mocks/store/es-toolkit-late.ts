/** The es-toolkit functions `@msw/data` calls only in its relations' code, and `get` for a path that is no array (./es-toolkit-on-demand.ts loads them). */
export { default as get } from "es-toolkit/compat/get";
export { default as set } from "es-toolkit/compat/set";
export { default as unset } from "es-toolkit/compat/unset";
export { isEqual } from "es-toolkit/predicate/isEqual";
