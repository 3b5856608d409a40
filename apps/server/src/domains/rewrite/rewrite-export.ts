import type { Language, Rewrite, RewriteMode, RewriteState } from '@patlas/contracts';
import { HeadingLevel, Paragraph, TextRun } from 'docx';
import { toParagraphs } from '../../documents/document-layout.js';
import { docxBuffer, newDocxDocument } from '../../documents/docx.js';

/**
 * Rewrites as a file (spec 2 §7 POST /patent/rewrite/export/text): a Word document or plain text
 * with, for each rewrite, its title, mode, language, time and state, then the original and the
 * result, paragraph by paragraph, in the order the rewrites were asked for.
 */

const WORDS = {
  zh: {
    heading: '辅助撰写',
    mode: '方式',
    language: '语言',
    created: '时间',
    state: '状态',
    original: '原文',
    result: '改写结果',
    noResult: '（无结果）',
    modes: { rephrase: '改写', claim: '权利要求化', expand: '扩写', shorten: '缩写' },
    languages: { zh: '中文', en: '英文' },
    states: { waiting: '排队中', running: '进行中', done: '已完成', failed: '失败' },
    file: '辅助撰写',
  },
  en: {
    heading: 'Assisted writing',
    mode: 'Mode',
    language: 'Language',
    created: 'Time',
    state: 'State',
    original: 'Original',
    result: 'Result',
    noResult: '(no result)',
    modes: { rephrase: 'Rephrase', claim: 'Claim language', expand: 'Expand', shorten: 'Shorten' },
    languages: { zh: 'Chinese', en: 'English' },
    states: { waiting: 'Waiting', running: 'Running', done: 'Done', failed: 'Failed' },
    file: 'assisted-writing',
  },
} as const satisfies Record<
  Language,
  {
    modes: Record<RewriteMode, string>;
    states: Record<RewriteState, string>;
    [key: string]: unknown;
  }
>;

/** The file's name: the title of a single rewrite, else the tool's name and the day. */
export function exportFileName(
  rewrites: readonly Rewrite[],
  format: 'docx' | 'txt',
  lang: Language,
  now: Date,
): string {
  const single =
    rewrites.length === 1
      ? rewrites[0]!.title
          .slice(0, 30)
          .replace(/[\\/:*?"<>|\r\n\t]+/g, ' ')
          .trim()
      : '';
  const base = single || `${WORDS[lang].file}-${now.toISOString().slice(0, 10).replace(/-/g, '')}`;
  return `${base}.${format}`;
}

function facts(rewrite: Rewrite, lang: Language): [string, string][] {
  const w = WORDS[lang];
  const state = rewrite.error ? `${w.states[rewrite.state]}：${rewrite.error}` : w.states[rewrite.state];
  return [
    [w.mode, w.modes[rewrite.mode]],
    [w.language, w.languages[rewrite.language]],
    [w.created, rewrite.createdAt.slice(0, 19).replace('T', ' ')],
    [w.state, state],
  ];
}

/** Plain text, UTF-8 with a BOM (Windows Notepad then reads Chinese right), CRLF line ends. */
export function rewritesTxt(rewrites: readonly Rewrite[], lang: Language): Buffer {
  const w = WORDS[lang];
  const blocks = rewrites.map((rewrite, i) => {
    const lines = [`${i + 1}. ${rewrite.title}`];
    for (const [label, value] of facts(rewrite, lang)) lines.push(`${label}：${value}`);
    lines.push('', `【${w.original}】`, rewrite.original, '', `【${w.result}】`, rewrite.result ?? w.noResult);
    return lines.join('\n');
  });
  const text = blocks.join(`\n\n${'='.repeat(40)}\n\n`).replace(/\r?\n/g, '\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}

/** A Word document: a heading per rewrite, its facts, then the original and the result. */
export async function rewritesDocx(rewrites: readonly Rewrite[], lang: Language): Promise<Buffer> {
  const w = WORDS[lang];
  const paragraphsOf = (text: string) =>
    toParagraphs(text).map((line) => new Paragraph({ children: [new TextRun(line)] }));
  const children: Paragraph[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(w.heading)] })];
  rewrites.forEach((rewrite, i) => {
    children.push(
      new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(`${i + 1}. ${rewrite.title}`)] }),
      ...facts(rewrite, lang).map(
        ([label, value]) =>
          new Paragraph({ children: [new TextRun({ text: `${label}：`, bold: true }), new TextRun(value)] }),
      ),
      new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(w.original)] }),
      ...paragraphsOf(rewrite.original),
      new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(w.result)] }),
      ...(rewrite.result ? paragraphsOf(rewrite.result) : [new Paragraph({ children: [new TextRun(w.noResult)] })]),
    );
  });
  return docxBuffer(newDocxDocument({ title: w.heading, sections: [{ children }] }));
}
