// What grew in the heap between two snapshots of the same process (`npm run soak --
// --heap-snapshots`): the objects the later snapshot holds that the earlier one did not (V8 keeps
// an object's snapshot id for its life, so a new id is an object allocated in between that
// survived), grouped by kind and constructor, largest total first; and, for each of the top
// groups, one retaining path to a GC root, so the holder is named, not only the thing held.
import { readFileSync } from 'node:fs';

interface SnapshotFile {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface Growth {
  /** `kind:name`, e.g. `object:Receipt`, `code:(optimized code)`, `string:(string)`. */
  group: string;
  count: number;
  bytes: number;
  /** One path from a retainer of an example object towards a root, nearest first. */
  retainedBy: string[];
}

const STRING_KINDS = new Set(['string', 'concatenated string', 'sliced string']);

class Snapshot {
  readonly nodeCount: number;
  private readonly file: SnapshotFile;
  private readonly nodeWidth: number;
  private readonly edgeWidth: number;
  private readonly field: Record<'type' | 'name' | 'id' | 'self_size' | 'edge_count', number>;
  private readonly edgeField: Record<'type' | 'name_or_index' | 'to_node', number>;
  /** For each node, its strong retainers: the node holding it and the edge's name there. */
  private retainers: [number, string][][] | null = null;

  constructor(path: string) {
    this.file = JSON.parse(readFileSync(path, 'utf8')) as SnapshotFile;
    const meta = this.file.snapshot.meta;
    this.nodeWidth = meta.node_fields.length;
    this.edgeWidth = meta.edge_fields.length;
    const at = (fields: string[], name: string) => {
      const index = fields.indexOf(name);
      if (index < 0) throw new Error(`a heap snapshot without the "${name}" field`);
      return index;
    };
    this.field = {
      type: at(meta.node_fields, 'type'),
      name: at(meta.node_fields, 'name'),
      id: at(meta.node_fields, 'id'),
      self_size: at(meta.node_fields, 'self_size'),
      edge_count: at(meta.node_fields, 'edge_count'),
    };
    this.edgeField = {
      type: at(meta.edge_fields, 'type'),
      name_or_index: at(meta.edge_fields, 'name_or_index'),
      to_node: at(meta.edge_fields, 'to_node'),
    };
    this.nodeCount = this.file.nodes.length / this.nodeWidth;
  }

  private value(node: number, field: keyof Snapshot['field']): number {
    return this.file.nodes[node * this.nodeWidth + this.field[field]] ?? 0;
  }

  id(node: number): number {
    return this.value(node, 'id');
  }

  size(node: number): number {
    return this.value(node, 'self_size');
  }

  kind(node: number): string {
    return this.file.snapshot.meta.node_types[0][this.value(node, 'type')] ?? '?';
  }

  name(node: number): string {
    return this.file.strings[this.value(node, 'name')] ?? '';
  }

  group(node: number): string {
    const kind = this.kind(node);
    if (STRING_KINDS.has(kind)) return 'string:(string)';
    return `${kind}:${this.name(node).slice(0, 60)}`;
  }

  label(node: number): string {
    const kind = this.kind(node);
    return STRING_KINDS.has(kind) ? 'string' : `${kind}:${this.name(node).slice(0, 50)}`;
  }

  /** Every node's strong retainers, with the edge's name, built once. */
  private retainersOf(node: number): [number, string][] {
    if (!this.retainers) {
      const lists: [number, string][][] = Array.from({ length: this.nodeCount }, () => []);
      const edgeTypes = this.file.snapshot.meta.edge_types[0];
      let edge = 0;
      for (let from = 0; from < this.nodeCount; from += 1) {
        const count = this.value(from, 'edge_count');
        for (let k = 0; k < count; k += 1, edge += this.edgeWidth) {
          const type = edgeTypes[this.file.edges[edge + this.edgeField.type] ?? 0];
          if (type === 'weak') continue;
          const to = (this.file.edges[edge + this.edgeField.to_node] ?? 0) / this.nodeWidth;
          const name = this.file.edges[edge + this.edgeField.name_or_index] ?? 0;
          // Elements and V8's hidden links are numbered; everything else is named.
          const via =
            type === 'element' || type === 'hidden'
              ? `[${name}]`
              : `.${this.file.strings[name] ?? ''}`;
          lists[to]?.push([from, via]);
        }
      }
      this.retainers = lists;
    }
    return this.retainers[node] ?? [];
  }

  /**
   * One path of retainers from `node` towards a root, at most `depth` steps: each the holder and
   * where in it, e.g. `object:global.keptByTheTest`, `object:Array[3]`.
   */
  pathFrom(node: number, depth = 10): string[] {
    const path: string[] = [];
    const seen = new Set([node]);
    let current = node;
    for (let step = 0; step < depth; step += 1) {
      // A holder in the heap names more than a root does (an object the code still had on its
      // stack when the snapshot was taken is held by both), so roots come last.
      const candidates = this.retainersOf(current).filter(([from]) => !seen.has(from));
      const next = candidates.find(([from]) => this.kind(from) !== 'synthetic') ?? candidates[0];
      if (next === undefined) break;
      const [from, via] = next;
      seen.add(from);
      path.push(`${this.label(from)}${via}`);
      current = from;
    }
    return path;
  }
}

/** Groups of objects in `after` that `before` did not hold, largest total first. */
export function heapGrowth(beforePath: string, afterPath: string, top = 20): Growth[] {
  const known = new Set<number>();
  {
    const before = new Snapshot(beforePath);
    for (let node = 0; node < before.nodeCount; node += 1) known.add(before.id(node));
  }
  const after = new Snapshot(afterPath);
  const groups = new Map<string, { count: number; bytes: number; example: number }>();
  for (let node = 0; node < after.nodeCount; node += 1) {
    if (known.has(after.id(node))) continue;
    const key = after.group(node);
    const group = groups.get(key) ?? { count: 0, bytes: 0, example: node };
    group.count += 1;
    group.bytes += after.size(node);
    groups.set(key, group);
  }
  return [...groups]
    .sort(([, a], [, b]) => b.bytes - a.bytes)
    .slice(0, top)
    .map(([group, { count, bytes, example }]) => ({
      group,
      count,
      bytes,
      retainedBy: after.pathFrom(example),
    }));
}

/** The growth as a table: bytes, count, group, and the first retainers of an example. */
export function formatGrowth(growth: readonly Growth[]): string {
  const lines = ['    bytes   count  what (retained by …)'];
  for (const row of growth)
    lines.push(
      `${String(row.bytes).padStart(9)} ${String(row.count).padStart(7)}  ${row.group}` +
        (row.retainedBy.length
          ? `\n${' '.repeat(19)}← ${row.retainedBy.slice(0, 5).join(' ← ')}`
          : ''),
    );
  return lines.join('\n');
}
