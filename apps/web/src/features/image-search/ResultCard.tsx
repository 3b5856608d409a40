import { Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImageSearchHit, ImageSimilarityBand } from '@patlas/contracts';
import { patentDetailPath } from '../../app/paths';
import { drawingUrl } from '../../api/drawings';
import { ReadMark, useReadClass } from '../../read-marks/ReadMark';
import { LazyImage } from '../../components/ui/LazyImage';

const BAND_COLOURS: Record<ImageSimilarityBand, string> = {
  very: 'green',
  similar: 'blue',
  weak: 'gold',
  none: 'default',
};

/**
 * One similar patent: its best-matching drawing, rank, number (to the detail page), title and
 * calibrated band (issue 43 item 9: a raw percentage read as a verdict; the raw score is in the
 * band's tooltip).
 */
export function ResultCard({ item }: { item: ImageSearchHit }) {
  const { t } = useTranslation('imageSearch');
  const readClass = useReadClass(item.publicationNumber);
  return (
    <Card
      size="small"
      hoverable
      className="image-result-card"
      cover={
        <Link to={patentDetailPath(item.publicationNumber)} className="image-result-drawing">
          <LazyImage src={drawingUrl(item.drawing)} alt={t('results.drawing', { pn: item.publicationNumber })} />
        </Link>
      }
    >
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap={4}>
          <Link to={patentDetailPath(item.publicationNumber)} className="image-result-number">
            {item.publicationNumber}
          </Link>
          <Typography.Text type="secondary" className="image-result-rank">
            {t('results.rank', { rank: item.rank })}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph
          ellipsis={{ rows: 2, tooltip: item.title }}
          className={readClass ? `image-result-title ${readClass}` : 'image-result-title'}
        >
          {item.title ?? t('results.untitled')}
        </Typography.Paragraph>
        <ReadMark publicationNumber={item.publicationNumber} />
        <Flex justify="space-between" align="center" gap={4}>
          <Tooltip title={t('results.raw', { value: item.similarity.toFixed(3) })}>
            <Tag color={BAND_COLOURS[item.band]} className={`image-result-band image-result-band-${item.band}`}>
              {t(`results.band.${item.band}`)}
            </Tag>
          </Tooltip>
          {item.locarno.length > 0 && (
            <Typography.Text type="secondary" className="image-result-locarno">
              {t('results.locarno', { code: item.locarno.join(', ') })}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
