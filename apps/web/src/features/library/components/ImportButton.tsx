import { useState } from 'react';
import { App, Button, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiContext } from '../../../api/useApiContext';
import { listFolders } from '../../../library-actions/api';
import { libraryKeys } from '../../../library-actions/queries';
import { isTokenExpired } from '../../../session/session';
import { useSessionStore } from '../../../session/useSession';
import { importIntoFolder } from '../api';

/** Spec 2 §5 "Upload limit 5MB" (the server decides). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * Imports publication numbers from a .txt or .xlsx file into the folder (issue 17): numbers in
 * any written form, separated by commas, spaces, semicolons or line breaks; the report lists the
 * lines that were not found.
 */
export function ImportButton({ folderId, disabled }: { folderId: string; disabled?: boolean }) {
  const { t } = useTranslation('library');
  const { message, modal } = App.useApp();
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const [isBusy, setBusy] = useState(false);

  const handleFile = async (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      void message.error(t('import.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      // An expired token is renewed by one ordinary call first (the client's shared refresh).
      const session = store.getSnapshot().session;
      if (session && isTokenExpired(session, store.now()))
        await listFolders('current', { lang, messages }).catch(() => undefined);
      const report = await importIntoFolder(folderId, file, {
        lang,
        messages,
        token: store.getSnapshot().session?.token,
      });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['search', 'results'] });
      modal.info({
        title: t('import.title'),
        width: 560,
        content: (
          <div data-testid="import-report">
            <Typography.Paragraph>
              {t('import.summary', { read: report.read, added: report.added, skipped: report.skipped })}
            </Typography.Paragraph>
            {report.labelsCreated > 0 && (
              <Typography.Paragraph>{t('import.labels', { count: report.labelsCreated })}</Typography.Paragraph>
            )}
            {report.notFound.length > 0 && (
              <>
                <Typography.Paragraph type="warning">
                  {t('import.notFound', { count: report.notFound.length + (report.notFoundOmitted ?? 0) })}
                </Typography.Paragraph>
                <ul className="library-import-lines">
                  {report.notFound.map((line) => (
                    <li key={`${line.line}:${line.value}`}>
                      {t('import.line', { line: line.line, value: line.value, message: line.message })}
                    </li>
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
      setBusy(false);
    }
  };

  return (
    <Upload
      accept=".txt,.xlsx,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      showUploadList={false}
      maxCount={1}
      disabled={disabled}
      beforeUpload={(file) => {
        void handleFile(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={isBusy} disabled={disabled} title={t('import.accept')}>
        {t('import.button')}
      </Button>
    </Upload>
  );
}
