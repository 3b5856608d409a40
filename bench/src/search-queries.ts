/**
 * The fixed expressions of the search benchmark: one or more per shape the issue names (single zh/en
 * term, phrase, boolean, field scoped, proximity, truncation, date range + text, IPC prefix, applicant,
 * a 2000-character expression) plus one-character zh, a common en word, NOT, an OR of 5, a PN lookup,
 * a date range alone, ordered proximity and left truncation. The terms are the generator's probe
 * terms and real applicant names, so they hit at the rates of the real sources.
 */
import type { CorpusStats } from './stats-types.js';

export interface BenchQuery {
  readonly shape: string;
  readonly expression: string;
}

export interface QuerySamples {
  /** A publication number present in the corpus. */
  readonly publicationNumber: string;
}

/** ≥ 2000 characters: two OR groups of mid-frequency zh and en words ANDed, as a landscape search looks. */
function longExpression(stats: CorpusStats): string {
  const zh = stats.zh.vocab.values.slice(300).filter((w) => w.length >= 2 && /^[\u4e00-\u9fff]+$/.test(w));
  const en = stats.en.vocab.values.slice(300).filter((w) => /^[a-z]{4,}$/.test(w));
  const groupA: string[] = [];
  const groupB: string[] = [];
  let length = 0;
  for (let i = 0; length < 2100; i++) {
    const word = i % 2 === 0 ? zh[i >> 1] : en[i >> 1];
    if (!word) break;
    (i % 4 < 2 ? groupA : groupB).push(word);
    length += word.length + 4;
  }
  return `TIABC=(${groupA.join(' OR ')}) AND TIABC=(${groupB.join(' OR ')})`;
}

export function benchQueries(stats: CorpusStats, samples: QuerySamples): BenchQuery[] {
  return [
    { shape: 'zh term', expression: '电池' },
    { shape: 'zh one character', expression: '电' },
    { shape: 'zh common term', expression: '一种' },
    { shape: 'en term', expression: 'battery' },
    { shape: 'en common term', expression: 'method' },
    { shape: 'zh phrase', expression: '"数据处理"' },
    { shape: 'en phrase', expression: '"first layer"' },
    { shape: 'boolean', expression: '(数据 OR data) AND (处理 OR processing)' },
    { shape: 'NOT', expression: '数据 NOT 图像' },
    { shape: 'OR of 5', expression: '电池 OR 齿轮 OR 传感器 OR 催化剂 OR 无人机' },
    { shape: 'field scoped', expression: 'TI=传感器' },
    { shape: 'proximity N/5', expression: '图像 N/5 数据' },
    { shape: 'ordered W/5', expression: 'data W/5 processing' },
    { shape: 'truncation', expression: 'batter*' },
    { shape: 'left truncation', expression: '*conductor' },
    { shape: 'date range + text', expression: 'data AND PD=[2010 TO 2020]' },
    { shape: 'date range alone', expression: 'PD=[2015 TO 2020]' },
    { shape: 'IPC prefix', expression: 'IPC=G06F' },
    { shape: 'applicant', expression: 'PA=华为技术有限公司' },
    { shape: 'PN lookup', expression: `PN=${samples.publicationNumber}` },
    { shape: 'field+class+status', expression: 'TI=数据 AND IPC=G06F AND LS=有效' },
    { shape: 'en boolean', expression: '(sensor OR detector) AND vehicle NOT engine' },
    { shape: '2000-char expression', expression: longExpression(stats) },
  ];
}
