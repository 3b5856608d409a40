import { Button, Card, Descriptions, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClassificationNode } from '@patlas/contracts';
import { searchResultPath } from '../../app/paths';
import { symbolExpression, type Scheme } from './paths';

/** A tree node: its symbol, title (marked when only in English) and patent count. */
export function NodeTitle({ node, scheme }: { node: ClassificationNode; scheme: Scheme }) {
  const { t, i18n } = useTranslation('classification');
  // The other language stands in: English for a zh reader, Chinese (IPC's newest groups) for an en one.
  const fallback = i18n.language.startsWith('en') ? t('chineseOnly') : t('englishOnly');
  return (
    <span className="classification-node">
      <Typography.Text strong className="classification-symbol">
        {node.symbol}
      </Typography.Text>
      <Tooltip title={node.titleInLanguage ? undefined : fallback}>
        <span className={node.titleInLanguage ? 'classification-title' : 'classification-title fallback'}>
          {node.title}
        </span>
      </Tooltip>
      <CountLink node={node} scheme={scheme} />
    </span>
  );
}

/** The node's patent count; a link to the result page of `IPC=<code>` when there are any. */
export function CountLink({ node, scheme }: { node: ClassificationNode; scheme: Scheme }) {
  const { t } = useTranslation('classification');
  const expression = symbolExpression(scheme, node.code);
  if (node.count === 0) return <Tag className="classification-count">0</Tag>;
  return (
    <Tooltip title={t('countTooltip', { expression })}>
      <Link to={searchResultPath(expression)} onClick={(e) => e.stopPropagation()} data-testid={`count-${node.code}`}>
        <Tag color="blue" className="classification-count">
          {t('count', { count: node.count })}
        </Tag>
      </Link>
    </Tooltip>
  );
}

/** The chosen node: its level, path and count, and a search of its patents. */
export function SelectedCard({
  node,
  path,
  scheme,
}: {
  node: ClassificationNode | undefined;
  path: ClassificationNode[] | undefined;
  scheme: Scheme;
}) {
  const { t } = useTranslation('classification');
  if (!node) {
    return (
      <Card size="small" title={t('selected')}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSelection')} />
      </Card>
    );
  }
  const expression = symbolExpression(scheme, node.code);
  const level =
    node.depth <= 3 ? t(`level.${node.depth as 0 | 1 | 2 | 3}`) : t('level.subDots', { dots: node.depth - 3 });
  return (
    <Card size="small" title={t('selected')} className="classification-selected">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={level}>
          <Space size={8} align="baseline">
            <Typography.Text strong className="classification-symbol">
              {node.symbol}
            </Typography.Text>
            <span>{node.title}</span>
          </Space>
        </Descriptions.Item>
        {path && path.length > 1 && (
          <Descriptions.Item label={t('path')}>{path.map((n) => n.symbol).join(' › ')}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('patents')}>
          <span data-testid="selected-count">{node.count}</span>
        </Descriptions.Item>
      </Descriptions>
      {node.count > 0 ? (
        <Link to={searchResultPath(expression)}>
          <Button type="primary" icon={<SearchOutlined />}>
            {t('searchNode', { expression })}
          </Button>
        </Link>
      ) : (
        <Typography.Text type="secondary">{t('searchNodeEmpty', { expression })}</Typography.Text>
      )}
    </Card>
  );
}
