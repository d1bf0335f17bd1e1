/**
 * The demo front end: starts the Pet Store mock in a service worker, then talks
 * to `/v1` with plain `fetch` as a real app would. Nothing but static files is
 * served; every API answer comes from the worker.
 */
import {
  type Category,
  defaultApiKey,
  type FaultInput,
  type FaultPreset,
  faultPresetNames,
  limitRule,
  operationIds,
  type Pet,
  type PetStatus,
  type PetstoreWorker,
  petStatuses,
  presetKey,
  setupPetstoreWorker,
} from "petstore-mock-kit/browser";
import { ApiError, createPetstoreClient } from "./api.js";

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from index.html`);
  return element as T;
}

const ui = {
  mockStatus: byId<HTMLParagraphElement>("mock-status"),
  notice: byId<HTMLParagraphElement>("notice"),
  apiKey: byId<HTMLInputElement>("api-key"),
  reset: byId<HTMLButtonElement>("reset"),
  petFilter: byId<HTMLFormElement>("pet-filter"),
  statusFilter: byId<HTMLSelectElement>("status-filter"),
  limit: byId<HTMLInputElement>("limit"),
  petRows: byId<HTMLTableSectionElement>("pet-rows"),
  petCount: byId<HTMLParagraphElement>("pet-count"),
  errorPanel: byId<HTMLElement>("error-panel"),
  errorMessage: byId<HTMLParagraphElement>("error-message"),
  lookup: byId<HTMLFormElement>("pet-lookup"),
  lookupId: byId<HTMLInputElement>("lookup-id"),
  lookupResult: byId<HTMLParagraphElement>("lookup-result"),
  newPet: byId<HTMLFormElement>("new-pet"),
  newPetName: byId<HTMLInputElement>("new-pet-name"),
  newPetCategory: byId<HTMLSelectElement>("new-pet-category"),
  newPetStatus: byId<HTMLSelectElement>("new-pet-status"),
  categoryList: byId<HTMLUListElement>("category-list"),
  newCategory: byId<HTMLFormElement>("new-category"),
  newCategoryName: byId<HTMLInputElement>("new-category-name"),
  newCategoryDescription: byId<HTMLInputElement>("new-category-description"),
  faultPreset: byId<HTMLSelectElement>("fault-preset"),
  newFault: byId<HTMLFormElement>("new-fault"),
  faultOperation: byId<HTMLSelectElement>("fault-operation"),
  faultEffect: byId<HTMLSelectElement>("fault-effect"),
  faultTimes: byId<HTMLInputElement>("fault-times"),
  faultList: byId<HTMLUListElement>("fault-list"),
  journalRows: byId<HTMLTableSectionElement>("journal-rows"),
  clearJournal: byId<HTMLButtonElement>("clear-journal"),
};

/** The effects the fault form offers, by label. */
const faultEffects: Readonly<Record<string, FaultInput>> = {
  "503 Service Unavailable": { status: 503 },
  "500 Internal Server Error": { status: 500 },
  "429 Too Many Requests": { status: 429 },
  "2 s delay": { delayMs: 2000 },
  "connection reset": { network: "reset" },
  "hang (no answer)": { network: "hang" },
  "malformed JSON": { body: "malformed" },
  "empty list": { body: "empty" },
};

/** How many journal entries the panel shows. */
const journalRowsShown = 8;

const api = createPetstoreClient("/v1", () => ui.apiKey.value);
let categoryNames = new Map<number, string>();

function element<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, text: string) {
  const made = document.createElement(tag);
  made.textContent = text;
  return made;
}

const option = (value: string, label = value) => Object.assign(element("option", label), { value });
const cell = (text: string) => element("td", text);

/** Shows the API's Error, or what went wrong on the way (a network error, malformed JSON). */
function showError(error: unknown): void {
  if (!(error instanceof Error)) throw error;
  ui.errorMessage.textContent =
    error instanceof ApiError ? error.message : `${error.name}: ${error.message}`;
  ui.errorPanel.hidden = false;
}

let petstore: PetstoreWorker | undefined;

function renderFaults(): void {
  ui.faultList.replaceChildren(
    ...(petstore?.faults.list() ?? []).map(({ id, ...effect }) =>
      element("li", `${id} ${JSON.stringify(effect)}`),
    ),
  );
}

function renderJournal(): void {
  const entries = (petstore?.journal.all() ?? []).slice(-journalRowsShown).reverse();
  ui.journalRows.replaceChildren(
    ...entries.map((entry) => {
      const row = document.createElement("tr");
      const fault = entry.fault ? `${entry.fault.id}` : "—";
      const problems = entry.problems.map((problem) => problem.code).join(", ") || "—";
      row.append(
        cell(entry.method),
        cell(entry.path),
        cell(entry.operationId ?? "—"),
        cell(entry.status === 0 ? "no answer" : String(entry.status)),
        cell(entry.durationMs.toFixed(1)),
        cell(fault),
        cell(problems),
      );
      return row;
    }),
  );
}

/** Runs one user action: clears the last error, shows the Error if the action fails. */
async function act(action: () => Promise<void>): Promise<void> {
  ui.errorPanel.hidden = true;
  try {
    await action();
  } catch (error) {
    showError(error);
  } finally {
    renderFaults();
    renderJournal();
  }
}

/** Runs `action` as one user action when the form is submitted. */
function onSubmit(form: HTMLFormElement, action: () => Promise<void>): void {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void act(action);
  });
}

function renderPets(pets: readonly Pet[]): void {
  ui.petRows.replaceChildren(
    ...pets.map((pet) => {
      const row = document.createElement("tr");
      row.dataset.petId = String(pet.id);
      row.append(
        cell(String(pet.id)),
        cell(pet.name),
        cell(categoryNames.get(pet.categoryId) ?? `#${pet.categoryId}`),
        cell(pet.status ?? "—"),
      );
      return row;
    }),
  );
  ui.petCount.textContent = `${pets.length} pet${pets.length === 1 ? "" : "s"} shown`;
}

function renderCategories(categories: readonly Category[]): void {
  categoryNames = new Map(categories.map((category) => [category.id, category.name]));
  ui.categoryList.replaceChildren(
    ...categories.map(({ name, description }) =>
      element("li", description ? `${name} — ${description}` : name),
    ),
  );
  const selected = ui.newPetCategory.value;
  ui.newPetCategory.replaceChildren(
    ...categories.map((category) => option(String(category.id), category.name)),
  );
  if (selected) ui.newPetCategory.value = selected;
}

async function loadCategories(): Promise<void> {
  renderCategories(await api.listCategories());
}

async function loadPets(): Promise<void> {
  const status = (ui.statusFilter.value || undefined) as PetStatus | undefined;
  renderPets(await api.listPets({ status, limit: ui.limit.value }));
}

onSubmit(ui.petFilter, loadPets);

onSubmit(ui.lookup, async () => {
  ui.lookupResult.textContent = "";
  const pet = await api.getPet(ui.lookupId.value.trim());
  const category = categoryNames.get(pet.categoryId) ?? `category #${pet.categoryId}`;
  ui.lookupResult.textContent = `#${pet.id} ${pet.name} (${category}, ${pet.status ?? "no status"})`;
});

onSubmit(ui.newPet, async () => {
  const status = (ui.newPetStatus.value || undefined) as PetStatus | undefined;
  const pet = await api.createPet({
    name: ui.newPetName.value,
    categoryId: Number(ui.newPetCategory.value),
    ...(status ? { status } : {}),
  });
  ui.notice.textContent = `Created pet #${pet.id} “${pet.name}”.`;
  ui.newPet.reset();
  await loadPets();
});

onSubmit(ui.newCategory, async () => {
  const description = ui.newCategoryDescription.value;
  const category = await api.createCategory({
    name: ui.newCategoryName.value,
    ...(description ? { description } : {}),
  });
  ui.notice.textContent = `Created category #${category.id} “${category.name}”.`;
  ui.newCategory.reset();
  await loadCategories();
});

/** The fault switcher (presets, remembered in localStorage), the fault form and the journal panel. */
function wireFaultControls(mock: PetstoreWorker): void {
  ui.faultPreset.append(option("", "none"), ...faultPresetNames.map((name) => option(name)));
  ui.faultPreset.value = mock.preset ?? "";
  ui.faultPreset.addEventListener("change", () => {
    const name = ui.faultPreset.value as FaultPreset | "";
    mock.faults.clear();
    if (name) mock.faults.preset(name);
    try {
      if (name) localStorage.setItem(presetKey, name);
      else localStorage.removeItem(presetKey);
    } catch {}
    ui.notice.textContent = name ? `Preset “${name}” active.` : "No faults active.";
    renderFaults();
  });
  ui.faultOperation.append(option("*", "every operation"), ...operationIds.map((id) => option(id)));
  ui.faultEffect.append(...Object.keys(faultEffects).map((label) => option(label)));
  onSubmit(ui.newFault, async () => {
    const times = ui.faultTimes.value === "" ? undefined : Number(ui.faultTimes.value);
    const fault = mock.faults.add({
      operation: ui.faultOperation.value as FaultInput["operation"],
      ...faultEffects[ui.faultEffect.value],
      ...(times === undefined ? {} : { times }),
    });
    ui.notice.textContent = `Fault ${fault.id} added.`;
  });
  ui.clearJournal.addEventListener("click", () => {
    mock.journal.clear();
    renderJournal();
  });
}

async function main(): Promise<void> {
  ui.apiKey.value = defaultApiKey;
  ui.statusFilter.append(option("", "any"), ...petStatuses.map((status) => option(status)));
  ui.newPetStatus.append(option("", "(none)"), ...petStatuses.map((status) => option(status)));
  ui.limit.placeholder = String(limitRule.default);

  petstore = await setupPetstoreWorker();
  // For poking from the devtools console (and for the browser tests).
  (globalThis as { petstore?: PetstoreWorker }).petstore = petstore;
  try {
    await petstore.start({ quiet: true });
  } catch (error) {
    ui.mockStatus.textContent = error instanceof Error ? error.message : String(error);
    ui.mockStatus.dataset.state = "failed";
    return;
  }
  wireFaultControls(petstore);
  ui.reset.disabled = false;
  ui.reset.addEventListener("click", () => {
    void act(async () => {
      await petstore?.reset();
      ui.notice.textContent = "Data reset to the seeded pets and categories.";
      await loadCategories();
      await loadPets();
    });
  });
  ui.mockStatus.textContent =
    "Mock running in a service worker: every /v1 request is answered in this page.";
  ui.mockStatus.dataset.state = "ready";
  await act(async () => {
    await loadCategories();
    await loadPets();
  });
}

void main();
