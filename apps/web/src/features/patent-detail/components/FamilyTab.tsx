import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatentDetail } from '@patlas/contracts';
import { PatentNumber } from '../../../components/PatentNumber';
import { heldNumber, present, presentList } from '../patent-view';
import { EmptyTab } from './EmptyTab';
import { Section } from './Section';

function FamilyMembers({ patent, members }: { patent: PatentDetail; members: string[] }) {
  return (
    <Flex gap={8} wrap className="patent-family-members">
      {members.map((member) => {
        const heldAs = heldNumber(patent.held, [member]);
        // The page itself, or another number the server resolves to it, is not a link.
        const isSelf = member === patent.publicationNumber || heldAs === patent.publicationNumber;
        return isSelf ? (
          <Tag key={member} color="blue">
            {member}
          </Tag>
        ) : (
          <span key={member} className="patent-family-member">
            <PatentNumber number={member} heldAs={heldAs} />
          </span>
        );
      })}
    </Flex>
  );
}

/** Simple and INPADOC family members; a member is a link when the database holds it. */
export function FamilyTab({ patent }: { patent: PatentDetail }) {
  const { t } = useTranslation('patent');
  const simple = [...new Set(presentList(patent.family?.simple))];
  const inpadoc = [...new Set(presentList(patent.family?.inpadoc))];
  if (simple.length === 0 && inpadoc.length === 0) return <EmptyTab description={t('family.empty')} />;
  const groups = [
    { key: 'simple', title: t('family.simple'), id: present(patent.family?.simpleFamilyId), members: simple },
    { key: 'inpadoc', title: t('family.inpadoc'), id: present(patent.family?.inpadocFamilyId), members: inpadoc },
  ].filter((group) => group.members.length > 0);
  return (
    <div className="patent-family">
      {groups.map((group) => (
        <Section
          key={group.key}
          title={group.title}
          extra={
            <Flex gap={12}>
              {group.id && <Typography.Text type="secondary">{t('family.familyId', { id: group.id })}</Typography.Text>}
              <Typography.Text type="secondary">{t('family.members', { count: group.members.length })}</Typography.Text>
            </Flex>
          }
        >
          <FamilyMembers patent={patent} members={group.members} />
        </Section>
      ))}
    </div>
  );
}
