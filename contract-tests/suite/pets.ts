/**
 * listPets, createPet and getPet: the `limit` bounds and default, the status
 * filter, creates read back, an absent pet, and odd input. Each case is only
 * a request; the one judge (mocks/interface/judge.ts) decides what its answer
 * must be, from the request and what the run has learnt of the data.
 */
import { checksFor, type JudgeContext, type KnownRecord } from "../../mocks/interface/judge.js";
import { absentId } from "../../mocks/interface/knowledge.js";
import { limitRule, petStatuses } from "../../mocks/interface/spec.js";
import { type Id, idOf } from "../../mocks/util/exact-json.js";
import { type ContractRequest, sentRequest } from "../transport/http.js";
import { caseOf, recordIn, type SuiteContext } from "./context.js";

type Item = Readonly<Record<string, unknown>>;
type Pet = Item & { id: Id };

/** Invalid `limit` values: below the minimum, above the maximum, not integers, empty. */
const invalidLimits = [
  String(limitRule.minimum - 1),
  "-1",
  String(limitRule.maximum + 1),
  "1000",
  "abc",
  "1.5",
  "",
];

const listCase = (name: string, query: Record<string, string>) =>
  caseOf("listPets", name, { query });

async function listPetsCases(ctx: SuiteContext): Promise<void> {
  const unfiltered = await ctx.run(listCase("default", {}), ["getPet"]);
  const json = unfiltered?.response?.status === 200 ? unfiltered.response.json : undefined;
  const firstPet = (Array.isArray(json) ? (json as Item[]) : []).find(
    (item) => idOf(item) !== undefined,
  );
  if (firstPet) ctx.state.knownPet = { ...firstPet, id: idOf(firstPet) as Id };

  for (const limit of new Set([limitRule.minimum, 5, limitRule.maximum])) {
    await ctx.run(listCase(`limit-${limit}`, { limit: String(limit) }));
  }
  for (const petStatus of petStatuses) {
    await ctx.run(listCase(`status-${petStatus}`, { status: petStatus }));
  }
  const [firstStatus] = petStatuses;
  await ctx.run(listCase("status-and-limit", { status: String(firstStatus), limit: "2" }));
  for (const limit of invalidLimits) {
    await ctx.run(listCase(`limit-invalid-${limit || "empty"}`, { limit }));
  }
  await ctx.run(listCase("status-invalid", { status: "not-a-status" }));
}

async function createPetCases(ctx: SuiteContext): Promise<Pet | undefined> {
  const categoryId = ctx.state.categoryId ?? 1;
  const [, secondStatus = petStatuses[0]] = petStatuses;
  const tagged = `${ctx.tag} invalid`;
  const valid: ReadonlyArray<readonly [string, unknown]> = [
    ["full", { name: `${ctx.tag} Rex`, categoryId, status: secondStatus }],
    ["without-status", { name: `${ctx.tag} Luna`, categoryId }],
    ["unicode-name", { name: `${ctx.tag} Žofka 🐇 "Hops"`, categoryId, status: petStatuses[0] }],
  ];
  const invalid: ReadonlyArray<readonly [string, unknown]> = [
    ["missing-name", { categoryId }],
    ["missing-categoryId", { name: tagged }],
    ["name-not-string", { name: 7, categoryId }],
    ["categoryId-not-integer", { name: tagged, categoryId: "one" }],
    ["categoryId-fraction", { name: tagged, categoryId: 1.5 }],
    ["status-not-in-enum", { name: tagged, categoryId, status: "flying" }],
    ["empty-object", {}],
    ["array-body", [{ name: tagged, categoryId }]],
  ];
  const create = (name: string, parts: Partial<ContractRequest>) =>
    caseOf("createPet", name, parts);
  let createdPet: Pet | undefined;
  for (const [id, json] of valid) {
    const exchange = await ctx.run(create(id, { json }), ["getPet"]);
    const record = exchange?.response?.status === 201 ? recordIn(exchange.response) : undefined;
    if (!createdPet && record) createdPet = { ...(json as Item), id: record.id };
  }
  for (const [id, json] of invalid) await ctx.run(create(id, { json }));
  await ctx.run(create("malformed-json", { rawBody: `{"name": "${tagged}", "categoryId": ` }));
  await ctx.run(create("empty-body", { rawBody: "" }));
  return createdPet;
}

async function getPetCases(ctx: SuiteContext, createdPet: Pet | undefined): Promise<void> {
  const read = (name: string, petId: Id | string) =>
    caseOf("getPet", name, { path: `/pets/${petId}` });
  if (createdPet) await ctx.run(read("created", createdPet.id));
  else if (ctx.selected("getPet") && !ctx.readOnly) {
    // What reading the created pet back would have checked, had one come back (the pet a
    // create stored, when none came back to say which).
    const stored: KnownRecord = { record: {}, source: "created" };
    const created: JudgeContext = {
      known: (collection) => new Map(collection === "pets" ? [[1, stored]] : []),
      absent: () => undefined,
    };
    const checks = checksFor(
      sentRequest("getPet", read("created", 1).request),
      created,
      ctx.options.behaviour,
    );
    ctx.skip(read("created", "{id}"), "createPet returned no pet to read back", checks);
  }
  if (ctx.state.knownPet) await ctx.run(read("listed", ctx.state.knownPet.id));
  ctx.knowledge.declareAbsent("pets", absentId());
  await ctx.run(read("absent", absentId()));
  await ctx.run(read("not-an-integer", "abc"));
  await ctx.run(read("fraction", "1.5"));
}

export async function petCases(ctx: SuiteContext): Promise<void> {
  await listPetsCases(ctx);
  const createdPet = await createPetCases(ctx);
  if (createdPet) ctx.state.knownPet ??= createdPet;
  await getPetCases(ctx, createdPet);
}
