import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { parseExpression } from '@patlas/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoManifest, runImport } from '../patent/index.js';
import { authHeader, buildTestApp, type AuthHeader } from '../../../test/helpers.js';

const demoDir = fileURLToPath(new URL('../../../../../data/demo/', import.meta.url));
const FILE = `${demoDir}cn-patentics-incopat/20220414--AN=阿波罗智行.csv.gz`;

/** The shipped file read directly: each row's applicants paired with its 标准化申请人. */
function oraclePairs(): { pn: string; pairs: [string, string][] }[] {
  const rows = parse(gunzipSync(readFileSync(FILE)), { bom: true, columns: true, relax_column_count: true }) as Record<
    string,
    string
  >[];
  return rows.map((row) => {
    const written = (row['申请人'] ?? '').split('|').map((s) => s.trim());
    const standard = (row['标准化申请人'] ?? '').split('|').map((s) => s.trim());
    return { pn: row['公开号'] ?? '', pairs: written.map((w, i) => [w, standard[i] ?? w] as [string, string]) };
  });
}

describe('the demo corpus keeps the standardised applicant column (Patentics 标准化申请人)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    auth = await authHeader(t);
    // The demo loader's own manifest names the file's format: the same path a fresh start takes.
    const manifest = await readDemoManifest(demoDir);
    const report = await runImport(t.context, [FILE], { formatsByFile: { [FILE]: manifest.formatsByFile[FILE]! } });
    expect(report.totals.inserted).toBeGreaterThan(0);
  });
  afterAll(async () => t.close());

  it('stores each applicant with its standardised name and finds them with PA-STD', async () => {
    const oracle = oraclePairs();
    const records = await t.context.repositories.patents.getByPublicationNumbers(oracle.map((o) => o.pn));
    expect(records.size).toBe(oracle.length);
    for (const { pn, pairs } of oracle) {
      const applicants = records.get(pn)?.applicants ?? [];
      for (const [written, standard] of pairs) {
        expect(applicants.find((a) => a.name === written)?.standardName ?? written, `${pn} ${written}`).toBe(standard);
      }
    }
    const baidu = oracle.filter((o) => o.pairs.some(([, s]) => s === '百度在线网络技术')).length;
    expect(baidu).toBeGreaterThan(0);
    const parsed = parseExpression('PA-STD=("百度在线网络技术")');
    if (!parsed.ok) throw new Error('parse');
    expect(await t.context.engine.count(parsed.ast)).toBe(baidu);
  });

  it('answers the company of a written name with its variants', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/business/search/business',
      payload: { keyword: '阿波罗智联' },
      headers: { authorization: auth.authorization },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { companies } = (res.json() as { data: { companies: { name: string; variants: { name: string }[] }[] } })
      .data;
    const baidu = companies.find((c) => c.name === '百度在线网络技术');
    expect(baidu?.variants.map((v) => v.name)).toContain('阿波罗智联（北京）科技有限公司');
  });
});
