import { firstClaimOf, type ComparedPatent, type Patent } from '@patlas/contracts';
import { currentLegalStatus } from './legal-status.js';

const names = (parties: Patent['applicants']): string[] => [
  ...new Set((parties ?? []).map((p) => p.name.trim()).filter(Boolean)),
];

/** IPC symbols once each, the main class first. */
function ipcOf(patent: Patent): string[] {
  const main = patent.classifications?.ipcMain?.trim();
  const all = (patent.classifications?.ipc ?? []).map((s) => s.trim()).filter(Boolean);
  return [...new Set(main ? [main, ...all] : all)];
}

/**
 * Members of the simple family, itself included: the listed members when the record lists them
 * (its own number added when the list leaves it out), else the count the source states.
 */
function familySizeOf(patent: Patent): number | undefined {
  const members = new Set(
    (patent.family?.simple ?? []).map((n) => n.replace(/\s+/g, '').toUpperCase()).filter(Boolean),
  );
  if (members.size > 0) {
    members.add(patent.publicationNumber.toUpperCase());
    return members.size;
  }
  return patent.familyCount;
}

/**
 * A record as the compare dialog shows it.
 *
 * @param citing - publication numbers of the corpus records citing it, merged with the record's own
 *   cited-by list as the detail page does (a source count stands in when neither lists any).
 * @param today - `YYYY-MM-DD`, the day the legal status is judged on.
 */
export function toComparedPatent(
  requested: string,
  patent: Patent,
  citing: readonly string[],
  today: string,
): ComparedPatent {
  const citedBy = new Set([...(patent.citedBy ?? []).map((c) => c.number.toUpperCase()), ...citing]);
  return {
    requested,
    publicationNumber: patent.publicationNumber,
    applicationNumber: patent.applicationNumber,
    country: patent.country,
    kind: patent.kind,
    patentType: patent.patentType,
    title: patent.title,
    applicationDate: patent.applicationDate,
    publicationDate: patent.publicationDate,
    grantDate: patent.grantDate,
    priorityDate: patent.priorityDate,
    applicants: names(patent.applicants),
    inventors: names(patent.inventors),
    ipc: ipcOf(patent),
    ipcMain: patent.classifications?.ipcMain,
    legalStatus: patent.legalStatus?.trim() || undefined,
    currentStatus: currentLegalStatus(patent, today),
    firstClaim: firstClaimOf(patent.claims),
    abstract: patent.abstract,
    citationCount: patent.citations?.length || patent.citationCount || 0,
    citedByCount: citedBy.size || patent.citedByCount || 0,
    familySize: familySizeOf(patent),
  };
}
