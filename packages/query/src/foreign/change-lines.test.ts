import { describe, expect, it } from 'vitest';
import { translateForeign } from './detect.js';
import type { ForeignSystem } from './core.js';

/** An expression per system whose fields, operators and truncation carry notes. */
const SAMPLES: Record<ForeignSystem, string> = {
  cnipa: '复合文本=(锂电池+ 5W 正极) AND 申请(专利权)人=(华为) AND 关键词=(电池?)',
  incopat: 'TIABC=(充电桩 NOTF 汽车) AND AP-OR=(宁德时代) AND AP-CURRENT=(比亚迪)',
  patsnap: 'TTL:(battery $W5 cathode) AND ANCS:(Samsung) AND AN:(LG)',
  lens: 'title:"lithium battery"~3 AND applicant.name:Samsung',
  espacenet: 'ti="lithium battery" prox/distance<=3 ab=cathode AND pd within "2019 2020"',
  google: '(battery ADJ/2 cathode) WITH anode before:priority:20200101',
};

describe('the change list says each mapping once (issue 48 item 2)', () => {
  it.each(Object.entries(SAMPLES))('%s: no message repeats its own "from → to"', (system, text) => {
    const result = translateForeign(text, system as ForeignSystem);
    expect(result?.changes.length).toBeGreaterThan(0);
    for (const change of result!.changes) {
      for (const message of [change.zh, change.en]) {
        expect(message).not.toContain(`${change.from} → ${change.to}`);
        expect(message).not.toContain(`${change.from} →`);
      }
    }
  });

  it("gives PatSnap's ANCS: its note alone", () => {
    const ancs = translateForeign('ANCS:(Samsung) AND TTL:(battery)', 'patsnap')!.changes.find(
      (c) => c.from === 'ANCS:',
    );
    expect(ancs).toMatchObject({
      to: 'AS=',
      en: 'standardised current assignee: Patlas searches the current assignee names',
    });
    const title = translateForeign('ANCS:(Samsung) AND TTL:(battery)', 'patsnap')!.changes.find(
      (c) => c.from === 'TTL:',
    );
    // A mapping with nothing to add says nothing more.
    expect(title).toMatchObject({ to: 'TI=', zh: '', en: '' });
  });
});
