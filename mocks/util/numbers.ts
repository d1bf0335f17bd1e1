/** `Number.isInteger` and `Number.isSafeInteger` as type guards: an unknown value that passes is a number. */
export const isInteger = (value: unknown): value is number => Number.isInteger(value);
export const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value);
