import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPC_FILE, IPC_FILE, ZH_FILE } from './scheme.js';
import { SchemeStore } from './scheme-store.js';

/** A small scheme in the files' own formats: IPC to two dot levels, CPC with one group of its own. */
const IPC_ROWS = [
  ['G', 0, '物理', 'PHYSICS'],
  ['G06', 1, '计算', 'COMPUTING'],
  ['G06F', 2, '电数字数据处理', 'ELECTRIC DIGITAL DATA PROCESSING'],
  ['G06F3/00', 3, '输入装置', 'Input arrangements'],
  ['G06F3/01', 4, '用于用户和计算机之间交互的输入装置', 'Input arrangements for interaction between user and computer'],
  ['G06F3/02', 5, '使用手动操作开关的输入装置', 'Input arrangements using manually operated switches'],
  ['G06F3/023', 6, '将零散信息项目转换成为代码形式的装置', ''],
  ['G06F3/03', 5, '将部件的位置转换成为代码形式的装置', 'Arrangements for converting the position of a member'],
  ['G06F3/048', 4, '', 'Interaction techniques based on graphical user interfaces [GUI]'],
  ['G06F111/00', 3, '有关CAD技术的详细信息', 'Details relating to CAD techniques'],
  ['G06F111/18', 4, '利用虚拟现实或增强现实', ''],
];
const CPC_ROWS = [
  ['G', 0, 'PHYSICS'],
  ['G06', 1, 'COMPUTING'],
  ['G06F', 2, 'ELECTRIC DIGITAL DATA PROCESSING'],
  ['G06F3/00', 3, 'Input arrangements'],
  ['G06F3/01', 4, 'Input arrangements for interaction between user and computer'],
  ['G06F3/011', 5, '{Arrangements for interaction with the human body}'],
  ['Y', 0, 'GENERAL TAGGING OF NEW TECHNOLOGICAL DEVELOPMENTS'],
];

describe('SchemeStore', () => {
  let dir: string;
  let store: SchemeStore;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'patlas-scheme-'));
    const tsv = (rows: (string | number)[][]) => brotliCompressSync(`${rows.map((r) => r.join('\t')).join('\n')}\n`);
    writeFileSync(path.join(dir, IPC_FILE), tsv(IPC_ROWS));
    writeFileSync(path.join(dir, CPC_FILE), tsv(CPC_ROWS));
    writeFileSync(path.join(dir, ZH_FILE), 'symbol\ttitle_zh\nY\t新技术发展的一般标记\n');
    store = new SchemeStore(dir);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds the IPC tree by dot levels on its worker', async () => {
    const answer = await store.query({ op: 'children', scheme: 'ipc', code: 'G06F3/00' });
    expect(answer).toMatchObject({ found: true, parent: { code: 'G06F3', symbol: 'G06F3/00', hasChildren: true } });
    if (!('children' in answer)) throw new Error('not a children answer');
    expect(answer.children.map((e) => e.code)).toEqual(['G06F3/01', 'G06F3/048']);
    expect(answer.children[1]).toEqual({
      code: 'G06F3/048',
      symbol: 'G06F3/048',
      depth: 4,
      titleEn: 'Interaction techniques based on graphical user interfaces [GUI]',
      hasChildren: false,
    });
    const path = await store.query({ op: 'path', scheme: 'ipc', code: 'g06f 3/023' });
    if (!('path' in path)) throw new Error('not a path answer');
    expect(path.path.map((e) => e.code)).toEqual(['G', 'G06', 'G06F', 'G06F3', 'G06F3/01', 'G06F3/02', 'G06F3/023']);
    expect(path.path.at(-1)).toMatchObject({ titleZh: '将零散信息项目转换成为代码形式的装置' });
    expect(path.path.at(-1)).not.toHaveProperty('titleEn');
  });

  it('gives CPC symbols the Chinese titles of IPC and of the table entered by hand', async () => {
    const answer = await store.query({ op: 'children', scheme: 'cpc', code: 'G06F3/01' });
    if (!('children' in answer)) throw new Error('not a children answer');
    expect(answer.parent).toMatchObject({ titleZh: '用于用户和计算机之间交互的输入装置' });
    expect(answer.children).toEqual([
      {
        code: 'G06F3/011',
        symbol: 'G06F3/011',
        depth: 5,
        titleEn: '{Arrangements for interaction with the human body}',
        hasChildren: false,
      },
    ]);
    // The sections read ahead (the first query of the store asks the other scheme's worker for them).
    const ahead = await store.query({ op: 'sections', scheme: 'cpc' });
    if (!('children' in ahead)) throw new Error('not a children answer');
    expect(ahead.children.map((e) => [e.code, e.titleZh, e.hasChildren])).toEqual([
      ['G', '物理', true],
      ['Y', '新技术发展的一般标记', true],
    ]);
    const roots = await store.query({ op: 'children', scheme: 'cpc' });
    if (!('children' in roots)) throw new Error('not a children answer');
    expect(roots.children.find((e) => e.code === 'Y')).toMatchObject({ titleZh: '新技术发展的一般标记' });
  });

  it('searches symbols and titles', async () => {
    const byGroup = await store.query({ op: 'search', scheme: 'ipc', keyword: 'G06F3/00', limit: 3, lang: 'zh' });
    expect(byGroup).toMatchObject({ total: 6 });
    if (!('items' in byGroup)) throw new Error('not a search answer');
    expect(byGroup.items.map((e) => e.code)).toEqual(['G06F3', 'G06F3/01', 'G06F3/02']);
    const zh = await store.query({ op: 'search', scheme: 'ipc', keyword: '虚拟现实', limit: 10, lang: 'zh' });
    if (!('items' in zh)) throw new Error('not a search answer');
    expect(zh.items.map((e) => e.code)).toEqual(['G06F111/18']);
    const en = await store.query({
      op: 'search',
      scheme: 'ipc',
      keyword: 'manually operated switch',
      limit: 10,
      lang: 'en',
    });
    if (!('items' in en)) throw new Error('not a search answer');
    expect(en.items.map((e) => e.code)).toEqual(['G06F3/02']);
  });

  it('answers an unknown symbol as not found', async () => {
    expect(await store.query({ op: 'children', scheme: 'ipc', code: 'G06F9' })).toEqual({ found: false });
    expect(await store.query({ op: 'path', scheme: 'ipc', code: 'not a symbol' })).toEqual({ found: false });
  });

  it('does not hold the calling thread while a tree is built', async () => {
    const other = new SchemeStore(dir);
    try {
      // The calling thread's timers keep firing while the worker starts and builds the tree.
      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 1);
      const answer = await other.query({ op: 'search', scheme: 'cpc', keyword: 'human body', limit: 5, lang: 'en' });
      clearInterval(timer);
      expect(answer).toMatchObject({ found: true, total: 1 });
      expect(ticks).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
