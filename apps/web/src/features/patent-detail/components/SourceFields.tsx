import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatentDetail } from '@patlas/contracts';
import { Section } from './Section';

/**
 * The columns of the imported file that no field of the record holds (PatSnap 专利价值, incoPat
 * 新兴产业分类, Patentics 专利度…), under the source's own headers and in its order. Nothing when
 * the record has none.
 */
export function SourceFields({ extras }: { extras: PatentDetail['extras'] }) {
  const { t } = useTranslation('patent');
  const entries = Object.entries(extras ?? {}).filter(([key, value]) => key.trim() && value.trim());
  if (entries.length === 0) return null;
  return (
    <Section
      title={t('basic.sourceFields')}
      extra={<Typography.Text type="secondary">{t('basic.sourceFieldsHint')}</Typography.Text>}
    >
      <Descriptions
        className="patent-source-fields"
        bordered
        size="small"
        column={2}
        items={entries.map(([key, value]) => ({ key, label: key, children: value }))}
        styles={{ label: { width: 150 } }}
      />
    </Section>
  );
}
