import { MAX_READING_MARKS } from '@patlas/contracts';
import type { Clock } from '../../kernel/clock.js';
import type { ReadMarkRepository } from './read-mark.repository.js';

/**
 * Reading marks (阅读标记, spec 2 §3/§9; docs/reading-marks.md): the detail call marks a patent read
 * for its caller; every result list shows the marks; the result page's "unread only" leaves the
 * marked patents out of the search. The newest `limit` marks per user stay.
 */
export class ReadMarkService {
  constructor(
    private readonly repository: ReadMarkRepository,
    private readonly now: Clock,
    private readonly limit: number = MAX_READING_MARKS,
  ) {}

  async record(userId: string, publicationNumber: string): Promise<void> {
    await this.repository.record(userId, publicationNumber, this.now().toISOString(), this.limit);
  }

  readAmong(userId: string, publicationNumbers: readonly string[]) {
    return this.repository.readAmong(userId, [...new Set(publicationNumbers)]);
  }

  /** The user's marked patents (the search leaves them out for "unread only"). */
  readNumbers(userId: string): Promise<string[]> {
    return this.repository.numbersOf(userId);
  }
}
