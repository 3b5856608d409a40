import { Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardSubject, TechnologyField } from '@patlas/contracts';
import { useApiContext } from '../../../api/useApiContext';
import { patentDetailPath } from '../../../app/paths';
import { fetchDashboardAwards } from '../api';
import { resultPathOf } from '../useResultJump';

/**
 * The awarded patents of a university or company (docs/awards.md): how many, per award, and the
 * newest of them with their awards; the count opens the result page of them all.
 */
export function AwardsCard({
  kind,
  subject,
  field,
}: {
  kind: 'cu' | 'co';
  subject: DashboardSubject;
  field: TechnologyField | undefined;
}) {
  const { t } = useTranslation('dashboards');
  const { lang, messages } = useApiContext();
  const awards = useQuery({
    queryKey: ['dashboards', 'awards', kind, subject, field, lang],
    queryFn: ({ signal }) =>
      fetchDashboardAwards(kind, { subject, ...(field ? { field } : {}) }, { lang, messages, signal }),
    staleTime: 60_000,
    retry: false,
  });
  const data = awards.data;
  return (
    <Card
      size="small"
      data-testid="dashboard-awards"
      title={
        data ? (
          data.total > 0 ? (
            <Link to={resultPathOf({ searchExpre: data.searchExpre, filters: data.filters, mergeType: 0 })}>
              {t('awards.title', { count: data.total })}
            </Link>
          ) : (
            t('awards.title', { count: 0 })
          )
        ) : (
          t('awards.heading')
        )
      }
    >
      {awards.isPending && <Skeleton active />}
      {awards.isError && <Typography.Text type="warning">{awards.error.message}</Typography.Text>}
      {data && data.total === 0 && <Empty description={t('awards.none')} />}
      {data && data.total > 0 && (
        <Flex vertical gap={8}>
          <Flex gap={4} wrap>
            {data.byAward.map((a) => (
              <Tag key={a.award} color="gold">
                {t('awards.perAward', { award: a.award, count: a.count })}
              </Tag>
            ))}
          </Flex>
          <List
            size="small"
            dataSource={data.items}
            renderItem={(item) => (
              <List.Item>
                <Flex vertical>
                  <Link to={patentDetailPath(item.publicationNumber)}>{item.publicationNumber}</Link>
                  {item.title && <Typography.Text ellipsis>{item.title}</Typography.Text>}
                  <Flex gap={4} wrap>
                    {item.awards.map((a) => (
                      <Tag key={`${a.award}-${a.year ?? ''}`} color="gold">
                        {a.year ? `${a.award} · ${a.year}` : a.award}
                      </Tag>
                    ))}
                  </Flex>
                </Flex>
              </List.Item>
            )}
          />
        </Flex>
      )}
    </Card>
  );
}
