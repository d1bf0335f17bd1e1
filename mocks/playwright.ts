/**
 * `petstore-mock-kit/playwright`: Playwright's `test` with a `petstore`
 * fixture. Every test gets its own seeded store, faults and journal, answered
 * through the browser context's request routing: no worker script, no second
 * process, and tests running in parallel never share data. With
 * `petstoreOptions: { contract: { file } }` (e.g. in the config's `use`),
 * each test merges what its requests relied on into that consumer contract
 * file, its interactions named after the test's title path. With
 * `petstoreOptions: { behaviourFile }` (or `PETSTORE_BEHAVIOUR_FILE`), every
 * test's mock answers by that behaviour profile.
 *
 * @example
 * import { expect, test } from "petstore-mock-kit/playwright";
 *
 * test.use({ petstore: { seed: 7 } });
 *
 * test("shows a failed save", async ({ page, petstore }) => {
 *   petstore.faults.add({ operation: "createPet", status: 503, times: 1 });
 *   await page.goto("/");
 *   // ...
 *   expect(petstore.journal.forOperation("createPet")[0]?.status).toBe(503);
 * });
 */
import {
  test as base,
  type Fixtures,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type Request,
  type Route,
  type TestType,
} from "@playwright/test";
import { writeContractFile } from "./contract/contract-file.js";
import { contractFileOf } from "./contract/contract-names.js";
import { type PetstoreFixture, startRoutedPetstore } from "./playwright/route.js";
import type { PetstoreNodeOptions } from "./server/options.js";
import type { PetstoreOptions } from "./store/options.js";

/** The option the config's `use` can set: `defineConfig<PetstoreTestOptions>({ use: { petstoreOptions } })`. */
export interface PetstoreTestOptions {
  /** The mock's options: set in the config's `use`, or per file or group with `test.use`. */
  petstoreOptions: PetstoreNodeOptions;
}

export interface PetstoreFixtures extends PetstoreTestOptions {
  /** The mock of this test; it answers the page's requests whether or not the test names it. */
  petstore: PetstoreFixture;
}

type TestArgs = PlaywrightTestArgs & PlaywrightTestOptions & PetstoreFixtures;
type WorkerArgs = PlaywrightWorkerArgs & PlaywrightWorkerOptions;
// biome-ignore lint/suspicious/noExplicitAny: Playwright's own constraint on fixture maps.
type KeyValue = { [key: string]: any };

/** What Playwright's `test.use` takes: overrides of existing fixtures only. */
// biome-ignore lint/complexity/noBannedTypes: Playwright's own spelling of "no new fixtures".
type UseFixtures<T extends KeyValue, W extends KeyValue> = Fixtures<{}, {}, T, W>;

/** `test.use`'s fixtures, with `petstore` taking options (added to those in effect). */
export type PetstoreUse<T extends KeyValue, W extends KeyValue> =
  | UseFixtures<T, W>
  | (Omit<UseFixtures<T, W>, "petstore"> & { petstore?: PetstoreNodeOptions });

/** Playwright's `TestType` whose `use` also takes `{ petstore: options }`, kept through `extend`. */
export interface PetstoreTestType<T extends TestArgs, W extends WorkerArgs> extends TestType<T, W> {
  use(fixtures: PetstoreUse<T, W>): void;
  // biome-ignore lint/complexity/noBannedTypes: Playwright's defaults.
  extend<U extends KeyValue, V extends KeyValue = {}>(
    fixtures: Fixtures<U, V, T, W>,
  ): PetstoreTestType<T & U, W & V>;
}

const isOptions = (value: unknown): value is PetstoreNodeOptions =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `{ petstore: options }` as Playwright takes it: an override of `petstoreOptions` that adds to it. */
function aliasPetstore(fixtures: KeyValue): KeyValue {
  const { petstore, ...rest } = fixtures;
  if (!isOptions(petstore)) return fixtures;
  if ("petstoreOptions" in rest) {
    throw new Error("test.use: set `petstore` or `petstoreOptions`, not both");
  }
  return {
    ...rest,
    petstoreOptions: async (
      { petstoreOptions }: { petstoreOptions: PetstoreNodeOptions },
      use: (options: PetstoreNodeOptions) => Promise<void>,
    ) => use({ ...petstoreOptions, ...petstore }),
  };
}

/**
 * Gives a test's `use` and `extend` the `petstore` shorthand. (Playwright names
 * the caller of `use`/`extend` in its load errors; through these wrappers that
 * is this file, the fixture's name still says which.)
 */
function withPetstoreAlias<T extends TestArgs, W extends WorkerArgs>(
  test: TestType<T, W>,
): PetstoreTestType<T, W> {
  const use = test.use;
  const extend = test.extend;
  return Object.assign(test, {
    use: (fixtures: KeyValue) => use(aliasPetstore(fixtures) as UseFixtures<T, W>),
    extend: (fixtures: Fixtures<KeyValue, KeyValue, T, W>) => withPetstoreAlias(extend(fixtures)),
  }) as PetstoreTestType<T, W>;
}

/** The options with a profile file read: its reader loads only when a file is named (option or environment). */
const withProfileFile = async (options: PetstoreNodeOptions): Promise<PetstoreOptions> =>
  options.behaviourFile === undefined && process.env.PETSTORE_BEHAVIOUR_FILE === undefined
    ? options
    : (await import("./server/behaviour-file.js")).withBehaviourFile(options);

export const test: PetstoreTestType<TestArgs, WorkerArgs> = withPetstoreAlias(
  base.extend<PetstoreFixtures>({
    petstoreOptions: [{}, { option: true }],
    petstore: [
      async ({ context, petstoreOptions }, use, testInfo) => {
        const contractFile = contractFileOf(petstoreOptions.contract);
        const testName = testInfo.titlePath.join(" > ");
        const { fixture, routing, dashboard } = await startRoutedPetstore(
          await withProfileFile(petstoreOptions),
          testName,
        );
        const failed = (request: Request) => routing.failed(request);
        const matches = (url: URL) => routing.matches(url);
        const handle = (route: Route, request: Request) => routing.handle(route, request);
        const toDashboard = (url: URL) => dashboard.matches(url);
        const answerDashboard = (route: Route, request: Request) =>
          dashboard.handle(route, request);
        context.on("requestfailed", failed);
        await context.route(matches, handle);
        await context.route(toDashboard, answerDashboard);
        try {
          await use(fixture);
        } finally {
          routing.stop();
          dashboard.stop();
          context.off("requestfailed", failed);
          await context.unroute(matches, handle);
          await context.unroute(toDashboard, answerDashboard);
        }
        if (contractFile !== undefined) await writeContractFile(contractFile, fixture.contract());
      },
      { auto: true },
    ],
  }),
);

export { expect } from "@playwright/test";
export type { PetstoreFixture } from "./playwright/route.js";
export * from "./runtime/entry-exports.js";
export type { PetstoreNodeOptions } from "./server/options.js";
