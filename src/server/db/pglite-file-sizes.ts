import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's file sizes, remembered between writes.
 *
 * PostgreSQL asks the size of every table and index a statement may read each time it plans one
 * (`lseek(fd, 0, SEEK_END)`, how md.c counts a relation's blocks), about 180 times for one search on the
 * demo data. In PGlite a data folder on disk is Emscripten's NODEFS, and its `llseek` answers SEEK_END with
 * a `fstatSync` system call, every time: 10 % of a first search's time (docs/performance.md, issue #13).
 *
 * A file's size changes only through the file system's own calls, and in one process at most one PGlite
 * opens a data folder (it refuses a second): so the size read once holds until this process writes,
 * truncates or opens that file again, and each of those forgets it. What is remembered is per file node
 * (Emscripten keeps one node per path, shared by every descriptor of it), never per descriptor.
 */

interface EmscriptenNode {
  mode: number;
}

interface EmscriptenStream {
  node: EmscriptenNode;
}

type StreamOperation = (stream: EmscriptenStream, ...rest: unknown[]) => unknown;
type NodeOperation = (node: EmscriptenNode, ...rest: unknown[]) => unknown;

interface NodeFsOperations {
  stream_ops: Record<string, StreamOperation | undefined> & { llseek: (stream: EmscriptenStream, offset: number, whence: number) => number };
  node_ops: Record<string, NodeOperation | undefined>;
}

interface EmscriptenModule {
  NODEFS?: NodeFsOperations;
  FS: { isFile(mode: number): boolean };
}

const SEEK_END = 2;
/** Stream calls that may change a file's size (msync writes through `write`). */
const STREAM_CHANGES = ['write', 'setattr', 'allocate', 'open'] as const;
/** Path calls that may: truncate(2) by name. */
const NODE_CHANGES = ['setattr'] as const;

/**
 * Makes `pg`'s on-disk file system remember file sizes between writes: once per PGlite, each of which has
 * a WebAssembly module and a NODEFS of its own. For a database opened on a data folder only (an in-memory
 * one keeps its sizes in memory already).
 */
export function rememberFileSizes(pg: PGlite): void {
  const module = pg.Module as unknown as EmscriptenModule;
  const nodefs = module.NODEFS;
  if (!nodefs) return;
  const sizes = new WeakMap<EmscriptenNode, number>();
  const streamOps = nodefs.stream_ops;
  const llseek = streamOps.llseek;
  streamOps.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !module.FS.isFile(stream.node.mode)) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek(stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    // A position before the start: NODEFS's own call says so (EINVAL).
    return size + offset < 0 ? llseek(stream, offset, whence) : size + offset;
  };
  // Each change forgets the size before the call, so a call that fails part way leaves nothing stale.
  for (const name of STREAM_CHANGES) {
    const operation = streamOps[name];
    if (!operation) continue;
    streamOps[name] = (stream, ...rest) => {
      sizes.delete(stream.node);
      return operation(stream, ...rest);
    };
  }
  for (const name of NODE_CHANGES) {
    const operation = nodefs.node_ops[name];
    if (!operation) continue;
    nodefs.node_ops[name] = (node, ...rest) => {
      sizes.delete(node);
      return operation(node, ...rest);
    };
  }
}
