import { Alert, Flex, Modal, Progress, Spin, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DUPLICATE_SECTIONS, type DuplicateCheck, type DuplicatePatent } from '@patlas/contracts';
import { duplicateDetailPath } from '../../app/paths';
import { PatentNumber } from '../../components/PatentNumber';
import { formatShare } from './format';
import { useSummary } from './queries';

/** Similar patents the summary lists; the evidence view has them all. */
const SUMMARY_PATENTS = 10;

/**
 * The similarity summary of a finished check (`/patent/similarity/summary`), opened from the list:
 * the overall similarity, the share by section and the most similar patents, without the text.
 */
export function SummaryModal({ check, onClose }: { check: DuplicateCheck | undefined; onClose: () => void }) {
  const { t } = useTranslation('duplicate');
  const summary = useSummary(check?.id);
  const data = summary.data;
  return (
    <Modal
      open={check !== undefined}
      title={t('summary.title', { title: check?.title ?? '' })}
      onCancel={onClose}
      footer={check && <Link to={duplicateDetailPath(check.id)}>{t('summary.evidence')}</Link>}
      width={720}
      destroyOnHidden
    >
      {summary.isPending ? (
        <Spin />
      ) : summary.isError ? (
        <Alert type="error" showIcon title={summary.error.message} />
      ) : (
        data && (
          <Flex vertical gap={16} data-testid="duplicate-summary">
            <Flex gap={32} wrap align="center">
              <Statistic title={t('detail.similarity')} value={formatShare(data.similarity)} />
              <Flex vertical gap={4}>
                <Typography.Text>
                  {t('detail.sentences', { matched: data.matchedSentences, total: data.sentences })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('detail.stats', { aligned: data.stats.aligned, seconds: (data.stats.ms / 1000).toFixed(1) })}
                </Typography.Text>
              </Flex>
              <Flex vertical gap={2} className="duplicate-sections">
                <Typography.Text type="secondary">{t('detail.bySection')}</Typography.Text>
                {DUPLICATE_SECTIONS.map((section) => (
                  <Flex key={section} gap={8} align="center">
                    <span className="duplicate-section-label">{t(`sections.${section}`)}</span>
                    <Progress percent={Math.round(data.bySection[section] * 1000) / 10} size="small" />
                  </Flex>
                ))}
              </Flex>
            </Flex>
            <Table<DuplicatePatent>
              size="small"
              rowKey="publicationNumber"
              pagination={false}
              dataSource={data.patents.slice(0, SUMMARY_PATENTS)}
              locale={{ emptyText: t('detail.noPatents') }}
              columns={[
                { key: 'rank', title: '#', width: 48, render: (_, p) => p.rank },
                {
                  key: 'pn',
                  title: t('summary.patent'),
                  width: 160,
                  render: (_, p) => <PatentNumber number={p.publicationNumber} />,
                },
                { key: 'title', title: t('summary.patentTitle'), ellipsis: true, render: (_, p) => p.title ?? '—' },
                {
                  key: 'similarity',
                  title: t('list.similarity'),
                  width: 90,
                  align: 'right',
                  render: (_, p) => formatShare(p.similarity),
                },
                {
                  key: 'matched',
                  title: t('summary.matched'),
                  width: 90,
                  align: 'right',
                  render: (_, p) => p.matchedSentences,
                },
              ]}
            />
          </Flex>
        )
      )}
    </Modal>
  );
}
