/**
 * The consumer contract's recorder as a mock's lifecycle holds it, its code
 * (`mocks/contract/recorder.ts` and what it reads) loaded through `import()`.
 * Node runtimes hand it over (`create`, imported statically) or wait for it
 * at start-up; a page (`onDemand`) does not: its
 * first answers do not need the recorder, so they do not wait for its bytes.
 * Until the code arrives (one request to the page's own origin, sent before
 * the service worker is even registered), the answered exchanges wait in a
 * bounded queue and are recorded on arrival, under the test name and the
 * categories of that moment.
 *
 * @example
 * const recorder = await contractRecorderOf({ categoryExists }, { onDemand: true });
 * const core = createPetstoreCore({ store, observe: recorder.observe });
 * recorder.contract(defaultContractNames); // the contract so far
 */
import type { ContractRecorder, ContractRecorderOptions } from "../contract/recorder.js";
import type { ObservedExchange } from "../core/petstore-core.js";

/** At most this many exchanges wait for the recorder's code; beyond them, the newest are left out. */
export const queuedExchanges = 1_000;

const loadRecorder = async (options: ContractRecorderOptions) =>
  (await import("./late-code.js")).createContractRecorder(options);

/** Makes a recorder (`createContractRecorder`). */
export type ContractRecorderFactory = (options: ContractRecorderOptions) => ContractRecorder;

/**
 * The recorder: made by `create` when given, else loaded before this
 * resolves, unless `onDemand` (then behind the first answers).
 */
export async function contractRecorderOf(
  options: ContractRecorderOptions,
  {
    create,
    onDemand = false,
    load = loadRecorder,
  }: {
    create?: ContractRecorderFactory | undefined;
    onDemand?: boolean | undefined;
    load?: typeof loadRecorder;
  } = {},
): Promise<ContractRecorder> {
  if (create) return create(options);
  if (!onDemand) return load(options);
  let loaded: ContractRecorder | undefined;
  let failure: Error | undefined;
  let queue: ObservedExchange[] = [];
  load(options).then(
    (recorder) => {
      for (const exchange of queue) recorder.observe(exchange);
      queue = [];
      loaded = recorder;
    },
    (error: unknown) => {
      failure = error instanceof Error ? error : new Error(String(error));
      queue = [];
      console.warn(`petstore-mock-kit: the consumer contract could not load: ${failure.message}`);
    },
  );
  const notLoaded = () =>
    failure
      ? new Error(`the consumer contract could not load: ${failure.message}`, { cause: failure })
      : new Error(
          "the consumer contract's code is still loading: ask for the contract again once it has arrived",
        );
  return {
    observe(exchange) {
      if (loaded) loaded.observe(exchange);
      else if (failure === undefined && queue.length < queuedExchanges) queue.push(exchange);
    },
    interactions() {
      if (loaded) return loaded.interactions();
      if (queue.length === 0 && failure === undefined) return [];
      throw notLoaded();
    },
    contract(names) {
      if (loaded) return loaded.contract(names);
      // The contract's own code (its Pact format) arrives with the recorder.
      throw notLoaded();
    },
    clear() {
      loaded?.clear();
      queue = [];
    },
  };
}
