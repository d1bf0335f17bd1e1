/**
 * `npm run smoke:lock`: writes scripts/smoke-msw2.lock.json, msw 2's part of
 * the smoke test's pinned install (package-lock.json pins msw 3 only), from
 * the registry. Run it after package-lock.json changes, or to test a newer
 * msw 2; the file is committed.
 */
import { writeMsw2Lock } from "./smoke-package.js";

await writeMsw2Lock();
