import { Tag, Tooltip } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePatentAwards } from '../queries';

/** The patent's awards (docs/awards.md) as gold tags beside its status: award and year each. */
export function AwardTags({ pn }: { pn: string }) {
  const { t } = useTranslation('patent');
  const awards = usePatentAwards(pn);
  if (!awards.isSuccess || awards.data.awards.length === 0) return null;
  return (
    <>
      {awards.data.awards.map((a) => (
        <Tooltip key={`${a.award}-${a.year ?? ''}`} title={t('award.tooltip')}>
          <Tag color="gold" icon={<TrophyOutlined />} className="patent-award-tag">
            {a.year ? t('award.withYear', { award: a.award, year: a.year }) : a.award}
          </Tag>
        </Tooltip>
      ))}
    </>
  );
}
