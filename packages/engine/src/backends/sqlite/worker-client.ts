import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type TransferListItem } from 'node:worker_threads';

/**
 * A worker thread answering requests, one promise per request; messages the worker sends on its
 * own (`{ event }`) go to `onEvent`. Built output runs the worker's .js beside this file; from
 * sources (tests, tsx) the worker is the .ts file, loaded through tsx's loader, with the
 * workspace's source condition so `@patlas/*` resolve to sources.
 */
export class WorkerClient<Request, Response, Event = never> {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (r: Response) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private failure: Error | undefined;

  constructor(
    name: string,
    workerData: unknown,
    options: {
      transferList?: readonly TransferListItem[];
      onEvent?: (event: Event) => void;
      onFailure?: (error: Error) => void;
    } = {},
  ) {
    this.worker = startWorker(name, workerData, options.transferList ?? []);
    this.worker.on('message', (message: { id?: number; result?: Response; error?: string; event?: Event }) => {
      if (message.id === undefined) {
        if (message.event !== undefined) options.onEvent?.(message.event);
        return;
      }
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result as Response);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      options.onFailure?.(error);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`${name} worker exited (${code})`)));
  }

  call(request: Request, transferList: readonly TransferListItem[] = []): Promise<Response> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Response>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request }, transferList);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('worker closed');
    await this.worker.terminate();
  }
}

/** Starts `<name>.js` (built) or `<name>.ts` (sources) from this folder. */
function startWorker(name: string, workerData: unknown, transferList: readonly TransferListItem[]): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSources) return new Worker(file, { workerData, transferList: [...transferList] });
  // tsx is a dev dependency: only sources need it, and they run under it (or vitest) already.
  const tsxPackage = pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = new URL('dist/esm/api/index.mjs', tsxPackage).href;
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(file.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
    workerData,
    transferList: [...transferList],
    execArgv: ['--conditions=@patlas/source'],
  });
}

/** The worker side: answers each request with `handle`, errors as messages. */
export function serveRequests<Request, Response>(
  port: {
    on(event: 'message', listener: (m: { id: number; request: Request }) => void): void;
    postMessage(m: unknown): void;
  },
  handle: (request: Request) => Response | Promise<Response>,
): void {
  port.on('message', ({ id, request }) => {
    Promise.resolve()
      .then(() => handle(request))
      .then(
        (result) => port.postMessage({ id, result }),
        (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
}
