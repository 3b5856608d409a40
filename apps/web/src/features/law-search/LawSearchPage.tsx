import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Space, Tabs, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ExpressionEditor } from '../../components/ExpressionEditor/ExpressionEditor';
import { searchResultPath } from '../../app/paths';
import {
  buildLawExpression,
  findLawProblems,
  LAW_FORMS,
  LAW_TABS,
  lawTabOf,
  type LawTab,
  type LawValue,
  type LawValues,
} from '../../expression-forms/law-expression';
import { LawForm } from '../../expression-forms/LawForm';
import { LAW_SEARCH_TAB_PARAM } from './paths';
import '../../expression-forms/law-form.css';

/**
 * Legal search (spec 1 §2 /search/lawSearch): one form per kind of legal record — legal status and
 * events, litigation, licence, transfer, pledge, reexamination/invalidation — chosen by
 * `?defaultActiveName=` (litigationSearch opens litigation). The form writes an expression shown
 * live in the editor, where it can be edited before searching; the results are the normal result page.
 */
export function LawSearchPage() {
  const { t } = useTranslation('lawSearch');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = lawTabOf(params.get(LAW_SEARCH_TAB_PARAM));
  const [valuesByTab, setValuesByTab] = useState<Partial<Record<LawTab, LawValues>>>({});
  const [editedExpression, setEditedExpression] = useState<string | undefined>(undefined);

  const inputs = LAW_FORMS[tab];
  const values = useMemo(() => valuesByTab[tab] ?? {}, [valuesByTab, tab]);
  const problems = useMemo(() => findLawProblems(inputs, values), [inputs, values]);
  const builtExpression = useMemo(() => buildLawExpression(inputs, values), [inputs, values]);
  const expression = editedExpression ?? builtExpression;

  const changeValue = (field: string, value: LawValue) => {
    setValuesByTab((current) => ({ ...current, [tab]: { ...(current[tab] ?? {}), [field]: value } }));
    // Changing the form writes the expression again.
    setEditedExpression(undefined);
  };
  const changeTab = (key: string) => {
    setParams({ [LAW_SEARCH_TAB_PARAM]: key }, { replace: true });
    setEditedExpression(undefined);
  };
  const reset = () => {
    setValuesByTab((current) => ({ ...current, [tab]: {} }));
    setEditedExpression(undefined);
  };
  const submit = (text: string) => {
    if (Object.keys(problems).length > 0 && editedExpression === undefined) {
      void message.error(t('fixProblems'));
      return;
    }
    if (!text.trim()) {
      void message.warning(t('empty'));
      return;
    }
    void navigate(searchResultPath(text));
  };

  return (
    <Flex vertical gap={16} className="law-search-page">
      <Card title={t('title')}>
        <Tabs
          activeKey={tab}
          onChange={changeTab}
          items={LAW_TABS.map((key) => ({
            key,
            label: t(`tabs.${key}`),
            children: (
              <Flex vertical gap={12}>
                <Typography.Text type="secondary">{t(`descriptions.${key}`)}</Typography.Text>
                {key === tab && <LawForm inputs={inputs} values={values} problems={problems} onChange={changeValue} />}
              </Flex>
            ),
          }))}
        />
        <Space>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            {t('reset')}
          </Button>
        </Space>
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
