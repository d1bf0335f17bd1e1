import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followStore } from "./follow-store.js";
import type { StoreSnapshot } from "./state.js";
import { createPetstoreStore } from "./store.js";

const newPet = { name: "Rex", categoryId: 1 } as const;

describe("followStore", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves once, debounceMs after the first of several changes", async () => {
    const store = await createPetstoreStore({ pets: 2 });
    const saved: StoreSnapshot[] = [];
    followStore(store, (snapshot) => void saved.push(snapshot), { debounceMs: 100 });
    await store.createPet(newPet);
    await store.createPet(newPet);
    await vi.advanceTimersByTimeAsync(99);
    expect(saved).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved.map((snapshot) => snapshot.pets.length)).toEqual([4]);
  });

  it("flush saves at once, and only when changes wait", async () => {
    const store = await createPetstoreStore({ pets: 2 });
    const save = vi.fn();
    const follower = followStore(store, save, { debounceMs: 100 });
    await follower.flush();
    expect(save).not.toHaveBeenCalled();
    await store.createPet(newPet);
    const flushed = follower.flush();
    expect(save).toHaveBeenCalledTimes(1); // synchronously: a hidden page gets it before it goes
    await flushed;
    expect(follower.pending).toBe(false);
  });

  it("keeps failed changes pending, tries again after retryMs and says when it recovered", async () => {
    const store = await createPetstoreStore({ pets: 2 });
    const errors: unknown[] = [];
    const onRecovered = vi.fn();
    let fail = true;
    const follower = followStore(
      store,
      () => {
        if (fail) throw new Error("disk full");
      },
      {
        debounceMs: 10,
        retryMs: (failures) => failures * 1000,
        onError: (e) => errors.push(e),
        onRecovered,
      },
    );
    await store.createPet(newPet);
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toHaveLength(1);
    expect(follower.pending).toBe(true);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(follower.pending).toBe(false);
    expect(onRecovered).toHaveBeenCalledTimes(1);
  });

  it("discard forgets waiting changes; stop stops following", async () => {
    const store = await createPetstoreStore({ pets: 2 });
    const save = vi.fn();
    const follower = followStore(store, save, { debounceMs: 10 });
    await store.createPet(newPet);
    follower.discard();
    await vi.advanceTimersByTimeAsync(50);
    expect(save).not.toHaveBeenCalled();
    follower.stop();
    await store.createPet(newPet);
    await vi.advanceTimersByTimeAsync(50);
    expect(save).not.toHaveBeenCalled();
    expect(follower.pending).toBe(false);
  });
});
