/** The state panel: counts and seed, reset, snapshot download, and upload after a preview. */
import { admin } from "./api.js";
import { byId, el, fill, say, withCode } from "./dom.js";
import { attempt } from "./faults.js";
import { type ServerInfo, upstreamOf } from "./info.js";
import { diffSnapshots, idRanges, isSnapshotLike, type SnapshotDiff } from "./snapshot-diff.js";

const statePath = "/__mock/state";
/** The largest snapshot file the page reads (the server's body limit). */
const maxUpload = 1024 * 1024;

/** The server's options as the page names them (`GET /__mock/info` sends no key, only counts). */
const optionNames: Readonly<Record<string, string>> = {
  runtime: "Runs as",
  baseUrl: "API base URL matched",
  host: "Bound to",
  apiKeys: "API keys (how many)",
  adminKey: "Admin key set",
  latency: "Latency (ms)",
  maxPets: "Max pets",
  maxCategories: "Max categories",
  maxConnections: "Max connections",
  journalSize: "Journal size",
  preset: "Start-up preset",
  startupFaults: "Start-up faults",
  stateFile: "State file",
  behaviour: "Behaviour profile",
  behaviourChoices: "Its choices (not the kit's)",
  fallback: "Fallback (--fallback)",
};

const shownValue = (value: unknown) =>
  typeof value === "boolean" ? (value ? "yes" : "no") : String(value ?? "none");

function facts(list: HTMLElement, pairs: readonly (readonly [string, unknown])[]): void {
  fill(
    list,
    ...pairs.flatMap(([name, value]) => [
      el("dt", { text: name }),
      el("dd", { text: shownValue(value) }),
    ]),
  );
}

/** What the State panel governs: the mock's own data, which behind `--proxy` is not the deployment's. */
function stateScope(info: ServerInfo): string {
  const upstream = upstreamOf(info);
  if (upstream === null) {
    return "The mock's own data: what it answers from, and what Reset and the snapshots change.";
  }
  const fallback =
    info.options.fallback === "mock"
      ? ", and whatever the deployment leaves unanswered (`--fallback mock`)"
      : "";
  return `The local mock's data, not the deployment's: behind \`--proxy\`, ${upstream} answers the API. This data answers only the requests the proxy keeps (a bad key, an oversized body)${fallback}; Reset and the snapshots change it, never the deployment.`;
}

export function showState(info: ServerInfo): void {
  fill(byId("state-scope"), ...withCode(stateScope(info)));
  facts(byId("state-facts"), [
    ["Pets", info.counts.pets],
    ["Categories", info.counts.categories],
    ["Seed", info.seedOptions.seed],
    ["Seeded", `${info.seedOptions.pets} pets, ${info.seedOptions.categories} categories`],
    ["Kit version", info.version],
    ["Interface version", info.interfaceVersion],
  ]);
  const upstream = upstreamOf(info);
  const { proxy: _proxy, fallback, ...options } = info.options;
  facts(byId("server-facts"), [
    ["API base", `${location.origin}${info.apiBase}`],
    ...(upstream === null
      ? []
      : ([
          ["Proxy to (--proxy)", `${upstream}: every API request goes there, its answers judged`],
          [
            optionNames.fallback ?? "fallback",
            fallback === "mock"
              ? "mock: the local mock answers when the deployment does not"
              : "none: 502 bad_gateway when the deployment does not answer",
          ],
        ] as const)),
    ...Object.entries(options).map(([name, value]) => [optionNames[name] ?? name, value] as const),
  ]);
}

function describe(diff: SnapshotDiff): string[] {
  const lines: string[] = [];
  for (const name of ["pets", "categories"] as const) {
    const part = diff[name];
    lines.push(`${name[0]?.toUpperCase()}${name.slice(1)}: ${part.before} → ${part.after}`);
    for (const change of ["added", "removed", "changed"] as const) {
      if (part[change].length > 0) lines.push(`  ${change} ids ${idRanges(part[change])}`);
    }
  }
  if (diff.seed.before !== diff.seed.after)
    lines.push(`Seed: ${diff.seed.before} → ${diff.seed.after}`);
  return lines;
}

export function wireState(refresh: () => Promise<void>): void {
  byId("reset-form").addEventListener("submit", (event) => {
    event.preventDefault();
    attempt("state-message", async () => {
      const seed = byId<HTMLInputElement>("reset-seed").value;
      const body = seed === "" ? "{}" : JSON.stringify({ seed: Number(seed) });
      const done = await admin<{ seed: number }>("POST", "/__mock/reset", body);
      await refresh();
      say("state-message", `Reset to seed ${done.seed}.`);
    });
  });

  byId("download-snapshot").addEventListener("click", () =>
    attempt("state-message", async () => {
      const snapshot = await admin<unknown>("GET", statePath);
      const blob = new Blob([`${JSON.stringify(snapshot, null, 2)}\n`], {
        type: "application/json",
      });
      const link = el("a", {
        href: URL.createObjectURL(blob),
        download: `petstore-state-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
      });
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      say("state-message", "Snapshot downloaded.");
    }),
  );

  const input = byId<HTMLInputElement>("upload-snapshot");
  const preview = byId("upload-preview");
  let pending: string | undefined;
  const closePreview = () => {
    pending = undefined;
    preview.hidden = true;
    input.value = "";
  };
  input.addEventListener("change", () =>
    attempt("state-message", async () => {
      preview.hidden = true;
      const file = input.files?.[0];
      if (!file) return;
      if (file.size > maxUpload) throw new Error(`The file is over ${maxUpload} bytes.`);
      const text = await file.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(`${file.name} is not JSON.`);
      }
      if (!isSnapshotLike(parsed))
        throw new Error(`${file.name} is not a snapshot (GET ${statePath} makes one).`);
      const current = await admin<unknown>("GET", statePath);
      if (!isSnapshotLike(current)) throw new Error("The mock's own state could not be read.");
      pending = text;
      fill(
        byId("upload-diff"),
        ...describe(diffSnapshots(current, parsed)).map((line) => el("li", { text: line })),
      );
      preview.hidden = false;
      byId("apply-snapshot").focus();
    }),
  );
  byId("apply-snapshot").addEventListener("click", () =>
    attempt("state-message", async () => {
      if (pending === undefined) return;
      const done = await admin<{ pets: number; categories: number }>("PUT", statePath, pending);
      closePreview();
      await refresh();
      say("state-message", `Snapshot applied: ${done.pets} pets, ${done.categories} categories.`);
    }),
  );
  byId("cancel-snapshot").addEventListener("click", () => {
    closePreview();
    say("state-message", "Upload cancelled: nothing changed.");
  });
}
