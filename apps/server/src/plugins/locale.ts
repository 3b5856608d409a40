import type { Language } from '@patlas/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The user's language: zh by default, en when Accept-Language prefers English.
 * (A signed-in user's saved language setting will take precedence once accounts exist.)
 */
export function languageOf(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (!header) return 'zh';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag: (tag ?? '').toLowerCase(), q: q ? Number(q) : 1 };
    })
    .filter((entry) => entry.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('zh')) return 'zh';
  }
  return 'zh';
}
