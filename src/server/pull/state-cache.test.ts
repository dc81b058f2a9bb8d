import { describe, expect, it } from "vitest";
import { ProjectStateCache } from "./state-cache.ts";

function setup(options: { ttlMs?: number; maxProjects?: number } = {}) {
  const listeners = new Set<(projectId: string) => void>();
  let time = 0;
  const cache = new ProjectStateCache<string>(
    {
      subscribeChanges: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    { ttlMs: options.ttlMs ?? 1000, maxProjects: options.maxProjects ?? 10, now: () => time },
  );
  let loads = 0;
  const load = (value: string) => async () => {
    loads++;
    return value;
  };
  return {
    cache,
    load,
    loads: () => loads,
    change: (projectId: string) => {
      for (const listener of listeners) listener(projectId);
    },
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe("ProjectStateCache", () => {
  it("keeps a value until the project changes, per project and key", async () => {
    const t = setup();
    expect(await t.cache.get("p1", "json", t.load("a"))).toBe("a");
    expect(await t.cache.get("p1", "json", t.load("b"))).toBe("a");
    expect(await t.cache.get("p1", "xml", t.load("x"))).toBe("x");
    expect(await t.cache.get("p2", "json", t.load("c"))).toBe("c");
    t.change("p1");
    expect(await t.cache.get("p1", "json", t.load("d"))).toBe("d");
    expect(await t.cache.get("p1", "xml", t.load("y"))).toBe("y");
    expect(await t.cache.get("p2", "json", t.load("e"))).toBe("c");
  });

  it("does not keep a value loaded while the project changed", async () => {
    const t = setup();
    const racing = t.cache.get("p1", "json", async () => {
      t.change("p1");
      return "before the change";
    });
    expect(await racing).toBe("before the change");
    expect(await t.cache.get("p1", "json", t.load("after"))).toBe("after");
  });

  it("asks again after its lifetime, so a change nobody was told about still shows", async () => {
    const t = setup({ ttlMs: 1000 });
    await t.cache.get("p1", "json", t.load("a"));
    t.advance(999);
    expect(await t.cache.get("p1", "json", t.load("b"))).toBe("a");
    t.advance(1);
    expect(await t.cache.get("p1", "json", t.load("c"))).toBe("c");
    expect(t.loads()).toBe(2);
  });

  it("keeps the projects used most recently when full", async () => {
    const t = setup({ maxProjects: 2 });
    await t.cache.get("p1", "k", t.load("1"));
    await t.cache.get("p2", "k", t.load("2"));
    await t.cache.get("p1", "k", t.load("unused"));
    await t.cache.get("p3", "k", t.load("3"));
    expect(await t.cache.get("p1", "k", t.load("again"))).toBe("1");
    expect(await t.cache.get("p2", "k", t.load("reloaded"))).toBe("reloaded");
  });

  it("does not let a failed load stick", async () => {
    const t = setup();
    await expect(
      t.cache.get("p1", "k", async () => {
        throw new Error("language must be one of the project's languages");
      }),
    ).rejects.toThrow("language must be");
    expect(await t.cache.get("p1", "k", t.load("ok"))).toBe("ok");
  });

  it("keeps a value that was slow to load twenty times its load's duration", async () => {
    const t = setup({ ttlMs: 1000 });
    await t.cache.get("p1", "big", async () => {
      t.advance(300); // an ETag over 250,000 keys
      return "a";
    });
    t.advance(5_999);
    expect(await t.cache.get("p1", "big", t.load("b"))).toBe("a");
    t.advance(1);
    expect(await t.cache.get("p1", "big", t.load("c"))).toBe("c");
    t.change("p1");
    expect(await t.cache.get("p1", "big", t.load("d"))).toBe("d");
  });

  it("shares one load among the requests that miss while it runs", async () => {
    const t = setup();
    let finish: (value: string) => void = () => {};
    let loads = 0;
    const slow = () => {
      loads++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const all = Promise.all([1, 2, 3].map(() => t.cache.get("p1", "k", slow)));
    finish("a");
    expect(await all).toEqual(["a", "a", "a"]);
    expect(loads).toBe(1);
  });
});
