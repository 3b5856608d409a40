/**
 * Disclosure writing (issue 22): over real HTTP on a fresh DATA_DIR (SQLite), times what the
 * editor does — image uploads (1600×1200 PNG), autosaves of a long document with 10 images (the
 * optimistic check, plain-text sections and the version kept), the list searched by title among
 * `--documents` documents, and the Word export with its 10 images.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/disclosure.bench.ts [--documents 1000] [--saves 100] [--chars 50000]
 */
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { DisclosureDetail, DisclosureImage, DisclosureRichNode } from '@patlas/contracts';
import sharp from 'sharp';
import { startBenchServer } from './src/bench-server.js';
import { outFile } from './src/paths.js';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '1000' },
    saves: { type: 'string', default: '100' },
    chars: { type: 'string', default: '50000' },
  },
});
const DOCUMENTS = Number(values.documents);
const SAVES = Number(values.saves);
const CHARS = Number(values.chars);
const KEYS = ['field', 'background', 'problem', 'solution', 'effects', 'drawings', 'embodiments'];
const SENTENCE = '本发明采用多孔碳包覆纳米硅颗粒，碳层厚度为5至20纳米，循环500次后容量保持率在90%以上。';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
};

/** A section of about `chars` characters: paragraphs of repeated sentences, the images after the first. */
function sectionOf(chars: number, images: string[]): DisclosureRichNode {
  const paragraphs: DisclosureRichNode[] = [];
  for (let written = 0; written < chars; written += SENTENCE.length * 5) {
    paragraphs.push({ type: 'paragraph', content: [{ type: 'text', text: SENTENCE.repeat(5) }] });
  }
  paragraphs.splice(1, 0, ...images.map((src) => ({ type: 'image', attrs: { src, alt: 'fig' } })));
  return { type: 'doc', content: paragraphs };
}

const dataDir = mkdtempSync(path.join(outFile(''), 'disclosure-'));
const { app, address, headers, post } = await startBenchServer({ dataDir, workers: '0' });
try {
  // Image uploads: a 1600×1200 drawing (flat colours, as patent figures are) and the worst case, noise.
  const noise = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2_654_435_761) >>> 24;
  const noisePng = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
    .resize(1600, 1200)
    .png()
    .toBuffer();
  const shapes = Array.from(
    { length: 40 },
    (_, i) =>
      `<rect x="${(i * 37) % 1500}" y="${(i * 53) % 1100}" width="${60 + i * 3}" height="${40 + i * 2}" fill="none" stroke="#000" stroke-width="3"/>`,
  ).join('');
  const drawingPng = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#fff"/>${shapes}</svg>`,
    ),
  )
    .png()
    .toBuffer();

  const uploadTen = async (png: Buffer, documentId: string) => {
    const times: number[] = [];
    const paths: string[] = [];
    for (let i = 0; i < 10; i++) {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), `fig${i}.png`);
      const started = performance.now();
      const res = await fetch(`${address}/api/product/disclosurePaper/uploadImage?id=${documentId}`, {
        method: 'POST',
        headers: { authorization: headers.Authorization! },
        body: form,
      });
      times.push(performance.now() - started);
      const body = (await res.json()) as { message: string; data: DisclosureImage };
      if (body.message !== '成功') throw new Error(JSON.stringify(body));
      paths.push(body.data.ossHttpPath);
    }
    return { times, paths };
  };

  /** Word exports of a document with its images: time, size and the longest event-loop pause meanwhile. */
  const exportTimes = async (documentId: string) => {
    const times: number[] = [];
    let size = 0;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await fetch(`${address}/api/product/disclosurePaper/export?id=${documentId}`, {
        headers: { authorization: headers.Authorization! },
      });
      size = (await res.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
    }
    delay.disable();
    return { times, size, maxPauseMs: delay.max / 1e6 };
  };

  const { data: target } = await post<DisclosureDetail>('/api/product/disclosurePaper/save', { title: '基准交底书' });
  const noisy = await post<DisclosureDetail>('/api/product/disclosurePaper/save', { title: '噪声图片' });
  const drawingUploads = await uploadTen(drawingPng, target.id);
  console.log(
    `image upload (drawing, ${(drawingPng.length / 1024).toFixed(0)} KB PNG, 1600×1200): ${summary(drawingUploads.times)}`,
  );
  const noiseUploads = await uploadTen(noisePng, noisy.data.id);
  console.log(
    `image upload (noise, ${(noisePng.length / 1024).toFixed(0)} KB PNG, 1600×1200): ${summary(noiseUploads.times)}`,
  );
  const images = drawingUploads.paths;
  await post('/api/product/disclosurePaper/save', {
    id: noisy.data.id,
    version: noisy.data.version,
    content: { sections: { solution: sectionOf(1000, noiseUploads.paths) } },
  });

  // Autosaves of a long document with its 10 images.
  const content = {
    sections: Object.fromEntries(
      KEYS.map((key) => [key, sectionOf(CHARS / KEYS.length, key === 'solution' ? images : [])]),
    ),
  };
  const bodyBytes = JSON.stringify({ content }).length;
  let version = target.version;
  const saves: number[] = [];
  for (let i = 0; i < SAVES; i++) {
    const { ms, data } = await post<DisclosureDetail>('/api/product/disclosurePaper/save', {
      id: target.id,
      version,
      title: `基准交底书 ${i}`,
      content,
    });
    version = data.version;
    saves.push(ms);
  }
  const listed = await post<{ items: { chars: number }[] }>('/api/product/disclosurePaper/list', {
    title: '基准交底书',
  });
  const chars = listed.data.items[0]!.chars;
  console.log(
    `autosave of a ${chars.toLocaleString('en')}-character document with 10 images (${(bodyBytes / 1024).toFixed(0)} KB JSON), ${SAVES} saves: ${summary(saves)}`,
  );

  // Word export with the 10 images.
  for (const [label, id] of [
    ['10 drawings', target.id],
    ['10 noise images', noisy.data.id],
  ] as const) {
    const { times, size, maxPauseMs } = await exportTimes(id);
    console.log(
      `Word export (${label}): ${summary(times)}, ${(size / 1024 / 1024).toFixed(2)} MB, longest event-loop pause ${maxPauseMs.toFixed(0)} ms`,
    );
  }

  // The list among many documents, searched by title.
  const creates: number[] = [];
  for (let i = 0; i < DOCUMENTS; i++) {
    const { ms } = await post('/api/product/disclosurePaper/save', {
      title: `交底书 ${i} ${i % 10 === 0 ? '电池' : '装置'}`,
      sections: { field: SENTENCE.repeat(10), solution: SENTENCE.repeat(50) },
    });
    creates.push(ms);
  }
  console.log(
    `create (${DOCUMENTS} documents of ~${(SENTENCE.length * 60).toLocaleString('en')} characters): ${summary(creates)}`,
  );
  const lists: number[] = [];
  for (let i = 0; i < 50; i++) {
    const { ms } = await post('/api/product/disclosurePaper/list', { page: 1 + (i % 5), pageSize: 20, title: '电池' });
    lists.push(ms);
  }
  console.log(
    `list page 1–5 of the ${DOCUMENTS / 10} titles containing 电池 among ${DOCUMENTS + 1}: ${summary(lists)}`,
  );
} finally {
  await app.close();
}
