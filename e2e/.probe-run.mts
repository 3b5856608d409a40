import { apiLogin } from '/work/wt/pre/e2e/fixtures/auth.ts';
const base = 'http://127.0.0.1:3913';
const s = await apiLogin(base, 'demo@patlas.local', 'patlas-demo');
const h = { Authorization: `Bearer ${s.tokens.access_token}`, 'content-type': 'application/json' };
const text = process.argv[2]!;
const pn = process.argv[3];
const r = await (await fetch(`${base}/api/product/apply/pre/search`, { method: 'POST', headers: h, body: JSON.stringify({ text, ...(pn ? { publicationNumber: pn } : {}) }) })).json();
console.log(JSON.stringify(r).slice(0, 300));
const id = r.data.evaluation.id;
for (;;) {
  const d = await (await fetch(`${base}/api/product/apply/pre/result/detail?id=${id}`, { headers: h })).json();
  if (d.data.evaluation.state === 'done' || d.data.evaluation.state === 'failed') {
    const res = d.data.result;
    console.log(d.data.evaluation);
    if (!res) break;
    for (const f of res.features) console.log(f.label, f.text.slice(0, 60));
    console.log('novelty', res.novelty); console.log('inv', res.inventiveness);
    console.log('stats', res.stats);
    for (const doc of res.documents.slice(0, 8)) console.log(doc.rank, doc.publicationNumber, doc.relevance, doc.disclosed, doc.partial, doc.coverage, doc.category, doc.title);
    const first = res.matrixDocuments[0];
    for (const c of res.cells.filter((c: any) => c.publicationNumber === first)) console.log(' ', c.feature, c.score, c.termScore, c.vectorScore, c.section, c.matchedTerms.join('|'), c.passage.slice(0, 80));
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
