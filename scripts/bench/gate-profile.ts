/**
 * The behaviour profile the gate also measures under (issue 46: the
 * throughput gate holds with a profile active): a staging that chooses
 * otherwise on every path the gate's list, read and create take — a
 * clamped and rounded `limit`, newest first, an extra field on every pet,
 * a default status, an absolute `Location`, getPet's headers its own.
 */
import type { BehaviourProfileInput } from "../../mocks/interface/behaviour-profile.js";

export const gateProfile: BehaviourProfileInput = {
  version: 1,
  name: "gate",
  source: "scripts/bench/gate-profile.ts",
  choices: {
    limitAboveMaximum: "clamped",
    limitNotInteger: "rounded",
    repeatedQuery: "first",
    statusCase: "caseInsensitive",
    petIdMalformed: "notFound",
    createdStatus: "available",
    petsOrder: "descending",
    petFields: { alternative: "extra", value: { updatedAt: "2025-06-01T12:00:00.000Z" } },
    createLocation: "absolute",
    deprecationDate: { alternative: "date", value: "@1700000000" },
    successorLink: "absent",
  },
};
