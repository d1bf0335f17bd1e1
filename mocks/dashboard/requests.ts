/**
 * The live request list: a long-poll on `/__mock/requests/after/{n}`, newest
 * first, filtered on the page, each row opening its problems in plain words.
 */
import type { FeedAnswer, NumberedEntry } from "../admin/dashboard.js";
import { choicesText } from "../core/journal.js";
import { sleep } from "../core/latency.js";
import { plural } from "../util/text.js";
import { AdminError, admin } from "./api.js";
import { breakablePath, byId, el, fill, say, withCode } from "./dom.js";
import { curlLine, explainProblem, problemLabel, repeatNote, statementLead } from "./explain.js";
import { answeredBy, answeredSentenceOf, effectOf, faultName } from "./info.js";

/** Rows the page keeps; older ones leave the table. */
const keptRows = 500;

const entries: NumberedEntry[] = [];
let apiUrl = "";
let selected: number | undefined;
/** The deployment behind `--proxy`; null when the mock answers everything. */
let upstream: string | null = null;
/** Whether the behaviour profile takes a choice otherwise than the kit: each row then names those that shaped it. */
let profiled = false;

const statusClass = (status: number) => String(Math.floor(status / 100));

function shown(entry: NumberedEntry): boolean {
  const operation = byId<HTMLSelectElement>("filter-operation").value;
  const status = byId<HTMLSelectElement>("filter-status").value;
  const problems = byId<HTMLInputElement>("filter-problems").checked;
  if (operation !== "" && (entry.operationId ?? "none") !== operation) return false;
  if (status !== "" && statusClass(entry.status) !== status) return false;
  return !problems || entry.problems.length > 0;
}

/** The detail a row's text opens, as the row's description for assistive technology. */
const openHint = "request-open-hint";

/** A cell of the request list, labelled for the narrow layout (which shows each cell's label). */
const cell = (label: string, text: string | number, className?: string) =>
  el("td", { class: className, "data-label": label, text });

function row(entry: NumberedEntry): HTMLTableRowElement {
  const fault = entry.fault ? `${faultName(entry.fault)}: ${effectOf(entry.fault)}` : "";
  const tr = el(
    "tr",
    {
      "data-id": String(entry.id),
      tabindex: 0,
      "aria-current": entry.id === selected ? "true" : undefined,
      "aria-describedby": openHint,
      "aria-controls": "request-detail",
    },
    cell("#", entry.id),
    el(
      "td",
      { class: "path", "data-label": "Request" },
      el(
        "code",
        {},
        el("span", { class: "segment", text: entry.method }),
        " ",
        ...breakablePath(entry.path),
      ),
    ),
    cell("Operation", entry.operationId ?? "none"),
    cell(
      "Status",
      entry.status === 0 ? "no answer" : entry.status,
      `s${statusClass(entry.status)}`,
    ),
    cell("Duration", `${entry.durationMs} ms`),
    upstream === null ? null : cell("Answered by", answeredBy(entry)),
    cell("Fault", fault),
    profiled
      ? cell("Profile's choices", entry.choices ? choicesText(entry.choices) : "", "choices")
      : null,
    cell("Problems", entry.problems.map(problemLabel).join(", ")),
  );
  // The whole row opens the details: a click anywhere on it, or Enter or Space while it has the focus.
  tr.addEventListener("click", () => showDetail(entry.id));
  tr.addEventListener("keydown", (event) => {
    if (event.target !== tr || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    showDetail(entry.id);
  });
  return tr;
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
    entry.fault ? `, shaped by fault ${faultName(entry.fault)} (${effectOf(entry.fault)})` : "",
    ".",
  );
  const choices = entry.choices
    ? el(
        "p",
        { class: "shaped-by" },
        ...withCode(
          `Shaped by the behaviour profile's choices \`${choicesText(entry.choices)}\`, where the interface is silent.`,
        ),
      )
    : null;
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
              el("strong", {}, ...withCode(explained.summary)),
              el(
                "p",
                {},
                problem.kind
                  ? "Expected, and what came back: "
                  : entry.answeredBy === "deployment"
                    ? "The deployment said: "
                    : "The mock said: ",
                ...withCode(explained.detail),
              ),
              ...(explained.statements.length === 0 && problem.by !== "deployment"
                ? [
                    el("p", {
                      class: "statement",
                      text: "A limit of the mock, not a statement of the interface.",
                    }),
                  ]
                : explained.statements.map((statement) =>
                    el(
                      "p",
                      { class: "statement" },
                      statementLead(explained, statement),
                      ...withCode(statement.statement),
                    ),
                  )),
            );
          }),
        );
  fill(
    byId("detail-body"),
    facts,
    choices,
    upstream === null
      ? null
      : el("p", { class: "answered-by" }, ...withCode(answeredSentenceOf(entry, upstream))),
    el("h4", { text: "Problems" }),
    problems,
    el("h4", { text: "Repeat it" }),
    el("p", {}, ...withCode(repeatNote(entry))),
    el("pre", {}, el("code", { "aria-label": "curl command", text: curlLine(apiUrl, entry) })),
  );
  panel.hidden = false;
  renderRequests();
  panel.focus();
}

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
      if (answer.restarted) entries.length = 0;
      entries.push(...answer.entries);
      if (entries.length > keptRows) entries.splice(0, entries.length - keptRows);
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
      document.querySelector<HTMLTableRowElement>(`tr[data-id="${opener}"]`)?.focus();
    }
  });
  byId("clear-requests").addEventListener("click", async () => {
    await admin("DELETE", "/__mock/requests");
    entries.length = 0;
    renderRequests();
  });
}

/** Under a profile that takes a choice otherwise than the kit: every row names the choices that shaped its answer. */
export function setProfiled(shown: boolean): void {
  profiled = shown;
  byId("choices-head").hidden = !shown;
}

/** Behind `--proxy`: every row and detail says who answered (the deployment at `url`, the mock or the proxy). */
export function setUpstream(url: string | null): void {
  upstream = url;
  byId("answered-by-head").hidden = url === null;
}

export function setOperations(operations: readonly string[]): void {
  const select = byId<HTMLSelectElement>("filter-operation");
  for (const operation of [...operations, "none"]) {
    select.append(
      el("option", { value: operation, text: operation === "none" ? "No operation" : operation }),
    );
  }
}
