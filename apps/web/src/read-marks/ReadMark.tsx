import './read-marks.css';
import { createContext, useContext, type ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../utils/use-format-date-time';
import { useReadMarks, type ReadMarkMap } from './read-marks';

/** The reading marks of the rows in a result list (ReadMarksProvider). */
export const ReadMarksContext = createContext<ReadMarkMap | undefined>(undefined);

/** Asks which of a list's rows the user has opened and gives the marks to the rows inside. */
export function ReadMarksProvider({
  publicationNumbers,
  isEnabled = true,
  children,
}: {
  publicationNumbers: readonly string[];
  isEnabled?: boolean;
  children: ReactNode;
}) {
  const marks = useReadMarks(publicationNumbers, isEnabled);
  return <ReadMarksContext.Provider value={marks.data}>{children}</ReadMarksContext.Provider>;
}

/** Whether the user has opened this patent (a row's muted title). */
export function useIsRead(publicationNumber: string): boolean {
  return useContext(ReadMarksContext)?.has(publicationNumber) ?? false;
}

/** The class a read row's title takes (muted colour), or none. */
export function useReadClass(publicationNumber: string): string | undefined {
  return useIsRead(publicationNumber) ? 'read-mark-title' : undefined;
}

/** "已读 / Read" beside a row the user has opened; hovering it says when. */
export function ReadMark({ publicationNumber }: { publicationNumber: string }) {
  const { t } = useTranslation('common');
  const formatDateTime = useFormatDateTime();
  const readAt = useContext(ReadMarksContext)?.get(publicationNumber);
  if (readAt === undefined) return null;
  const time = formatDateTime(readAt);
  const hint = time ? t('readMark.hint', { time }) : t('readMark.hintNoTime');
  return (
    <Tooltip title={hint}>
      <Tag
        icon={<EyeOutlined />}
        className="read-mark"
        aria-label={hint}
        data-testid={`read-mark-${publicationNumber}`}
      >
        {t('readMark.tag')}
      </Tag>
    </Tooltip>
  );
}
