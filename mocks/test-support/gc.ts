/** A full garbage collection in a test: heap figures compare like with like, and a WeakRef shows what is still held. */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Runs V8's full garbage collection (exposed on first use). */
export function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/**
 * Whether nothing holds the object any more: waits for the current task to
 * end (V8 keeps a WeakRef's target alive until then), then collects.
 */
export async function collected(ref: WeakRef<object>): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  return ref.deref() === undefined;
}
