import type { ReactNode } from 'react';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { legalStatusLabel, type ComparedPatent, type CurrentLegalStatus, type LocalizedText } from '@patlas/contracts';
import { formatPatentDate } from '../utils/format-date';
import { isListRow, sameValueKey, sharedCounts, type CompareRowKey, type ListRowKey } from './compare-model';

const STATUS_COLOR: Record<CurrentLegalStatus['code'], string> = {
  active: 'success',
  granted: 'cyan',
  pending: 'processing',
  published: 'processing',
  inactive: 'error',
  other: 'default',
};

/** The label of a row: the detail page's field names where it has them. */
export function useRowLabel(): (key: CompareRowKey) => string {
  const { t } = useTranslation('compare');
  const { t: tp } = useTranslation('patent');
  return (key) => {
    switch (key) {
      case 'title':
        return t('field.title');
      case 'ipc':
        return t('field.ipc');
      case 'legalStatus':
        return tp('field.legalStatus');
      case 'firstClaim':
        return t('field.firstClaim');
      case 'citationCount':
        return t('field.citationCount');
      case 'citedByCount':
        return t('field.citedByCount');
      case 'familySize':
        return tp('field.familyCount');
      default:
        return tp(`field.${key}`);
    }
  };
}

/** A text as written, plus its translation into the UI language when the record has one. */
function TextCell({ text, rows, isStrong = false }: { text: LocalizedText; rows: number; isStrong?: boolean }) {
  const { t, i18n } = useTranslation('compare');
  const uiLang = i18n.language === 'en' ? 'en' : 'zh';
  const translation = text.lang !== uiLang ? text.translations?.[uiLang]?.trim() : undefined;
  return (
    <>
      <Typography.Paragraph
        className="compare-text"
        strong={isStrong}
        ellipsis={{
          rows,
          expandable: 'collapsible',
          symbol: (isExpanded) => t(isExpanded ? 'dialog.less' : 'dialog.more'),
        }}
      >
        {text.text}
      </Typography.Paragraph>
      {translation && translation !== text.text.trim() && (
        <Typography.Paragraph type="secondary" className="compare-text compare-translation" ellipsis={{ rows }}>
          {translation}
        </Typography.Paragraph>
      )}
    </>
  );
}

/** Renders one cell: a patent's value for a row. */
export function useCellRenderer(items: readonly ComparedPatent[]) {
  const { t } = useTranslation('compare');
  const { t: tp, i18n } = useTranslation('patent');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const shared: Record<ListRowKey, Map<string, number>> = {
    applicants: sharedCounts(items, 'applicants'),
    inventors: sharedCounts(items, 'inventors'),
    ipc: sharedCounts(items, 'ipc'),
  };
  const none = <Typography.Text type="secondary">—</Typography.Text>;

  const listCell = (patent: ComparedPatent, row: ListRowKey): ReactNode => {
    if (patent[row].length === 0) return none;
    return (
      <Flex wrap gap={4} className="compare-values">
        {patent[row].map((value) => {
          const count = shared[row].get(sameValueKey(row, value)) ?? 1;
          const isMain = row === 'ipc' && patent.ipcMain !== undefined && value === patent.ipcMain.trim();
          const label = isMain ? `${value} ${t('dialog.main')}` : value;
          if (count < 2) {
            return (
              <Tag key={value} variant="outlined" className="compare-value">
                {label}
              </Tag>
            );
          }
          const isAll = count === items.length;
          return (
            <Tooltip key={value} title={t(isAll ? 'dialog.sharedAll' : 'dialog.sharedBy', { count })}>
              <Tag
                color={isAll ? 'green' : 'blue'}
                className="compare-value compare-value-shared"
                data-shared={isAll ? 'all' : 'some'}
              >
                {label}
              </Tag>
            </Tooltip>
          );
        })}
      </Flex>
    );
  };

  return (patent: ComparedPatent, row: CompareRowKey): ReactNode => {
    if (isListRow(row)) return listCell(patent, row);
    switch (row) {
      case 'title':
        return patent.title ? <TextCell text={patent.title} rows={3} isStrong /> : none;
      case 'firstClaim':
      case 'abstract': {
        const text = patent[row];
        return text ? <TextCell text={text} rows={6} /> : none;
      }
      case 'patentType':
        return patent.patentType ? tp(`patentType.${patent.patentType}`) : none;
      case 'applicationDate':
      case 'publicationDate':
      case 'grantDate':
      case 'priorityDate':
        return formatPatentDate(patent[row]) ?? none;
      case 'legalStatus': {
        const status = patent.currentStatus;
        if (!status && !patent.legalStatus) return none;
        const label = patent.legalStatus
          ? legalStatusLabel(patent.legalStatus, lang)
          : status
            ? tp(`status.code.${status.code}`)
            : '';
        return <Tag color={status ? STATUS_COLOR[status.code] : 'default'}>{label}</Tag>;
      }
      case 'citationCount':
      case 'citedByCount':
      case 'familySize': {
        const count = patent[row];
        return count === undefined ? none : count.toLocaleString();
      }
      default:
        return patent[row] ?? none;
    }
  };
}
