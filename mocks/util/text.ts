/** Small text helpers shared by every runtime. */

/** Text as a literal inside a RegExp source. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Text as one single-quoted shell word: `O'Hara` → `'O'\''Hara'`. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
