import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dataVersionEndpoints, type DataVersion } from '@patlas/contracts';
import { call } from '../../../api/endpoint-call';
import { useApiContext } from '../../../api/useApiContext';
import { useFormatDateTime } from '../../../utils/use-format-date-time';

/** The value of "the corpus as it is" in the select (a version is its number). */
const CURRENT = 'current';

export interface AsOfPickerProps {
  /** The data version the page searches as of; undefined: the corpus as it is. */
  value: number | undefined;
  onChange: (asOf: number | undefined) => void;
  /** Hits a later import changed whose content then was not kept (the answer's `changedSinceAsOf`). */
  changed?: number | undefined;
  /** Hits a later import changed that were matched on their content then (the answer's `revisedSinceAsOf`). */
  revised?: number | undefined;
  /** Later imports changed more records than are matched as they were (the answer's `changedTooManyAsOf`). */
  tooMany?: { max: number } | undefined;
}

/**
 * Issue 48 item 5: the result page's "as of a data version" picker (docs/search-as-of.md): the
 * corpus as it is, or as it stood after one import; the page's `asOf` parameter.
 */
export function AsOfPicker({ value, onChange, changed, revised, tooMany }: AsOfPickerProps) {
  const { t } = useTranslation('search');
  const { lang, messages } = useApiContext();
  const formatTime = useFormatDateTime();
  // The list is asked for when the picker opens or a version is shown, not on every result page load.
  const [opened, setOpened] = useState(false);
  const versions = useQuery({
    enabled: opened || value !== undefined,
    queryKey: ['data-versions', lang],
    queryFn: ({ signal }) => call(dataVersionEndpoints.list, {}, { lang, messages, signal }),
    staleTime: 60_000,
  });
  const list = versions.data?.versions ?? [];
  const label = (v: DataVersion) => t('asOf.version', { version: v.version, date: formatTime(v.startedAt) ?? '' });
  const chosen = value === undefined ? undefined : list.find((v) => v.version === value);
  const options = [
    { value: CURRENT, label: t('asOf.current') },
    ...list.map((v) => ({ value: String(v.version), label: label(v) })),
    // A version older than the listed ones (or 0) stays selectable as written.
    ...(value !== undefined && !chosen
      ? [{ value: String(value), label: t('asOf.versionOnly', { version: value }) }]
      : []),
  ];
  return (
    <div className="result-as-of" data-testid="as-of-picker">
      <Typography.Text type="secondary">{t('asOf.label')}</Typography.Text>{' '}
      <Select
        size="small"
        aria-label={t('asOf.label')}
        popupMatchSelectWidth={false}
        style={{ minWidth: 220 }}
        loading={versions.isFetching}
        onOpenChange={(open) => open && setOpened(true)}
        value={value === undefined ? CURRENT : String(value)}
        options={options}
        onChange={(next: string) => onChange(next === CURRENT ? undefined : Number(next))}
      />
      {value !== undefined && (
        <Alert
          className="result-as-of-note"
          type="info"
          showIcon
          title={
            chosen
              ? t('asOf.showing', { label: label(chosen) })
              : t('asOf.showing', { label: t('asOf.versionOnly', { version: value }) })
          }
          description={
            tooMany ? (
              t('asOf.tooMany', { max: tooMany.max.toLocaleString() })
            ) : revised || changed ? (
              // Both can hold: some changes were kept (matched as then), older ones were not.
              <>
                {revised ? <div>{t('asOf.revised', { count: revised })}</div> : null}
                {changed ? <div>{t('asOf.changed', { count: changed })}</div> : null}
              </>
            ) : undefined
          }
        />
      )}
    </div>
  );
}
