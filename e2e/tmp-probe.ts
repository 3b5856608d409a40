import { apiLogin, DEMO } from './fixtures/auth.js';
const base = 'http://127.0.0.1:3921';
const s = await apiLogin(base, DEMO.email, DEMO.password);
const h = { Authorization: `Bearer ${s.tokens.access_token}`, 'Content-Type': 'application/json' };
for (const q of process.argv.slice(2)) {
  const r = await fetch(`${base}/api/platform/data/search/query`, { method: 'POST', headers: h, body: JSON.stringify({ searchExpre: q }) });
  const j = (await r.json()) as any;
  const d = j.data;
  console.log(q, 'total', d.total ?? d.count, Object.keys(d));
  const items = d.items ?? d.list ?? d.records ?? [];
  for (const it of items.slice(0, 12)) console.log(' ', it.publicationNumber ?? it.pn, (it.title?.text ?? it.title ?? '').slice?.(0, 30), '|', JSON.stringify(it.applicants ?? it.pa)?.slice(0, 60), '|', it.applicationDate ?? it.ad, '|', it.legalStatus ?? it.ls);
}
