/**
 * listCategories and createCategory: lists before and after creating, and
 * bodies the interface calls invalid. The interface shows no error answers
 * of these operations, so the judge makes their rejections advisory; what a
 * create stored must be listed afterwards.
 */
import { type Id, idOf } from "../../mocks/util/exact-json.js";
import type { ContractRequest } from "../transport/http.js";
import { caseOf, recordIn, type SuiteContext } from "./context.js";

const invalidBodies: ReadonlyArray<readonly [string, unknown]> = [
  ["missing-name", { description: "no name" }],
  ["name-not-string", { name: 42 }],
  ["array-body", [{ name: "in an array" }]],
];

const create = (name: string, parts: Partial<ContractRequest>) =>
  caseOf("createCategory", name, parts);

export async function categoryCases(ctx: SuiteContext): Promise<void> {
  const listed = await ctx.run(caseOf("listCategories", "all"), ["createPet", "getPet"]);
  const json = listed?.response?.json;
  const first = Array.isArray(json) ? idOf(json[0]) : undefined;
  if (first !== undefined) ctx.state.categoryId = first;

  const full = {
    name: `${ctx.tag} dog`,
    description: "Created by the contract suite; safe to remove.",
  };
  const nameOnly = { name: `${ctx.tag} cat` };
  const created: Id[] = [];
  for (const [id, json] of [
    ["full", full],
    ["name-only", nameOnly],
  ] as const) {
    const exchange = await ctx.run(create(id, { json }), ["createPet", "getPet", "listCategories"]);
    const record = exchange?.response?.status === 201 ? recordIn(exchange.response) : undefined;
    if (record?.name !== undefined) created.push(record.id);
  }
  if (created[0] !== undefined) ctx.state.categoryId = created[0];

  const afterCreate = caseOf("listCategories", "after-create");
  if (created.length > 0) await ctx.run(afterCreate);
  else if (ctx.selected("listCategories")) ctx.skip(afterCreate, "the run created no category");

  for (const [name, json] of invalidBodies) await ctx.run(create(name, { json }));
  await ctx.run(create("malformed-json", { rawBody: `{"name": "${ctx.tag} broken"` }));
}
