import { useState } from 'react';
import { App, Button, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RECORD_TYPES, type ImportReport } from '@patlas/contracts';
import { saveFile } from '../../../utils/save-file';
import type { DownloadedFile, FileOptions } from '../api';
import { historyKeys } from '../../../history-recording/queries';
import { useFileOptions } from '../queries';
import { useOperationRecording } from '../../../history-recording/useOperationRecording';

interface ExportButtonProps {
  label: string;
  run: (options: FileOptions) => Promise<DownloadedFile>;
}

export function ExportButton({ label, run }: ExportButtonProps) {
  const { t } = useTranslation('history');
  const { message } = App.useApp();
  const fileOptions = useFileOptions();
  const [isBusy, setIsBusy] = useState(false);
  const location = useLocation();
  const recordOperation = useOperationRecording();
  const handleClick = async () => {
    setIsBusy(true);
    try {
      const file = await run(await fileOptions());
      saveFile(file.fileName, file.blob);
      // An export (recordType 3): reopening it shows the list it was made from.
      recordOperation({
        recordType: RECORD_TYPES.export,
        title: file.fileName,
        router: `${location.pathname}${location.search}`,
        data: { fileName: file.fileName },
        eventName: 'export',
      });
      void message.success(t('messages.exported', { fileName: file.fileName }));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={isBusy} onClick={() => void handleClick()}>
      {label}
    </Button>
  );
}

interface ImportButtonProps {
  run: (file: File, options: FileOptions) => Promise<ImportReport>;
}

/** Imports a file written by the export; the report names every row left out by its line. */
export function ImportButton({ run }: ImportButtonProps) {
  const { t } = useTranslation('history');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const fileOptions = useFileOptions();
  const [isBusy, setIsBusy] = useState(false);

  const handleFile = async (file: File) => {
    setIsBusy(true);
    try {
      const report = await run(file, await fileOptions());
      await queryClient.invalidateQueries({ queryKey: historyKeys.all });
      modal.info({
        title: t('import.title'),
        content: (
          <div className="history-import-report">
            <Typography.Paragraph data-testid="import-imported">
              {t('import.imported', { count: report.imported })}
            </Typography.Paragraph>
            {report.errors.length > 0 && (
              <>
                <Typography.Paragraph>{t('import.errors')}</Typography.Paragraph>
                <ul className="history-import-errors">
                  {report.errors.map((e) => (
                    <li key={`${e.line}:${e.message}`}>{t('import.line', { line: e.line, message: e.message })}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        ),
      });
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Upload
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        void handleFile(file);
        // The upload is ours (fetch with the token), not antd's.
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={isBusy} title={t('import.accept')}>
        {t('buttons.import')}
      </Button>
    </Upload>
  );
}
