/**
 * The CommonJS helper as built (vitest does not compile `.cts`): `npm run build` first.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const loadEsm = createRequire(import.meta.url)(
  "../../dist/mocks/require/load-esm.cjs",
) as typeof import("./load-esm.cjs");

/** What Jest's module runtime throws for require() of an ES module without --experimental-vm-modules. */
const jestRefusal = () => {
  throw new Error(
    "Must use import to load ES Module: /app/node_modules/petstore-mock-kit/dist/mocks/node.js",
  );
};

describe("the kit's CommonJS entries", () => {
  it("give the ES module's exports when the runtime can require it", () => {
    const exports = { setupPetstore: () => undefined };
    expect(loadEsm(() => exports, "petstore-mock-kit/node")).toBe(exports);
  });

  it("name Jest's flag when the runtime refuses to require an ES module", () => {
    expect(() => loadEsm(jestRefusal, "petstore-mock-kit/node")).toThrow(
      /^petstore-mock-kit\/node is an ES module, .*NODE_OPTIONS=--experimental-vm-modules npx jest/,
    );
  });

  it("keep the refusal as the cause, and pass any other error on unchanged", () => {
    const cause = (() => {
      try {
        loadEsm(jestRefusal, "petstore-mock-kit");
      } catch (error) {
        return (error as Error).cause;
      }
    })();
    expect(cause).toEqual(
      expect.objectContaining({ message: expect.stringMatching(/^Must use import/) }),
    );
    const other = new TypeError("boom");
    expect(() =>
      loadEsm(() => {
        throw other;
      }, "petstore-mock-kit"),
    ).toThrow(other);
  });
});
