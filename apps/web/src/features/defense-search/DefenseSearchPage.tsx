import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Flex, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExpressionEditor } from '../../components/ExpressionEditor/ExpressionEditor';
import { searchResultPath } from '../../app/paths';
import { LawForm } from '../../expression-forms/LawForm';
import type { LawValue, LawValues } from '../../expression-forms/law-expression';
import { buildDefenseExpression, DEFENSE_FORM, findDefenseProblems } from './defense-expression';
import '../../expression-forms/law-form.css';

/**
 * Defence-declassified search (spec 1 §2 /search/defense): the same result page, over the records
 * flagged as declassified national-defence patents only — the expression always holds `DEF=1`.
 */
export function DefenseSearchPage() {
  const { t } = useTranslation('defenseSearch');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [values, setValues] = useState<LawValues>({});
  const [editedExpression, setEditedExpression] = useState<string | undefined>(undefined);
  const problems = useMemo(() => findDefenseProblems(values), [values]);
  const builtExpression = useMemo(() => buildDefenseExpression(values), [values]);
  const expression = editedExpression ?? builtExpression;

  const changeValue = (field: string, value: LawValue) => {
    setValues((current) => ({ ...current, [field]: value }));
    setEditedExpression(undefined);
  };
  const reset = () => {
    setValues({});
    setEditedExpression(undefined);
  };
  const submit = (text: string) => {
    if (Object.keys(problems).length > 0 && editedExpression === undefined) {
      void message.error(t('fixProblems'));
      return;
    }
    // An edited expression must stay inside the declassified source.
    if (!/\bDEF\s*[=:]\s*1\b/i.test(text)) {
      void message.error(t('flagRequired'));
      return;
    }
    void navigate(searchResultPath(text));
  };

  return (
    <Flex vertical gap={16} className="law-search-page defense-search-page">
      <Card title={t('title')}>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon title={t('source')} className="defense-source" />
          <LawForm inputs={DEFENSE_FORM} values={values} problems={problems} onChange={changeValue} />
          <Space>
            <Button icon={<ReloadOutlined />} onClick={reset}>
              {t('reset')}
            </Button>
          </Space>
        </Flex>
      </Card>
      <Card title={t('expression')}>
        <Typography.Paragraph type="secondary">{t('expressionHint')}</Typography.Paragraph>
        <ExpressionEditor
          value={expression}
          onChange={setEditedExpression}
          onSubmit={submit}
          submitText={t('search')}
        />
      </Card>
    </Flex>
  );
}
