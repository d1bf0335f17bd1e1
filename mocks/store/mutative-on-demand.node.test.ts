/**
 * The built entries (`npm run build` first): `@msw/data` reaches mutative
 * only through `mocks/store/mutative-on-demand.ts`, and es-toolkit's relation
 * functions only through `mocks/store/es-toolkit-on-demand.ts`, so no chunk
 * imports either statically, and a record's update still drafts through it.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "../test-support/repository.js";

const chunks = join(repositoryRoot, "dist/mocks/chunks");

/** The one chunk whose name starts with `prefix`, after checking that no chunk imports it statically. */
async function chunkOnlyImportNames(prefix: string): Promise<string> {
  const files = (await readdir(chunks)).filter((file) => file.endsWith(".js"));
  const named = files.filter((file) => file.startsWith(prefix));
  expect(named).toHaveLength(1);
  for (const file of files) {
    const code = await readFile(join(chunks, file), "utf8");
    expect(code, file).not.toMatch(new RegExp(`from\\s+"\\./${named[0]}"`));
  }
  return named[0] as string;
}

describe("mutative in the built entries", () => {
  it("is a chunk of its own that only import() names", async () => {
    await chunkOnlyImportNames("mutative");
  });

  it("leaves es-toolkit's relation functions to a chunk of their own that only import() names", async () => {
    const late = await chunkOnlyImportNames("es-toolkit-late");
    // The chunk holds isEqual's code itself, not an import of a chunk every entry loads.
    expect(await readFile(join(chunks, late), "utf8")).toMatch(/function isEqualWith/);
  });

  it("updates a record through @msw/data", async () => {
    const { setupPetstore } = (await import(
      join(repositoryRoot, "dist/mocks/node.js")
    )) as typeof import("../node.js");
    const petstore = await setupPetstore();
    await petstore.store.pets.update((q) => q.where({ id: 1 }), {
      data(pet) {
        pet.name = "Renamed";
      },
    });
    expect(petstore.store.getPet(1)?.name).toBe("Renamed");
  });
});
