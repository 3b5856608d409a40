import { describe, expect, it } from 'vitest';
import { FOREIGN_SYSTEMS } from './core.js';
import { detectForeignSyntax, translateForeign } from './detect.js';

describe('detectForeignSyntax', () => {
  it.each([
    ['发明名称=(锂电池) AND 申请（专利权）人=(宁德时代)', 'cnipa'],
    ['复合文本=(电池 3D 隔膜)', 'cnipa'],
    ['AP-OR=(宁德时代) AND TIABC=(电池 W/5 正极)', 'incopat'],
    ['TIABC=(充电桩 NOTF 汽车)', 'incopat'],
    ['TTL:(battery $W5 cathode) AND ANCS:(Samsung)', 'patsnap'],
    ['title:(battery) AND applicant.name:"Samsung"', 'lens'],
    ['abstract:"graphene thermal"~5', 'lens'],
    ['ti all "paint brush" and pa=siemens', 'espacenet'],
    ['mouse prox/distance<=3 trap', 'espacenet'],
    ['assignee:samsung TI=(display) before:priority:20200101', 'google'],
    ['solid ADJ/2 electrolyte', 'google'],
  ] as const)('recognises %s as %s', (text, system) => {
    expect(detectForeignSyntax(text)).toBe(system);
  });

  it.each([
    'TI=(锂电池 W/5 正极) AND PA=华为',
    'AD=[2018 TO 2020] AND IPC=H01M',
    '锂电池',
    'TI=(battery NEAR/5 cathode)',
  ])('leaves a valid Patlas expression alone: %s', (text) => {
    expect(detectForeignSyntax(text)).toBeNull();
    expect(translateForeign(text)).toBeNull();
  });

  it('translates with the system forced even when the text is valid Patlas', () => {
    const result = translateForeign('TIABC=(锂电池 W/5 正极) AND AP=(华为)', 'incopat');
    expect(result?.expression).toBe('TIABC=(锂电池 W/5 正极) AND PA=华为');
    expect(result?.changes.map((c) => [c.from, c.to])).toEqual([['AP=', 'PA=']]);
    expect(result?.kept).toEqual(['TIABC=', 'W/5']);
  });

  it('reports an expression it cannot read instead of throwing', () => {
    for (const system of FOREIGN_SYSTEMS) {
      const result = translateForeign('TI=(电池 AND', system);
      expect(result?.expression).toBe('');
      expect(result?.unsupported.length).toBeGreaterThan(0);
    }
  });

  it('translates a long expression quickly', () => {
    const text = Array.from({ length: 400 }, (_, i) => `TTL:(battery${i} $W5 cathode) AND ANCS:(Samsung${i})`).join(
      ' OR ',
    );
    const start = performance.now();
    const result = translateForeign(text);
    const ms = performance.now() - start;
    expect(result?.system).toBe('patsnap');
    expect(ms).toBeLessThan(2000);
  });
});
