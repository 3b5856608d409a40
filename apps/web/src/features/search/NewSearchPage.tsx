import { useState } from 'react';
import { Card, Flex, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HELP_DETECTION_PATH, HISTORY_PATH, searchResultPath } from '../../app/paths';
import { ExpressionEditor } from '../../components/ExpressionEditor/ExpressionEditor';

type Scope = 'all' | 'cn' | 'uncn';
const SCOPES: readonly Scope[] = ['all', 'cn', 'uncn'];

/**
 * The new search (/search/searchNew, spec 1 §2): a blank expression editor — field codes, near
 * terms, keywords extracted from a pasted text — over the chosen data (all, Chinese, non-Chinese
 * patents), searched on the result page (which runs `/search/searchNew` and records the search).
 * `?q=` and `?source=` prefill it.
 */
export function NewSearchPage() {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [expression, setExpression] = useState(params.get('q') ?? '');
  const initialScope = params.get('source');
  const [scope, setScope] = useState<Scope>(initialScope === 'cn' || initialScope === 'uncn' ? initialScope : 'all');

  return (
    <Flex vertical gap={16} className="new-search-page">
      <Card title={t('newSearch.title')} variant="borderless" data-testid="new-search">
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('newSearch.hint')}</Typography.Text>
          <Radio.Group
            value={scope}
            onChange={(event) => setScope(event.target.value as Scope)}
            optionType="button"
            aria-label={t('newSearch.scope')}
            options={SCOPES.map((value) => ({ value, label: t(`scope.${value}`) }))}
          />
          <ExpressionEditor
            value={expression}
            onChange={setExpression}
            onSubmit={(text) => void navigate(searchResultPath(text, scope === 'all' ? null : scope))}
            submitText={t('editor.search')}
            autoFocus
            rows={6}
            nearTerms
            extractKeywords
          />
          <Space size={16} wrap>
            <Link to={HELP_DETECTION_PATH}>{t('newSearch.syntax')}</Link>
            <Link to={HISTORY_PATH}>{t('newSearch.history')}</Link>
          </Space>
        </Flex>
      </Card>
    </Flex>
  );
}
