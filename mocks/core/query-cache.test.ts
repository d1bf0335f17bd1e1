/** The query-verdict cache changes no answer: every verdict is the parser's own, in any order, past its size and length. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as validators from "../generated/parameter-validators.js";
import { cachedQueries } from "./query-cache.js";
import { queryParser, queryValidator } from "./validate.js";

type ListPetsQuery = { limit: number; status?: string };
const cached = () => queryValidator<ListPetsQuery>("listPets", validators.listPetsQuery);
const uncached = queryParser<ListPetsQuery>("listPets", validators.listPetsQuery);

const name = fc.oneof(
  fc.constantFrom("limit", "status", "lim%69t", "", "%ZZ", "x"),
  fc.string({ maxLength: 4 }),
);
const value = fc.oneof(
  fc.integer({ min: -3, max: 103 }).map(String),
  fc.constantFrom("sold", "s%6Fld", "lost", "+7", "%2B7", "%ZZ", ""),
  fc.string({ maxLength: 4 }),
);
const pair = fc.oneof(
  fc.tuple(name, value).map(([key, text]) => `${key}=${text}`),
  name,
);
const shortQuery = fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join("&"));
// Past the length the cache keeps: parsed every time.
const longQuery = shortQuery.map(
  (query) => `${"x=1&".repeat(cachedQueries.maxLength / 4)}${query}`,
);

describe("the query-verdict cache", () => {
  it("answers every query as the parser does, whatever came before", () => {
    const distinct = fc.uniqueArray(fc.oneof({ weight: 6, arbitrary: shortQuery }, longQuery), {
      minLength: 1,
      maxLength: cachedQueries.count * 2,
    });
    fc.assert(
      fc.property(distinct, fc.array(fc.nat(), { maxLength: 400 }), (queries, picks) => {
        const validate = cached();
        for (const pick of [...queries.keys(), ...picks]) {
          const query = queries[pick % queries.length] as string;
          expect(validate(query), query).toEqual(uncached(query));
        }
      }),
    );
  });

  it("gives every query its own verdict, however many distinct queries came before", () => {
    const validate = cached();
    const limits = Array.from({ length: cachedQueries.count * 3 }, (_, index) => index - 5);
    for (const limit of [...limits, ...limits.toReversed()]) {
      expect(validate(`limit=${limit}`), `limit=${limit}`).toEqual(uncached(`limit=${limit}`));
    }
  });

  it("hands out verdicts nobody can change for the next request", () => {
    const validate = cached();
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
});
