import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewApplication } from '../domains/pre-evaluation/formal-review/formal-review.js';
import type { ChartModel } from '@patlas/charts';
import { plainChartModel } from '../domains/report/report-charts.js';
import type { ReportDocument } from '../domains/report/report-writers.js';
import { buildHeavyCheck } from '../../test/heavy-check.js';
import { alignmentRecordOf, reportOf } from '../domains/duplicate/duplicate-report.js';
import { createCpuPool, type CpuPool } from './cpu-pool.js';
import { asBuffers } from './cpu-tasks.js';

const run = promisify(execFile);

/**
 * The CPU pool with a real worker thread (from sources, as vitest runs it): tasks by name, their
 * inputs' Buffers usable by pdfkit on the other side, files back as Buffers.
 */
describe('CPU pool', () => {
  let pool: CpuPool;
  let dir: string;
  let png: Buffer;

  beforeAll(async () => {
    pool = createCpuPool({ threads: 1, prestart: true });
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-cpu-pool-'));
    png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await pool?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the formal review on a worker with the same findings as on this thread', async () => {
    const text = {
      title: '一种装置',
      abstract: '',
      claims: '1. 一种装置，其特征在于，包括A。\n2. 根据权利要求3所述的装置。',
      description: '',
    };
    const pooled = await pool.run('formalReview', { text });
    expect(pooled).toEqual(reviewApplication(text));
    expect(pooled.findings.length).toBeGreaterThan(0);
  }, 60_000);

  it('draws a report PDF with its chart image on a worker and answers a Buffer', async () => {
    const report: ReportDocument = {
      title: '专利分析报告',
      lang: 'zh',
      cover: [{ label: '检索式', value: 'TI=电池' }],
      publicUrl: 'http://localhost:3000',
      sections: [
        {
          id: 'trend',
          heading: '申请与公开趋势',
          sentence: '近五年申请量持续增长。',
          figures: {},
          charts: [],
          tables: [{ title: '年度申请量', columns: ['年份', '数量'], rows: [['2024', 12]] }],
          images: [{ title: '申请趋势', png, width: 300, height: 200 }],
        },
      ],
    };
    const pdf = await pool.run('smartReportFile', { format: 'pdf', report });
    // A Uint8Array on arrival (structured clone keeps no Buffer): pdfkit would take it for a path.
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    expect(text).toContain('申请与公开趋势');
    const { stdout: images } = await run('pdfimages', ['-list', file]);
    expect(images.trim().split('\n')).toHaveLength(3); // two header lines, one image
  }, 60_000);

  it('draws a patent as Word with its drawing on a worker', async () => {
    const docx = await pool.run('patentsDocument', {
      format: 'docx',
      document: {
        title: '导出',
        lang: 'zh',
        sections: [
          {
            layout: {
              heading: 'CN1234567A 一种电池',
              fields: [{ label: '申请人', paragraphs: ['宁德时代'] }],
              texts: [{ label: '摘要', paragraphs: ['一种电池。'] }],
            },
            drawing: { data: png, type: 'png', width: 300, height: 200 },
          },
        ],
      },
    });
    expect(Buffer.isBuffer(docx)).toBe(true);
    const zip = await JSZip.loadAsync(docx);
    expect(Object.keys(zip.files).filter((name) => name.startsWith('word/media/'))).toHaveLength(1);
    expect(await zip.file('word/document.xml')!.async('string')).toContain('宁德时代');
  }, 60_000);

  it("draws a report's map chart on a worker, its regions carried as plain data", async () => {
    const model: ChartModel = {
      categories: [
        { key: 'CN', label: '中国' },
        { key: 'US', label: '美国' },
      ],
      series: [{ name: '数量', values: [120, 45] }],
      categoryTitle: '国家/地区',
      ordered: false,
      map: { name: 'world', regionOf: (c) => ({ CN: 'China', US: 'United States' })[c.key] },
      actionOf: () => undefined,
    };
    const drawn = await pool.run('reportChart', {
      model: plainChartModel(model),
      type: 'map',
      chartId: 'country',
      lang: 'zh',
    });
    expect(drawn).toBeDefined();
    expect(Buffer.isBuffer(drawn!.png)).toBe(true);
    expect((await sharp(drawn!.png).metadata()).format).toBe('png');
    // The same counts on no region: the regions did cross (a coloured map differs from a blank one).
    const blank = await pool.run('reportChart', {
      model: plainChartModel({ ...model, map: { name: 'world', regionOf: () => undefined } }),
      type: 'map',
      chartId: 'country',
      lang: 'zh',
    });
    expect(blank!.png.equals(drawn!.png)).toBe(false);
  }, 60_000);

  it('refuses a task it does not know', async () => {
    await expect(
      pool.run('noSuchTask' as 'formalReview', { text: { title: '', abstract: '', claims: '', description: '' } }),
    ).rejects.toThrow('no CPU task named noSuchTask');
  }, 60_000);

  it('stops a task past its budget with CPU_TASK_TIMEOUT, and the next task runs on a new worker', async () => {
    const tight = createCpuPool({ threads: 1, timeoutMs: 300 });
    const review = () => tight.run('formalReview', { text: { title: '', abstract: '', claims: '', description: '' } });
    // The budget counts the wait for a worker: from sources a worker's start takes longer than 300 ms,
    // so the first answer is waited for (the worker keeps starting; a task refused in the queue only
    // leaves the queue).
    const answered = async () => {
      for (;;) {
        try {
          return await review();
        } catch (err) {
          if ((err as { code?: string }).code !== 'CPU_TASK_TIMEOUT') throw err;
        }
      }
    };
    try {
      await answered();
      // Several times the budget inline (40k characters took 280 ms once the duplicate check merged
      // overlapping passages: less than the budget, and the comparison below meant nothing).
      const heavy = buildHeavyCheck(200_000);
      const records = heavy.patents.map(alignmentRecordOf);
      const inlineStarted = performance.now();
      reportOf(heavy.text, records, heavy.patents.length, inlineStarted);
      const inlineMs = performance.now() - inlineStarted;
      expect(inlineMs).toBeGreaterThan(600);
      const started = performance.now();
      await expect(
        tight.run('duplicateReport', {
          text: heavy.text,
          records,
          candidates: heavy.patents.length,
        }),
      ).rejects.toMatchObject({ code: 'CPU_TASK_TIMEOUT', params: { seconds: 1 } });
      // Answered at the budget, not when the alignment (seconds) would have ended.
      expect(performance.now() - started).toBeLessThan(inlineMs);
      // The stopped worker was replaced.
      expect((await answered()).findings.length).toBeGreaterThan(0);
    } finally {
      await tight.close();
    }
  }, 120_000);

  it('makes Buffers of the Uint8Arrays in arrays, plain objects and Maps', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const revived = asBuffers({ list: [bytes], map: new Map([['a', { data: bytes }]]), at: new Date(0) });
    expect(Buffer.isBuffer(revived.list[0])).toBe(true);
    expect(Buffer.isBuffer(revived.map.get('a')!.data)).toBe(true);
    expect(revived.at).toEqual(new Date(0));
  });
});
