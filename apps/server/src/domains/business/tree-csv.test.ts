import { describe, expect, it } from 'vitest';
import { describeTreeErrors, decodeCsv, parseTreeCsv } from './tree-csv.js';

describe('parseTreeCsv', () => {
  it('reads a headed file in any column order, with shares and relationships', () => {
    const csv =
      '子公司,母公司,持股比例,关系\n华为终端有限公司,华为技术有限公司,100%,全资子公司\n"海思半导体有限公司, 深圳",华为技术有限公司,,\n';
    const result = parseTreeCsv(csv, 'zh');
    expect(result).toMatchObject({
      ok: true,
      relations: [
        { parentName: '华为技术有限公司', childName: '华为终端有限公司', share: 100, relation: '全资子公司', line: 2 },
        { parentName: '华为技术有限公司', childName: '海思半导体有限公司, 深圳', share: null, relation: null, line: 3 },
      ],
    });
  });

  it('reads a file without header as parent, child, share, relationship', () => {
    const result = parseTreeCsv(
      'Alphabet Inc.,Waymo LLC,,subsidiary\r\nAlphabet Inc.;x\r\n'.replace(';x', ',Google LLC'),
      'en',
    );
    expect(result.ok && result.relations.map((r) => [r.parentName, r.childName, r.relation])).toEqual([
      ['Alphabet Inc.', 'Waymo LLC', 'subsidiary'],
      ['Alphabet Inc.', 'Google LLC', null],
    ]);
  });

  it('reports every malformed row with its line number, in the language asked', () => {
    const csv = [
      'parent,child,share',
      'A Co,B Co,50',
      ',C Co,',
      'A Co,A CO.,',
      'D Co,E Co,150',
      'F Co,B Co,',
      'onlyone',
    ].join('\n');
    const result = parseTreeCsv(csv, 'en');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7]);
    expect(describeTreeErrors(result.errors, 'en')).toContain(
      'line 6: this subsidiary already has another parent on line 2',
    );
    const zh = parseTreeCsv(csv, 'zh');
    expect(!zh.ok && describeTreeErrors(zh.errors, 'zh')).toContain('第 5 行：持股比例“150”应为 0 到 100 之间的数');
  });

  it('refuses a cycle', () => {
    const result = parseTreeCsv('A,B\nB,C\nC,A\n', 'en');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]?.message).toContain('cycle');
  });

  it('reads GB18030 files as Chinese spreadsheets save them', () => {
    const gbk = Buffer.from([0xc4, 0xb8, 0xb9, 0xab, 0xcb, 0xbe]); // 母公司
    expect(decodeCsv(gbk)).toBe('母公司');
  });
});
