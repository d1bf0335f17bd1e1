/**
 * The redactor's mark and the kit's words for a credential: what a module
 * writing a masked value needs without the redactor itself (mocks/util/redact.ts),
 * which a page loads behind its first answers.
 */

/** What every redacted secret is replaced by, across the kit. */
export const redactedMark = "[redacted]";

/**
 * What the kit's own records say of a request's credential instead of
 * showing it (the recording's and the consumer contract's `credential`): a
 * JSON field `"credential"` holding one of them is the kit's, not a secret.
 */
export const credentialVerdicts = ["valid", "missing", "wrong"] as const;
export type CredentialVerdict = (typeof credentialVerdicts)[number];
