import { describe } from 'vitest';
import { runForeignTable } from './foreign-table.js';

/**
 * Lens. Source syntax guide: "Lens Patent API — Request and search fields", https://docs.api.lens.org/request-patent.html
 * Each row: an expression written in the guide's documented forms, and its Patlas translation.
 */
const TRANSLATIONS: readonly (readonly [string, string])[] = [
  ['title:battery', 'TI=battery'],
  ['title:(battery AND cathode)', 'TI=(battery AND cathode)'],
  ['abstract:"solid electrolyte"', 'AB="solid electrolyte"'],
  ['claims:(electrolyte AND additive)', 'CLM=(electrolyte AND additive)'],
  ['description:(coating OR film)', 'DESC=(coating OR film)'],
  ['full_text:perovskite', 'FT=perovskite'],
  ['applicant.name:"Samsung Electronics" AND title:display', 'PA="Samsung Electronics" AND TI=display'],
  ['inventor.name:"Zhang Wei"', 'IN="Zhang Wei"'],
  ['owner_all.name:Tesla AND title:motor', 'AS=Tesla AND TI=motor'],
  ['class_ipcr.symbol:H01M10/0525', 'IPC=H01M10/0525'],
  ['class_cpc.symbol:Y02E60/10 OR class_ipcr.symbol:H01M4*', 'CPC=Y02E60/10 OR IPC=H01M4*'],
  ['date_published:[2019-01-01 TO 2020-12-31]', 'PD=[2019-01-01 TO 2020-12-31]'],
  ['filing_date:[2018-01-01 TO *] AND title:drone', 'AD=[2018-01-01 TO *] AND TI=drone'],
  ['jurisdiction:CN AND title:battery', 'CC=CN AND TI=battery'],
  ['abstract:"graphene thermal"~5', 'AB=(graphene N/5 thermal)'],
  ['title:(lithium NOT sodium)', 'TI=(lithium NOT sodium)'],
  ['+title:battery -title:lead', 'TI=battery NOT TI=lead'],
  ['title:batter? AND abstract:electro*', 'TI=batter? AND AB=electro*'],
  ['"wireless charging"~3 AND applicant.name:Apple', 'wireless N/3 charging AND PA=Apple'],
  ['earliest_priority_date:[2017-01-01 TO 2017-12-31]', 'PRD=[2017-01-01 TO 2017-12-31]'],
];

/** Constructs with no Patlas equivalent: the translation, the construct named, and the start of its English message. */
const UNSUPPORTED: readonly (readonly [string, string, string, string])[] = [
  ['class_national.symbol:429/209', '', 'class_national.symbol:', 'Patlas holds no national classifications'],
  ['publication_type:GRANTED_PATENT AND title:battery', 'TI=battery', 'publication_type:', "Lens's publication types"],
  ['lens_id:000-111-222-333-444', '', 'lens_id:', 'A Lens ID is Lens’s own number'],
  [
    'abstract:"solid state lithium battery"~4',
    'AB=(solid AND state AND lithium AND battery)',
    '"solid state lithium battery"~4',
    'Proximity of more than two words, "solid state lithium battery"~4, has no Patlas equivalent',
  ],
];

describe('Lens expressions translated to Patlas', () => {
  runForeignTable('lens', TRANSLATIONS, UNSUPPORTED);
});
