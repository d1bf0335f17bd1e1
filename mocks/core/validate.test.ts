import { describe, expect, it } from "vitest";
import * as validators from "../generated/validators.js";
import { limitRule } from "../spec.js";
import { queryValidator, rememberedQueries } from "./validate.js";

const listPetsQuery = () =>
  queryValidator<{ limit: number; status?: string }>("listPets", validators.listPetsQuery);

describe("queryValidator", () => {
  it("gives every query its own verdict, however many distinct queries came before", () => {
    const validate = listPetsQuery();
    const limits = Array.from({ length: rememberedQueries.count * 3 }, (_, index) => index - 5);
    for (const limit of [...limits, ...limits.toReversed()]) {
      const verdict = validate(`limit=${limit}`);
      const valid = limit >= limitRule.minimum && limit <= limitRule.maximum;
      expect(verdict.ok, `limit=${limit}`).toBe(valid);
      if (verdict.ok) expect(verdict.value).toEqual({ limit });
    }
  });

  it("hands out verdicts nobody can change for the next request", () => {
    const validate = listPetsQuery();
    const first = validate("limit=5&status=sold");
    if (!first.ok) throw new Error(first.message);
    expect(() => {
      (first.value as { limit: number }).limit = 99;
    }).toThrow(TypeError);
    expect(validate("limit=5&status=sold")).toEqual({
      ok: true,
      value: { limit: 5, status: "sold" },
    });
  });

  it("judges a query too long to remember like any other", () => {
    const validate = listPetsQuery();
    const padding = "x=1&".repeat(rememberedQueries.maxLength);
    expect(validate(`${padding}limit=7`)).toEqual({ ok: true, value: { limit: 7 } });
    expect(validate(`${padding}limit=0`).ok).toBe(false);
    expect(validate(`${padding}limit=7&limit=8`)).toEqual({
      ok: false,
      message: "limit must be given at most once",
    });
  });
});
