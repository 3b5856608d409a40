import type { AuditEntry } from '@patlas/contracts';
import type { AuditListFilter, AuditRecord, AuditRepository } from './audit.repository.js';

export type { AuditAction, AuditListFilter, AuditRecord } from './audit.repository.js';

/** The audit log as the other domains see it: append an entry, list entries (newest first). */
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  record(entry: AuditRecord): Promise<void> {
    return this.audit.record(entry);
  }

  list(filter: AuditListFilter): Promise<{ total: number; items: AuditEntry[] }> {
    return this.audit.list(filter);
  }
}
