/**
 * `--learn`'s requests: each silent choice asked with at least two inputs,
 * reads first, then the creates (bounded like `--consumer`'s:
 * `--consumer-writes`, none under `--read-only`; every name carries the run
 * tag, but for the blank names `--learn-untagged` allows). Each is a case of
 * the run (`<operation>.learn-<probe>`), judged by the one judge like every
 * other; a request of no operation (`HEAD`, a path with a slash at its end,
 * an unknown path, a POST on a record) owes only an answer below 500. The
 * probe whose answer broke a statement is marked, so no choice is learned
 * from it. Never a DELETE, PUT or PATCH.
 */
import { noServerError } from "../../mocks/interface/checks.js";
import { absentId } from "../../mocks/interface/knowledge.js";
import { limitRule, type OperationId } from "../../mocks/interface/spec.js";
import { type Id, idOf } from "../../mocks/util/exact-json.js";
import type { CaseDefinition, SuiteContext } from "../suite/context.js";
import { defaultConsumerWrites } from "../suite/settings.js";
import { WriteBudget } from "../suite/write-budget.js";
import {
  type ContractRequest,
  type CredentialVariant,
  type Exchange,
  operationRequest,
} from "../transport/http.js";
import { listItems } from "./compare-answers.js";

/** Every probe `--learn` may send, in the order it sends them. */
export const probeNames = [
  "pets",
  "pets-default",
  "limit-zero",
  "limit-negative",
  "limit-above",
  "limit-far-above",
  "limit-fraction",
  "limit-fraction-2",
  "limit-word",
  "limit-empty",
  "status-empty",
  "limit-repeated",
  "status-repeated",
  "pets-unknown-parameter",
  "status-upper-case",
  "status-mixed-case",
  "status-unknown",
  "status-unknown-2",
  "pets-trailing-slash",
  "pets-head",
  "pet-listed",
  "pet-listed-2",
  "pet-head",
  "pet-absent",
  "pet-absent-2",
  "pet-malformed",
  "pet-decimal",
  "pet-zero",
  "pet-negative",
  "pets-no-credential",
  "pets-wrong-credential",
  "pets-malformed-credential",
  "pet-no-credential",
  "pet-wrong-credential",
  "pet-malformed-credential",
  "categories",
  "categories-unknown-parameter",
  "categories-trailing-slash",
  "categories-no-credential",
  "categories-wrong-credential",
  "unknown-path",
  "unknown-path-2",
  "create-without-status",
  "create-without-status-2",
  "create-unknown-category",
  "create-unknown-category-2",
  "create-refused",
  "create-invalid",
  "create-text-plain",
  "create-malformed",
  "create-empty",
  "post-on-pet",
  "post-on-pet-2",
  "category-created",
  "category-created-2",
  "category-text-plain",
  "category-description-number",
  "category-description-boolean",
  "category-refused",
  "category-refused-2",
  "category-malformed",
  "category-empty",
  "create-blank-name",
  "category-blank-name",
  "categories-after",
] as const;
export type ProbeName = (typeof probeNames)[number];

/** What one probe showed: its answer, or why there is none to learn from. */
export type Probe = {
  readonly name: ProbeName;
  readonly caseId: string;
  /** The request in words, without ids or data (`GET /pets/{id}`). */
  readonly label: string;
} & (
  | {
      readonly exchange: Exchange;
      /** The documented checks its answer broke: nothing is learned from it. */
      readonly broke: readonly string[];
    }
  /** Why it was not sent. */
  | { readonly unsent: string }
);

/** The probes of one run, by name (those not reached are absent). */
export type Probes = ReadonlyMap<ProbeName, Probe>;

export interface ProbeOptions {
  readonly consumerWrites?: number;
  /** Send the creates whose blank name the run tag cannot mark (`--learn-untagged`). */
  readonly learnUntagged?: boolean;
}

/** Why a probe of a blank name is not sent without `--learn-untagged`. */
export const untaggedRefusal =
  "its create would leave a record the run tag cannot mark (a blank name): sent only with --learn-untagged";

interface Sent {
  readonly operation: OperationId;
  readonly request: ContractRequest;
  /** How the request reads in the profile. */
  readonly label: string;
  /** A request of no operation: only an answer below 500 is owed. */
  readonly unrouted?: true;
  /** Why the create carries no run tag (a blank name). */
  readonly untagged?: string;
}

const credentialWords: Partial<Record<CredentialVariant, string>> = {
  missing: " without a key",
  wrong: " with a wrong key",
};

/** A request in words: its method, path (`as` for one holding an id) and query, a body's fields in words. */
function labelOf(request: ContractRequest, as = request.path, body?: string): string {
  const query = request.rawQuery ? `?${request.rawQuery}` : "";
  const type = request.contentType ? ` as ${request.contentType}` : "";
  const credential = credentialWords[request.credential ?? "valid"] ?? "";
  return `${request.method} ${as}${query}${body === undefined ? "" : ` {${body}}`}${type}${credential}`;
}

/** The probes of a run, sent on its context; returns what each showed. */
export async function sendProbes(ctx: SuiteContext, options: ProbeOptions = {}): Promise<Probes> {
  const probes = new Map<ProbeName, Probe>();
  const budget = new WriteBudget(options.consumerWrites ?? defaultConsumerWrites);
  const labels = new Set<string>();
  const send = async (name: ProbeName, sent: Sent): Promise<Exchange | undefined> => {
    const { operation, request } = sent;
    // The second request that reads the same in words is told apart: `GET /pets/{id} again`.
    const label = labels.has(sent.label) ? `${sent.label} again` : sent.label;
    labels.add(label);
    const definition: CaseDefinition = {
      id: `${operation}.learn-${name}`,
      operation,
      request,
      ...(sent.unrouted ? { checks: [noServerError()] } : {}),
      ...(sent.untagged ? { untagged: sent.untagged } : {}),
    };
    const unsent =
      request.method !== "POST"
        ? undefined
        : sent.untagged && !options.learnUntagged
          ? untaggedRefusal
          : ctx.readOnly
            ? "--read-only forbids the create it needs"
            : budget.take()
              ? undefined
              : `--consumer-writes: its ${budget.limit} creates are spent`;
    if (unsent !== undefined) {
      ctx.skip(definition, unsent, definition.checks);
      probes.set(name, { name, caseId: definition.id, label, unsent });
      return undefined;
    }
    const before = ctx.results.length;
    const exchange = await ctx.run(definition);
    if (!exchange) return undefined;
    const broke = ctx.results
      .slice(before)
      .filter((result) => result.outcome === "failed" && result.kind === "documented")
      .map((result) => result.id);
    probes.set(name, { name, caseId: definition.id, label, exchange, broke });
    return exchange;
  };
  /** A GET of `operation`, at its template unless `path` says another. */
  const get = (
    name: ProbeName,
    operation: OperationId,
    rest: Parameters<typeof operationRequest>[1] & { readonly as?: string } = {},
  ) => {
    const { as, ...more } = rest;
    const request = operationRequest(operation, more);
    return send(name, { operation, request, label: labelOf(request, as) });
  };
  const listPets = (name: ProbeName, rawQuery: string, credential?: CredentialVariant) =>
    get(name, "listPets", { rawQuery, ...(credential ? { credential } : {}) });
  const listCategories = (name: ProbeName, more: Omit<ContractRequest, "method" | "path"> = {}) =>
    get(name, "listCategories", more);
  const unrouted = (
    name: ProbeName,
    operation: OperationId,
    method: ContractRequest["method"],
    path: string,
    as?: string,
  ) => {
    const request: ContractRequest = { method, path };
    return send(name, { operation, request, label: labelOf(request, as), unrouted: true });
  };

  const { minimum, maximum } = limitRule;
  const pets = listItems(await listPets("pets", `limit=${maximum}`));
  await listPets("pets-default", "");
  await listPets("limit-zero", `limit=${minimum - 1}`);
  await listPets("limit-negative", `limit=${minimum - 2}`);
  await listPets("limit-above", `limit=${maximum + 1}`);
  await listPets("limit-far-above", `limit=${maximum * 10}`);
  await listPets("limit-fraction", "limit=1.5");
  await listPets("limit-fraction-2", "limit=2.5");
  await listPets("limit-word", "limit=abc");
  await listPets("limit-empty", "limit=");
  await listPets("status-empty", "status=");
  await listPets("limit-repeated", "limit=1&limit=2");
  await listPets("status-repeated", "status=available&status=sold");
  await listPets("pets-unknown-parameter", "learn-probe=1");
  await listPets("status-upper-case", "status=AVAILABLE");
  await listPets("status-mixed-case", "status=Sold");
  await listPets("status-unknown", "status=flying");
  await listPets("status-unknown-2", "status=x");
  await unrouted("pets-trailing-slash", "listPets", "GET", "/pets/");
  await unrouted("pets-head", "listPets", "HEAD", "/pets");

  const [first, second] = pets.map((pet) => idOf(pet)).filter((id): id is Id => id !== undefined);
  for (const [name, id] of [
    ["pet-listed", first],
    ["pet-listed-2", second],
  ] as const) {
    if (id !== undefined) await get(name, "getPet", { path: `/pets/${id}`, as: "/pets/{id}" });
    else {
      const unsent = "no pet was listed to read";
      probes.set(name, { name, caseId: `getPet.learn-${name}`, label: "GET /pets/{id}", unsent });
    }
  }
  if (first !== undefined)
    await unrouted("pet-head", "getPet", "HEAD", `/pets/${first}`, "/pets/{id}");
  for (const [name, below] of [
    ["pet-absent", 0],
    ["pet-absent-2", 1],
  ] as const) {
    ctx.knowledge.declareAbsent("pets", absentId(below));
    await get(name, "getPet", { path: `/pets/${absentId(below)}`, as: "/pets/{absent id}" });
  }
  await get("pet-malformed", "getPet", { path: "/pets/abc" });
  await get("pet-decimal", "getPet", { path: "/pets/1.5" });
  await get("pet-zero", "getPet", { path: "/pets/0" });
  await get("pet-negative", "getPet", { path: "/pets/-1" });
  await listPets("pets-no-credential", "", "missing");
  await listPets("pets-wrong-credential", "", "wrong");
  await listPets("pets-malformed-credential", "", "basic");
  for (const [name, credential] of [
    ["pet-no-credential", "missing"],
    ["pet-wrong-credential", "wrong"],
    ["pet-malformed-credential", "basic"],
  ] as const) {
    await get(name, "getPet", {
      path: `/pets/${first ?? absentId()}`,
      as: "/pets/{id}",
      credential,
    });
  }
  const categories = listItems(await listCategories("categories"));
  await listCategories("categories-unknown-parameter", { rawQuery: "learn-probe=1" });
  await unrouted("categories-trailing-slash", "listCategories", "GET", "/categories/");
  await listCategories("categories-no-credential", { credential: "missing" });
  await listCategories("categories-wrong-credential", { credential: "wrong" });
  await unrouted("unknown-path", "listPets", "GET", "/learn-probe");
  await unrouted("unknown-path-2", "listPets", "GET", "/learn-probe/1");

  await sendCreates(ctx.tag, categories, send);
  await listCategories("categories-after");
  return probes;
}

/** A create's details beyond its body; `fields` says its body in words (the tag's name is `name`). */
interface Post {
  readonly path?: string;
  readonly as?: string;
  readonly contentType?: string;
  readonly untagged?: string;
  /** Sent as is (a body that is not JSON, or none), instead of `json`. */
  readonly rawBody?: string;
}

/** The creates: pets, then categories, each named with the tag (but for the blank names). */
async function sendCreates(
  tag: string,
  listedCategories: readonly Readonly<Record<string, unknown>>[],
  send: (name: ProbeName, sent: Sent) => Promise<Exchange | undefined>,
): Promise<void> {
  const categoryIds = listedCategories.map((category) => idOf(category));
  const categoryId = categoryIds.find((id) => id !== undefined) ?? 1;
  const unknown = [0, 1, 2]
    .map((below) => absentId(below))
    .filter((id) => !categoryIds.includes(id));
  const post =
    (operation: OperationId) =>
    (name: ProbeName, json: unknown, fields: string, more: Post = {}) => {
      const { path, as, untagged } = more;
      const request = operationRequest(operation, {
        ...(path === undefined ? {} : { path }),
        ...(more.rawBody === undefined ? { json } : { rawBody: more.rawBody }),
        ...(more.contentType ? { contentType: more.contentType } : {}),
        // Sent only under --learn-untagged (sendProbes), which allows it past the run tag's rule.
        ...(untagged ? { allowUntagged: true as const } : {}),
      });
      return send(name, {
        operation,
        request,
        label: labelOf(request, as, fields),
        ...(request.path.split("/").length > 2 ? { unrouted: true as const } : {}),
        ...(untagged ? { untagged } : {}),
      });
    };
  const createPet = post("createPet");
  const createCategory = post("createCategory");
  const pet = { name: `${tag} learn`, categoryId };
  const newPet = "name, categoryId";
  await createPet("create-without-status", pet, newPet);
  await createPet("create-without-status-2", pet, newPet);
  const noCategory = "name, categoryId of no category";
  await createPet("create-unknown-category", { ...pet, categoryId: unknown[0] }, noCategory);
  await createPet("create-unknown-category-2", { ...pet, categoryId: unknown[1] }, noCategory);
  await createPet("create-refused", { name: pet.name }, "name, no categoryId");
  await createPet("create-invalid", { ...pet, categoryId: "one" }, 'name, categoryId: "one"');
  await createPet("create-text-plain", pet, newPet, { contentType: "text/plain" });
  // Not JSON (cut short, the tag still in it), and no body at all.
  await createPet("create-malformed", pet, "name, cut short", {
    rawBody: `{"name": ${JSON.stringify(pet.name)}, "categoryId": `,
  });
  await createPet("create-empty", pet, "no body", { rawBody: "" });
  for (const [name, below] of [
    ["post-on-pet", 0],
    ["post-on-pet-2", 1],
  ] as const) {
    await createPet(name, pet, newPet, {
      path: `/pets/${absentId(below)}`,
      as: "/pets/{absent id}",
    });
  }
  // Each category its own name: a deployment may refuse a name it holds.
  const named = (n: number) => ({ name: `${tag} learn ${n}` });
  await createCategory("category-created", { ...named(1), description: tag }, "name, description");
  await createCategory("category-created-2", named(2), "name");
  await createCategory("category-text-plain", named(3), "name", { contentType: "text/plain" });
  for (const [name, n, value] of [
    ["category-description-number", 4, 5],
    ["category-description-boolean", 5, true],
  ] as const) {
    const fields = `name, description: ${JSON.stringify(value)}`;
    await createCategory(name, { ...named(n), description: value }, fields);
  }
  await createCategory("category-refused", { description: tag }, "description, no name");
  await createCategory("category-malformed", named(6), "name, cut short", {
    rawBody: `{"name": ${JSON.stringify(named(6).name)}`,
  });
  await createCategory("category-empty", named(7), "no body", { rawBody: "" });
  // A refusal's body still carries the tag: were it stored after all, the tag finds it.
  await createCategory("category-refused-2", { name: 7, description: tag }, "name: 7, description");
  const untagged = "--learn-untagged: a blank name, which the run tag cannot mark";
  await createPet("create-blank-name", { ...pet, name: "" }, 'name: "", categoryId', { untagged });
  await createCategory("category-blank-name", { name: "" }, 'name: ""', { untagged });
}
