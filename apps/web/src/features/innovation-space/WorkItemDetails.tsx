import { Button, Descriptions, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../utils/format-date';
import { CATEGORY_SPECS, type WorkItem } from './workbench-items';

const STATE_COLORS: Record<string, string> = {
  waiting: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/** A job's state as a coloured tag (documents and files have none). */
export function StateTag({ state }: { state?: string }) {
  const { t } = useTranslation('innovationSpace');
  if (!state) return null;
  return <Tag color={STATE_COLORS[state] ?? 'default'}>{t(`state.${state}`, { defaultValue: state })}</Tag>;
}

/** The right-hand pane of the workbench: what one item is, and where it opens. */
export function WorkItemDetails({ item }: { item?: WorkItem }) {
  const { t } = useTranslation('innovationSpace');
  const navigate = useNavigate();
  if (!item) return <Empty className="workspace-details-empty" description={t('workspace.pickItem')} />;
  const facts = Object.entries(item.facts).flatMap(([key, value]) =>
    value === null || value === undefined ? [] : [[key, value] as const],
  );
  // Risk levels are words (high / medium / low / too little evidence / too coarse); every other fact is a number or a formatted size.
  const factText = (key: string, value: string | number): string =>
    (key === 'novelty' || key === 'inventiveness') &&
    (value === 'high' || value === 'medium' || value === 'low' || value === 'insufficient' || value === 'coarse')
      ? t(`risk.${value}`)
      : String(value);
  return (
    <Flex vertical gap={12} className="workspace-details" data-testid="workspace-details">
      <Typography.Title level={5} className="workspace-details-title">
        {item.title || t('untitled')}
      </Typography.Title>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'category', label: t('workspace.category'), children: t(`category.${item.category}`) },
          { key: 'updated', label: t('workspace.updated'), children: formatDateTime(item.updatedAt) ?? '—' },
          ...(item.state
            ? [{ key: 'state', label: t('workspace.state'), children: <StateTag state={item.state} /> }]
            : []),
          ...facts.map(([key, value]) => ({
            key,
            label: t(`fact.${key}`, { defaultValue: key }),
            children: factText(key, value),
          })),
        ]}
      />
      <Flex gap={8}>
        <Button type="primary" onClick={() => void navigate(item.openPath)}>
          {t('open')}
        </Button>
        <Button onClick={() => void navigate(CATEGORY_SPECS[item.category].listPath)}>
          {t('allOf', { category: t(`category.${item.category}`) })}
        </Button>
      </Flex>
    </Flex>
  );
}
