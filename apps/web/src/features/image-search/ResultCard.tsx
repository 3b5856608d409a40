import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImageSearchHit } from '@patlas/contracts';
import { patentDetailPath } from '../../app/paths';
import { drawingUrl } from '../../api/drawings';

/** One similar patent: its best-matching drawing, number (to the detail page), title and similarity. */
export function ResultCard({ item }: { item: ImageSearchHit }) {
  const { t } = useTranslation('imageSearch');
  const percent = Math.round(item.similarity * 100);
  return (
    <Card
      size="small"
      hoverable
      className="image-result-card"
      cover={
        <Link to={patentDetailPath(item.publicationNumber)} className="image-result-drawing">
          <img
            src={drawingUrl(item.drawing)}
            alt={t('results.drawing', { pn: item.publicationNumber })}
            loading="lazy"
          />
        </Link>
      }
    >
      <Flex vertical gap={4}>
        <Link to={patentDetailPath(item.publicationNumber)} className="image-result-number">
          {item.publicationNumber}
        </Link>
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: item.title }} className="image-result-title">
          {item.title ?? t('results.untitled')}
        </Typography.Paragraph>
        <Tag color={percent >= 90 ? 'green' : percent >= 75 ? 'blue' : 'default'}>
          {t('results.similarity', { value: percent })}
        </Tag>
      </Flex>
    </Card>
  );
}
