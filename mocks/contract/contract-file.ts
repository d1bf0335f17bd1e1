/**
 * Writing a consumer contract file from Node (the fixtures, `setupPetstore`,
 * the standalone server's `--contract`): merged into what the file already
 * holds, so every test file and every worker of a run adds its part. One
 * writer at a time (a `<file>.lock` beside it, waited for; a lock left by a
 * process that is gone, its pid reused or not, is taken over, one that is no
 * regular file refused);
 * the text goes through the state file's atomic write (an exclusively
 * created temp file, then a rename: a symbolic link planted at the path
 * after the read is replaced, never followed) with mode 0600. Like Pact's
 * merge mode: delete the file before a run to drop what removed tests once
 * recorded.
 *
 * @example
 * await writeContractFile("pacts/web-petstore.json", petstore.contract());
 */
import { randomUUID } from "node:crypto";
import * as fs from "node:fs/promises";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { readJsonFile, temporaryPathOf, writeFileAtomically } from "../util/files.js";
import {
  abandoned,
  createLockFile,
  lockOwner,
  lockPathOf,
  lockText,
  readLockFile,
} from "../util/lock-file.js";
import { ContractFileError } from "./contract-names.js";
import {
  type ContractNames,
  contractLimits,
  contractNamesOf,
  contractText,
  mergeContracts,
  type PactContract,
  pactOf,
} from "./pact.js";

/** How long a writer waits for another one's lock before giving up, in ms. */
export const contractLockWaitMs = 10_000;

/** The paths a contract file owns: the file, its lock and its temp file. */
export const contractFilePaths = (path: string): string[] => [
  path,
  lockPathOf(path),
  temporaryPathOf(path),
];

/** The lock's text, undefined when there is none; a `ContractFileError` for one that is no regular file. */
const readLock = (path: string, lockPath: string) =>
  readLockFile(
    lockPath,
    (reason) =>
      new ContractFileError(
        `contract file ${path}: its lock file ${lockPath} ${reason} Remove it if no writer runs.`,
      ),
  );

/**
 * Takes `<file>.lock` (created exclusively and whole, holding this writer's
 * pid, when it started and a token of its own; ../util/lock-file.ts), waiting
 * while another writer holds it. A lock whose process is gone (or whose pid
 * runs another process now) is taken over, and so is one
 * that names none and is older than a lock being written: renamed away
 * first, so of two writers that find it only one removes it, and put back
 * when what was renamed turns out to be a live writer's fresh lock. A lock
 * file that is no regular file (a FIFO) is refused, never opened.
 */
async function lockContractFile(path: string): Promise<{ release(): Promise<void> }> {
  const lockPath = lockPathOf(path);
  const token = lockText();
  const deadline = Date.now() + contractLockWaitMs;
  for (;;) {
    const created = await createLockFile(lockPath, token).catch((error: unknown) => {
      throw new ContractFileError(
        `contract file ${path}: cannot create its lock file ${lockPath} (${(error as Error).message})`,
      );
    });
    if (created) {
      return {
        async release() {
          const held = await readLock(path, lockPath).catch(() => undefined);
          if (held?.text === token) await fs.rm(lockPath, { force: true });
        },
      };
    }
    const lock = await readLock(path, lockPath);
    const holder = lock?.text ?? "";
    const owner = lockOwner(holder);
    // A lock that vanished is tried again at once; the deadline still bounds the tries.
    if (lock === undefined) {
      if (Date.now() <= deadline) continue;
    } else if (owner === undefined ? abandoned(lock) : !owner.alive) {
      const aside = `${lockPath}.${randomUUID()}`;
      if (
        await fs.rename(lockPath, aside).then(
          () => true,
          () => false,
        )
      ) {
        const taken = await readLock(path, aside).then(
          (read) => read?.text,
          () => holder,
        );
        if (taken !== holder) await fs.link(aside, lockPath).catch(() => undefined);
        await fs.rm(aside, { force: true });
      }
      continue;
    }
    if (Date.now() > deadline) {
      throw new ContractFileError(
        `contract file ${path}: its lock file ${lockPath} is held by process ${owner?.pid ?? "?"} for over ${contractLockWaitMs / 1000} s (remove it if no writer runs)`,
      );
    }
    await sleep(5 + Math.floor(Math.random() * 20));
  }
}

const refusal = (path: string, reason: string) =>
  new ContractFileError(
    `contract file ${path}: ${reason}; it was left as it is: move it away or delete it`,
  );

/**
 * `contract` merged into what the file holds (itself when there is none yet),
 * or the `ContractFileError` saying why it cannot be.
 */
async function mergedInto(path: string, contract: PactContract) {
  const existing = await readJsonFile(path, contractLimits.fileBytes, (reason) =>
    refusal(path, reason),
  );
  if (existing === undefined) return { contract, omitted: 0 };
  try {
    return mergeContracts(existing, contract);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw refusal(path, error.message);
  }
}

/**
 * Merges `contract` into the file (creating it and its folder), under the
 * lock. Resolves to how many interactions the cap left out; rejects with a
 * `ContractFileError` and leaves the file as it was when it holds another
 * consumer's contract or something the kit did not write.
 */
export async function writeContractFile(path: string, contract: PactContract): Promise<number> {
  await fs.mkdir(dirname(path), { recursive: true });
  const lock = await lockContractFile(path);
  try {
    const merged = await mergedInto(path, contract);
    await writeFileAtomically(path, contractText(merged.contract));
    return merged.omitted;
  } finally {
    await lock.release();
  }
}

/**
 * Rejects with a `ContractFileError` when the file exists and a contract with
 * these names could not be merged into it, or its lock file is no regular
 * file: checked at start, so a run does not end in a refused write.
 */
export async function checkContractFile(
  path: string,
  names?: Partial<ContractNames> | undefined,
): Promise<void> {
  await mergedInto(path, pactOf([], contractNamesOf(names)));
  await readLock(path, lockPathOf(path));
}
