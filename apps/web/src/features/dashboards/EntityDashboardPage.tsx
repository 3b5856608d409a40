import { Alert, Button, Card, Empty, Input, Result, Space, Spin, Typography } from 'antd';
import { ReportButton } from '../../report-actions/ReportButton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  IPC_PREFIX_PATTERN,
  type AnalysisDimension,
  type DashboardEntity,
  type DashboardJumpTarget,
  type DashboardKind,
  type DashboardSubjectInput,
  type TechnologyField,
} from '@patlas/contracts';
import { ApiError } from '../../api/client';
import { useApiContext } from '../../api/useApiContext';
import { fetchDashboardJump, fetchOverview } from './api';
import { CompanyPanel } from './components/CompanyPanel';
import { CompanySearch } from './components/CompanySearch';
import { EntityPicker } from './components/EntityPicker';
import { KpiCards, type KpiKey } from './components/KpiCards';
import { useValueLabels } from './labels';
import { COMPANY_PERMISSION, UNIVERSITY_PERMISSION } from './paths';
import { useResultJump } from './useResultJump';
import { OverviewCharts } from './components/OverviewCharts';
import './dashboards.css';

/** The subject a dashboard URL names: ?province=&city= or ?country= (region), ?name= (cu, co). */
export function subjectFromParams(kind: DashboardKind, params: URLSearchParams): DashboardSubjectInput | undefined {
  const value = (name: string) => params.get(name)?.trim() || undefined;
  if (kind === 'region') {
    const province = value('province');
    const city = value('city');
    const country = value('country');
    if (province) return { kind: 'province', province, ...(city ? { city } : {}) };
    if (country && /^[A-Za-z]{2}$/.test(country)) return { kind: 'country', country };
    return undefined;
  }
  const name = value('name');
  if (!name) return undefined;
  if (kind === 'cu') return { kind: 'university', name };
  // ?std=1: the name is a standardised name (a company found by /business/search/business).
  return { kind: 'company', name, ...(params.get('std') === '1' ? { standard: true } : {}) };
}

/** The URL parameters of a picked subject (the technology field is kept). */
function paramsOfEntity(entity: DashboardEntity, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  const s = entity.subject;
  if (s.kind === 'province') {
    next.set('province', s.province);
    if (s.city) next.set('city', s.city);
  } else if (s.kind === 'country') next.set('country', s.country);
  else next.set('name', s.name);
  const ipc = current.get('ipc');
  if (ipc) next.set('ipc', ipc);
  return next;
}

const KPI_TARGETS: Partial<Record<KpiKey, DashboardJumpTarget>> = {
  patents: { kind: 'all' },
  inventions: { kind: 'bucket', dimension: 'patentType', keys: ['invention_application', 'invention_grant'] },
  granted: { kind: 'bucket', dimension: 'grantStatus', keys: ['granted'] },
  valid: { kind: 'bucket', dimension: 'legalStatusClass', keys: ['valid'] },
};

function EntityDashboard({ kind }: { kind: DashboardKind }) {
  const { t } = useTranslation('dashboards');
  const { lang, messages } = useApiContext();
  const labels = useValueLabels();
  const [params, setParams] = useSearchParams();
  const subject = subjectFromParams(kind, params);
  const ipc = params.get('ipc')?.trim().toUpperCase() || undefined;
  const field: TechnologyField | undefined = ipc && IPC_PREFIX_PATTERN.test(ipc) ? { ipc } : undefined;
  const overview = useQuery({
    queryKey: ['dashboards', 'overview', kind, subject, field, lang],
    queryFn: ({ signal }) =>
      fetchOverview(kind, { subject: subject!, ...(field ? { field } : {}) }, { lang, messages, signal }),
    enabled: !!subject,
    staleTime: 60_000,
    retry: false,
  });
  const { jump, isJumping } = useResultJump();
  const open = (target: DashboardJumpTarget) => {
    if (!subject) return;
    void jump(() => fetchDashboardJump(kind, { subject, target, ...(field ? { field } : {}) }, { lang, messages }));
  };
  const openBucket = (dimension: AnalysisDimension) => (key: string) =>
    open({ kind: 'bucket', dimension, keys: [key] });

  const permission = kind === 'cu' ? UNIVERSITY_PERMISSION : kind === 'co' ? COMPANY_PERMISSION : undefined;
  const isForbidden = overview.error instanceof ApiError && overview.error.status === 403;
  const data = overview.data;
  // Many records carry a publication date but no application date: the trend can count by either.
  const trendDate = params.get('trend') === 'pd' ? 'publicationYear' : 'applicationYear';
  const subjectName = (() => {
    if (!subject) return undefined;
    if (subject.kind === 'province')
      return [
        labels.province(data?.subject.kind === 'province' ? data.subject.province : subject.province),
        subject.city,
      ]
        .filter(Boolean)
        .join(' · ');
    if (subject.kind === 'country') return labels.country(subject.country.toUpperCase());
    return subject.name;
  })();

  return (
    <div className="dash-page" data-testid={`dashboard-${kind}`}>
      <Card size="small" className="dash-header">
        <Space wrap size="middle" align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(`title.${kind}`)}
          </Typography.Title>
          <EntityPicker
            kind={kind}
            {...(subjectName ? { currentName: subjectName } : {})}
            onPick={(entity) => setParams(paramsOfEntity(entity, params))}
          />
          <Input.Search
            className="dash-ipc"
            allowClear
            placeholder={t('field.placeholder')}
            defaultValue={ipc ?? ''}
            key={ipc ?? ''}
            enterButton={t('field.apply')}
            onSearch={(value) => {
              const next = new URLSearchParams(params);
              const v = value.trim().toUpperCase();
              if (v && IPC_PREFIX_PATTERN.test(v)) next.set('ipc', v);
              else next.delete('ipc');
              setParams(next);
            }}
          />
          {ipc && !field && <Typography.Text type="danger">{t('field.invalid')}</Typography.Text>}
          {data && data.kpis.patents > 0 && (
            <Button type="primary" loading={isJumping} onClick={() => open({ kind: 'all' })}>
              {t('jump.all')}
            </Button>
          )}
          {data && data.kpis.patents > 0 && subjectName && (
            <ReportButton
              preset={() => ({
                set: { searchExpre: data.base.searchExpre, filters: data.base.filters, mergeType: 0 },
                origin: 'dashboard',
                label: subjectName,
              })}
            />
          )}
        </Space>
      </Card>

      {kind === 'co' && (
        <CompanySearch
          keyword={params.get('q')?.trim() ?? ''}
          onSearch={(keyword) => {
            const next = new URLSearchParams(params);
            if (keyword) next.set('q', keyword);
            else next.delete('q');
            setParams(next);
          }}
        />
      )}
      {!subject && (
        <Card>
          <Empty description={t(`picker.prompt.${kind}`)} />
        </Card>
      )}
      {kind === 'co' && subject?.kind === 'company' && !isForbidden && <CompanyPanel name={subject.name} />}
      {isForbidden && (
        <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.body', { permission })} />
      )}
      {overview.error && !isForbidden && <Alert type="error" showIcon message={overview.error.message} />}
      {subject && overview.isLoading && <Spin size="large" className="dash-loading" />}

      {data && (
        <Spin spinning={isJumping || overview.isFetching}>
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            {data.kpis.patents === 0 && <Alert type="info" showIcon message={t('noPatents', { name: subjectName })} />}
            <KpiCards
              kpis={data.kpis}
              onOpen={(key) => {
                const target = KPI_TARGETS[key];
                if (target) open(target);
              }}
            />
            <OverviewCharts
              kind={kind}
              subject={subject}
              field={field}
              data={data}
              trendDate={trendDate}
              onTrendDateChange={(value) => {
                const next = new URLSearchParams(params);
                if (value === 'publicationYear') next.set('trend', 'pd');
                else next.delete('trend');
                setParams(next, { replace: true });
              }}
              onOpenBucket={(dimension, key) => openBucket(dimension)(key)}
            />
            {kind !== 'cu' && data.subject.kind === 'province' && (
              <Typography.Text type="secondary">
                {t('mapHint')}{' '}
                <Link to={`/patentMap?province=${encodeURIComponent(data.subject.province)}`}>/patentMap</Link>
              </Typography.Text>
            )}
          </Space>
        </Spin>
      )}
    </div>
  );
}

export function RegionDashboardPage() {
  return <EntityDashboard kind="region" />;
}
export function UniversityDashboardPage() {
  return <EntityDashboard kind="cu" />;
}
export function CompanyDashboardPage() {
  return <EntityDashboard kind="co" />;
}
