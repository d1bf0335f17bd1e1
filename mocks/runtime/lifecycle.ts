/**
 * One mock's whole life, the same in every runtime: the store, the faults and
 * the journal, the core answering from them, and the two ways back:
 * `reset()` returns to how start-up left everything, `restore(snapshot)` loads
 * a saved store. Given the `contract` option, it records what the requests
 * relied on as a consumer contract (`contract()`, kept across resets);
 * without it no recorder runs and the requests pay nothing for one. The msw entries, the
 * Playwright and vitest fixtures build theirs here; each runtime only adapts
 * `handle` to its requests.
 *
 * @example
 * const petstore = await createPetstore({ seed: 7, preset: "flaky-writes" });
 * const response = await petstore.handle(coreRequest);
 * await petstore.reset();
 */
import { ContractNotRecordedError, contractNamesOf } from "../contract/contract-names.js";
import type { PactContract } from "../contract/pact.js";
import type { ContractRecorder } from "../contract/recorder.js";
import { createMockControls } from "../core/controls.js";
import type { FaultRegistry } from "../core/faults.js";
import type { Journal } from "../core/journal.js";
import { recordLimitsOf } from "../core/limits.js";
import {
  type CoreAids,
  createCorePipeline,
  type PetstoreCore,
  type PetstoreCoreOptions,
} from "../core/petstore-core.js";
import type { BehaviourProfileInput, ResolvedBehaviour } from "../interface/behaviour-profile.js";
import {
  type PetstoreBaseOptions,
  type PetstoreOptions,
  type SeedOptions,
  seedOptionsOf,
} from "../store/options.js";
import type { StoreSnapshot } from "../store/state.js";
import { createPetstoreStore, type PetstoreStore } from "../store/store.js";
import { type ContractRecorderFactory, contractRecorderOf } from "./contract-recording.js";

export interface PetstoreLifecycleOptions
  extends PetstoreBaseOptions,
    Omit<PetstoreCoreOptions, "store" | "faults" | "journal" | "observe" | "profile"> {
  /** A store made beforehand (e.g. loaded from a file); default one seeded from `seed`/`counts`. */
  readonly store?: PetstoreStore | undefined;
  /** The test running now, naming the contract's interactions; default the vitest or Jest test. */
  readonly testName?: (() => string | undefined) | undefined;
  /**
   * How the consumer contract's recorder is made: `createContractRecorder`
   * (the server and Playwright's routes, which import it statically), or
   * without it loaded through `import()`: before the mock starts
   * (`setupPetstore`'s), or after its first answers with `contractOnDemand`
   * (a page's).
   */
  readonly contractRecorder?: ContractRecorderFactory | undefined;
  readonly contractOnDemand?: boolean | undefined;
  /**
   * What the core needs only to write answers down (the one redactor, the
   * statements naming a refused request's rules) loaded through `import()`
   * behind the first answers (a page's): until it arrives, an answer below
   * 400 is journaled late and one of 400 or more waits (mocks/core/petstore-core.ts).
   * Without it the mock waits for that code before it resolves.
   */
  readonly aidsOnDemand?: boolean | undefined;
  /** The aids given at once (`setupPetstore` imports them statically): nothing is loaded for them. */
  readonly aids?: CoreAids | undefined;
  /**
   * The store's `@msw/data` collections loaded through `import()` behind
   * the first answers (a page's), which the store's id index gives from the
   * seed; creates wait for them (mocks/store/store.ts).
   */
  readonly collectionsOnDemand?: boolean | undefined;
}

export interface PetstoreLifecycle {
  /** The typed store the core answers from: arrange and inspect records. */
  readonly store: PetstoreStore;
  /** Faults to apply at run time: `add`, `list`, `remove`, `clear`, `preset`. */
  readonly faults: FaultRegistry;
  /** Every request the core answered: `all`, `forOperation`, `clear`. */
  readonly journal: Journal;
  /** The core: one request in, one answer out. */
  readonly handle: PetstoreCore;
  /** The behaviour profile the answers follow; undefined: the kit's choices (none was given). */
  readonly behaviour: ResolvedBehaviour | undefined;
  /** A core over the same store and faults that records into another journal (the proxy's fallback). */
  handleWith(journal: Journal): PetstoreCore;
  /**
   * Back to start-up: the seeded store (or one seeded from `seedOptions`), the
   * start-up faults, an empty journal.
   */
  reset(seedOptions?: SeedOptions): Promise<void>;
  /** The store's records as plain JSON. */
  snapshot(): StoreSnapshot;
  /** Loads a snapshot into the store; an invalid one throws `SnapshotError` and changes nothing. */
  restore(snapshot: unknown): Promise<void>;
  /**
   * What the requests so far relied on, as a Pact v4 consumer contract (a
   * reset keeps it); throws `ContractNotRecordedError` without the `contract` option.
   */
  contract(): PactContract;
  /** The recorder behind `contract()` (`clear()` starts it afresh); undefined without the `contract` option. */
  readonly contractRecorder: ContractRecorder | undefined;
}

/** What a test runner's fixture gives as `petstore` (Playwright's and vitest's): this test's mock. */
export interface PetstoreTestMock
  extends Pick<PetstoreLifecycle, "store" | "faults" | "journal" | "contract"> {
  /** The options of this test's mock. */
  readonly options: Readonly<PetstoreOptions>;
  /** Back to start-up within a test (the seeded store, the start-up faults, an empty journal). */
  reset(): Promise<void>;
}

/**
 * A profile resolved, and as the operations read it: its code comes with
 * the late chunk (./late-code.ts), which a page without a profile also
 * requests at setup, its first answers not waiting for it.
 */
async function profileOf(given: BehaviourProfileInput | ResolvedBehaviour) {
  const { behaviourFrom, operationBehaviour } = await import("./late-code.js");
  const resolved = behaviourFrom(given, "given as the behaviour option");
  return { resolved, operations: operationBehaviour(resolved) };
}

/** The core's aids, from the chunk a page shares with the contract's recorder. */
const loadAids = async (): Promise<CoreAids> => (await import("./late-code.js")).coreAids;

/**
 * Builds a mock; throws a RangeError naming a bad start-up fault, preset,
 * size, seed option or contract name, a `BehaviourProfileError` naming a bad
 * choice of the behaviour profile.
 */
export async function createPetstore(
  options: PetstoreLifecycleOptions = {},
): Promise<PetstoreLifecycle> {
  // Asked for first: a page's loads while the store is seeded (its failure is the core's to report).
  const aids = options.aids ?? (options.aidsOnDemand ? loadAids() : await loadAids());
  if (aids instanceof Promise) aids.catch(() => undefined);
  const profile = options.behaviour === undefined ? undefined : await profileOf(options.behaviour);
  const controls = createMockControls(options);
  const names = contractNamesOf(options.contract);
  const store =
    options.store ??
    (await createPetstoreStore(seedOptionsOf(options), recordLimitsOf(options), {
      collectionsOnDemand: options.collectionsOnDemand,
      behaviour: profile?.resolved,
    }));
  // Only a contract asked for is recorded: otherwise no recorder, and no cost on any request.
  const recorder =
    options.contract === undefined
      ? undefined
      : await contractRecorderOf(
          {
            testName: options.testName,
            categoryExists: (id) => store.getCategory(id) !== undefined,
          },
          { create: options.contractRecorder, onDemand: options.contractOnDemand },
        );
  const handleWith = (journal: Journal) =>
    createCorePipeline(
      {
        ...options,
        profile: profile?.operations,
        store,
        faults: controls.faults,
        journal,
        observe: recorder?.observe,
      },
      aids,
    );
  return {
    store,
    faults: controls.faults,
    journal: controls.journal,
    handle: handleWith(controls.journal),
    behaviour: profile?.resolved,
    handleWith,
    async reset(seedOptions) {
      await store.reset(seedOptions);
      controls.reset();
    },
    snapshot: () => store.snapshot(),
    restore: (snapshot) => store.restore(snapshot),
    contract() {
      if (recorder === undefined) throw new ContractNotRecordedError();
      return recorder.contract(names);
    },
    contractRecorder: recorder,
  };
}
