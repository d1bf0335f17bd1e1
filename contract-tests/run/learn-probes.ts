/**
 * `--learn`'s requests: the fewest that show each silent choice of a
 * deployment, reads first, then a few creates (bounded like `--consumer`'s:
 * `--consumer-writes`, none under `--read-only`; every name carries the run
 * tag). Each is a case of the run (`<operation>.learn-<probe>`), judged by the
 * one judge like every other: a deployment that breaks a statement is
 * reported as in any run, and the probe whose answer broke it is marked, so
 * no choice is learned from it. Never a DELETE, PUT or PATCH.
 */
import { absentId } from "../../mocks/interface/knowledge.js";
import { limitRule, type OperationId } from "../../mocks/interface/spec.js";
import { type Id, idOf } from "../../mocks/util/exact-json.js";
import type { SuiteContext } from "../suite/context.js";
import { defaultConsumerWrites } from "../suite/settings.js";
import { WriteBudget } from "../suite/write-budget.js";
import type { ContractRequest, Exchange } from "../transport/http.js";

/** Every probe `--learn` may send, in the order it sends them. */
export const probeNames = [
  "pets",
  "limit-zero",
  "limit-above",
  "limit-fraction",
  "limit-word",
  "limit-repeated",
  "unknown-parameter",
  "status-upper-case",
  "status-unknown",
  "pet-listed",
  "pet-absent",
  "pet-malformed",
  "pet-zero",
  "pets-no-credential",
  "categories",
  "categories-no-credential",
  "create-without-status",
  "create-unknown-category",
  "create-refused",
  "category-refused",
] as const;
export type ProbeName = (typeof probeNames)[number];

/** What one probe showed: its answer, or why there is none to learn from. */
export type Probe =
  | {
      readonly name: ProbeName;
      readonly caseId: string;
      readonly exchange: Exchange;
      /** The documented checks its answer broke: nothing is learned from it. */
      readonly broke: readonly string[];
    }
  | { readonly name: ProbeName; readonly caseId: string; readonly unsent: string };

/** The probes of one run, by name (those not reached are absent). */
export type Probes = ReadonlyMap<ProbeName, Probe>;

/** What the probes need from the run's options. */
export interface ProbeOptions {
  readonly consumerWrites?: number;
}

type Item = Readonly<Record<string, unknown>>;

const listed = (exchange: Exchange | undefined): readonly Item[] => {
  const json = exchange?.response?.status === 200 ? exchange.response.json : undefined;
  return Array.isArray(json) ? (json as Item[]) : [];
};

/** The probes of a run, sent on its context; returns what each showed. */
export async function sendProbes(ctx: SuiteContext, options: ProbeOptions = {}): Promise<Probes> {
  const probes = new Map<ProbeName, Probe>();
  const budget = new WriteBudget(options.consumerWrites ?? defaultConsumerWrites);
  const send = async (
    name: ProbeName,
    operation: OperationId,
    request: ContractRequest,
  ): Promise<Exchange | undefined> => {
    const caseId = `${operation}.learn-${name}`;
    const definition = { id: caseId, operation, request };
    if (request.method !== "GET") {
      if (ctx.readOnly) {
        ctx.skip(definition, "--read-only: the run sends no writes");
        probes.set(name, { name, caseId, unsent: "--read-only forbids the create it needs" });
        return undefined;
      }
      if (!budget.take()) {
        const why = `--consumer-writes: its ${budget.limit} creates are spent`;
        ctx.skip(definition, why);
        probes.set(name, { name, caseId, unsent: why });
        return undefined;
      }
    }
    const before = ctx.results.length;
    const exchange = await ctx.run(definition);
    if (!exchange) return undefined;
    const broke = ctx.results
      .slice(before)
      .filter((result) => result.outcome === "failed" && result.kind === "documented")
      .map((result) => result.id);
    probes.set(name, { name, caseId, exchange, broke });
    return exchange;
  };
  const listPets = (name: ProbeName, rawQuery: string, credential?: "missing") =>
    send(name, "listPets", {
      method: "GET",
      path: "/pets",
      rawQuery,
      ...(credential ? { credential } : {}),
    });
  const getPet = (name: ProbeName, petId: Id | string) =>
    send(name, "getPet", { method: "GET", path: `/pets/${petId}` });

  const pets = listed(await listPets("pets", `limit=${limitRule.maximum}`));
  await listPets("limit-zero", `limit=${limitRule.minimum - 1}`);
  await listPets("limit-above", `limit=${limitRule.maximum + 1}`);
  await listPets("limit-fraction", "limit=1.5");
  await listPets("limit-word", "limit=abc");
  await listPets("limit-repeated", "limit=1&limit=2");
  await listPets("unknown-parameter", "limit=1&learn-probe=1");
  await listPets("status-upper-case", "status=AVAILABLE");
  await listPets("status-unknown", "status=not-a-status");
  const known = pets.map((pet) => idOf(pet)).find((id) => id !== undefined);
  if (known !== undefined) await getPet("pet-listed", known);
  ctx.knowledge.declareAbsent("pets", absentId());
  await getPet("pet-absent", absentId());
  await getPet("pet-malformed", "abc");
  await getPet("pet-zero", "0");
  await listPets("pets-no-credential", "", "missing");
  const categories = listed(
    await send("categories", "listCategories", { method: "GET", path: "/categories" }),
  );
  await send("categories-no-credential", "listCategories", {
    method: "GET",
    path: "/categories",
    credential: "missing",
  });

  const categoryIds = categories.map((category) => idOf(category));
  const categoryId = categoryIds.find((id) => id !== undefined) ?? 1;
  const createPet = (name: ProbeName, json: unknown) =>
    send(name, "createPet", { method: "POST", path: "/pets", json });
  await createPet("create-without-status", { name: `${ctx.tag} learn`, categoryId });
  const unknownCategory = absentId(categoryIds.includes(absentId()) ? 1 : 0);
  await createPet("create-unknown-category", {
    name: `${ctx.tag} learn`,
    categoryId: unknownCategory,
  });
  await createPet("create-refused", { name: `${ctx.tag} learn` });
  const createCategory = (name: ProbeName, json: unknown) =>
    send(name, "createCategory", { method: "POST", path: "/categories", json });
  await createCategory("category-refused", { description: `${ctx.tag} learn` });
  return probes;
}
