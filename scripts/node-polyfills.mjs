// Vitest 5 prints failures with Map.groupBy and Object.groupBy, which Node 20 lacks (Node 21+).
// Loaded with `node --import` by the test runner so that a failing test is reported, not a crash.
if (typeof Map.groupBy !== "function") {
  Map.groupBy = (items, keyOf) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    return groups;
  };
}
if (typeof Object.groupBy !== "function") {
  Object.groupBy = (items, keyOf) => {
    const groups = Object.create(null);
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      if (key in groups) groups[key].push(item);
      else groups[key] = [item];
    }
    return groups;
  };
}
