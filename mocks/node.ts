/**
 * `petstore-mock-kit/node`: a ready msw server with its own store, for test setups.
 *
 * @example
 * const petstore = await setupPetstore({ seed: 7 });
 * beforeAll(() => petstore.listen());
 * afterEach(() => petstore.reset());
 * afterAll(() => petstore.close()); // with `contract: { file }`, writes the contract
 */
import { type SetupServer, setupServer } from "msw/node";
import { contractFileOf } from "./contract/contract-names.js";
import { coreAids } from "./core/aids.js";
import { createPetstoreParts, type PetstoreParts } from "./runtime/setup-parts.js";
import { withUnhandledDefault } from "./runtime/unhandled.js";
import type { PetstoreNodeOptions } from "./server/options.js";
import type { PetstoreOptions } from "./store/options.js";

/** `server.listen`'s options, as the installed msw major (2 or 3) defines them. */
export type PetstoreListenOptions = Parameters<SetupServer["listen"]>[0];

export interface Petstore extends PetstoreParts {
  /** The underlying msw server (for `use`, events, ...). */
  readonly server: SetupServer;
  /**
   * Starts intercepting. Requests no handler matches are errors unless you say
   * otherwise (msw 2: `onUnhandledRequest`, msw 3: `onUnhandledFrame`).
   */
  listen(options?: PetstoreListenOptions): void;
  /**
   * Removes runtime handlers added with `server.use`, restores the seeded
   * store and the start-up faults, and empties the journal.
   */
  reset(): Promise<void>;
  /**
   * Stops intercepting; with `contract.file`, resolves once the contract is
   * merged into that file (rejects with a `ContractFileError` when it cannot be).
   */
  close(): Promise<void>;
}

/** The options with a profile file read: its reader loads only when a file is named (option or environment). */
const withProfileFile = async (options: PetstoreNodeOptions): Promise<PetstoreOptions> =>
  options.behaviourFile === undefined && process.env.PETSTORE_BEHAVIOUR_FILE === undefined
    ? options
    : (await import("./server/behaviour-file.js")).withBehaviourFile(options);

export async function setupPetstore(options: PetstoreNodeOptions = {}): Promise<Petstore> {
  const contractFile = contractFileOf(options.contract);
  const { parts, petstore } = await createPetstoreParts({
    ...(await withProfileFile(options)),
    aids: coreAids,
  });
  const server = setupServer(...parts.handlers);
  return {
    ...parts,
    server,
    listen: (listenOptions) => server.listen(withUnhandledDefault("error", listenOptions)),
    async reset() {
      server.resetHandlers();
      await petstore.reset();
    },
    async close() {
      server.close();
      if (contractFile === undefined) return;
      const { writeContractFile } = await import("./contract/contract-file.js");
      await writeContractFile(contractFile, petstore.contract());
    },
  };
}

export * from "./runtime/entry-exports.js";
export type { PetstoreNodeOptions } from "./server/options.js";
export { seedOptionsOf } from "./store/options.js";
