/**
 * A behaviour profile in a file (docs/behaviour.md, "Choices and profiles"),
 * for the standalone server (`--behaviour`, `behaviourFile`) and the Node
 * entries (`setupPetstore`, the vitest and Playwright fixtures: the option
 * `behaviourFile`, else `PETSTORE_BEHAVIOUR_FILE`). Read like every file
 * the kit reads: never through a symbolic link, a regular file within the
 * profile's size cap, JSON within its depth cap, then validated (an unknown
 * choice or alternative is named). A missing file is an error: a profile
 * asked for is never silently the default.
 */
import {
  BehaviourProfileError,
  type BehaviourProfileInput,
  profileLimits,
  type ResolvedBehaviour,
  resolveBehaviour,
  validateBehaviourProfile,
} from "../interface/behaviour-profile.js";
import { readJsonFile } from "../util/files.js";
import { printable } from "../util/text.js";
import type { PetstoreNodeOptions } from "./options.js";

/** The variable naming the profile file of the Node entries (and of `petstore-mock`). */
const behaviourFileVariable = "PETSTORE_BEHAVIOUR_FILE";

/**
 * The profile in `path`, resolved; its source is the path unless the file
 * names one. Errors name the file (control characters escaped) and, with
 * `via`, where the path came from.
 */
export async function readBehaviourFile(path: string, via?: string): Promise<ResolvedBehaviour> {
  const named = `${printable(path)}${via === undefined ? "" : ` (${via})`}`;
  const refuse = (reason: string) =>
    new BehaviourProfileError(
      `behaviour profile ${named}: ${reason}${/[.)]$/.test(reason) ? "" : "."}`,
    );
  const value = await readJsonFile(path, profileLimits.bytes, refuse);
  if (value === undefined) throw refuse("does not exist");
  try {
    return resolveBehaviour(validateBehaviourProfile(value), path);
  } catch (error) {
    throw refuse((error as Error).message);
  }
}

/** The profile options a Node entry takes: an object, or a file. */
type BehaviourOptions = Pick<PetstoreNodeOptions, "behaviour" | "behaviourFile">;

/**
 * The profile the options ask for: `behaviour` as given, the file
 * `behaviourFile` names, or (neither given) the file `fromEnvironment` names
 * (`PETSTORE_BEHAVIOUR_FILE`; empty: none). Both options at once are refused.
 */
export async function behaviourOf(
  options: BehaviourOptions,
  fromEnvironment?: string,
): Promise<BehaviourProfileInput | ResolvedBehaviour | undefined> {
  const { behaviour, behaviourFile } = options;
  if (behaviour !== undefined && behaviourFile !== undefined) {
    throw new BehaviourProfileError(
      "give a behaviour profile as `behaviour` (an object) or `behaviourFile` (a file), not both",
    );
  }
  if (behaviourFile !== undefined) return readBehaviourFile(behaviourFile);
  const named = fromEnvironment?.trim();
  if (behaviour !== undefined || !named) return behaviour;
  return readBehaviourFile(named, behaviourFileVariable);
}

/**
 * A Node entry's options with the profile read: `behaviour` resolved from
 * `behaviourFile` or `PETSTORE_BEHAVIOUR_FILE`, `behaviourFile` gone.
 */
export async function withBehaviourFile<T extends BehaviourOptions>(
  options: T,
): Promise<Omit<T, "behaviourFile">> {
  const { behaviourFile: _file, ...rest } = options;
  return { ...rest, behaviour: await behaviourOf(options, process.env[behaviourFileVariable]) };
}
