import { move } from 'piscina';
import { runCpuTask, type CpuTaskMessage } from './cpu-tasks.js';

/**
 * A CPU worker's body (Piscina): runs the named task. A file's bytes are moved back, not copied; a
 * Buffer that shares its memory with others (Node's small-buffer pool) is copied first, as moving
 * it would take that memory from this thread's other Buffers.
 */
export default async function runTask(message: CpuTaskMessage): Promise<unknown> {
  const result = await runCpuTask(message);
  if (!(result instanceof Uint8Array)) return result;
  const isWhole =
    result.buffer instanceof ArrayBuffer && result.byteOffset === 0 && result.byteLength === result.buffer.byteLength;
  return move(isWhole ? result : new Uint8Array(result));
}
