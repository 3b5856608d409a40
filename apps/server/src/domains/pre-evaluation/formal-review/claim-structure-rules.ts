import type { ParsedClaims } from './parse-claims.js';
import type { Findings } from './review-kit.js';

// Rules of the claims' structure: their numbering, and what each claim refers to.

export function checkNumbering(parsed: ParsedClaims, claimsText: string, findings: Findings): void {
  if (parsed.preamble) {
    findings.add(
      'claim-numbering',
      'error',
      {
        zh: '第一项权利要求之前有不属于任何权利要求的文字',
        en: 'There is text before the first claim that belongs to no claim',
      },
      { section: 'claims', start: parsed.preamble.start, end: parsed.preamble.end },
    );
  }
  const seen = new Set<number>();
  parsed.claims.forEach((claim, i) => {
    const label = { section: 'claims' as const, claim: claim.number, start: claim.start, end: claim.bodyStart };
    if (!claim.numbered) {
      seen.add(claim.number);
      return;
    }
    const labelText = claimsText.slice(claim.start, claim.bodyStart).trim();
    if (i === 0) {
      if (claim.number !== 1) {
        findings.add(
          'claim-numbering',
          'error',
          {
            zh: `权利要求应从 1 开始编号，第一项编号为 ${labelText}`,
            en: `Claims are numbered from 1; the first is numbered ${labelText}`,
          },
          label,
        );
      }
    } else {
      const previous = parsed.claims[i - 1]!.number;
      if (seen.has(claim.number)) {
        findings.add(
          'claim-numbering',
          'error',
          {
            zh: `权利要求编号 ${claim.number} 重复`,
            en: `Claim number ${claim.number} is used twice`,
          },
          label,
        );
      } else if (claim.number < previous) {
        findings.add(
          'claim-numbering',
          'error',
          {
            zh: `权利要求编号顺序错乱：${claim.number} 在 ${previous} 之后`,
            en: `Claims are out of order: ${claim.number} comes after ${previous}`,
          },
          label,
        );
      } else if (claim.number > previous + 1) {
        const missing = claim.number - previous === 2 ? `${previous + 1}` : `${previous + 1}–${claim.number - 1}`;
        findings.add(
          'claim-numbering',
          'error',
          {
            zh: `权利要求编号不连续：缺少第 ${missing} 项`,
            en: `Claim numbers are not consecutive: ${missing} missing`,
          },
          label,
        );
      }
    }
    seen.add(claim.number);
  });
}

export function checkReferences(parsed: ParsedClaims, findings: Findings): void {
  const numbers = new Set(parsed.claims.map((c) => c.number));
  const multiple = new Set(parsed.claims.filter((c) => c.dependsOn.length >= 2).map((c) => c.number));
  parsed.claims.forEach((claim, i) => {
    for (const reference of claim.references) {
      const place = { section: 'claims' as const, claim: claim.number, start: reference.start, end: reference.end };
      if (i === 0) {
        findings.add(
          'claim-1-independent',
          'error',
          {
            zh: '第一项权利要求应当是独立权利要求，不得引用其他权利要求',
            en: 'Claim 1 must be an independent claim and refer to no other claim',
          },
          place,
        );
        continue;
      }
      for (const n of reference.numbers) {
        if (n === claim.number) {
          findings.add(
            'claim-reference',
            'error',
            {
              zh: `权利要求 ${claim.number} 引用了自身`,
              en: `Claim ${claim.number} refers to itself`,
            },
            place,
          );
        } else if (n > claim.number) {
          findings.add(
            'claim-reference',
            'error',
            {
              zh: `权利要求 ${claim.number} 引用了在后的权利要求 ${n}，从属权利要求只能引用在前的权利要求`,
              en: `Claim ${claim.number} refers to a later claim ${n}; a dependent claim may refer only to earlier claims`,
            },
            place,
          );
        } else if (!numbers.has(n)) {
          findings.add(
            'claim-reference',
            'error',
            {
              zh: `权利要求 ${claim.number} 引用了不存在的权利要求 ${n}`,
              en: `Claim ${claim.number} refers to claim ${n}, which does not exist`,
            },
            place,
          );
        }
      }
      if (reference.kind === 'cumulative') {
        findings.add(
          'claim-multiple-dependency',
          'error',
          {
            zh: `权利要求 ${claim.number} 引用两项以上权利要求时只能以择一方式引用（"或"、"任一项"），不能用"和"`,
            en: `Claim ${claim.number} refers to several claims; it must do so in the alternative ("or", "any one of"), not with "and"`,
          },
          place,
        );
      }
    }
    if (claim.dependsOn.length >= 2) {
      const bases = claim.dependsOn.filter((n) => n < claim.number && multiple.has(n));
      if (bases.length > 0) {
        const first = claim.references[0]!;
        findings.add(
          'claim-multiple-dependency',
          'error',
          {
            zh: `多项从属权利要求 ${claim.number} 不得作为另一项多项从属权利要求的基础：它引用的权利要求 ${bases.join('、')} 也是多项从属权利要求`,
            en: `Multiple dependent claim ${claim.number} refers to claim${bases.length > 1 ? 's' : ''} ${bases.join(', ')}, itself multiple dependent; a multiple dependent claim may not serve as a basis for another`,
          },
          { section: 'claims', claim: claim.number, start: first.start, end: claim.references.at(-1)!.end },
        );
      }
    }
  });
}
