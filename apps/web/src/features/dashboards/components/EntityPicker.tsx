import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DashboardEntity, DashboardKind } from '@patlas/contracts';
import { useApiContext } from '../../../api/useApiContext';
import { formatCount } from '../../../utils/format-count';
import { fetchEntities } from '../api';
import { useValueLabels } from '../labels';

interface EntityPickerProps {
  kind: DashboardKind;
  /** The current subject's display name, shown when the list does not hold it. */
  currentName?: string;
  onPick: (entity: DashboardEntity) => void;
}

/** Search box for the dashboard's subject: names with their patent counts, from the index. */
export function EntityPicker({ kind, currentName, onPick }: EntityPickerProps) {
  const { t } = useTranslation('dashboards');
  const { lang, messages } = useApiContext();
  const labels = useValueLabels();
  const [text, setText] = useState('');
  const entities = useQuery({
    queryKey: ['dashboards', 'entities', kind, text, lang],
    queryFn: ({ signal }) => fetchEntities(kind, text.trim(), { lang, messages, signal }),
    staleTime: 60_000,
  });
  const items = entities.data?.items ?? [];
  const nameOf = (e: DashboardEntity) =>
    e.subject.kind === 'province'
      ? labels.province(e.name)
      : e.subject.kind === 'country'
        ? labels.country(e.name)
        : e.name;
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setText }}
      className="dash-picker"
      data-testid="entity-picker"
      placeholder={t(`picker.placeholder.${kind}`)}
      value={currentName ?? null}
      loading={entities.isFetching}
      notFoundContent={entities.isFetching ? undefined : t('picker.none')}
      onChange={(value: string) => {
        const picked = items.find((e) => `${e.subject.kind}:${e.name}` === value);
        if (picked) onPick(picked);
      }}
      options={items.map((e) => ({
        value: `${e.subject.kind}:${e.name}`,
        label: (
          <span className="dash-picker-option">
            <span>{nameOf(e)}</span>
            <span className="dash-picker-count">{t('picker.count', { count: formatCount(e.count, lang) })}</span>
          </span>
        ),
      }))}
    />
  );
}
