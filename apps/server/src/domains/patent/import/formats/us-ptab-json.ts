import { basename } from 'node:path';
import type { Patent } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';
import { normaliseDate } from '../shared/dates.js';
import { streamJsonArray } from '../shared/json-stream.js';
import { plainName } from '../shared/open-text.js';
import { toErrorItem, toImportItem } from '../shared/validate-record.js';

type Proceeding = Record<string, unknown>;

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * A PTAB trial (IPR, PGR, CBM…) on the challenged patent, twice: as a litigation (case number, the
 * Board, petitioner as plaintiff, patent owner as defendant, filing and decision dates, status) and,
 * being the US counterpart of a CNIPA invalidation request, as a reexamination/invalidation record
 * (petitioner as requester, proceeding number as decision number, trial type, decision date), so
 * both the litigation and the 复审无效 forms of /search/lawSearch find it.
 */
export function mapPtabProceeding(p: Proceeding): Patent {
  const number = str(p.respondentPatentNumber);
  if (!number) throw new Error('proceeding without respondentPatentNumber');
  const type = [str(p.subproceedingTypeCategory), str(p.proceedingTypeCategory)].filter(Boolean).join(', ');
  return {
    publicationNumber: `US${number.replace(/^0+/, '')}`,
    country: 'US',
    applicationNumber: str(p.respondentApplicationNumberText)
      ? `US${str(p.respondentApplicationNumberText)}`
      : undefined,
    grantDate: normaliseDate(str(p.respondentGrantDate)),
    assignees: str(p.respondentPartyName) ? [{ name: str(p.respondentPartyName) ?? '' }] : undefined,
    litigations: [
      {
        caseNumber: str(p.proceedingNumber),
        court: `Patent Trial and Appeal Board${type ? ` (${type})` : ''}`,
        plaintiff: str(p.petitionerPartyName),
        defendant: str(p.respondentPartyName),
        filingDate: normaliseDate(str(p.proceedingFilingDate) ?? str(p.accordedFilingDate)),
        verdictDate: normaliseDate(str(p.decisionDate)),
        outcome: str(p.proceedingStatusCategory),
      },
    ],
    reexaminations: [
      {
        requester: str(p.petitionerPartyName),
        decisionNumber: str(p.proceedingNumber),
        decisionType: [type, str(p.proceedingStatusCategory)].filter(Boolean).join(': ') || undefined,
        decisionDate: normaliseDate(str(p.decisionDate)),
      },
    ],
  };
}

async function* readPtab(file: string): AsyncGenerator<ImportItem> {
  for await (const item of streamJsonArray(file, 'results')) {
    if ('error' in item) {
      yield toErrorItem(new Error(item.error), file, item.line);
      continue;
    }
    try {
      yield toImportItem(mapPtabProceeding(item.value as Proceeding), file, item.line);
    } catch (err) {
      yield toErrorItem(err, file, item.line);
    }
  }
}

export const usPtabJsonFormat: PatentFormat = {
  id: 'us-ptab-json',
  description:
    'USPTO PTAB API proceedings (JSON {"results": [...]}): each trial added to the challenged patent as a litigation and an invalidation (reexamination) record.',
  detect(fileName: string, head: string): boolean {
    return (
      /\.json$/i.test(plainName(basename(fileName))) &&
      /"proceedingNumber"\s*:/.test(head) &&
      /"respondentPatentNumber"/.test(head)
    );
  },
  read: readPtab,
};
