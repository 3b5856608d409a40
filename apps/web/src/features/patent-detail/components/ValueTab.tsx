import { useState } from 'react';
import {
  App,
  Alert,
  Button,
  Col,
  Empty,
  Flex,
  Progress,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { EChartsOption } from 'echarts';
import { useTranslation } from 'react-i18next';
import type {
  InventorStat,
  PatentDetail,
  PatentValue,
  ValueConfidence,
  ValueIndicator,
  ValueReportFormat,
} from '@patlas/contracts';
import { EChart } from '../../../charts/EChart';
import { PatentNumber } from '../../../components/PatentNumber';
import { saveFile } from '../../../utils/save-file';
import { downloadValueReport } from '../api';
import { useFileOptions, useInventorStats, usePatentValue, useRefreshPatentValue } from '../queries';
import { Section } from './Section';

/** The dimensions' scores as horizontal bars on the 0–100 scale (pure: unit-testable without a DOM). */
export function dimensionBarsOption(value: PatentValue, label: (id: string) => string): EChartsOption {
  const dims = [...value.dimensions].reverse();
  return {
    // Drawn at once: the panel is read (and captured) as soon as it shows.
    animation: false,
    grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', min: 0, max: 100, splitNumber: 5 },
    yAxis: { type: 'category', data: dims.map((d) => `${label(d.id)} (${d.weight})`) },
    tooltip: { trigger: 'axis' },
    series: [
      {
        type: 'bar',
        barWidth: 18,
        data: dims.map((d) => d.score ?? 0),
        label: {
          show: true,
          position: 'right',
          formatter: (p) => (dims[p.dataIndex]?.score === null ? '—' : String(p.value)),
        },
        itemStyle: { color: '#1677ff' },
      },
    ],
  };
}

function IndicatorTable({ value }: { value: PatentValue }) {
  const { t } = useTranslation('patent');
  const columns: ColumnsType<ValueIndicator> = [
    {
      title: t('value.columns.dimension'),
      dataIndex: 'dimension',
      width: 80,
      render: (d: ValueIndicator['dimension']) => t(`value.dimensions.${d}`),
    },
    {
      title: t('value.columns.indicator'),
      dataIndex: 'id',
      render: (id: ValueIndicator['id']) => t(`value.indicators.${id}`),
    },
    {
      title: t('value.columns.raw'),
      dataIndex: 'raw',
      width: 96,
      render: (raw: number | null, x) =>
        raw === null ? (
          <Typography.Text type="secondary">{t('value.unknown')}</Typography.Text>
        ) : (
          rawText(x, {
            status: t('value.status', { returnObjects: true }),
            applicantTypes: t('value.applicantTypes', { returnObjects: true }),
          })
        ),
    },
    {
      title: t('value.columns.percentile'),
      dataIndex: 'percentile',
      width: 180,
      render: (p: number | null) => (p === null ? '—' : <Progress percent={p} size="small" format={(v) => `${v}`} />),
    },
    { title: t('value.columns.weight'), dataIndex: 'weight', width: 72 },
    {
      title: t('value.columns.share'),
      dataIndex: 'share',
      width: 96,
      render: (share: number, x) =>
        x.counted ? (
          `${Math.round(share * 1000) / 10}%`
        ) : (
          <Tag title={t(x.raw === null ? 'value.notCountedUnknown' : 'value.notCountedSame')}>
            {t('value.notCounted')}
          </Tag>
        ),
    },
    // What the indicator put into the score, in points (they add up to the score).
    {
      title: t('value.columns.points'),
      dataIndex: 'points',
      width: 80,
      render: (points: number | undefined) => (points === undefined ? '—' : points.toFixed(1)),
    },
  ];
  return (
    <Table<ValueIndicator>
      className="value-indicators"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={value.indicators}
      pagination={false}
    />
  );
}

/** A raw value in words where it is an ordinal (status, applicant kind), else the number. */
/** A raw value as the table shows it: a status or applicant type by its label, a number as it is. */
function rawText(
  x: ValueIndicator,
  labels: { status: Record<string, string>; applicantTypes: Record<string, string> },
) {
  if (x.id === 'legalStatus') return labels.status[String(x.raw)] ?? String(x.raw);
  if (x.id === 'applicantType') return labels.applicantTypes[String(x.raw)] ?? String(x.raw);
  return String(x.raw);
}

function InventorCard({ stat }: { stat: InventorStat }) {
  const { t } = useTranslation('patent');
  return (
    <div className="value-inventor">
      <Flex gap={8} align="baseline" wrap>
        <Typography.Text strong>{stat.name}</Typography.Text>
        <Typography.Text type="secondary">{t('value.inventors.count', { count: stat.patentCount })}</Typography.Text>
        {stat.mainIpc.map((c) => (
          <Tag key={c.code} color="blue">
            {c.code} · {c.count}
          </Tag>
        ))}
      </Flex>
      <Typography.Paragraph type="secondary" className="value-inventor-line">
        {t('value.inventors.perYear')}: {stat.perYear.map((y) => `${y.year} (${y.count})`).join(' · ') || '—'}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" className="value-inventor-line">
        {t('value.inventors.coInventors')}: {stat.coInventors.map((c) => `${c.name} (${c.count})`).join('、') || '—'}
      </Typography.Paragraph>
      {stat.otherPatents.length > 0 && (
        <ul className="value-inventor-patents">
          {stat.otherPatents.map((p) => (
            <li key={p.publicationNumber}>
              <PatentNumber number={p.publicationNumber} heldAs={p.publicationNumber} /> {p.title ?? ''}{' '}
              {p.valueScore !== undefined && <Tag>{p.valueScore.toFixed(1)}</Tag>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function InventorStats({ pn }: { pn: string }) {
  const { t } = useTranslation('patent');
  const stats = useInventorStats(pn);
  if (stats.isError) return <Alert type="error" showIcon message={stats.error.message} />;
  if (!stats.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (stats.data.inventors.length === 0) return <Empty description={t('value.inventors.none')} />;
  return (
    <Flex vertical gap={12}>
      {stats.data.inventors.map((s) => (
        <InventorCard key={s.name} stat={s} />
      ))}
    </Flex>
  );
}

const CONFIDENCE_COLOURS: Record<ValueConfidence['level'], string> = { high: 'green', medium: 'gold', low: 'red' };

/** How much of the score rests on the record's own data (issue 43 item 8: "55.2 when 7 of 15 are unknown"). */
function ValueConfidenceLine({ confidence }: { confidence: ValueConfidence }) {
  const { t } = useTranslation('patent');
  const level = t(`value.confidence.levels.${confidence.level}`);
  return (
    <Tooltip
      title={t('value.confidence.hint', {
        missing: confidence.total - confidence.counted,
        share: Math.round(confidence.weightShare * 100),
      })}
    >
      <Tag color={CONFIDENCE_COLOURS[confidence.level]} className="value-confidence" data-testid="value-confidence">
        {t('value.confidence.text', { counted: confidence.counted, total: confidence.total, level })}
      </Tag>
    </Tooltip>
  );
}

/**
 * The value tab: the score with its three dimensions, every indicator with its raw value, cohort
 * percentile, weight and share, the comparison cohort, the inventors' statistics; a report to
 * download and a refresh from the record (docs/patent-value.md).
 */
export function ValueTab({ patent }: { patent: PatentDetail }) {
  const { t } = useTranslation('patent');
  const { message } = App.useApp();
  const pn = patent.publicationNumber;
  const value = usePatentValue(pn);
  const refresh = useRefreshPatentValue(pn);
  const fileOptions = useFileOptions();
  const [busyFormat, setBusyFormat] = useState<ValueReportFormat>();

  const handleDownload = async (format: ValueReportFormat) => {
    setBusyFormat(format);
    try {
      const file = await downloadValueReport([pn], format, await fileOptions());
      saveFile(file.fileName, file.blob);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusyFormat(undefined);
    }
  };

  if (value.isError) return <Alert type="error" showIcon message={value.error.message} />;
  if (!value.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const v = value.data;
  const cohortText = t('value.cohort.text', {
    key: v.cohort.key,
    level: t(`value.cohort.levels.${v.cohort.level}`),
    size: v.cohort.size,
  });

  return (
    <div className="value-tab">
      <Row gutter={[24, 16]}>
        <Col xs={24} md={8}>
          <Statistic
            className="value-score"
            title={t('value.score')}
            value={v.score ?? '—'}
            precision={v.score === null ? undefined : 1}
            suffix={v.score === null ? undefined : '/ 100'}
          />
          <ValueConfidenceLine confidence={v.confidence} />
          <Typography.Paragraph className="value-cohort">
            {t('value.cohort.title')}: {cohortText}
          </Typography.Paragraph>
          {v.cohort.skipped.length > 0 && (
            <Typography.Paragraph type="secondary" className="value-cohort-skipped">
              {t('value.cohort.skipped', {
                list: v.cohort.skipped.map((s) => `${s.key} (${s.size})`).join('、'),
              })}
            </Typography.Paragraph>
          )}
          <Space wrap>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              loading={refresh.isPending}
              onClick={() => refresh.mutate(undefined, { onError: (e) => void message.error(e.message) })}
            >
              {t('value.refresh')}
            </Button>
            {(['docx', 'pdf'] as const).map((format) => (
              <Button
                key={format}
                size="small"
                icon={<DownloadOutlined />}
                loading={busyFormat === format}
                onClick={() => void handleDownload(format)}
              >
                {t(`value.download.${format}`)}
              </Button>
            ))}
          </Space>
        </Col>
        <Col xs={24} md={16}>
          <EChart
            option={dimensionBarsOption(
              v,
              (id) => t('value.dimensions', { returnObjects: true })[id as ValueIndicator['dimension']],
            )}
            height={150}
          />
        </Col>
      </Row>
      <Section title={t('value.indicatorsTitle')}>
        <IndicatorTable value={v} />
        <Typography.Paragraph type="secondary" className="value-method">
          {t('value.method')}
        </Typography.Paragraph>
      </Section>
      <Section title={t('value.inventors.title')}>
        <InventorStats pn={pn} />
      </Section>
    </div>
  );
}
