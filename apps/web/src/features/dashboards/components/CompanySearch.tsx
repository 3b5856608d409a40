import { Alert, Button, Card, Empty, Input, List, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Company } from '@patlas/contracts';
import { useApiContext } from '../../../api/useApiContext';
import { formatCount } from '../../../utils/format-count';
import { fetchCompanies } from '../api';
import { resultPathOf } from '../useResultJump';

/** The /analysis/co URL of a standardised company. */
export function companyDashboardSearch(name: string): string {
  return `?${new URLSearchParams({ name, std: '1' }).toString()}`;
}

interface CompanySearchProps {
  /** The keyword in the URL (`?q=`), so a search is a deep link. */
  keyword: string;
  onSearch: (keyword: string) => void;
}

/** Companies by name (spec 2 §7 /business/search/business): standardised names, variants, patents, tree. */
export function CompanySearch({ keyword, onSearch }: CompanySearchProps) {
  const { t } = useTranslation('dashboards');
  const { lang, messages } = useApiContext();
  const navigate = useNavigate();
  const companies = useQuery({
    queryKey: ['business', 'search', keyword, lang],
    queryFn: ({ signal }) => fetchCompanies(keyword, { lang, messages, signal }),
    enabled: keyword.length > 0,
    staleTime: 60_000,
    retry: false,
  });
  const items = companies.data?.companies ?? [];
  const renderItem = (c: Company) => (
    <List.Item
      data-testid="company-item"
      actions={[
        <Button
          key="patents"
          type="link"
          data-testid="company-patents"
          onClick={() => void navigate(resultPathOf({ ...c.set, mergeType: 0 }))}
        >
          {t('company.patents', { count: formatCount(c.patents, lang) })}
        </Button>,
        <Link key="open" to={companyDashboardSearch(c.name)} data-testid="company-open">
          {t('company.open')}
        </Link>,
      ]}
    >
      <List.Item.Meta
        title={
          <Link to={companyDashboardSearch(c.name)} data-testid="company-name">
            {c.name}
          </Link>
        }
        description={
          <Space size={[4, 4]} wrap>
            <Typography.Text type="secondary">
              {t('company.variantsCount', { count: c.variants.length })}
            </Typography.Text>
            {c.variants.slice(0, 4).map((v) => (
              <Tag key={v.name}>{v.name}</Tag>
            ))}
            {c.tree?.parent && <Tag color="blue">{t('company.parent', { name: c.tree.parent })}</Tag>}
            {c.tree && c.tree.subsidiaries > 0 && (
              <Tag color="blue">{t('company.subsidiaries', { count: c.tree.subsidiaries })}</Tag>
            )}
          </Space>
        }
      />
    </List.Item>
  );
  return (
    <Card size="small" title={t('company.searchTitle')} data-testid="company-search">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          data-testid="company-search-input"
          placeholder={t('company.searchPlaceholder')}
          defaultValue={keyword}
          key={keyword}
          enterButton={t('company.search')}
          loading={companies.isFetching}
          onSearch={(value) => onSearch(value.trim())}
        />
        {companies.error && <Alert type="error" showIcon title={companies.error.message} />}
        {companies.data &&
          (items.length === 0 ? (
            <Empty description={t('company.noCompanies', { keyword })} />
          ) : (
            <List size="small" dataSource={items} renderItem={renderItem} />
          ))}
      </Space>
    </Card>
  );
}
