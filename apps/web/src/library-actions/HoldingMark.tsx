import './library-actions.css';
import { createContext, useContext } from 'react';
import { Tooltip } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LibraryHolding } from '@patlas/contracts';

/** Publication number → the user's folders holding it, for the results on screen. */
export type HoldingMap = LibraryHolding['holding'];

/** Provided by the result page around its result views. */
export const HoldingContext = createContext<HoldingMap | undefined>(undefined);

/** A star beside a result the user has collected; hovering it names the folders (issue 17). */
export function HoldingMark({ publicationNumber }: { publicationNumber: string }) {
  const { t } = useTranslation('library');
  const folders = useContext(HoldingContext)?.[publicationNumber];
  if (!folders || folders.length === 0) return null;
  const names = folders.map((f) => f.name).join('、');
  return (
    <Tooltip title={t('collect.heldIn', { names })}>
      <StarFilled
        className="library-holding-mark"
        aria-label={t('collect.heldIn', { names })}
        data-testid={`holding-${publicationNumber}`}
      />
    </Tooltip>
  );
}
