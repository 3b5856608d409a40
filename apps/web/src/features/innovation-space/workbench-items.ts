import {
  DISCLOSURE_WRITING_PERMISSION,
  DUPLICATE_PERMISSION,
  MY_FILES_PERMISSION,
  PRE_EVALUATION_PERMISSION,
  REWRITE_PERMISSION,
  type PermissionRule,
} from '@patlas/contracts';
import {
  ASSISTED_WRITING_PATH,
  DISCLOSURE_LIST_PATH,
  MY_FILE_PATH,
  PATENT_APPLY_PATH,
  PRE_ASSESSMENT_PATH,
  DUPLICATE_PATH,
  patentApplyEditPath,
  assistedWritingPath,
  disclosureEditPath,
  duplicateDetailPath,
  myFilePath,
  estimateDetailsPath,
} from '../../app/paths';
import type { RequestOptions } from '../../api/client';
import { formatBytes } from '../../utils/format-bytes';
import { listDocuments, listDuplicateChecks, listFiles, listPreEvaluations, listRewrites } from './api';

/** The kinds of work the workbench shows, in the order of a drafting job. */
export const WORK_CATEGORIES = ['disclosure', 'application', 'preEvaluation', 'duplicate', 'rewrite', 'file'] as const;
export type WorkCategory = (typeof WORK_CATEGORIES)[number];

/** One piece of the user's work, whatever tool made it. */
export interface WorkItem {
  category: WorkCategory;
  id: string;
  title: string;
  /** ISO time of the last change. */
  updatedAt: string;
  /** waiting / running / done / failed for jobs; absent for documents and files. */
  state?: string;
  /** Short facts shown under the title (already formatted numbers, not translated words). */
  facts: Record<string, string | number | null>;
  /** Where the item opens. */
  openPath: string;
}

export interface WorkList {
  total: number;
  items: WorkItem[];
}

type Options = Omit<RequestOptions, 'query'>;

interface CategorySpec {
  permission: PermissionRule;
  /** The tool's own page, where every item of the kind is listed. */
  listPath: string;
  load: (pageSize: number, options: Options) => Promise<WorkList>;
}

/** Each category: who may see it, where its full list lives, how its newest items are read. */
export const CATEGORY_SPECS: Record<WorkCategory, CategorySpec> = {
  disclosure: {
    permission: DISCLOSURE_WRITING_PERMISSION,
    listPath: DISCLOSURE_LIST_PATH,
    load: async (pageSize, options) => {
      const answer = await listDocuments('disclosure', pageSize, options);
      return {
        total: answer.total,
        items: answer.items.map((item) => ({
          category: 'disclosure',
          id: item.id,
          title: item.title,
          updatedAt: item.updatedAt,
          facts: { chars: item.chars, images: item.images, version: item.version },
          openPath: disclosureEditPath(item.id),
        })),
      };
    },
  },
  application: {
    permission: DISCLOSURE_WRITING_PERMISSION,
    listPath: PATENT_APPLY_PATH,
    load: async (pageSize, options) => {
      const answer = await listDocuments('application', pageSize, options);
      return {
        total: answer.total,
        items: answer.items.map((item) => ({
          category: 'application',
          id: item.id,
          title: item.title,
          updatedAt: item.updatedAt,
          facts: { chars: item.chars, version: item.version },
          openPath: patentApplyEditPath(item.id),
        })),
      };
    },
  },
  preEvaluation: {
    permission: PRE_EVALUATION_PERMISSION,
    listPath: PRE_ASSESSMENT_PATH,
    load: async (pageSize, options) => {
      const answer = await listPreEvaluations(pageSize, options);
      return {
        total: answer.total,
        items: answer.items.map((item) => ({
          category: 'preEvaluation',
          id: item.id,
          title: item.title,
          updatedAt: item.finishedAt ?? item.createdAt,
          state: item.state,
          facts: {
            novelty: item.novelty,
            inventiveness: item.inventiveness,
            features: item.features,
            documents: item.documents,
          },
          openPath: estimateDetailsPath(item.id),
        })),
      };
    },
  },
  duplicate: {
    permission: DUPLICATE_PERMISSION,
    listPath: DUPLICATE_PATH,
    load: async (pageSize, options) => {
      const answer = await listDuplicateChecks(pageSize, options);
      return {
        total: answer.total,
        items: answer.items.map((item) => ({
          category: 'duplicate',
          id: item.id,
          title: item.title,
          updatedAt: item.finishedAt ?? item.createdAt,
          state: item.state,
          facts: {
            similarity: item.similarity === null ? null : `${Math.round(item.similarity * 100)}%`,
            patents: item.patents,
            chars: item.chars,
          },
          openPath: duplicateDetailPath(item.id),
        })),
      };
    },
  },
  rewrite: {
    permission: REWRITE_PERMISSION,
    listPath: ASSISTED_WRITING_PATH,
    load: async (pageSize, options) => {
      const answer = await listRewrites(pageSize, options);
      return {
        total: answer.total,
        items: answer.items.map((item) => ({
          category: 'rewrite',
          id: item.id,
          title: item.title,
          updatedAt: item.finishedAt ?? item.createdAt,
          state: item.state,
          facts: { chars: item.chars, resultChars: item.resultChars },
          openPath: assistedWritingPath(item.id),
        })),
      };
    },
  },
  file: {
    permission: MY_FILES_PERMISSION,
    listPath: MY_FILE_PATH,
    load: async (pageSize, options) => {
      const answer = await listFiles(pageSize, options);
      return {
        total: answer.total,
        items: answer.items.map((item) => ({
          category: 'file',
          id: item.fileId,
          title: item.fileName,
          updatedAt: item.updatedAt,
          facts: { type: item.type, size: formatBytes(item.size) },
          openPath: myFilePath(item.fileName),
        })),
      };
    },
  },
};
