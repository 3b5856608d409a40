import { useState } from 'react';
import { App, Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIBRARY_EXPORT_FORMATS, type LibraryExportFormat } from '@patlas/contracts';
import { useFileOptions } from '../../../export-actions/queries';
import { saveFile } from '../../../utils/save-file';
import { exportLibrary } from '../api';

/**
 * Exports the folder with its sub-folders (`/archive/v2/export`): one row per patent of each
 * folder, with the folder's path, the record's fields, its labels and when it was collected.
 */
export function ExportLibraryButton({ folderId }: { folderId: string }) {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const fileOptions = useFileOptions();
  const [busy, setBusy] = useState<LibraryExportFormat>();

  const run = async (format: LibraryExportFormat) => {
    setBusy(format);
    try {
      const file = await exportLibrary(folderId, format, await fileOptions());
      saveFile(file.fileName, file.blob);
      void message.success(t('export.done', { name: file.fileName }));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: LIBRARY_EXPORT_FORMATS.map((format) => ({ key: format, label: t(`export.${format}`) })),
        onClick: ({ key }) => void run(key as LibraryExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy !== undefined} data-testid="export-library">
        {t('export.button')}
      </Button>
    </Dropdown>
  );
}
