import { useState } from 'react';
import { App, Button, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Report } from '@patlas/contracts';
import { REPORT_HISTORY_PATH, REPORTS_PERMISSION } from '../app/paths';
import { usePermission } from '../session/useSession';
import { ReportDialog } from './lazy-report-dialog';
import type { ReportPreset } from './report-model';

/** After a report is created: a message with the way to the report list. */
function useCreatedNotice() {
  const { t } = useTranslation('report');
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (report: Report) => {
    void message.success({
      content: (
        <span data-testid="report-created">
          {t('dialog.created', { title: report.title })}{' '}
          <Typography.Link onClick={() => void navigate(REPORT_HISTORY_PATH)} data-testid="report-open-list">
            {t('dialog.openList')}
          </Typography.Link>
        </span>
      ),
      duration: 8,
    });
  };
}

/**
 * 报告 / Report (spec 2 §1 "generate smart reports"): opens the report dialog on the page's set (a
 * result page, a library folder, a company or university dashboard). Hidden without /reportCenter.
 */
export function ReportButton({
  preset,
  size,
  disabled,
}: {
  /** The set as the page shows it now (read when the button is clicked). */
  preset: () => ReportPreset;
  size?: 'small' | 'middle';
  disabled?: boolean;
}) {
  const { t } = useTranslation('report');
  const canReport = usePermission(REPORTS_PERMISSION);
  const notice = useCreatedNotice();
  const [opening, setOpening] = useState<ReportPreset>();
  if (!canReport) return null;
  return (
    <>
      <Button
        size={size}
        icon={<FileTextOutlined />}
        disabled={disabled}
        onClick={() => setOpening(preset())}
        onMouseEnter={ReportDialog.preload}
        onFocus={ReportDialog.preload}
        data-testid="report-button"
      >
        {t('button')}
      </Button>
      <ReportDialog preset={opening} onClose={() => setOpening(undefined)} onCreated={notice} />
    </>
  );
}
