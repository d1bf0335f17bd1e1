/** The faults panel: the presets, the active faults, add one, remove one, clear all. */
import type { Fault, FaultInput } from "../core/faults.js";
import { AdminError, admin } from "./api.js";
import { byId, el, fill, say } from "./dom.js";
import { effectOf, type ServerInfo } from "./info.js";

const faultsPath = "/__mock/faults";

/** Runs an action; an Error answer is shown in the panel instead of thrown. */
export async function attempt(messageId: string, action: () => Promise<unknown>): Promise<void> {
  say(messageId, "");
  try {
    await action();
  } catch (error) {
    say(messageId, error instanceof AdminError ? error.message : String(error));
  }
}

export async function refreshFaults(): Promise<void> {
  const active = await admin<Fault[]>("GET", faultsPath);
  const items = active.map((fault) => {
    const remove = el("button", {
      type: "button",
      text: "Remove",
      "aria-label": `Remove fault ${fault.id}`,
    });
    remove.addEventListener("click", () =>
      attempt("faults-message", async () => {
        await admin("DELETE", `${faultsPath}/${encodeURIComponent(fault.id)}`);
        await refreshFaults();
      }),
    );
    const times = fault.times === undefined ? "until removed" : `${fault.times} more`;
    return el(
      "li",
      {},
      el("span", { text: `${fault.id}: ${fault.operation}, ${effectOf(fault)} (${times})` }),
      remove,
    );
  });
  fill(
    byId("faults"),
    ...(items.length > 0 ? items : [el("li", { class: "muted", text: "No fault is active." })]),
  );
}

function faultFromForm(): FaultInput {
  const operation = byId<HTMLSelectElement>("fault-operation").value as FaultInput["operation"];
  const kind = byId<HTMLSelectElement>("fault-kind").value;
  const value = Number(byId<HTMLInputElement>("fault-value").value);
  const timesText = byId<HTMLInputElement>("fault-times").value;
  const times = timesText === "" ? {} : { times: Number(timesText) };
  const effect: Record<string, FaultInput> = {
    status: { status: value },
    delay: { delayMs: value },
    reset: { network: "reset" },
    hang: { network: "hang" },
    malformed: { body: "malformed" },
    empty: { body: "empty" },
  };
  return { operation, ...effect[kind], ...times };
}

export function wireFaults(info: ServerInfo): void {
  const operations = byId<HTMLSelectElement>("fault-operation");
  for (const operation of info.operations)
    operations.append(el("option", { value: operation, text: operation }));
  const presets = Object.entries(info.presets).map(([name, faults]) => {
    const apply = el("button", {
      type: "button",
      text: "Apply",
      "aria-label": `Apply preset ${name}`,
    });
    apply.addEventListener("click", () =>
      attempt("faults-message", async () => {
        for (const fault of faults) await admin("POST", faultsPath, JSON.stringify(fault));
        await refreshFaults();
      }),
    );
    const what = faults.map((fault) => `${fault.operation ?? "*"} ${effectOf(fault)}`).join("; ");
    return el("li", {}, el("span", {}, el("strong", { text: name }), ` (${what})`), apply);
  });
  fill(byId("presets"), ...presets);
  const kind = byId<HTMLSelectElement>("fault-kind");
  const value = byId<HTMLInputElement>("fault-value");
  kind.addEventListener("change", () => {
    value.disabled = kind.value !== "status" && kind.value !== "delay";
    if (kind.value === "status") value.value = "503";
    if (kind.value === "delay") value.value = "1500";
  });
  byId("add-fault").addEventListener("submit", (event) => {
    event.preventDefault();
    attempt("faults-message", async () => {
      await admin<Fault>("POST", faultsPath, JSON.stringify(faultFromForm()));
      await refreshFaults();
    });
  });
  byId("clear-faults").addEventListener("click", () =>
    attempt("faults-message", async () => {
      await admin("DELETE", faultsPath);
      await refreshFaults();
    }),
  );
}
