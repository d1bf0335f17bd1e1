/**
 * `npm run bench`: every benchmark section in one run, figures printed side by
 * side with the comparison systems. `npm run bench -- core server` runs only
 * the named sections; `gate` (CI's regression gate) runs only when named.
 */
const sections = {
  core: () => import("./bench/core.js"),
  server: () => import("./bench/server.js"),
  scale: () => import("./bench/scale.js"),
  hostile: () => import("./bench/hostile.js"),
  handler: () => import("./bench/handler-cpu.js"),
  footprint: () => import("./bench/footprint.js"),
  redactor: () => import("./bench/redactor.js"),
  gate: () => import("./bench/gate.js"),
} as const satisfies Record<string, () => Promise<{ run(): Promise<void> }>>;

type SectionName = keyof typeof sections;

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const unknown = requested.filter((name) => !(name in sections));
if (unknown.length > 0) {
  console.error(
    `Unknown bench section(s): ${unknown.join(", ")}. Known: ${Object.keys(sections).join(", ")}`,
  );
  process.exit(2);
}
const names = (
  requested.length > 0 ? requested : Object.keys(sections).filter((name) => name !== "gate")
) as SectionName[];

console.log(`petstore-mock-kit benchmarks, ${new Date().toISOString()}, Node ${process.version}`);
for (const name of names) {
  console.log(`\n## ${name}\n`);
  const section = await sections[name]();
  await section.run();
}
