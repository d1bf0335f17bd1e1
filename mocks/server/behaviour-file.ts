/**
 * `--behaviour <file>`: a behaviour profile (docs/behaviour.md, "Choices and
 * profiles") read like every file the kit reads: never through a symbolic
 * link, a regular file within the profile's size cap, JSON within its depth
 * cap, then validated (an unknown choice or alternative is named). A missing
 * file is an error: a profile asked for is never silently the default.
 */
import {
  BehaviourProfileError,
  profileLimits,
  type ResolvedBehaviour,
  resolveBehaviour,
  validateBehaviourProfile,
} from "../interface/behaviour-profile.js";
import { readJsonFile } from "../util/files.js";

/** The profile in `path`, resolved; its source is the path unless the file names one. */
export async function readBehaviourFile(path: string): Promise<ResolvedBehaviour> {
  const refuse = (reason: string) =>
    new BehaviourProfileError(
      `behaviour profile ${path}: ${reason}${/[.)]$/.test(reason) ? "" : "."}`,
    );
  const value = await readJsonFile(path, profileLimits.bytes, refuse);
  if (value === undefined) throw refuse("does not exist");
  try {
    return resolveBehaviour(validateBehaviourProfile(value), path);
  } catch (error) {
    throw refuse((error as Error).message);
  }
}
