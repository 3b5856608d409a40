import { Descriptions, Flex, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatentDetail } from '@patlas/contracts';
import { formatPatentDate } from '../../../utils/format-date';
import { kindOf, present, presentList, shownText } from '../patent-view';
import { AwardTags } from './AwardTags';
import { LegalStatusBadge } from './LegalStatusBadge';
import { useCountryName } from './useCountryName';

/** Number with its current legal status, kind, type, country, the page's actions, title (with translation) and key dates. */
export function PatentHeader({ patent, actions }: { patent: PatentDetail; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('patent');
  const countryName = useCountryName();
  const title = shownText(patent.title, i18n.language);
  const owners = presentList(
    (patent.currentAssignees?.length ? patent.currentAssignees : patent.assignees)?.map((p) => p.name),
  );
  const applicants = presentList(patent.applicants?.map((p) => p.name));
  const ownerField = patent.currentAssignees?.length ? 'field.currentAssignees' : 'field.assignees';

  const dates: DescriptionsProps['items'] = (
    [
      ['applicationNumber', present(patent.applicationNumber)],
      ['applicationDate', formatPatentDate(patent.applicationDate)],
      ['publicationDate', formatPatentDate(patent.publicationDate)],
      ['grantDate', formatPatentDate(patent.grantDate)],
      ['priorityDate', formatPatentDate(patent.priorityDate)],
      ['expiryDate', formatPatentDate(patent.expiryDate)],
    ] as const
  )
    .filter((entry): entry is readonly [(typeof entry)[0], string] => entry[1] !== undefined)
    .map(([key, value]) => ({ key, label: t(`field.${key}`), children: value }));
  const parties: DescriptionsProps['items'] = [];
  if (applicants.length > 0) {
    parties.push({ key: 'applicants', label: t('field.applicants'), children: applicants.join('; ') });
  }
  if (owners.length > 0) parties.push({ key: 'owners', label: t(ownerField), children: owners.join('; ') });

  return (
    <header className="patent-header">
      <Flex gap={8} align="center" wrap className="patent-header-tags">
        <Typography.Text strong copyable className="patent-header-pn">
          {patent.publicationNumber}
        </Typography.Text>
        <LegalStatusBadge status={patent.currentStatus} sourceText={patent.legalStatus} kind={kindOf(patent)} />
        {present(patent.kind) && <Tag>{t('header.kindCode', { kind: patent.kind })}</Tag>}
        {patent.patentType && <Tag color="blue">{t(`patentType.${patent.patentType}`)}</Tag>}
        <Tag>{countryName(patent.country)}</Tag>
        <AwardTags pn={patent.publicationNumber} />
        {actions && <div className="patent-header-actions">{actions}</div>}
      </Flex>
      <Typography.Title level={3} className="patent-header-title">
        {title.original ??
          (patent.abstractTitle ? (
            <span data-testid="abstract-title">
              {patent.abstractTitle}
              <span className="patent-header-title-mark">{t('header.fromAbstract')}</span>
            </span>
          ) : (
            t('header.untitled')
          ))}
      </Typography.Title>
      {title.translation && (
        <Typography.Paragraph type="secondary" className="patent-header-translation">
          <Tag variant="filled">{t('header.translation')}</Tag>
          {title.translation}
        </Typography.Paragraph>
      )}
      {parties.length > 0 && <Descriptions size="small" column={1} items={parties} className="patent-header-parties" />}
      {dates.length > 0 && <Descriptions size="small" column={4} items={dates} className="patent-header-dates" />}
    </header>
  );
}
