/** A profile that is not a valid one: the message names the place and why. */
export class BehaviourProfileError extends Error {
  override name = "BehaviourProfileError";
}
