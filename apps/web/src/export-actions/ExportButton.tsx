import { useState } from 'react';
import { App, Button } from 'antd';
import { Dropdown } from '../components/ui/overlays';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CITATION_EXPORT_FORMATS, type ExportFormat } from '@patlas/contracts';
import { DOWNLOADS_PERMISSION } from '../app/paths';
import { usePermission } from '../session/useSession';
import { resultSetQueryOf, type ResultUrlState } from '../search-state/search-url-state';
import { saveFile } from '../utils/save-file';
import { ExportDialog } from './lazy-export-dialog';
import { useExportCitations } from './queries';
import type { ExportSource } from './export-model';

interface ExportResultsButtonProps {
  state: ResultUrlState;
  /** The selected publication numbers (kept across pages). */
  selected: readonly string[];
  /** The whole result set is selected (issue 43): the selection is exported by the search. */
  allSelected?: boolean;
  /** Hits of the whole set; undefined while loading. */
  total: number | undefined;
  /** What the task is called on the download page: the expression, else the set's name. */
  title: string;
}

/** The result page's 导出: the page, the selection, the first N or a range, in the export dialog. */
export function ExportResultsButton({ state, selected, allSelected = false, total, title }: ExportResultsButtonProps) {
  const { t } = useTranslation('export');
  const canExport = usePermission(DOWNLOADS_PERMISSION);
  const [source, setSource] = useState<ExportSource>();
  if (!canExport) return null;
  const hasTotal = total !== undefined && total > 0;
  return (
    <>
      <Button
        size="small"
        icon={<ExportOutlined />}
        disabled={!hasTotal}
        onClick={() =>
          hasTotal &&
          setSource({
            kind: 'results',
            query: resultSetQueryOf(state),
            page: state.page,
            pageSize: state.pageSize,
            total,
            selected: [...selected],
            allSelected,
            title,
          })
        }
        onMouseEnter={ExportDialog.preload}
        onFocus={ExportDialog.preload}
        data-testid="export-button"
      >
        {t('button.results')}
      </Button>
      <ExportDialog source={source} onClose={() => setSource(undefined)} allowCitations />
    </>
  );
}

/**
 * 导出引证 of one patent (the detail page's citations tab): its citations in both directions as
 * Excel or CSV, downloaded at once (/export/adduceInfo).
 */
export function ExportCitationsButton({ publicationNumber, title }: { publicationNumber: string; title: string }) {
  const { t } = useTranslation('export');
  const { message } = App.useApp();
  const canExport = usePermission(DOWNLOADS_PERMISSION);
  const run = useExportCitations();
  if (!canExport) return null;
  const handleExport = async (format: 'xlsx' | 'csv') => {
    try {
      const result = await run.mutateAsync({
        target: { kind: 'patents', publicationNumbers: [publicationNumber] },
        format,
        filename: `${publicationNumber}-citations`,
        title: title.slice(0, 500),
      });
      if (result.kind === 'task') {
        void message.success(t('citations.taskCreated'));
        return;
      }
      saveFile(result.file.fileName, result.file.blob);
      void message.success(t('citations.downloaded', { fileName: result.file.fileName }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <Dropdown
      menu={{
        items: CITATION_EXPORT_FORMATS.map((format) => ({ key: format, label: t(`format.${format}`) })),
        onClick: ({ key }) => void handleExport(key as 'xlsx' | 'csv'),
      }}
    >
      <Button size="small" icon={<ExportOutlined />} loading={run.isPending} data-testid="export-citations-button">
        {t('citations.button')}
      </Button>
    </Dropdown>
  );
}

/** Word and PDF write a patent as a document (spec 2 §7 /export/docx, /download/pdf). */
const DOCUMENT_FORMATS: readonly ExportFormat[] = ['docx', 'pdf'];

/** 导出 of one patent (the detail page) as Word or PDF. */
export function ExportPatentButton({ publicationNumber, title }: { publicationNumber: string; title: string }) {
  const { t } = useTranslation('export');
  const canExport = usePermission(DOWNLOADS_PERMISSION);
  const [source, setSource] = useState<ExportSource>();
  if (!canExport) return null;
  return (
    <>
      <Button
        size="small"
        icon={<ExportOutlined />}
        onClick={() => setSource({ kind: 'patents', publicationNumbers: [publicationNumber], title })}
        onMouseEnter={ExportDialog.preload}
        onFocus={ExportDialog.preload}
        data-testid="export-patent-button"
      >
        {t('button.patent')}
      </Button>
      <ExportDialog source={source} onClose={() => setSource(undefined)} formats={DOCUMENT_FORMATS} />
    </>
  );
}
