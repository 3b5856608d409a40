import { describe } from 'vitest';
import { runForeignTable } from './foreign-table.js';

/**
 * PatSnap. Source syntax guide: "Searching in Patsnap 101 (PatSnap Help Center)", https://help.patsnap.com/hc/en-us/articles/212268765-Searching-in-Patsnap-101
 * Each row: an expression written in the guide's documented forms, and its Patlas translation.
 */
const TRANSLATIONS: readonly (readonly [string, string])[] = [
  ['TTL:(battery)', 'TI=battery'],
  ['TTL:(battery AND cathode)', 'TI=(battery AND cathode)'],
  ['ABST:(graphene $W5 thermal)', 'AB=(graphene N/5 thermal)'],
  ['TAC:(drone $PRE3 battery)', 'TIABC=(drone PRE/3 battery)'],
  ['CLMS:(electrolyte $SEN additive)', 'CLM=(electrolyte S additive)'],
  ['DESC:(coating $PARA cathode)', 'DESC=(coating P cathode)'],
  ['TA:(lithium OR sodium) AND ANCS:(Samsung)', 'TIAB=(lithium OR sodium) AND AS=Samsung'],
  ['ANS:(Huawei) AND TTL:(antenna)', 'PA-STD=Huawei AND TI=antenna'],
  ['AN:(BYD) NOT TTL:(motor)', 'PA=BYD NOT TI=motor'],
  ['ANC:(CATL) AND APD:[20190101 TO 20201231]', 'AS=CATL AND AD=[20190101 TO 20201231]'],
  ['IN:(Zhang Wei) AND PBD:[2020 TO 2021]', 'IN=(Zhang AND Wei) AND PD=[2020 TO 2021]'],
  ['IPC:(H01M10/0525) AND TAC:(solid $W3 electrolyte)', 'IPC=H01M10/0525 AND TIABC=(solid N/3 electrolyte)'],
  ['MIPC:(G06F) OR CPC:(G06N3/08)', 'IPC-MAIN=G06F OR CPC=G06N3/08'],
  ['APNO:(CN201810123456*)', 'AN=CN201810123456*'],
  ['PN:(US10000000B2) OR PN:(CN110000000A)', 'PN=US10000000B2 OR PN=CN110000000A'],
  ['AUTHORITY:(CN) AND TTL:(robot*)', 'CC=CN AND TI=robot*'],
  ['TACD:(perovskite $W10 solar)', 'FT=(perovskite N/10 solar)'],
  ['ISD:[20200101 TO 20211231] AND ANCS:(Tesla)', 'GD=[20200101 TO 20211231] AND AS=Tesla'],
  ['PRIORITY_DATE:[20170101 TO 20181231]', 'PRD=[20170101 TO 20181231]'],
  ['TTL:("solid state battery") AND LOC:(14-03)', 'TI="solid state battery" AND LOC=14-03'],
  ['TAC:((lithium OR sodium) $W5 anode)', 'TIABC=(lithium N/5 anode OR sodium N/5 anode)'],
];

/** Constructs with no Patlas equivalent: the translation, the construct named, and the start of its English message. */
const UNSUPPORTED: readonly (readonly [string, string, string, string])[] = [
  [
    'ICLMS:(wireless charging) AND TTL:(coil)',
    'TI=coil',
    'ICLMS:',
    'Patlas searches the claims as one text, not the independent claims alone',
  ],
  ['FAMILY_ID:(12345678) OR TTL:(antenna)', 'TI=antenna', 'FAMILY_ID:', "PatSnap's family id has no Patlas field"],
];

describe('PatSnap expressions translated to Patlas', () => {
  runForeignTable('patsnap', TRANSLATIONS, UNSUPPORTED);
});
