import { describe } from 'vitest';
import { runForeignTable } from './foreign-table.js';

/**
 * Espacenet. Source syntax guide: "Espacenet help — Smart search: field identifiers; operators", https://worldwide.espacenet.com/help?locale=en_EP&method=handleHelpTopic&topic=fieldidentifier
 * Each row: an expression written in the guide's documented forms, and its Patlas translation.
 */
const TRANSLATIONS: readonly (readonly [string, string])[] = [
  ['ti=battery', 'TI=battery'],
  ['ti="mouse trap"', 'TI="mouse trap"'],
  ['ab="mouse trap"', 'AB="mouse trap"'],
  ['ta="laser printer"', 'TIAB="laser printer"'],
  ['pa=siemens', 'PA=siemens'],
  ['in=smith', 'IN=smith'],
  ['ia=Apple', '(IN=Apple OR PA=Apple)'],
  ['txt=microscope', '(TIAB=microscope OR PA=microscope OR IN=microscope)'],
  ['ti all "paint brush hair"', 'TI=(paint AND brush AND hair)'],
  ['ti any "motor engine"', 'TI=(motor OR engine)'],
  ['pd within "20051212 20051214"', 'PD=[20051212 TO 20051214]'],
  ['pd=20080107', 'PD=20080107'],
  ['pd="07/01/2008"', 'PD=20080107'],
  ['cpc="A61K31/13"', 'CPC=A61K31/13'],
  ['ipc=A63B49/08 and pa=bosch', 'IPC=A63B49/08 AND PA=bosch'],
  ['ic=H01M or cl=C10J3', 'IPC=H01M OR (IPC=C10J3 OR CPC=C10J3)'],
  ['pn=ep1000000 or ap=jp19890234567', 'PN=ep1000000 OR AN=jp19890234567'],
  ['pr=ep20050104792', 'PR=ep20050104792'],
  ['ct=ep1000000', 'CIT=ep1000000'],
  ['mouse prox/distance<3 trap', 'mouse N/2 trap'],
  ['mouse prox/distance<=3/ordered trap', 'mouse W/3 trap'],
  ['mouse prox/unit=sentence trap', 'mouse S trap'],
  ['ti=green prox/unit=word ti=energy', 'TI=(green N/1 energy)'],
  ['pa=bosch and ti=motor or ti=engine', 'PA=bosch AND TI=motor OR TI=engine'],
  ['txt=laser not semiconductor', '(TIAB=laser OR PA=laser OR IN=laser) NOT semiconductor'],
  ['ti=batter#', 'TI=batter?'],
];

/** Constructs with no Patlas equivalent: the translation, the construct named, and the start of its English message. */
const UNSUPPORTED: readonly (readonly [string, string, string, string])[] = [
  ['ti=colo?r', 'TI=colo*r', '?', "Espacenet's ? means 0 or 1 character"],
  ['cpcc=(C08F218/08, C08F220/06)', '', 'cpcc=', 'CPC combination sets'],
];

describe('Espacenet expressions translated to Patlas', () => {
  runForeignTable('espacenet', TRANSLATIONS, UNSUPPORTED);
});
