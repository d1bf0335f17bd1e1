/**
 * The live request list: a long-poll on `/__mock/requests/after/{n}`, newest
 * first, filtered on the page, each row opening its problems in plain words.
 */
import type { FeedAnswer, NumberedEntry } from "../server/dashboard.js";
import { AdminError, admin } from "./api.js";
import { byId, el, fill, say } from "./dom.js";
import { curlLine, explainProblem } from "./explain.js";
import { effectOf } from "./info.js";

/** Rows the page keeps; older ones leave the table. */
const keptRows = 500;

const entries: NumberedEntry[] = [];
let apiUrl = "";
let selected: number | undefined;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const statusClass = (status: number) => String(Math.floor(status / 100));

function shown(entry: NumberedEntry): boolean {
  const operation = byId<HTMLSelectElement>("filter-operation").value;
  const status = byId<HTMLSelectElement>("filter-status").value;
  const problems = byId<HTMLInputElement>("filter-problems").checked;
  if (operation !== "" && (entry.operationId ?? "none") !== operation) return false;
  if (status !== "" && statusClass(entry.status) !== status) return false;
  return !problems || entry.problems.length > 0;
}

function row(entry: NumberedEntry): HTMLTableRowElement {
  const open = el("button", {
    type: "button",
    text: `${entry.method} ${entry.path}`,
    "aria-label": `Request ${entry.id}: ${entry.method} ${entry.path}`,
  });
  open.addEventListener("click", () => showDetail(entry.id));
  return el(
    "tr",
    { class: entry.id === selected ? "selected" : undefined, "data-id": String(entry.id) },
    el("td", { text: entry.id }),
    el("td", { class: "path" }, open),
    el("td", { text: entry.operationId ?? "none" }),
    el("td", {
      class: `s${statusClass(entry.status)}`,
      text: entry.status === 0 ? "no answer" : entry.status,
    }),
    el("td", { text: `${entry.durationMs} ms` }),
    el("td", { text: entry.fault ? `${entry.fault.id}: ${effectOf(entry.fault)}` : "" }),
    el("td", {
      text: entry.problems.length > 0 ? entry.problems.map((p) => p.code).join(", ") : "",
    }),
  );
}

export function renderRequests(): void {
  const visible = entries.filter(shown);
  fill(byId("requests-body"), ...visible.reverse().map(row));
}

function showDetail(id: number): void {
  const entry = entries.find((candidate) => candidate.id === id);
  if (!entry) return;
  selected = id;
  const panel = byId("request-detail");
  say("detail-title", `Request ${entry.id}: ${entry.method} ${entry.path}`);
  const facts = el(
    "p",
    {},
    `Operation ${entry.operationId ?? "none (no documented operation matched)"}, `,
    entry.status === 0 ? "no answer was sent" : `answered ${entry.status}`,
    ` in ${entry.durationMs} ms`,
    entry.fault ? `, shaped by fault ${entry.fault.id} (${effectOf(entry.fault)})` : "",
    ".",
  );
  const problems =
    entry.problems.length === 0
      ? el("p", { text: "No contract problems: the request is one the interface documents." })
      : el(
          "ol",
          { "aria-label": "Contract problems" },
          ...entry.problems.map((problem) => {
            const explained = explainProblem(problem);
            return el(
              "li",
              {},
              el("strong", { text: explained.summary }),
              el("p", { text: `The mock said: ${explained.detail}` }),
              ...(explained.statements.length === 0 && problem.by !== "deployment"
                ? [
                    el("p", {
                      class: "statement",
                      text: "A limit of the mock, not a statement of the interface.",
                    }),
                  ]
                : explained.statements.map((statement) =>
                    el("p", {
                      class: "statement",
                      text: `Breaks interface §${statement.section}: ${statement.statement}`,
                    }),
                  )),
            );
          }),
        );
  fill(
    byId("detail-body"),
    facts,
    el("h4", { text: "Problems" }),
    problems,
    el("h4", { text: "Repeat it" }),
    el("pre", {}, el("code", { "aria-label": "curl command", text: curlLine(apiUrl, entry) })),
  );
  panel.hidden = false;
  renderRequests();
  panel.focus();
}

function add(answer: FeedAnswer): void {
  if (answer.restarted) entries.length = 0;
  entries.push(...answer.entries);
  if (entries.length > keptRows) entries.splice(0, entries.length - keptRows);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Follows the journal until the page closes; `onNew` runs after every batch of new requests. */
export async function followRequests(
  apiBase: string,
  onNew: () => void,
  onForbidden: (reason: string) => void,
): Promise<never> {
  apiUrl = `${location.origin}${apiBase}`;
  let last = 0;
  say("feed-status", "Live: watching for requests…");
  for (;;) {
    const started = performance.now();
    try {
      const answer = await admin<FeedAnswer>("GET", `/__mock/requests/after/${last}`);
      add(answer);
      last = answer.last;
      const time = new Date().toLocaleTimeString();
      const missed = answer.missed > 0 ? ` (${answer.missed} older requests left the journal)` : "";
      say(
        "feed-status",
        `Live: ${plural(entries.length, "request")} shown, last contact ${time}${missed}.`,
      );
      if (answer.entries.length > 0) {
        renderRequests();
        onNew();
      } else if (performance.now() - started < 500) {
        await sleep(1000); // the server did not wait (too many watchers): poll instead
      }
    } catch (error) {
      const reason = error instanceof AdminError ? error.message : String(error);
      // The admin key changed (or the server restarted with another): ask again.
      if (error instanceof AdminError && error.status === 403) onForbidden(reason);
      say("feed-status", `Not live: ${reason} Retrying…`);
      await sleep(2000);
    }
  }
}

export function wireRequests(): void {
  for (const id of ["filter-operation", "filter-status", "filter-problems"]) {
    byId(id).addEventListener("change", renderRequests);
  }
  byId("close-detail").addEventListener("click", () => {
    byId("request-detail").hidden = true;
    const opener = selected;
    selected = undefined;
    renderRequests();
    if (opener !== undefined) {
      document.querySelector<HTMLButtonElement>(`tr[data-id="${opener}"] button`)?.focus();
    }
  });
  byId("clear-requests").addEventListener("click", async () => {
    await admin("DELETE", "/__mock/requests");
    entries.length = 0;
    renderRequests();
  });
}

export function setOperations(operations: readonly string[]): void {
  const select = byId<HTMLSelectElement>("filter-operation");
  for (const operation of [...operations, "none"]) {
    select.append(
      el("option", { value: operation, text: operation === "none" ? "No operation" : operation }),
    );
  }
}
