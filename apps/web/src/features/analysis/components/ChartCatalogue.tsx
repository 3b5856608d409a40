import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHART_GROUPS, type ChartDefinition } from '../catalogue';

interface ChartCatalogueProps {
  charts: readonly ChartDefinition[];
  selected: string;
  onSelect: (chartId: string) => void;
}

/** The chart list, grouped the way incoPat and PatSnap group theirs. */
export function ChartCatalogue({ charts, selected, onSelect }: ChartCatalogueProps) {
  const { t } = useTranslation('analysis');
  return (
    <Menu
      className="analysis-catalogue"
      mode="inline"
      aria-label={t('page.catalogue')}
      selectedKeys={[selected]}
      onClick={({ key }) => onSelect(key)}
      items={CHART_GROUPS.map((group) => ({
        type: 'group' as const,
        key: group,
        label: t(`groups.${group}`),
        children: charts
          .filter((chart) => chart.group === group)
          .map((chart) => ({ key: chart.id, label: t(`charts.${chart.id}` as 'charts.applicantRank') })),
      })).filter((group) => group.children.length > 0)}
    />
  );
}
