/** The creates a run may send: `--consumer-writes`, for `--consumer` and `--learn`. */

/** How many creates a run may still send. */
export class WriteBudget {
  constructor(readonly limit: number) {
    this.left = limit;
  }

  private left: number;

  /** Takes one create from the budget; false when none is left. */
  take(): boolean {
    if (this.left <= 0) return false;
    this.left--;
    return true;
  }

  get spent(): number {
    return this.limit - this.left;
  }
}
