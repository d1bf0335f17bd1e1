/**
 * What the pipeline needs only to write an answer down: the kit's one
 * redactor and the statements a refused request broke. Node runtimes import
 * it with the core (`createPetstoreCore`); a page loads it through `import()`
 * behind its first answers (mocks/core/pipeline.ts).
 */
import { refusalRules } from "../interface/refusals.js";
import { createRequestRedactor } from "../util/redact.js";
import type { CoreAids } from "./pipeline.js";

export const coreAids: CoreAids = { createRequestRedactor, refusalRules };
