import { apiLogin, DEMO } from './fixtures/auth.js';
const base = 'http://127.0.0.1:18731';
const s = await apiLogin(base, DEMO.email, DEMO.password);
const post = async (url: string, body: unknown) => {
  const r = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.tokens.access_token}` }, body: JSON.stringify(body) });
  return (await r.json()) as any;
};
for (const q of process.argv.slice(2)) {
  const d = (await post('/api/product/search/searchNew', { searchExpre: q, pageSize: 3 })).data ?? {};
  console.log(q, '=>', d.total, JSON.stringify(d.missingFields), JSON.stringify(d.numberTerms), d.items?.map((i: any) => i.publicationNumber + ':' + (i.title ?? '∅')).join(' | '));
}
const tr = await post('/api/product/search/china/invention/three/rate', { searchExpre: 'TI=(电池)', filters: [], mergeType: 0 });
console.log(JSON.stringify(tr.data?.result));
