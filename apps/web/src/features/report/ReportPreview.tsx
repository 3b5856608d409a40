import { useEffect, useState } from 'react';
import { Alert, Drawer, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFileOptions } from '../../export-actions/queries';
import { fetchReportFile } from './api';
import { useReport } from './queries';
import { ReportStateTag } from './ReportParts';

/**
 * One report's preview (/innovationSpace/report?id=…): the PDF as the server wrote it, inline in an
 * iframe (fetched with the bearer token, shown from a blob URL), and each section's sentence.
 * An expired or deleted report shows the spec 2 §8 message the server answers.
 */
export function ReportPreview({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation('report');
  const report = useReport(id);
  const fileOptions = useFileOptions();
  const [pdf, setPdf] = useState<{ id: string; url: string }>();
  const [fileError, setFileError] = useState<string>();
  const isDone = report.data?.state === 'done';

  useEffect(() => {
    if (!id || !isDone || !report.data) return;
    let url: string | undefined;
    let isCurrent = true;
    const title = report.data.title;
    void (async () => {
      try {
        const file = await fetchReportFile({ id, title }, 'pdf', await fileOptions(), true);
        if (!isCurrent) return;
        url = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
        setPdf({ id, url });
        setFileError(undefined);
      } catch (error) {
        if (isCurrent) setFileError((error as Error).message);
      }
    })();
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, isDone, report.data, fileOptions]);

  const title = report.data?.title ?? '';
  const error = report.error?.message ?? fileError;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width="min(1100px, 92vw)"
      title={t('preview.title', { title })}
      extra={report.data && <ReportStateTag report={report.data} />}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="report-preview">
        {error && <Alert type="error" showIcon title={error} data-testid="report-preview-error" />}
        {report.isPending && (
          <Typography.Text type="secondary">
            <Spin size="small" /> {t('preview.loading')}
          </Typography.Text>
        )}
        {report.data?.state === 'failed' && report.data.error && (
          <Alert type="error" showIcon title={report.data.error} />
        )}
        {isDone && !error && pdf && pdf.id === id && (
          <Typography.Link href={pdf.url} target="_blank" rel="noreferrer" data-testid="report-preview-new-tab">
            {t('preview.newTab')}
          </Typography.Link>
        )}
        {isDone && !error && pdf && pdf.id === id && (
          <iframe
            title={title}
            src={pdf.url}
            style={{ width: '100%', height: '70vh', border: '1px solid #f0f0f0' }}
            data-testid="report-preview-pdf"
          />
        )}
        {isDone && !error && pdf?.id !== id && (
          <Typography.Text type="secondary">
            <Spin size="small" /> {t('preview.loading')}
          </Typography.Text>
        )}
        {report.data?.summary && report.data.summary.length > 0 && (
          <div>
            <Typography.Title level={5}>{t('preview.sentences')}</Typography.Title>
            {report.data.summary.map((section) => (
              <Typography.Paragraph key={section.id}>
                <Typography.Text strong>{section.heading}</Typography.Text>
                {i18n.language === 'en' ? ': ' : '：'}
                {section.sentence}
              </Typography.Paragraph>
            ))}
          </div>
        )}
      </Flex>
    </Drawer>
  );
}
