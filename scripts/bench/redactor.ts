/**
 * Bench section "redactor": what the kit's one redactor (mocks/util/redact.ts)
 * costs: building it for a server's keys, and redacting the texts a request
 * makes it read (the request target for the log and the journal, a
 * recording's line), median of rounds in this process.
 */
import { createRedactor } from "../../mocks/util/redact.js";
import { fixed, median, printTable } from "./report.js";

/** A server's keys: the default API key, an admin key and a proxy key. */
const keys = ["petstore-dev-key", "ADMINsecret-77aa-k", "STAGINGsecretKEY-9f3a7c1e"];

const texts = [
  ["a target without %, +, \\, &# or a secret word", "/v1/pets?limit=20&status=available"],
  ["a target with percent-escapes", "/v1/pets?name=Rex%20the%20dog&limit=5"],
  ["a target with a secret-named parameter", "/v1/pets?limit=5&token=abc123"],
  [
    "a recording's line (JSON, a JSON body)",
    '{"at":"2026-11-27T03:51:36.000Z","request":{"method":"POST","path":"/v1/pets","credential":"valid","body":"{\\"name\\":\\"Rex\\",\\"categoryId\\":1}"},"response":{"status":201,"body":"{\\"id\\":7,\\"name\\":\\"Rex\\",\\"categoryId\\":1,\\"status\\":\\"available\\"}"}}',
  ],
] as const;

/** Median nanoseconds per call of `work` over rounds of `size` calls. */
function perCall(work: () => unknown, rounds: number, size: number): number {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < size; i++) work();
    samples.push(((performance.now() - started) * 1e6) / size);
  }
  return median(samples.slice(1));
}

export async function run(): Promise<void> {
  const build = perCall(() => createRedactor(keys), 12, 50) / 1e6;
  const redact = createRedactor(keys);
  const rows = texts.map(([name, text]) => {
    if (redact(text).includes("[redacted]") !== name.includes("secret-named")) {
      throw new Error(`the redactor changed ${text} unexpectedly: ${redact(text)}`);
    }
    return [name, `${fixed(perCall(() => redact(text), 12, 50_000) / 1000, 2)} µs`];
  });
  printTable(
    ["measure (3 keys)", "median"],
    [["createRedactor", `${fixed(build, 2)} ms`], ...rows],
  );
}
