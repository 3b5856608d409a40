import { Alert, Button, Card, Col, Empty, Row, Space, Tag, Tree, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import type { DataNode } from 'antd/es/tree';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CompanySet, CompanyTreeNode, CompanyVariant } from '@patlas/contracts';
import { ApiError } from '../../../api/client';
import { useApiContext } from '../../../api/useApiContext';
import { formatCount } from '../../../utils/format-count';
import { fetchCompanyTree } from '../api';
import { resultPathOf } from '../useResultJump';
import { companyDashboardSearch } from './CompanySearch';
import { listPagination } from '../../../components/ui/pagination';

/**
 * A company's name variants and its imported tree on /analysis/co (docs/companies.md): each
 * variant and each node opens its patents on the result page; the subsidiaries' patents too.
 */
export function CompanyPanel({ name }: { name: string }) {
  const { t } = useTranslation('dashboards');
  const { lang, messages } = useApiContext();
  const navigate = useNavigate();
  const tree = useQuery({
    queryKey: ['business', 'tree', name, lang],
    queryFn: ({ signal }) => fetchCompanyTree(name, { lang, messages, signal }),
    staleTime: 60_000,
    retry: false,
  });
  const openSet = (set: CompanySet) => void navigate(resultPathOf({ ...set, mergeType: 0 }));
  if (tree.error instanceof ApiError && tree.error.status === 404) {
    return <Alert type="info" showIcon title={t('company.notFound')} />;
  }
  if (tree.error) return <Alert type="error" showIcon title={tree.error.message} />;
  const data = tree.data;
  if (!data) return <Card size="small" loading title={t('company.infoTitle')} />;

  const nodeTitle = (node: CompanyTreeNode, isCurrent: boolean) => (
    <span className="dash-tree-node" data-testid="company-tree-node">
      {isCurrent ? (
        <Typography.Text strong>{node.name}</Typography.Text>
      ) : (
        <Link to={companyDashboardSearch(node.name)} onClick={(e) => e.stopPropagation()}>
          {node.name}
        </Link>
      )}
      {node.share !== null && <Tag>{t('company.share', { share: node.share })}</Tag>}
      {node.relation && <Tag>{node.relation}</Tag>}
      <Button
        size="small"
        type="link"
        data-testid="company-tree-count"
        disabled={node.patents === 0}
        onClick={(e) => {
          e.stopPropagation();
          openSet(node.set);
        }}
      >
        {t('company.patents', { count: formatCount(node.patents, lang) })}
      </Button>
    </span>
  );
  const subtree = (node: CompanyTreeNode, key: string, isCurrent = false): DataNode => ({
    key,
    title: nodeTitle(node, isCurrent),
    children: node.children.map((c, i) => subtree(c, `${key}/${i}`)),
  });
  // The parent chain (root first) wraps the company's own subtree.
  let treeData: DataNode = subtree(data.root, 'company', true);
  data.parents.forEach((p, i) => {
    treeData = { key: `parent-${i}`, title: nodeTitle(p, false), children: [treeData] };
  });
  const expandAll = (n: DataNode): React.Key[] => [n.key, ...(n.children ?? []).flatMap(expandAll)];

  const variantColumns = [
    { title: t('company.variant'), dataIndex: 'name', key: 'name' },
    {
      title: t('company.count'),
      dataIndex: 'count',
      key: 'count',
      width: 110,
      align: 'right' as const,
      render: (count: number, v: CompanyVariant) => (
        <Button
          type="link"
          size="small"
          data-testid="company-variant-count"
          onClick={() =>
            openSet({
              searchExpre: `PA=("${v.name.replace(/"/g, ' ')}")`,
              filters: [...data.company.set.filters, { field: 'applicant', values: [v.name] }],
            })
          }
        >
          {formatCount(count, lang)}
        </Button>
      ),
    },
  ];
  const hasSubsidiaries = data.root.children.length > 0;

  return (
    <Card
      size="small"
      title={t('company.infoTitle')}
      data-testid="company-panel"
      extra={
        hasSubsidiaries && (
          <Button
            size="small"
            data-testid="company-with-subsidiaries"
            onClick={() => openSet(data.withSubsidiaries.set)}
          >
            {t('company.withSubsidiaries', { count: formatCount(data.withSubsidiaries.patents, lang) })}
          </Button>
        )
      }
    >
      <Row gutter={[16, 12]}>
        <Col xs={24} lg={12}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space size={[4, 4]} wrap>
              <Typography.Text type="secondary">{t('company.standardNames')}:</Typography.Text>
              {data.company.standardNames.map((n) => (
                <Tag key={n} color="blue">
                  {n}
                </Tag>
              ))}
            </Space>
            <Table
              size="small"
              rowKey="name"
              data-testid="company-variants"
              title={() => t('company.variants')}
              columns={variantColumns}
              dataSource={data.company.variants}
              pagination={data.company.variants.length > 8 ? listPagination({ pageSize: 8, size: 'small' }) : false}
              locale={{ emptyText: t('company.noVariants') }}
            />
          </Space>
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Text strong>{t('company.tree')}</Typography.Text>
          {data.inTree ? (
            <Tree
              data-testid="company-tree"
              className="dash-company-tree"
              selectable={false}
              defaultExpandedKeys={expandAll(treeData)}
              treeData={[treeData]}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('company.noTree')} />
          )}
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('company.source')}
      </Typography.Paragraph>
    </Card>
  );
}
