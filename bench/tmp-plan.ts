import { createSqliteEngine, compileQuery, printPlan } from '@patlas/engine';
import { parseExpression } from '@patlas/query';
const file = process.argv[2]!;
const engine = createSqliteEngine({ file, clauseCache: { maxMb: 0 } } as never);
for (const e of process.argv.slice(3)) {
  const p = parseExpression(e);
  if (!p.ok) throw new Error(e);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    const r = await engine.search({ ast: p.ast, page: 1, pageSize: 20 } as never);
    times.push(performance.now() - t);
    total = (r as { total: number }).total;
  }
  const tc = performance.now();
  const c = await engine.count(p.ast);
  console.log(e, 'total', total, 'search ms', times.map((x) => x.toFixed(1)).join(' '), 'count ms', (performance.now() - tc).toFixed(1), c);
}
await engine.close();
