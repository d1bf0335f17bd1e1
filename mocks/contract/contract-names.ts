/**
 * A consumer contract's names (its consumer and provider) and file, checked
 * where a mock is set up: apart from the contract's assembly (./pact.ts),
 * which a page loads with the recorder, and the file's writer
 * (./contract-file.ts), which Node's `setupPetstore` loads when it writes.
 */

export interface ContractNames {
  readonly consumer: string;
  readonly provider: string;
}

export const defaultContractNames: ContractNames = {
  consumer: "petstore-consumer",
  provider: "petstore",
};

/**
 * `contract()` of a mock set up without the `contract` option: it records
 * nothing (a recorder costs every request something), so there is no contract to give.
 */
export class ContractNotRecordedError extends Error {
  constructor() {
    super(
      "this mock records no consumer contract: set it up with the contract option " +
        '(e.g. contract: { consumer: "web-app" }; the server: --contract <file> or --contract-consumer <name>) to record one',
    );
    this.name = "ContractNotRecordedError";
  }
}

/** The names a contract's options give, checked (a RangeError names a bad one), with the defaults. */
export function contractNamesOf(
  options: { readonly consumer?: string | undefined; readonly provider?: string | undefined } = {},
): ContractNames {
  const name = (side: keyof ContractNames) =>
    checkContractName(options[side] ?? defaultContractNames[side], `contract ${side}`);
  return { consumer: name("consumer"), provider: name("provider") };
}

/** A text of 1 to `max` characters. */
export const isText = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= max;

/** A name of a contract's consumer or provider: 1 to 100 characters, none a control character. */
export function checkContractName(name: unknown, what: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (!isText(name, 100) || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new RangeError(`${what} must be 1 to 100 characters without control characters`);
  }
  return name;
}

/** A contract file that cannot be read, merged or written; the message names it and why. */
export class ContractFileError extends Error {
  override name = "ContractFileError";
}

/** The `file` of contract options, checked: a RangeError for an empty one. */
export function contractFileOf(options: { readonly file?: string | undefined } | undefined) {
  const file = options?.file;
  if (file !== undefined && file.trim() === "")
    throw new RangeError("contract file must not be empty");
  return file;
}
