import { Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { patentDetailPath } from '../app/paths';

interface PatentNumberProps {
  /** The number as the record writes it. */
  number: string;
  /** The publication number to open when the database holds the document. */
  heldAs?: string;
}

/**
 * A patent number: a link to its detail page when the database holds it, otherwise plain text
 * with a hint, so users do not click into a "not found" page.
 */
export function PatentNumber({ number, heldAs }: PatentNumberProps) {
  const { t } = useTranslation('patent');
  if (heldAs) {
    return (
      <Link to={patentDetailPath(heldAs)} className="patent-number">
        {number}
      </Link>
    );
  }
  return (
    <Tooltip title={t('notHeld')}>
      <Typography.Text className="patent-number">{number}</Typography.Text>
    </Tooltip>
  );
}
