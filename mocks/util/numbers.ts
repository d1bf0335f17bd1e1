/** `Number.isInteger` and `Number.isSafeInteger` as type guards: an unknown value that passes is a number. */
export const isInteger = (value: unknown): value is number => Number.isInteger(value);
export const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/** The integers OpenAPI's `format: int64` holds (signed 64 bits). */
export const int64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n } as const;
