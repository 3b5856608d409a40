import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TextEmbedder } from '../../semantic/embedder.js';
import { loadWordVectors, wordVectorEmbedder } from '../../semantic/word-vectors.js';
import { createSqliteEngine } from './sqlite-engine.js';
import type { IndexablePatent } from './index-tokens.js';

const SHIPPED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data/vectors/patlas-ft.vec');
const COUNT = 400;
const WORDS = ['锂离子', '电池', '正极', '材料', '制备', '方法', '装置', '网络', '图像', '识别', '碳纤维', '复合'];

/** Records with an abstract of ~400 and claims of ~650 characters, as an import brings. */
function generate(n: number): IndexablePatent[] {
  let seed = 7;
  const rnd = (k: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % k;
  };
  const phrase = (len: number) => Array.from({ length: len }, () => WORDS[rnd(WORDS.length)]).join('');
  const sentences = (count: number) =>
    Array.from({ length: count }, () => `所述${phrase(4)}用于${phrase(5)}，包括${phrase(3)}。`).join('');
  return Array.from({ length: n }, (_, i) => ({
    publicationNumber: `CN${300000000 + i}A`,
    country: 'CN',
    title: { text: `一种${phrase(3)}` },
    abstract: { text: sentences(12) },
    claims: { text: sentences(20) },
  }));
}

/**
 * The longest the event loop was held, in CPU time of this process between two turns of a 1 ms
 * timer (and in wall time): CPU time does not grow when a loaded machine leaves the thread waiting
 * for a core, so the bound holds on a busy CI while the wall time only informs.
 */
function watchHolds() {
  let cpu = process.cpuUsage();
  let wall = performance.now();
  const worst = { cpuMs: 0, wallMs: 0 };
  let timer: NodeJS.Timeout;
  const tick = () => {
    const nowCpu = process.cpuUsage();
    const nowWall = performance.now();
    worst.cpuMs = Math.max(worst.cpuMs, (nowCpu.user - cpu.user + nowCpu.system - cpu.system) / 1000);
    worst.wallMs = Math.max(worst.wallMs, nowWall - wall);
    cpu = nowCpu;
    wall = nowWall;
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return {
    stop: () => {
      clearTimeout(timer);
      return worst;
    },
  };
}

describe('semantic vectors computed after an import (fillSemantic)', () => {
  it('keeps the event loop answering: no piece of the fill holds it for 100 ms of CPU', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-semantic-fill-'));
    const wordVectors = loadWordVectors(readFileSync(SHIPPED));
    const engine = createSqliteEngine({ file: path.join(dir, 'index.db'), wordVectors });
    // The space exists (a first corpus), then an import leaves its records' vectors to the fill.
    await engine.index(generate(50).map((d, i) => ({ ...d, publicationNumber: `CN${100000000 + i}A` })));
    await engine.buildSemanticModel({});
    const load = engine.bulkLoad({ embedLater: true });
    await load.index(generate(COUNT));
    await load.finish();
    const before = engine.semanticStatus().vectors;

    const holds = watchHolds();
    const started = performance.now();
    const embedded = await engine.fillSemantic();
    const tookMs = performance.now() - started;
    const worst = holds.stop();
    console.log(
      `fill of ${embedded} records: ${tookMs.toFixed(0)} ms; longest hold of the event loop ` +
        `${worst.cpuMs.toFixed(0)} ms of CPU, ${worst.wallMs.toFixed(0)} ms of wall time`,
    );

    expect(embedded).toBe(COUNT);
    expect(engine.semanticStatus().vectors).toBe(before + COUNT);
    // Before: slices of 100 records, each ≥ 200 ms of CPU. After: ~10 ms of work a slice (one record at
    // least, a few ms) and the HNSW file's save at the end.
    expect(worst.cpuMs).toBeLessThan(100);
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('folds the batches of a bulk load that embeds as it writes in slices too, with turns of the event loop between', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-semantic-add-'));
    const wordVectors = loadWordVectors(readFileSync(SHIPPED));
    // The shipped vectors as an "external" embedder, to count the records embedded between two turns
    // of the event loop. (CPU time cannot tell here: the load's own threads spend this process's CPU.)
    const inner = wordVectorEmbedder(wordVectors);
    let embeddedSinceTurn = 0;
    let mostInOneTurn = 0;
    let resetScheduled = false;
    const embedder: TextEmbedder = {
      name: inner.name,
      dims: inner.dims,
      embed(texts) {
        embeddedSinceTurn += texts.length / 3;
        mostInOneTurn = Math.max(mostInOneTurn, embeddedSinceTurn);
        // The count restarts when the event loop next reaches its check phase: a turn in which timers,
        // I/O and HTTP requests ran. (A 1 ms timer, as before, need not fire between two short slices,
        // and counted the 2-record tail of one batch with the next slice: 102.)
        if (!resetScheduled) {
          resetScheduled = true;
          setImmediate(() => {
            resetScheduled = false;
            embeddedSinceTurn = 0;
          });
        }
        return inner.embed(texts);
      },
    };
    const engine = createSqliteEngine({ file: path.join(dir, 'index.db'), wordVectors, embedder });
    await engine.index(generate(50).map((d, i) => ({ ...d, publicationNumber: `CN${100000000 + i}A` })));
    await engine.buildSemanticModel({});
    const before = engine.semanticStatus().vectors;

    // A repair of the index (index verify) or a CLI load: each written batch is embedded as it lands.
    mostInOneTurn = 0;
    embeddedSinceTurn = 0;
    const load = engine.bulkLoad();
    await load.index(generate(COUNT));
    await load.finish();

    expect(engine.semanticStatus().vectors).toBe(before + COUNT);
    // Before: the batch (all 400) embedded and inserted in one piece. After: slices of ~25 ms of work,
    // 100 records at most.
    expect(mostInOneTurn).toBeLessThanOrEqual(100);
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
