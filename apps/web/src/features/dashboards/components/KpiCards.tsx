import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardKpis } from '@patlas/contracts';
import { formatCount } from '../../../utils/format-count';
import { useLang } from '../useLang';

export type KpiKey = keyof DashboardKpis;
const KPI_KEYS: readonly KpiKey[] = ['patents', 'inventions', 'granted', 'valid', 'inventors', 'applicants'];

interface KpiCardsProps {
  kpis: DashboardKpis;
  /** KPIs that are a set of patents open their result page; distinct counts (inventors…) do not. */
  onOpen?: (key: KpiKey) => void;
}

const OPENABLE = new Set<KpiKey>(['patents', 'inventions', 'granted', 'valid']);

/** The headline figures of a dashboard, in 万/亿 units. */
export function KpiCards({ kpis, onOpen }: KpiCardsProps) {
  const { t } = useTranslation('dashboards');
  const lang = useLang();
  return (
    <Row gutter={[12, 12]} className="dash-kpis">
      {KPI_KEYS.map((key) => {
        const isOpenable = !!onOpen && OPENABLE.has(key) && kpis[key] > 0;
        return (
          <Col key={key} xs={12} sm={8} lg={4}>
            <Card
              size="small"
              hoverable={isOpenable}
              data-kpi={key}
              onClick={isOpenable ? () => onOpen(key) : undefined}
              title={undefined}
            >
              <Statistic title={t(`kpi.${key}`)} value={kpis[key]} formatter={(v) => formatCount(Number(v), lang)} />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
