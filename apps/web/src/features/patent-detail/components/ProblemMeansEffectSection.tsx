import { Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatentDetail } from '@patlas/contracts';
import { Section } from './Section';

/**
 * 技术问题 / 技术手段 / 功效 (spec 1 §3): the sentences read from the abstract, claims and
 * description (the TPROB / TMEANS / TEFFECT fields), with the effect's terms; docs/problem-means-effect.md.
 */
export function ProblemMeansEffectSection({ patent }: { patent: PatentDetail }) {
  const { t } = useTranslation('patent');
  const pme = patent.problemMeansEffect;
  if (!pme) return null;
  const row = (key: 'problem' | 'means' | 'effect', text: string | undefined) => ({
    key,
    label: t(`pme.${key}`),
    children: text ? (
      <Typography.Text data-testid={`pme-${key}`}>{text}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">{t('pme.none')}</Typography.Text>
    ),
  });
  return (
    <Section title={t('pme.title')}>
      <div data-testid="problem-means-effect">
        <Descriptions
          bordered
          size="small"
          column={1}
          styles={{ label: { width: 150 } }}
          items={[
            row('problem', pme.problem),
            row('means', pme.means),
            {
              ...row('effect', pme.effect),
              children: (
                <Flex vertical gap={4}>
                  {row('effect', pme.effect).children}
                  {pme.effectTerms.length > 0 && (
                    <Flex wrap gap={4}>
                      {pme.effectTerms.map((term) => (
                        <Tag key={term} color="green">
                          {t(`pme.terms.${term}`, { defaultValue: term })}
                        </Tag>
                      ))}
                    </Flex>
                  )}
                </Flex>
              ),
            },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('pme.note')}
        </Typography.Text>
      </div>
    </Section>
  );
}
