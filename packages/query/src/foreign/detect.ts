/**
 * Which system an expression was written for (issue 48 item 2). Each system has strong marks
 * (only it writes them: `$W5`, `prox/distance<=3`, `applicant.name:`, `申请(专利权)人=`) and weak
 * ones that Patlas also reads (`AP=`, `W/5`, `ti=`); weak marks count only when the text is not
 * already a valid Patlas expression, so a Patlas expression is never "recognised" as foreign.
 */
import { lex } from '../lexer.js';
import { parseTokens } from '../parser.js';
import { validateQuery } from '../validate.js';
import { cnipaSyntax } from './cnipa.js';
import { translateWith, type ForeignSyntax, type ForeignSystem, type ForeignTranslation } from './core.js';
import { espacenetSyntax } from './espacenet.js';
import { googleSyntax } from './google.js';
import { incopatSyntax } from './incopat.js';
import { lensSyntax } from './lens.js';
import { patsnapSyntax } from './patsnap.js';

export const FOREIGN_SYNTAXES: Readonly<Record<ForeignSystem, ForeignSyntax>> = {
  cnipa: cnipaSyntax,
  incopat: incopatSyntax,
  patsnap: patsnapSyntax,
  lens: lensSyntax,
  espacenet: espacenetSyntax,
  google: googleSyntax,
};

interface Marks {
  readonly strong: readonly RegExp[];
  readonly weak: readonly RegExp[];
}

const MARKS: Record<ForeignSystem, Marks> = {
  cnipa: {
    strong: [
      /(发明名称|申请[(（]专利权[)）]人|公开[(（]公告[)）][号日]|复合文本|IPC分类号|CPC分类号|申请人地址|申请人所在国\(省\)|申请人邮编|外观设计洛迦诺分类号)\s*[=<>]/u,
      /\S\s+\d+[DW]\s+\S/u,
      /[\p{Script=Han}]\+/u,
    ],
    weak: [/(名称|摘要|申请号|申请日|发明人|权利要求|说明书|申请人|优先权号|代理人)\s*[=<>]/u, /\s[DWF]\s/],
  },
  incopat: {
    strong: [/\b(AP-OR|AP-ADD|AP-CURRENT|AP-TYPE|VALUE|PNC|FULLTEXT)\s*=/, /\s(NOTF|NOTP)\s/i],
    weak: [/\b(TIABC|TIAB|AP|CLMS|AT|AGC|IPC-MAIN|AD|PD|PRD|AN|PN)\s*=/, /\b(W|PRE)\/\d+/i, /\s[F]\s/],
  },
  patsnap: {
    strong: [
      /\$(W|PRE)\d+/i,
      /\$(SEN|PARA)\b/i,
      /\b(TTL|ABST|TAC|TACD|ANCS|ANC|ANS|APD|PBD|ISD|APNO|MIPC|ICLMS|AUTHORITY):/,
    ],
    weak: [/\b(TA|CLMS|DESC|AN|IN|IPC|CPC|PN):/],
  },
  lens: {
    strong: [
      /\b(title|abstract|claims?|description|full_text|date_published|filing_date|jurisdiction|publication_type|lens_id|earliest_priority_date):/,
      /\b(applicant|inventor|owner_all|agent)\.name:/,
      /\bclass_(ipcr|cpc|national)\.symbol:/,
      /"[^"]+"~\d+/,
    ],
    weak: [],
  },
  espacenet: {
    strong: [
      /\bprox\/(distance|unit|ordered)/i,
      /\b(ti|ab|ta|txt|ntxt|ftxt|nftxt|pa|in|ia|ic|ipc|cpc|cl|pd|num|desc|claims)\s+(all|any|within)\s+"/,
      /\b(ta|txt|ntxt|ftxt|nftxt|ia|ic|cl|num|ct|cpcc)\s*=/,
    ],
    weak: [/\b(ti|ab|pa|in|pd|ap|pn|pr|cpc|ipc)\s*=/],
  },
  google: {
    strong: [
      /\b(before|after):(priority|filing|publication):/i,
      /\b(assignee|inventor|country|status|lang|type|litigation):/,
      /\bADJ(\/\d+)?\b/,
      /\s(WITH|SAME)\s/,
    ],
    weak: [/\b(TI|AB|CL|CPC)=\(/, /\bNEAR\/\d+/],
  },
};

/** Whether Patlas reads the text as it is (lexer, parser, validation: what parseExpression does, without the cycle through index.ts). */
function isPatlasExpression(text: string): boolean {
  const lexed = lex(text);
  if (lexed.errors.length > 0) return false;
  const parsed = parseTokens(lexed.tokens);
  return parsed.ast !== undefined && parsed.errors.length === 0 && validateQuery(parsed.ast).errors.length === 0;
}

function scoreOf(text: string, marks: Marks, countWeak: boolean): number {
  let score = 0;
  for (const re of marks.strong) if (re.test(text)) score += 3;
  if (countWeak) for (const re of marks.weak) if (re.test(text)) score += 1;
  return score;
}

/** The system the text was most likely written for, or null (Patlas syntax, or nothing distinctive). */
export function detectForeignSyntax(text: string): ForeignSystem | null {
  const normalised = text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  const isPatlas = isPatlasExpression(text);
  let best: ForeignSystem | null = null;
  let bestScore = 0;
  for (const system of Object.keys(MARKS) as ForeignSystem[]) {
    const score = scoreOf(normalised, MARKS[system], !isPatlas);
    if (score > bestScore) {
      best = system;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Recognises (or takes the forced `system`) and translates a foreign expression.
 *
 * @returns null when no system is recognised and none was forced.
 */
export function translateForeign(text: string, system?: ForeignSystem): ForeignTranslation | null {
  const chosen = system ?? detectForeignSyntax(text);
  if (!chosen) return null;
  return translateWith(FOREIGN_SYNTAXES[chosen], text);
}
