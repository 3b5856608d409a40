import { AppError } from '../../errors.js';
import type { ResolvedSet, SearchContext } from '../search/index.js';
import { locateFolder } from './library-access.js';
import type { LibraryMembersRepository } from './library-members.repository.js';
import type { LibraryRepository } from './library.repository.js';

/**
 * A library as a result set (SetResolvers.library): read from the library's tables alone, so the
 * search service is built from it before the library service, which itself searches through the
 * search service (collecting a result page, even one whose set is another library).
 */
export class LibrarySets {
  constructor(
    private readonly libraries: LibraryRepository,
    private readonly members: LibraryMembersRepository,
  ) {}

  /**
   * A folder's patents with its sub-folders', in list order (optionally those carrying a label), for the result page,
   * its facets, filters, sort, search within and analysis. The searching user must be allowed to
   * open the library; a library in the recycle bin cannot be viewed.
   */
  async resolveSet(
    source: { key: string; labelId?: string | undefined },
    context: SearchContext,
  ): Promise<ResolvedSet> {
    if (context.userId === null) throw new AppError('LIBRARY_NOT_FOUND');
    // The library service's `open`: a member reaches only an active library.
    const opened = await locateFolder(this.libraries, this.members, source.key, context.userId);
    if (opened.role === 'member' && opened.tree.stateOf(opened.root) !== 'active') {
      throw new AppError('LIBRARY_UNAVAILABLE');
    }
    if (opened.tree.stateOf(opened.folder) === 'deleted') throw new AppError('LIBRARY_UNAVAILABLE');
    if (source.labelId) {
      const label = await this.libraries.findLabel(source.labelId);
      if (!label || label.owner_id !== opened.root.owner_id) throw new AppError('LABEL_NOT_FOUND');
    }
    // A folder holds its sub-folders' patents too (each once); those in the recycle bin are left out.
    const folders = opened.tree.subtree(opened.folder).filter((f) => opened.tree.stateOf(f) !== 'deleted');
    const numbers = await this.libraries.numbersOf(
      folders.map((f) => f.id),
      source.labelId,
    );
    const size = numbers.length;
    return {
      label: opened.tree.pathOf(opened.folder),
      limit: size,
      // List order is the set's rank: the first collected first.
      ranking: numbers.map((publicationNumber, i) => ({ publicationNumber, relevance: size > 0 ? 1 - i / size : 0 })),
    };
  }
}
