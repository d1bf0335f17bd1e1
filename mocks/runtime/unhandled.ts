/**
 * What msw does with a request no handler matches, for either msw major:
 * msw 2 reads `onUnhandledRequest`, msw 3 reads `onUnhandledFrame`, and each
 * ignores the other's key. The kit's default is set under both names unless
 * the caller chose a strategy under either name.
 *
 * @example
 * server.listen(withUnhandledDefault("error", options));
 */
type UnhandledStrategy = "bypass" | "warn" | "error";

const unhandledKeys = ["onUnhandledRequest", "onUnhandledFrame"] as const;

export function withUnhandledDefault<Options extends object>(
  strategy: UnhandledStrategy,
  options: Options | undefined,
): Options {
  const chosen = options as Partial<Record<(typeof unhandledKeys)[number], unknown>> | undefined;
  if (unhandledKeys.some((key) => chosen?.[key] !== undefined)) return options as Options;
  return { ...options, onUnhandledRequest: strategy, onUnhandledFrame: strategy } as Options;
}
