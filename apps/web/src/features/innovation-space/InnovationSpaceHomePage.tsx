import { Alert, Card, Col, Empty, Flex, List, Progress, Row, Spin, Statistic, Tag, Typography } from 'antd';
import {
  AuditOutlined,
  CopyOutlined,
  EditOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  HighlightOutlined,
  ProfileOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ACTIVE_QUOTA_KINDS,
  DISCLOSURE_WRITING_PERMISSION,
  DUPLICATE_PERMISSION,
  MY_FILES_PERMISSION,
  NOVELTY_SEARCH_PERMISSION,
  PRE_EVALUATION_PERMISSION,
  REWRITE_PERMISSION,
  hasPermission,
  type PermissionRule,
} from '@patlas/contracts';
import {
  ASSISTED_WRITING_PATH,
  DISCLOSURE_ADD_PATH,
  DUPLICATE_PATH,
  MY_FILE_PATH,
  NOVELTY_SEARCH_PATH,
  PATENT_APPLY_PATH,
  PRE_ASSESSMENT_PATH,
  WORKSPACE_PATH,
} from '../../app/paths';
import { useServerFeatures } from '../../api/server-features';
import { useSession } from '../../session/useSession';
import { formatDateTime } from '../../utils/format-date';
import { useRewriteDayLimit, useUserLimit, useWorkLists, type CategoryList } from './queries';
import { StateTag } from './WorkItemDetails';
import { CATEGORY_SPECS } from './workbench-items';
import './innovation-space.css';

/** Newest items of each kind on the home page. */
export const HOME_RECENT_ITEMS = 5;

type ToolKey =
  'disclosure' | 'application' | 'novelty' | 'preEvaluation' | 'duplicate' | 'rewrite' | 'files' | 'workspace';

interface Tool {
  key: ToolKey;
  path: string;
  permission?: PermissionRule;
  icon: ReactNode;
}

/** The drafting tools, in the order of a job: write, search, evaluate, check, rewrite, keep. */
const TOOLS: readonly Tool[] = [
  { key: 'disclosure', path: DISCLOSURE_ADD_PATH, permission: DISCLOSURE_WRITING_PERMISSION, icon: <EditOutlined /> },
  {
    key: 'application',
    path: PATENT_APPLY_PATH,
    permission: DISCLOSURE_WRITING_PERMISSION,
    icon: <FileTextOutlined />,
  },
  { key: 'novelty', path: NOVELTY_SEARCH_PATH, permission: NOVELTY_SEARCH_PERMISSION, icon: <FileSearchOutlined /> },
  { key: 'preEvaluation', path: PRE_ASSESSMENT_PATH, permission: PRE_EVALUATION_PERMISSION, icon: <AuditOutlined /> },
  { key: 'duplicate', path: DUPLICATE_PATH, permission: DUPLICATE_PERMISSION, icon: <CopyOutlined /> },
  { key: 'rewrite', path: ASSISTED_WRITING_PATH, permission: REWRITE_PERMISSION, icon: <HighlightOutlined /> },
  { key: 'files', path: MY_FILE_PATH, permission: MY_FILES_PERMISSION, icon: <FolderOpenOutlined /> },
  { key: 'workspace', path: WORKSPACE_PATH, icon: <ProfileOutlined /> },
];

/**
 * The innovation space's home (/innovationSpace, spec 2 §2; /innovationSpaceHome leads here): the
 * drafting tools the user may open, what is left of their quotas today, and their newest
 * disclosures, drafts, checks and pre-evaluations.
 */
export function InnovationSpaceHomePage() {
  const { t } = useTranslation('innovationSpace');
  const menu = useSession().session?.menu ?? [];
  const tools = TOOLS.filter((tool) => tool.permission === undefined || hasPermission(menu, tool.permission));
  const lists = useWorkLists(HOME_RECENT_ITEMS);
  const { rewrite: rewriteConfigured } = useServerFeatures();

  return (
    <Flex vertical gap={16} className="innovation-home">
      <div>
        <Typography.Title level={4} className="innovation-home-title">
          {t('home.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('home.intro')}</Typography.Text>
      </div>
      <Row gutter={[12, 12]} data-testid="innovation-tools">
        {tools.map((tool) => (
          <Col key={tool.key} xs={12} md={8} xl={6}>
            <Link to={tool.path} className="innovation-tool">
              <Card hoverable size="small">
                <Flex gap={12} align="center">
                  <span className="innovation-tool-icon">{tool.icon}</span>
                  <Flex vertical>
                    <Typography.Text strong>
                      {t(`tools.${tool.key}.name`)}
                      {tool.key === 'rewrite' && !rewriteConfigured && (
                        <Tag className="innovation-tool-off">{t('home.notSetUp')}</Tag>
                      )}
                    </Typography.Text>
                    <Typography.Text type="secondary" className="innovation-tool-text">
                      {t(`tools.${tool.key}.text`)}
                    </Typography.Text>
                  </Flex>
                </Flex>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <QuotaCard rewriteAllowed={hasPermission(menu, REWRITE_PERMISSION) && rewriteConfigured} />
      <Row gutter={[12, 12]}>
        {lists.map((entry) => (
          <Col key={entry.category} xs={24} lg={12}>
            <RecentCard entry={entry} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}

function QuotaCard({ rewriteAllowed }: { rewriteAllowed: boolean }) {
  const { t } = useTranslation('innovationSpace');
  const limits = useUserLimit();
  const rewrite = useRewriteDayLimit(rewriteAllowed);
  const quotas = ACTIVE_QUOTA_KINDS.flatMap((kind) => {
    const quota = limits.data?.[kind];
    return quota ? [{ kind, ...quota }] : [];
  });
  return (
    <Card size="small" title={t('home.quotas')} data-testid="innovation-quotas">
      {limits.isLoading ? (
        <Spin />
      ) : limits.error ? (
        <Alert type="error" showIcon message={limits.error.message} />
      ) : (
        <Row gutter={[24, 12]}>
          {quotas.map((quota) => (
            <Col key={quota.kind} xs={12} md={6}>
              <Statistic
                title={t(`quota.${quota.kind}`, { defaultValue: quota.kind })}
                value={quota.limit === null ? t('home.unlimited') : Math.max(0, quota.limit - quota.used)}
                suffix={quota.limit === null ? undefined : `/ ${quota.limit}`}
              />
            </Col>
          ))}
          {rewriteAllowed && rewrite.data && (
            <Col xs={12} md={6}>
              <Statistic title={t('home.rewriteToday')} value={rewrite.data.left} suffix={`/ ${rewrite.data.limit}`} />
              <Progress
                percent={Math.round((rewrite.data.used / Math.max(1, rewrite.data.limit)) * 100)}
                showInfo={false}
                size="small"
              />
            </Col>
          )}
          {quotas.length === 0 && !(rewriteAllowed && rewrite.data) && (
            <Col span={24}>
              <Typography.Text type="secondary">{t('home.noQuotas')}</Typography.Text>
            </Col>
          )}
        </Row>
      )}
    </Card>
  );
}

function RecentCard({ entry }: { entry: CategoryList }) {
  const { t } = useTranslation('innovationSpace');
  const spec = CATEGORY_SPECS[entry.category];
  return (
    <Card
      size="small"
      title={t(`recent.${entry.category}`)}
      extra={<Link to={spec.listPath}>{t('home.viewAll')}</Link>}
      data-testid={`innovation-recent-${entry.category}`}
    >
      {entry.isLoading ? (
        <Spin />
      ) : entry.error ? (
        <Alert type="error" showIcon message={entry.error.message} />
      ) : (entry.list?.items.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.none')} />
      ) : (
        <List
          size="small"
          dataSource={entry.list?.items ?? []}
          renderItem={(item) => (
            <List.Item extra={<StateTag state={item.state} />}>
              <Flex vertical className="innovation-recent-text">
                <Link to={item.openPath}>{item.title || t('untitled')}</Link>
                <Typography.Text type="secondary" className="innovation-recent-time">
                  {formatDateTime(item.updatedAt)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
