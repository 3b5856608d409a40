import './library-actions.css';
import { createContext, useContext } from 'react';
import { Tag, Tooltip } from 'antd';
import { StarFilled, TagOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LibraryHolding } from '@patlas/contracts';

/** Publication number → the user's folders holding it, for the results on screen. */
export type HoldingMap = LibraryHolding['holding'];

/** Publication number → the user's labels on it (in any of their folders). */
export type HeldLabelsMap = NonNullable<LibraryHolding['labels']>;

/** Provided by the result page around its result views. */
export const HoldingContext = createContext<HoldingMap | undefined>(undefined);
export const HeldLabelsContext = createContext<HeldLabelsMap | undefined>(undefined);

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

/** The user's labels (标引) on a result, as small tags in its row (issue 43: labels were invisible in lists). */
export function HeldLabels({ publicationNumber }: { publicationNumber: string }) {
  const { t } = useTranslation('library');
  const labels = useContext(HeldLabelsContext)?.[publicationNumber];
  if (!labels || labels.length === 0) return null;
  return (
    <span
      className="library-held-labels"
      data-testid={`row-labels-${publicationNumber}`}
      aria-label={t('labels.onPatent', { names: labels.map((l) => l.name).join('、') })}
    >
      {labels.map((label) => (
        <Tag key={label.id} icon={<TagOutlined />} color="geekblue" className="library-held-label">
          {label.name}
        </Tag>
      ))}
    </span>
  );
}
