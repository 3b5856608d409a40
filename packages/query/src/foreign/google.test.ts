import { describe } from 'vitest';
import { runForeignTable } from './foreign-table.js';

/**
 * Google Patents. Source syntax guide: "Google Patents Help — Search syntax", https://support.google.com/faqs/answer/7049585
 * Each row: an expression written in the guide's documented forms, and its Patlas translation.
 */
const TRANSLATIONS: readonly (readonly [string, string])[] = [
  ['TI=(battery)', 'TI=battery'],
  ['TI=(battery) AB=(cathode)', 'TI=battery AND AB=cathode'],
  ['CL=(electrolyte additive)', 'CLM=(electrolyte AND additive)'],
  ['(lithium OR sodium) battery', '(lithium OR sodium) AND battery'],
  ['assignee:samsung TI=(display)', 'PA=samsung AND TI=display'],
  ['inventor:"John Smith"', 'IN="John Smith"'],
  ['CPC=H01M10/0525', 'CPC=H01M10/0525'],
  ['before:priority:20200101 TI=(drone)', 'PRD<20200101 AND TI=drone'],
  ['after:filing:20180101 assignee:tesla', 'AD>20180101 AND PA=tesla'],
  ['before:publication:2021-06-30', 'PD<2021-06-30'],
  ['battery NEAR/5 cathode', 'battery NEAR/5 cathode'],
  ['solid ADJ/2 electrolyte', 'solid W/2 electrolyte'],
  ['wireless ADJ charging', 'wireless W/1 charging'],
  ['TI=(battery) -lead', 'TI=battery NOT lead'],
  ['AB=(graphene WITH thermal)', 'AB=(graphene N/20 thermal)'],
  ['country:CN TI=(robot*)', 'CC=CN AND TI=robot*'],
  ['(drone OR uav) NEAR/3 battery', 'drone NEAR/3 battery OR uav NEAR/3 battery'],
  ['TI=(battery) OR AB=(cell)', 'TI=battery OR AB=cell'],
  ['CPC=Y02E60/10 after:priority:2015-01-01', 'CPC=Y02E60/10 AND PRD>2015-01-01'],
  ['CL=(battery* NEAR/3 separator)', 'CLM=(battery* NEAR/3 separator)'],
  ['inventor:smith assignee:"Apple Inc"', 'IN=smith AND PA="Apple Inc"'],
];

/** Constructs with no Patlas equivalent: the translation, the construct named, and the start of its English message. */
const UNSUPPORTED: readonly (readonly [string, string, string, string])[] = [
  ['CL=(coil SAME charging)', 'CLM=(coil N/100 charging)', 'SAME', 'SAME'],
  ['status:GRANT TI=(battery)', 'TI=battery', 'status:', "Google Patents's status:"],
  ['type:DESIGN assignee:apple', 'PA=apple', 'type:', "Google Patents's type:"],
  ['lang:ZH TI=(电池)', 'TI=电池', 'lang:', 'Patlas does not filter by document language'],
];

describe('Google Patents expressions translated to Patlas', () => {
  runForeignTable('google', TRANSLATIONS, UNSUPPORTED);
});
