/**
 * listCategories and createCategory. The interface documents only their
 * success answers, so a rejection's status and Error body are advisory here;
 * that invalid input is never accepted is documented (`name` is required).
 */
import { type CaseDefinition, recordIn, type SuiteContext } from "./context.js";
import { bodySchema, echoes, rejection, status } from "./expectations.js";

const invalidBodies: ReadonlyArray<readonly [string, unknown]> = [
  ["missing-name", { description: "no name" }],
  ["name-not-string", { name: 42 }],
  ["array-body", [{ name: "in an array" }]],
];

export async function categoryCases(ctx: SuiteContext): Promise<void> {
  const listed = await ctx.run(
    {
      id: "listCategories.all",
      operation: "listCategories",
      request: { method: "GET", path: "/categories" },
      checks: [status(200), bodySchema("Category", "array")],
    },
    ["createPet", "getPet"],
  );
  const first = (listed?.response?.json as Array<{ id?: unknown }> | undefined)?.[0]?.id;
  if (Array.isArray(listed?.response?.json) && Number.isSafeInteger(first)) {
    ctx.state.categoryId = first as number;
  }

  const full = {
    name: `${ctx.tag} dog`,
    description: "Created by the contract suite; safe to remove.",
  };
  const nameOnly = { name: `${ctx.tag} cat` };
  const createdCategories: Array<{ id: number }> = [];
  for (const [id, sent] of [
    ["createCategory.full", full],
    ["createCategory.name-only", nameOnly],
  ] as const) {
    const exchange = await ctx.run(
      {
        id,
        operation: "createCategory",
        request: { method: "POST", path: "/categories", json: sent },
        checks: [status(201), bodySchema("Category"), echoes(sent)],
      },
      ["createPet", "getPet", "listCategories"],
    );
    const record = exchange?.response?.status === 201 ? recordIn(exchange.response) : undefined;
    if (record?.name !== undefined) createdCategories.push(record);
  }
  if (createdCategories[0]) ctx.state.categoryId = createdCategories[0].id;

  const afterCreate: CaseDefinition = {
    id: "listCategories.after-create",
    operation: "listCategories",
    request: { method: "GET", path: "/categories" },
    checks: [
      status(200),
      bodySchema("Category", "array"),
      {
        slug: "lists-created",
        kind: "documented",
        rules: ["§4.4.listCategories"],
        expected: `lists every category the run created (${createdCategories.map((c) => c.id).join(", ")})`,
        assert(response) {
          const listedIds = new Set(
            // Stryker disable next-line ArrayDeclaration: a text item has no id, and every created id is a number.
            (Array.isArray(response.json) ? response.json : []).map(
              (item: { id?: unknown }) => item?.id,
            ),
          );
          const missing = createdCategories.filter((category) => !listedIds.has(category.id));
          if (missing.length > 0)
            throw new Error(`missing id ${missing.map((c) => c.id).join(", ")}`);
        },
      },
    ],
  };
  if (createdCategories.length > 0) await ctx.run(afterCreate);
  else if (ctx.selected("listCategories")) ctx.skip(afterCreate, "the run created no category");

  for (const [name, body] of invalidBodies) {
    await ctx.run({
      id: `createCategory.${name}`,
      operation: "createCategory",
      request: { method: "POST", path: "/categories", json: body },
      checks: rejection({ advised: 400, errorBody: "advisory", because: ["§2.NewCategory"] }),
      provocation: true,
    });
  }
  await ctx.run({
    id: "createCategory.malformed-json",
    operation: "createCategory",
    request: { method: "POST", path: "/categories", rawBody: `{"name": "${ctx.tag} broken"` },
    checks: rejection({
      advised: 400,
      errorBody: "advisory",
      because: ["§2.NewCategory", "§4.media-type"],
    }),
    provocation: true,
  });
}
