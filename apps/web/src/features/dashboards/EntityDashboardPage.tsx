import { Alert, Button, Card, Col, Empty, Input, Result, Row, Segmented, Space, Spin, Typography } from 'antd';
import { ReportButton } from '../../report-actions/ReportButton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  IPC_PREFIX_PATTERN,
  type AnalysisBucket,
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
import { barOption, pieOption, trendOption } from './chart-options';
import { DashChart, type ChartClick } from './components/DashChart';
import { CompanyPanel } from './components/CompanyPanel';
import { CompanySearch } from './components/CompanySearch';
import { EntityPicker } from './components/EntityPicker';
import { KpiCards, type KpiKey } from './components/KpiCards';
import { AwardsCard } from './components/AwardsCard';
import { RankingTable } from './components/RankingTable';
import { useValueLabels } from './labels';
import { COMPANY_PERMISSION, UNIVERSITY_PERMISSION } from './paths';
import { useLang } from './useLang';
import { useResultJump } from './useResultJump';
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

/** Key of a clicked chart element: items carry their key; category charts give their name. */
function keyOfClick(params: ChartClick): string | undefined {
  const data = params.data as { key?: string } | undefined;
  return data?.key ?? params.name;
}

function EntityDashboard({ kind }: { kind: DashboardKind }) {
  const { t } = useTranslation('dashboards');
  const { lang, messages } = useApiContext();
  const uiLang = useLang();
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
  const trendPoints = (trendDate === 'applicationYear' ? data?.trend : data?.publicationTrend) ?? [];
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

  const bucketsWithLabels = (buckets: readonly AnalysisBucket[], labelOf: (key: string) => string) =>
    buckets.map((b) => ({ key: b.key, label: b.label ?? labelOf(b.key), count: b.count }));

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
            <Row gutter={[12, 12]}>
              <Col xs={24} lg={16}>
                <Card
                  size="small"
                  title={t('chart.trend')}
                  extra={
                    <Segmented
                      size="small"
                      data-testid="trend-date"
                      value={trendDate}
                      onChange={(value) => {
                        const next = new URLSearchParams(params);
                        if (value === 'publicationYear') next.set('trend', 'pd');
                        else next.delete('trend');
                        setParams(next, { replace: true });
                      }}
                      options={[
                        { value: 'applicationYear', label: t('chart.byApplication') },
                        { value: 'publicationYear', label: t('chart.byPublication') },
                      ]}
                    />
                  }
                >
                  <DashChart
                    label="trend"
                    height={280}
                    isEmpty={trendPoints.length === 0}
                    option={trendOption(
                      trendPoints,
                      t(trendDate === 'applicationYear' ? 'chart.applications' : 'chart.publications'),
                      uiLang,
                    )}
                    onClick={(p) => {
                      const year = p.name;
                      if (year) openBucket(trendDate)(year);
                    }}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={8}>
                <Card size="small" title={t('chart.patentTypes')}>
                  <DashChart
                    label="patent-types"
                    height={280}
                    isEmpty={data.patentTypes.length === 0}
                    option={pieOption(bucketsWithLabels(data.patentTypes, labels.patentType))}
                    onClick={(p) => {
                      const key = keyOfClick(p);
                      if (key) openBucket('patentType')(key);
                    }}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={16}>
                <Card size="small" title={t('chart.technologies')}>
                  <DashChart
                    label="technologies"
                    height={300}
                    isEmpty={data.technologies.buckets.length === 0}
                    option={barOption(
                      bucketsWithLabels(data.technologies.buckets, (k) => k),
                      uiLang,
                    )}
                    onClick={(p) => {
                      const key = keyOfClick(p);
                      if (key) openBucket('ipcSubclass')(key);
                    }}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={8}>
                <Card size="small" title={t('chart.legalStatus')}>
                  <DashChart
                    label="legal-status"
                    height={300}
                    isEmpty={data.legalStatus.length === 0}
                    option={pieOption(bucketsWithLabels(data.legalStatus, labels.legalStatus))}
                    onClick={(p) => {
                      const key = keyOfClick(p);
                      if (key) openBucket('legalStatusClass')(key);
                    }}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={8}>
                <Card size="small" title={t('table.inventors', { count: data.inventors.distinct })}>
                  <RankingTable
                    testId="ranking-inventors"
                    nameTitle={t('table.inventor')}
                    buckets={data.inventors.buckets}
                    onCountClick={(b) => openBucket('inventor')(b.key)}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={8}>
                <Card
                  size="small"
                  title={t(kind === 'region' ? 'table.applicants' : 'table.coApplicants', {
                    count: data.applicants.distinct,
                  })}
                >
                  <RankingTable
                    testId="ranking-applicants"
                    nameTitle={t('table.applicant')}
                    buckets={data.applicants.buckets}
                    onCountClick={(b) => openBucket(data.applicantsBy ?? 'applicant')(b.key)}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={8}>
                <Card size="small" title={t(`table.places.${data.places.dimension}`)}>
                  <RankingTable
                    testId="ranking-places"
                    nameTitle={t('table.place')}
                    buckets={data.places.buckets}
                    labelOf={(k) => labels.valueOf(data.places.dimension, k)}
                    onCountClick={(b) => openBucket(data.places.dimension)(b.key)}
                    {...(kind === 'region' &&
                    data.places.dimension === 'applicantCity' &&
                    data.subject.kind === 'province'
                      ? {
                          renderName: (b: AnalysisBucket, label: string) => (
                            <Link
                              to={`?${new URLSearchParams({
                                province: data.subject.kind === 'province' ? data.subject.province : '',
                                city: b.key,
                              }).toString()}`}
                            >
                              {label}
                            </Link>
                          ),
                        }
                      : {})}
                  />
                </Card>
              </Col>
              {(kind === 'cu' || kind === 'co') && subject && (
                <Col xs={24}>
                  <AwardsCard kind={kind} subject={subject} field={field} />
                </Col>
              )}
            </Row>
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
