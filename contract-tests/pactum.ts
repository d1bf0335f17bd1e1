/**
 * pactum, configured once on import: silent, and should it ever print (it
 * dumps requests, `Authorization` included, when one fails) every line goes
 * through the redactor of all keys registered in this process. The suite's
 * assertions reach pactum only through `expectOn`.
 */
import { inspect } from "node:util";
import pactum from "pactum";
import { redactRegistered } from "../mocks/util/redact.js";
import type { ContractResponse } from "./http.js";

function render(messages: readonly unknown[]): string {
  return messages
    .map((message) =>
      typeof message === "string" ? message : inspect(message, { depth: 6, breakLength: 120 }),
    )
    .join(" ");
}

const write =
  (label: string) =>
  (messages: unknown[]): void => {
    process.stderr.write(`pactum ${label}: ${redactRegistered(render(messages))}\n`);
  };

pactum.settings.setLogLevel("SILENT");
pactum.settings.setLogger({
  trace: write("trace"),
  debug: write("debug"),
  info: write("info"),
  warn: write("warn"),
  error: write("error"),
});

/** pactum's `expect(…).to.have` on an answer the suite's transport received. */
export const expectOn = (response: ContractResponse) => pactum.expect(response.raw).to.have;
