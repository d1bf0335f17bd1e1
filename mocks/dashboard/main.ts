/**
 * The dashboard at `GET /__mock/`: every call goes to the mock's own admin
 * endpoints (same origin, same trust check); everything they answer is shown
 * as text. Built into one script (`dashboard.js`) that the package ships.
 */
import { AdminError, admin, adminKey } from "./api.js";
import { byId, say } from "./dom.js";
import { refreshFaults, wireFaults } from "./faults.js";
import { type HealthAnswer, healthLine, type ServerInfo, upstreamOf } from "./info.js";
import {
  followRequests,
  setOperations,
  setProfiled,
  setUpstream,
  wireRequests,
} from "./requests.js";
import { showState, wireState } from "./state.js";

async function refresh(): Promise<void> {
  showState(await admin<ServerInfo>("GET", "/__mock/info"));
  await refreshFaults();
}

async function health(): Promise<void> {
  try {
    const answer = await admin<HealthAnswer>("GET", "/__mock/health");
    // Behind --proxy the open health tells the deployment's state; why it is down is an admin read.
    const deployment = answer.deployment
      ? await admin<ServerInfo>("GET", "/__mock/info").then(
          (info) => info.deployment ?? answer.deployment,
          () => answer.deployment,
        )
      : undefined;
    say("health", healthLine({ status: answer.status, deployment }));
  } catch (error) {
    say("health", `Health: ${error instanceof AdminError ? error.message : "unknown"}`);
  }
}

function askForKey(reason: string): void {
  byId("main").hidden = true;
  byId("sign-in").hidden = false;
  say("sign-in-error", reason);
  byId("admin-key").focus();
}

let started = false;

async function start(): Promise<void> {
  let info: ServerInfo;
  try {
    info = await admin<ServerInfo>("GET", "/__mock/info");
  } catch (error) {
    if (error instanceof AdminError && error.status === 403) return askForKey(error.message);
    say("health", error instanceof Error ? error.message : String(error));
    return;
  }
  byId("sign-in").hidden = true;
  byId("main").hidden = false;
  if (started) return;
  started = true;
  setOperations(info.operations);
  setUpstream(upstreamOf(info));
  setProfiled(typeof info.options.behaviourChoices === "string");
  wireRequests();
  wireFaults(info);
  wireState(refresh);
  showState(info);
  await refreshFaults();
  let pending: ReturnType<typeof setTimeout> | undefined;
  // New requests change counts and use up faults: refresh both, at most every 300 ms.
  const soon = () => {
    if (pending !== undefined) return;
    pending = setTimeout(() => {
      pending = undefined;
      refresh().catch(() => undefined);
    }, 300);
  };
  void followRequests(info.apiBase, soon, askForKey);
}

byId("sign-in-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = byId<HTMLInputElement>("admin-key");
  adminKey.set(input.value);
  input.value = "";
  void start();
});

void health();
setInterval(health, 10_000);
void start();
