/** One change of each kind a store knows: create a pet and a category, rename a pet, delete one. */
import type { PetstoreStore } from "../store/store.js";

/** Four changes: a created pet and category, pet `renameId` renamed, pet `deleteId` deleted. */
export async function changeEveryWay(
  store: PetstoreStore,
  { renameId, deleteId }: { renameId: number; deleteId: number },
): Promise<void> {
  await store.createPet({ name: "Rex", categoryId: 1 });
  await store.createCategory({ name: "ferret" });
  await store.pets.update((q) => q.where({ id: renameId }), {
    data(pet) {
      pet.name = "Renamed";
    },
  });
  store.pets.delete((q) => q.where({ id: deleteId }));
}
