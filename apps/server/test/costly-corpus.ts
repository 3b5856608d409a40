import type { Patent } from '@patlas/contracts';
import { buildCnPatent } from './factories.js';

/** The words of the costly corpus: few, so that any two meet in most abstracts. */
export const COSTLY_WORDS = [
  '锂离子',
  '电池',
  '正极',
  '材料',
  '制备',
  '方法',
  '装置',
  '网络',
  '图像',
  '识别',
  '碳纤维',
  '复合',
];

/**
 * `n` patents with long Chinese abstracts of COSTLY_WORDS (deterministic): proximity and
 * same-sentence conditions verify every candidate's text, the costly part of a search. For the
 * search pool's budget and fairness tests.
 */
export function buildCostlyCorpus(n: number): Patent[] {
  let seed = 7;
  const rnd = (k: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % k;
  };
  const phrase = (len: number): string =>
    Array.from({ length: len }, () => COSTLY_WORDS[rnd(COSTLY_WORDS.length)]).join('');
  return Array.from({ length: n }, (_, i) =>
    buildCnPatent({
      publicationNumber: `CN${300000000 + i}A`,
      applicationNumber: `CN2020${String(i).padStart(7, '0')}.1`,
      title: { lang: 'zh', text: `一种${phrase(3)}` },
      abstract: {
        lang: 'zh',
        text: `本发明公开了一种${phrase(30)}，包括${phrase(25)}。所述${phrase(24)}用于${phrase(24)}。`,
      },
      applicationDate: '2020-01-01',
      publicationDate: '2021-01-01',
    }),
  );
}
