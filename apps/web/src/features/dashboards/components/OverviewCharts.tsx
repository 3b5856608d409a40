import { Card, Col, Row, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  AnalysisBucket,
  AnalysisDimension,
  DashboardKind,
  DashboardOverview,
  DashboardSubjectInput,
  TechnologyField,
} from '@patlas/contracts';
import { barOption, pieOption, trendOption } from '../chart-options';
import { useValueLabels } from '../labels';
import { useLang } from '../useLang';
import { AwardsCard } from './AwardsCard';
import { DashChart, type ChartClick } from './DashChart';
import { RankingTable } from './RankingTable';

export type TrendDate = 'applicationYear' | 'publicationYear';

/** Key of a clicked chart element: items carry their key; category charts give their name. */
function keyOfClick(params: ChartClick): string | undefined {
  const data = params.data as { key?: string } | undefined;
  return data?.key ?? params.name;
}

interface OverviewChartsProps {
  kind: DashboardKind;
  subject: DashboardSubjectInput | undefined;
  field: TechnologyField | undefined;
  data: DashboardOverview;
  /** Many records carry a publication date but no application date: the trend can count by either. */
  trendDate: TrendDate;
  onTrendDateChange: (value: TrendDate) => void;
  /** Opens the result page of one chart element or ranking row. */
  onOpenBucket: (dimension: AnalysisDimension, key: string) => void;
}

/** The dashboard's charts and rankings; a click on an element opens its patents. */
export function OverviewCharts({
  kind,
  subject,
  field,
  data,
  trendDate,
  onTrendDateChange,
  onOpenBucket,
}: OverviewChartsProps) {
  const { t } = useTranslation('dashboards');
  const uiLang = useLang();
  const labels = useValueLabels();
  const trendPoints = (trendDate === 'applicationYear' ? data.trend : data.publicationTrend) ?? [];
  const bucketsWithLabels = (buckets: readonly AnalysisBucket[], labelOf: (key: string) => string) =>
    buckets.map((b) => ({ key: b.key, label: b.label ?? labelOf(b.key), count: b.count }));

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={16}>
        <Card
          size="small"
          title={t('chart.trend')}
          extra={
            <Segmented<TrendDate>
              size="small"
              data-testid="trend-date"
              value={trendDate}
              onChange={onTrendDateChange}
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
              if (year) onOpenBucket(trendDate, year);
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
              if (key) onOpenBucket('patentType', key);
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
              if (key) onOpenBucket('ipcSubclass', key);
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
              if (key) onOpenBucket('legalStatusClass', key);
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
            onCountClick={(b) => onOpenBucket('inventor', b.key)}
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
            onCountClick={(b) => onOpenBucket(data.applicantsBy ?? 'applicant', b.key)}
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
            onCountClick={(b) => onOpenBucket(data.places.dimension, b.key)}
            {...(kind === 'region' && data.places.dimension === 'applicantCity' && data.subject.kind === 'province'
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
  );
}
