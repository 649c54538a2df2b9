// Columns of the left-to-right drawing of a trace: the anchor in column 0, what it went into
// at its distance after it, what went into it at its distance before it, and the records
// hung on either side (an HPLC result on its order, a CoA on its supplier lot) one column
// before what they point at. Distances are breadth-first, so each node sits where its
// shortest path from the anchor puts it, and the walk is linear in nodes and edges.

type Edge = { readonly from: string; readonly to: string };

export function traceLayers(anchor: string, nodes: readonly string[], edges: readonly Edge[]) {
  const out = new Map<string, string[]>();
  const into = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const e of edges) {
    add(out, e.from, e.to);
    add(into, e.to, e.from);
  }
  const layer = new Map<string, number>([[anchor, 0]]);
  const spread = (next: Map<string, string[]>, step: number) => {
    let frontier = [anchor];
    while (frontier.length > 0) {
      const following: string[] = [];
      for (const key of frontier) {
        for (const n of next.get(key) ?? []) {
          if (layer.has(n)) continue;
          layer.set(n, (layer.get(key) ?? 0) + step);
          following.push(n);
        }
      }
      frontier = following;
    }
  };
  spread(out, 1);
  spread(into, -1);
  // What neither walk reached hangs on a placed neighbour; repeated until nothing moves, so a
  // chain of hung records (CoA → supplier lot → lot) is placed link by link.
  let pending = nodes.filter((n) => !layer.has(n));
  while (pending.length > 0) {
    const before = pending.length;
    for (const n of pending) {
      const after = (out.get(n) ?? []).find((m) => layer.has(m));
      const behind = (into.get(n) ?? []).find((m) => layer.has(m));
      if (after !== undefined) layer.set(n, (layer.get(after) ?? 0) - 1);
      else if (behind !== undefined) layer.set(n, (layer.get(behind) ?? 0) + 1);
    }
    pending = pending.filter((n) => !layer.has(n));
    if (pending.length === before) break;
  }
  return (key: string) => layer.get(key) ?? 0;
}
