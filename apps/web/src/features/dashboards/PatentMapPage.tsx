import { Alert, App, Card, Col, Empty, Input, Row, Space, Spin, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  IPC_PREFIX_PATTERN,
  provinceFullName,
  provinceShortName,
  type DashboardJumpTarget,
  type TechnologyField,
} from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { formatCount } from '../../utils/format-count';
import { fetchMapClassification, fetchMapJump, fetchMapProvince } from './api';
import { barOption, chinaMapOption, trendOption } from './chart-options';
import { DashChart } from './components/DashChart';
import { RankingTable } from './components/RankingTable';
import { useValueLabels } from './labels';
import { universityPath } from './paths';
import { useLang } from './useLang';
import { mapRegionTarget } from './map-region';
import { useResultJump } from './useResultJump';
import './dashboards.css';

/**
 * /patentMap (spec 2 §2): China by province; a province opens its universities, trend and
 * technology mix; a university opens its own dashboard; every count opens its result page.
 * State in the URL: ?province=广东省&ipc=H01M.
 */
export function PatentMapPage() {
  const { t } = useTranslation('dashboards');
  const { lang, messages } = useApiContext();
  const uiLang = useLang();
  const labels = useValueLabels();
  const [params, setParams] = useSearchParams();
  const province = provinceFullName(params.get('province') ?? '');
  const ipc = params.get('ipc')?.trim().toUpperCase() || undefined;
  const field: TechnologyField = ipc && IPC_PREFIX_PATTERN.test(ipc) ? { ipc } : {};
  const { jump, isJumping } = useResultJump();
  const { message } = App.useApp();

  const classification = useQuery({
    queryKey: ['dashboards', 'map', field, lang],
    queryFn: ({ signal }) => fetchMapClassification(field, { lang, messages, signal }),
    staleTime: 60_000,
  });
  const detail = useQuery({
    queryKey: ['dashboards', 'map', 'province', province, field, lang],
    queryFn: ({ signal }) => fetchMapProvince({ province: province!, ...field }, { lang, messages, signal }),
    enabled: !!province,
    staleTime: 60_000,
  });

  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  const openProvince = (p: string, extra: { university?: string; target?: DashboardJumpTarget } = {}) =>
    void jump(() => fetchMapJump({ province: p, ...field, ...extra }, { lang, messages }));

  const provinces = classification.data?.provinces ?? [];
  const withPatents = provinces.filter((p) => p.count > 0);
  const data = detail.data;

  return (
    <div className="dash-page" data-testid="patent-map">
      <Card size="small" className="dash-header">
        <Space wrap size="middle" align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title.patentMap')}
          </Typography.Title>
          <Input.Search
            className="dash-ipc"
            allowClear
            placeholder={t('field.placeholder')}
            defaultValue={ipc ?? ''}
            key={ipc ?? ''}
            enterButton={t('field.apply')}
            onSearch={(value) => {
              const v = value.trim().toUpperCase();
              setParam('ipc', v && IPC_PREFIX_PATTERN.test(v) ? v : undefined);
            }}
          />
          {ipc && !field.ipc && <Typography.Text type="danger">{t('field.invalid')}</Typography.Text>}
          {classification.data && (
            <Typography.Text type="secondary" data-testid="map-total">
              {t('map.total', { count: formatCount(classification.data.total, uiLang) })}
            </Typography.Text>
          )}
        </Space>
      </Card>
      {classification.error && <Alert type="error" showIcon message={classification.error.message} />}
      <Spin spinning={classification.isLoading || isJumping}>
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={15}>
            <Card
              size="small"
              title={t('map.title')}
              extra={<Typography.Text type="secondary">{t('map.hint')}</Typography.Text>}
            >
              <DashChart
                label="china-map"
                height={520}
                needsChinaMap
                option={chinaMapOption(
                  provinces.map((p) => ({
                    short: provinceShortName(p.key),
                    key: p.key,
                    label: labels.province(p.key),
                    count: p.count,
                  })),
                  province ? provinceShortName(province) : undefined,
                  uiLang,
                )}
                onClick={(p) => {
                  const target = mapRegionTarget(p.name, provinces);
                  if (target === 'notOpen') {
                    const full = p.name ? provinceFullName(p.name) : undefined;
                    void message.info(t('map.notOpen', { region: full ? labels.province(full) : (p.name ?? '') }));
                  } else setParam('province', target);
                }}
              />
            </Card>
          </Col>
          <Col xs={24} xl={9}>
            <Card size="small" title={t('map.ranking')}>
              <RankingTable
                testId="ranking-provinces"
                nameTitle={t('table.province')}
                buckets={withPatents}
                labelOf={labels.province}
                renderName={(b, label) => (
                  <Typography.Link strong={b.key === province} onClick={() => setParam('province', b.key)}>
                    {label}
                  </Typography.Link>
                )}
                onCountClick={(b) => openProvince(b.key)}
              />
            </Card>
          </Col>
        </Row>
      </Spin>

      {!province && (
        <Card size="small">
          <Empty description={t('map.pick')} />
        </Card>
      )}
      {province && (
        <Card
          size="small"
          data-testid="province-panel"
          title={labels.province(province)}
          extra={
            <Space>
              <Link
                to={`/analysis/region?${new URLSearchParams({ province, ...(field.ipc ? { ipc: field.ipc } : {}) }).toString()}`}
              >
                {t('map.regionDashboard')}
              </Link>
            </Space>
          }
        >
          {detail.error && <Alert type="error" showIcon message={detail.error.message} />}
          {detail.isLoading && <Spin className="dash-loading" />}
          {data && (
            <Row gutter={[12, 12]}>
              <Col xs={12} lg={6}>
                <Card size="small" hoverable={data.total > 0} onClick={() => data.total > 0 && openProvince(province)}>
                  <Statistic
                    title={t('kpi.patents')}
                    value={data.total}
                    formatter={(v) => formatCount(Number(v), uiLang)}
                  />
                </Card>
              </Col>
              <Col xs={12} lg={6}>
                <Card size="small">
                  <Statistic
                    title={t('map.universityPatents')}
                    value={data.universityPatents}
                    formatter={(v) => formatCount(Number(v), uiLang)}
                  />
                </Card>
              </Col>
              <Col xs={12} lg={6}>
                <Card size="small">
                  <Statistic title={t('map.universities')} value={data.universities.length} />
                </Card>
              </Col>
              <Col xs={12} lg={6}>
                <Card size="small">
                  <Statistic title={t('map.technologies')} value={data.technologies.distinct} />
                </Card>
              </Col>
              <Col xs={24} lg={10}>
                <Card size="small" title={t('map.universityRanking')}>
                  <RankingTable
                    testId="ranking-universities"
                    nameTitle={t('table.university')}
                    buckets={data.universities}
                    renderName={(b, label) => <Link to={universityPath(b.key)}>{label}</Link>}
                    onCountClick={(b) => openProvince(province, { university: b.key })}
                  />
                  {data.universities.length === 0 && (
                    <Typography.Text type="secondary">{t('map.noUniversities')}</Typography.Text>
                  )}
                </Card>
              </Col>
              <Col xs={24} lg={14}>
                <Card size="small" title={t('chart.trend')}>
                  <DashChart
                    label="province-trend"
                    height={240}
                    isEmpty={data.trend.length === 0}
                    option={trendOption(data.trend, t('chart.applications'), uiLang)}
                    onClick={(p) => {
                      if (p.name)
                        openProvince(province, {
                          target: { kind: 'bucket', dimension: 'applicationYear', keys: [p.name] },
                        });
                    }}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={14}>
                <Card size="small" title={t('chart.technologies')}>
                  <DashChart
                    label="province-technologies"
                    height={260}
                    isEmpty={data.technologies.buckets.length === 0}
                    option={barOption(
                      data.technologies.buckets.map((b) => ({ key: b.key, label: b.key, count: b.count })),
                      uiLang,
                    )}
                    onClick={(p) => {
                      const key = (p.data as { key?: string } | undefined)?.key;
                      if (key)
                        openProvince(province, { target: { kind: 'bucket', dimension: 'ipcSubclass', keys: [key] } });
                    }}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={10}>
                <Card size="small" title={t('table.places.applicantCity')}>
                  <RankingTable
                    testId="ranking-cities"
                    nameTitle={t('table.city')}
                    buckets={data.cities.buckets}
                    onCountClick={(b) =>
                      openProvince(province, { target: { kind: 'bucket', dimension: 'applicantCity', keys: [b.key] } })
                    }
                  />
                </Card>
              </Col>
            </Row>
          )}
        </Card>
      )}
    </div>
  );
}
