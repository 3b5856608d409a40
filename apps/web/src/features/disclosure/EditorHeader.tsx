import { Alert, Button, Flex, Popconfirm, Space, Typography } from 'antd';
import { DeleteOutlined, FileWordOutlined, HistoryOutlined, SaveOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DisclosureKind } from '@patlas/contracts';
import { usePermission } from '../../session/useSession';
import { SaveStatus } from './SaveStatus';
import type { AutosaveState } from './useAutosave';

/** Other tools' pages (spec 2 §2), built elsewhere: linked with the document's id. */
const NOVELTY_SEARCH_PERMISSION = '/disclosureNoveltySearch';
const PRE_ASSESSMENT_PERMISSION = '/preAssessment';
const noveltySearchPath = (id: string) =>
  `/innovationSpace/disclosureNoveltySearch?disclosureId=${encodeURIComponent(id)}`;
const preAssessmentPath = (id: string) => `/innovationSpace/preAssessment?documentId=${encodeURIComponent(id)}`;

interface EditorHeaderProps {
  kind: DisclosureKind;
  /** Undefined until the first save created the document. */
  documentId: string | undefined;
  title: string;
  saveState: AutosaveState;
  isExporting: boolean;
  onRetrySave: () => void;
  onSaveVersion: () => void;
  onOpenVersions: () => void;
  onExport: () => void;
  onDelete: () => void;
}

/** The editor's heading: the kind, the save status and the document's actions. */
export function EditorHeader({
  kind,
  documentId,
  title,
  saveState,
  isExporting,
  onRetrySave,
  onSaveVersion,
  onOpenVersions,
  onExport,
  onDelete,
}: EditorHeaderProps) {
  const { t } = useTranslation('disclosure');
  const canNoveltySearch = usePermission(NOVELTY_SEARCH_PERMISSION);
  const canPreAssess = usePermission(PRE_ASSESSMENT_PERMISSION);
  return (
    <Flex className="disclosure-header" justify="space-between" align="center" wrap gap={8}>
      <Space size={8} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t(`kinds.${kind}`)}
        </Typography.Title>
        <SaveStatus state={saveState} onRetry={onRetrySave} />
      </Space>
      <Space wrap>
        {documentId && kind === 'disclosure' && canNoveltySearch && (
          <Link to={noveltySearchPath(documentId)}>
            <Button icon={<SearchOutlined />} data-testid="disclosure-novelty">
              {t('actions.novelty')}
            </Button>
          </Link>
        )}
        {documentId && kind === 'application' && canPreAssess && (
          <Link to={preAssessmentPath(documentId)}>
            <Button data-testid="disclosure-pre-assess">{t('actions.preAssess')}</Button>
          </Link>
        )}
        <Button icon={<SaveOutlined />} onClick={onSaveVersion} data-testid="disclosure-save-version">
          {t('save.saveVersion')}
        </Button>
        <Button
          icon={<HistoryOutlined />}
          disabled={!documentId}
          onClick={onOpenVersions}
          data-testid="disclosure-versions-open"
        >
          {t('versions.open')}
        </Button>
        <Button icon={<FileWordOutlined />} loading={isExporting} onClick={onExport} data-testid="disclosure-export">
          {t('actions.export')}
        </Button>
        <Popconfirm
          title={t('actions.delete')}
          description={t('actions.deleteConfirm', { title })}
          onConfirm={onDelete}
          disabled={!documentId}
        >
          <Button danger icon={<DeleteOutlined />} disabled={!documentId} data-testid="disclosure-delete">
            {t('actions.delete')}
          </Button>
        </Popconfirm>
      </Space>
    </Flex>
  );
}

interface ConflictAlertProps {
  error: Error | null;
  onReload: () => void;
  onSaveAsNew: () => void;
}

/** The document moved on elsewhere: reload it, or keep this text as a new document. */
export function ConflictAlert({ error, onReload, onSaveAsNew }: ConflictAlertProps) {
  const { t } = useTranslation('disclosure');
  return (
    <Alert
      type="error"
      showIcon
      className="disclosure-conflict"
      data-testid="disclosure-conflict"
      message={t('save.conflict')}
      description={error?.message}
      action={
        <Space direction="vertical">
          <Button size="small" onClick={onReload}>
            {t('save.reload')}
          </Button>
          <Button size="small" type="primary" onClick={onSaveAsNew}>
            {t('save.saveAsNew')}
          </Button>
        </Space>
      }
    />
  );
}
