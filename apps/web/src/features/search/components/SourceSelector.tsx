import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { SOURCE_GROUP_NAMES, SOURCE_GROUPS, sourceOffices, writeSource, type SourceGroup } from '@patlas/contracts';

const GROUP_KEY = 'group:';

interface SourceSelectorProps {
  /** The stored value (`cn`, `uncn`, `cnOther`, `CN,US` …); undefined: all sources. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/**
 * The data-source selector (spec 1 §3 "Country options … grouped as cn, cnOther, abroad"): the
 * offices under their three groups, a group checked whole or office by office; nothing checked
 * is every source. The old scopes read as their offices (`cn`: CN with HK, MO, TW). docs/data-sources.md.
 */
export function SourceSelector({ value, onChange }: SourceSelectorProps) {
  const { t } = useTranslation('search');
  const treeData = SOURCE_GROUP_NAMES.map((group: SourceGroup) => ({
    value: `${GROUP_KEY}${group}`,
    title: t(`scope.groups.${group}`),
    children: SOURCE_GROUPS[group].map((office) => ({
      value: office,
      title: office === 'OTHER' ? t('scope.offices.OTHER') : `${t(`scope.offices.${office}`)} ${office}`,
    })),
  }));
  const selected = value ? (sourceOffices(value) ?? []) : [];
  return (
    <TreeSelect
      className="result-scope"
      aria-label={t('toolbar.scope')}
      data-testid="source-selector"
      treeData={treeData}
      value={selected}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      treeDefaultExpandAll
      allowClear
      maxTagCount={2}
      placeholder={t('scope.all')}
      popupMatchSelectWidth={false}
      style={{ minWidth: 150, maxWidth: 260 }}
      onChange={(values: string[]) => {
        const offices = values.flatMap((v) =>
          v.startsWith(GROUP_KEY) ? [...SOURCE_GROUPS[v.slice(GROUP_KEY.length) as SourceGroup]] : [v],
        );
        onChange(writeSource(offices));
      }}
    />
  );
}
