/**
 * The kit's CommonJS entries (the `require` condition of package.json's
 * `exports`) load its ES modules. Node (20.19+) does that itself; Jest's module
 * runtime does it only when Node runs with `--experimental-vm-modules`, and
 * otherwise fails with "Must use import to load ES Module". This turns that
 * failure into one that names the flag.
 */
const refusedEsm = /Must use import to load ES Module|ERR_REQUIRE_ESM/;

function loadEsm<Exports>(load: () => Exports, specifier: string): Exports {
  try {
    return load();
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    if (!refusedEsm.test(`${String(code)} ${String(message)}`)) throw error;
    throw new Error(
      `${specifier} is an ES module, and this runtime cannot require() it. ` +
        "Under Jest, run Node with its VM modules: NODE_OPTIONS=--experimental-vm-modules npx jest " +
        "(see the Jest section of petstore-mock-kit's docs/testing.md).",
      { cause: error },
    );
  }
}

export = loadEsm;
