/** The faults panel: the presets, the active faults, add one, remove one, clear all. */
import type { Fault, FaultInput } from "../core/faults.js";
import { AdminError, admin } from "./api.js";
import { button, byId, el, fill, say, withCode } from "./dom.js";
import { effectOf, faultName, type ServerInfo, upstreamOf } from "./info.js";

const faultsPath = "/__mock/faults";

/** A value the form cannot mean: the message says what it wants, and the field takes the focus. */
class FormError extends Error {
  constructor(
    readonly field: HTMLInputElement,
    message: string,
  ) {
    super(message);
  }
}

/** Runs an action; an Error answer is shown in the panel instead of thrown. */
export async function attempt(messageId: string, action: () => Promise<unknown>): Promise<void> {
  say(messageId, "");
  try {
    await action();
  } catch (error) {
    if (error instanceof FormError) {
      error.field.setAttribute("aria-invalid", "true");
      error.field.focus();
    }
    say(
      messageId,
      error instanceof AdminError || error instanceof FormError ? error.message : String(error),
    );
  }
}

/** Sends one change of the faults, then lists them afresh; an Error answer shows in the panel. */
const changeFaults = (method: string, path: string) =>
  attempt("faults-message", async () => {
    await admin(method, path);
    await refreshFaults();
  });

export async function refreshFaults(): Promise<void> {
  const active = await admin<Fault[]>("GET", faultsPath);
  const items = active.map((fault) => {
    const times = fault.times === undefined ? "until removed" : `${fault.times} more`;
    const text = `${faultName(fault)}: ${fault.operation}, ${effectOf(fault)} (${times})`;
    return el(
      "li",
      {},
      el("span", { text }),
      button("Remove", `Remove fault ${fault.id}`, () =>
        changeFaults("DELETE", `${faultsPath}/${encodeURIComponent(fault.id)}`),
      ),
    );
  });
  fill(
    byId("faults"),
    ...(items.length > 0 ? items : [el("li", { class: "muted", text: "No fault is active." })]),
  );
}

/** What the value field asks for, per effect; the other effects take no value. */
const valueFields: Readonly<
  Record<string, { label: string; min: number; max: number; initial: string }>
> = {
  status: { label: "Status (400–599)", min: 400, max: 599, initial: "503" },
  delay: { label: "Delay in ms (1–60000)", min: 1, max: 60_000, initial: "1500" },
};

/** A whole number typed in `field`, or a `FormError` saying what the field wants. */
function wholeNumber(field: HTMLInputElement, wanted: string): number {
  const text = field.value.trim();
  if (!/^\d{1,9}$/.test(text)) {
    throw new FormError(
      field,
      text === "" ? `${wanted}: the field is empty.` : `${wanted}, not "${text}".`,
    );
  }
  return Number(text);
}

/** The form as a fault; throws `FormError` for a field it cannot mean (the server checks the ranges too). */
function faultFromForm(): FaultInput {
  const operation = byId<HTMLSelectElement>("fault-operation").value as FaultInput["operation"];
  const kind = byId<HTMLSelectElement>("fault-kind").value;
  const valueField = byId<HTMLInputElement>("fault-value");
  const timesField = byId<HTMLInputElement>("fault-times");
  for (const field of [valueField, timesField]) field.removeAttribute("aria-invalid");
  const wanted = "Times wants a whole number of 1 or more (empty: until removed)";
  const times = timesField.value.trim() === "" ? {} : { times: wholeNumber(timesField, wanted) };
  const value = (wants: string) => wholeNumber(valueField, wants);
  const effect: FaultInput =
    kind === "status"
      ? { status: value("An error status wants a number from 400 to 599") }
      : kind === "delay"
        ? { delayMs: value("A delay wants a number of milliseconds from 1 to 60000") }
        : kind === "reset" || kind === "hang"
          ? { network: kind }
          : { body: kind === "empty" ? "empty" : "malformed" };
  return { operation, ...effect, ...times };
}

export function wireFaults(info: ServerInfo): void {
  const operations = byId<HTMLSelectElement>("fault-operation");
  for (const operation of info.operations)
    operations.append(el("option", { value: operation, text: operation }));
  const presets = Object.entries(info.presets).map(([name, faults]) => {
    const apply = button("Apply", `Apply preset ${name}`, () =>
      changeFaults("POST", `${faultsPath}/presets/${encodeURIComponent(name)}`),
    );
    const what = faults.map((fault) => `${fault.operation ?? "*"} ${effectOf(fault)}`).join("; ");
    return el("li", {}, el("span", {}, el("strong", { text: name }), ` (${what})`), apply);
  });
  fill(byId("presets"), ...presets);
  const upstream = upstreamOf(info);
  const scope = byId("faults-scope");
  scope.hidden = upstream === null;
  fill(
    scope,
    ...withCode(
      `Behind \`--proxy\` the deployment (${upstream}) answers: faults shape only what the local mock answers.`,
    ),
  );
  const kind = byId<HTMLSelectElement>("fault-kind");
  const value = byId<HTMLInputElement>("fault-value");
  kind.addEventListener("change", () => {
    const field = valueFields[kind.value];
    value.disabled = field === undefined;
    value.removeAttribute("aria-invalid");
    if (field === undefined) return;
    say("fault-value-label", field.label);
    value.min = String(field.min);
    value.max = String(field.max);
    value.value = field.initial;
  });
  byId("add-fault").addEventListener("submit", (event) => {
    event.preventDefault();
    attempt("faults-message", async () => {
      await admin<Fault>("POST", faultsPath, JSON.stringify(faultFromForm()));
      await refreshFaults();
    });
  });
  byId("clear-faults").addEventListener("click", () => changeFaults("DELETE", faultsPath));
}
