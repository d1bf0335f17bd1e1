/**
 * What the pipeline needs only to write an answer down: the kit's one
 * redactor and the statements a refused request broke. Node runtimes import
 * it with the core (`createPetstoreCore` of ./create-core.ts); a page loads it through `import()`
 * behind its first answers (mocks/core/petstore-core.ts).
 */
import { refusalRules } from "../interface/refusals.js";
import { createRequestRedactor } from "../util/redact.js";
import type { CoreAids } from "./petstore-core.js";

export const coreAids: CoreAids = { createRequestRedactor, refusalRules };
