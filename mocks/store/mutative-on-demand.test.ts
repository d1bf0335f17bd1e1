import * as mutative from "mutative";
import { describe, expect, it } from "vitest";
import { apply, create } from "./mutative-on-demand.js";

describe("mutative loaded on demand", () => {
  it("drafts a record and reports the patches as mutative does", async () => {
    const record = { id: 1, name: "Rex", tags: ["a"] };
    const recipe = (draft: typeof record) => {
      draft.name = "Max";
      draft.tags.push("b");
    };
    const options = { strict: false, enablePatches: true } as const;
    const [next, patches, inverse] = (await create(record, recipe, options)) as [
      typeof record,
      unknown[],
      unknown[],
    ];
    expect([next, patches, inverse]).toEqual(mutative.create(record, recipe, options));
    expect(record.name).toBe("Rex");
    expect(apply(next, inverse as never)).toEqual(record);
  });

  it("awaits an asynchronous recipe", async () => {
    const [next] = (await create(
      { name: "Rex" },
      async (draft: { name: string }) => {
        await Promise.resolve();
        draft.name = "Max";
      },
      { enablePatches: true },
    )) as [{ name: string }];
    expect(next).toEqual({ name: "Max" });
  });
});
