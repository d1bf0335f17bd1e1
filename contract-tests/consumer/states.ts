/**
 * A consumer contract's provider states, set up on a deployment through the
 * interface itself: no admin endpoint, no DELETE. "pet 7 exists with status
 * sold" creates a pet with status sold (in a category the deployment lists,
 * or one created for it) and hands on the id the deployment assigned; "no
 * pet 999 exists" hands on an id no deployment hands out; "category 3
 * exists", "pets exist" and "categories exist" use what the deployment
 * lists and create only what is missing; "no pets exist" holds only when
 * the deployment lists none (nothing can be removed). Every created name
 * starts with the run tag, and every create spends the run's write budget
 * (`--consumer-writes`). Without writes (`--read-only`, or the budget
 * spent) a pet state is met by a pet the deployment lists, when one fits.
 * Each request is a case of the run, judged like any other (`<op>.state-N`).
 * A state is set up once per run.
 *
 * @example
 * const states = new ProviderStates(ctx, new WriteBudget(60));
 * const setUp = await states.establish(interaction.states, interaction.operation);
 * if ("params" in setUp) setUp.params.petId; // the deployment's id
 */
import { absentId } from "../../mocks/interface/knowledge.js";
import { interfaceOperation, limitQuery } from "../../mocks/interface/operations.js";
import type { OperationId } from "../../mocks/interface/spec.js";
import type { PetStatus } from "../../mocks/interface/types.js";
import { type Id, idOf } from "../../mocks/util/exact-json.js";
import { recordIn, type SuiteContext } from "../suite/context.js";
import { WriteBudget } from "../suite/write-budget.js";
import { type ContractRequest, operationRequest } from "../transport/http.js";
import type { ConsumerState } from "./contract.js";
import type { Params } from "./request.js";

export { WriteBudget };

/** The parameters the states hold on this deployment, or which one cannot be set up and why. */
export type SetUp =
  | { readonly params: Params; readonly cases: readonly string[] }
  | { readonly skip: string; readonly state: string; readonly cases: readonly string[] };

/**
 * One state's outcome: its parameters, or why it cannot be set up (`writes`:
 * because it needs a create the run may not send).
 */
type Outcome = { readonly params: Params } | { readonly skip: string; readonly writes?: true };

/** The category states and pets use: its id, or why there is none. */
type CategoryOutcome = { readonly id: Id } | { readonly skip: string; readonly writes?: true };

type Item = Readonly<Record<string, unknown>>;
type RequestParts = Omit<ContractRequest, "method" | "path">;

const withStatus = (status: PetStatus | undefined): { status?: PetStatus } =>
  status === undefined ? {} : { status };

/** listPets' query for as few (`minimum`) or as many (`maximum`) pets as one page holds. */
const petsQuery = (bound: "minimum" | "maximum", status: PetStatus | undefined) => ({
  ...limitQuery(interfaceOperation("listPets"), bound),
  ...withStatus(status),
});

/** What a state's set-up sends for: the operation that needs it, and the cases it sent. */
interface SetUpIo {
  readonly neededBy: OperationId;
  readonly cases: string[];
}

export class ProviderStates {
  private readonly done = new Map<string, Promise<{ outcome: Outcome; cases: string[] }>>();
  private category: Promise<{ outcome: CategoryOutcome; cases: string[] }> | undefined;
  private count = 0;

  constructor(
    private readonly ctx: SuiteContext,
    private readonly budget: WriteBudget,
  ) {}

  /** Sets up every state of an interaction of `operation`; the first that cannot be decides. */
  async establish(states: readonly ConsumerState[], operation: OperationId): Promise<SetUp> {
    const params: Record<string, string | Id> = {};
    const cases: string[] = [];
    for (const state of states) {
      let pending = this.done.get(state.name);
      if (!pending) {
        const io = { neededBy: operation, cases: [] };
        pending = this.outcomeOf(state, io).then((outcome) => ({ outcome, cases: io.cases }));
        this.done.set(state.name, pending);
      }
      const { outcome, cases: sent } = await pending;
      cases.push(...sent);
      if ("skip" in outcome) return { skip: outcome.skip, state: state.name, cases };
      Object.assign(params, outcome.params);
    }
    return { params, cases };
  }

  /** Why no create may be sent now; undefined (and the budget spent by one) when one may. */
  private noWrite(): string | undefined {
    if (this.ctx.readOnly) return "--read-only";
    if (this.budget.take()) return undefined;
    return `--consumer-writes: its ${this.budget.limit} creates are spent`;
  }

  /** Sends one set-up request as a case of the run; its answer, or undefined without one. */
  private async send(operation: OperationId, io: SetUpIo, rest: RequestParts = {}) {
    const id = `${operation}.state-${String(++this.count).padStart(3, "0")}`;
    io.cases.push(id);
    const request = operationRequest(operation, rest);
    return (await this.ctx.run({ id, operation, request }, [io.neededBy]))?.response;
  }

  /** The records a list request answered, when it answered a list. */
  private async listed(operation: OperationId, io: SetUpIo, rest: RequestParts = {}) {
    const answer = await this.send(operation, io, rest);
    return answer?.status === 200 && Array.isArray(answer.json)
      ? (answer.json as Item[])
      : undefined;
  }

  /** A category to file pets under: the first the deployment lists, else one created. */
  private someCategory(neededBy: OperationId) {
    this.category ??= (async () => {
      const io = { neededBy, cases: [] };
      const outcome = async (): Promise<CategoryOutcome> => {
        const listed = await this.listed("listCategories", io);
        const first = listed?.map((item) => idOf(item)).find((id) => id !== undefined);
        if (first !== undefined) return { id: first };
        const denied = this.noWrite();
        if (denied)
          return { skip: `${denied}, and the deployment lists no category`, writes: true };
        const json = { name: `${this.ctx.tag} category` };
        const answer = await this.send("createCategory", io, { json });
        const id = recordIn(answer)?.id;
        if (id !== undefined) return { id };
        return { skip: `no category is listed, and none could be created (${answerText(answer)})` };
      };
      return { outcome: await outcome(), cases: io.cases };
    })();
    return this.category;
  }

  /** The category's outcome, its cases counted among this set-up's. */
  private async categoryFor(io: SetUpIo): Promise<CategoryOutcome> {
    const category = await this.someCategory(io.neededBy);
    io.cases.push(...category.cases);
    return category.outcome;
  }

  /** A pet created for a state (in some category), or why none could be. */
  private async createPet(status: PetStatus | undefined, io: SetUpIo): Promise<Outcome> {
    const category = await this.categoryFor(io);
    if ("skip" in category) return category;
    const denied = this.noWrite();
    if (denied) return { skip: denied, writes: true };
    const json = { name: `${this.ctx.tag} pet`, categoryId: category.id, ...withStatus(status) };
    const answer = await this.send("createPet", io, { json });
    const petId = recordIn(answer)?.id;
    if (petId === undefined)
      return { skip: `its pet could not be created (${answerText(answer)})` };
    return { params: { petId, ...withStatus(status) } as Params };
  }

  /** The first pet the deployment lists with this status (any, without one), of the largest page. */
  private async listedPet(status: PetStatus | undefined, io: SetUpIo) {
    const pets = await this.listed("listPets", io, { query: petsQuery("maximum", status) });
    return pets?.find(
      (pet) => idOf(pet) !== undefined && (status === undefined || pet.status === status),
    );
  }

  private async outcomeOf(state: ConsumerState, io: SetUpIo): Promise<Outcome> {
    const { kind } = state;
    const { status } = state.params;
    const which = status === undefined ? "" : ` with status ${status}`;
    switch (kind) {
      case undefined:
        return { skip: "it is not one the kit sets up" };
      case "pet": {
        const created = await this.createPet(status, io);
        if ("params" in created || !created.writes) return created;
        // Without writes, a pet the deployment lists stands in for the one the state describes.
        const pet = await this.listedPet(status, io);
        if (pet) return { params: { petId: idOf(pet), ...withStatus(status) } as Params };
        return { skip: `${created.skip}, and the deployment lists no pet${which}` };
      }
      case "noPet":
        this.ctx.knowledge.declareAbsent("pets", absentId());
        return { params: { petId: absentId() } };
      case "noCategory":
        this.ctx.knowledge.declareAbsent("categories", absentId());
        return { params: { categoryId: absentId() } };
      case "category":
      case "categories": {
        const category = await this.categoryFor(io);
        if ("skip" in category) return category;
        return { params: kind === "category" ? { categoryId: category.id } : {} };
      }
      case "pets": {
        if (await this.listedPet(status, io)) return { params: withStatus(status) };
        const created = await this.createPet(status, io);
        if ("skip" in created)
          return { skip: `the deployment lists no pet${which}, and ${created.skip}` };
        return { params: withStatus(status) };
      }
      case "noPets":
      case "noCategories": {
        const pets = kind === "noPets";
        const query = pets ? petsQuery("minimum", status) : {};
        const listed = await this.listed(pets ? "listPets" : "listCategories", io, { query });
        if (listed?.length === 0) return { params: withStatus(status) };
        return {
          skip: `the deployment lists ${pets ? `pets${which}` : "categories"}, and the interface has no way to remove them`,
        };
      }
    }
  }
}

const answerText = (answer: { readonly status: number } | undefined) =>
  answer ? `HTTP ${answer.status}` : "no answer";
