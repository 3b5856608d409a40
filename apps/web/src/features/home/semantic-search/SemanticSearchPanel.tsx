import { useEffect, useMemo, useRef } from 'react';
import { Alert, Button, Flex, Form, Result, Skeleton, Spin, Typography } from 'antd';
import { LockOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SemanticSearchRequest } from '@patlas/contracts';
import { useTranslation } from 'react-i18next';
import { loginPathFor } from '../../../session/login-target';
import { setResultPath } from '../../../search-state/search-url-state';
import { usePermission, useSession } from '../../../session/useSession';
import {
  emptyForm,
  fromSemanticQuery,
  toSemanticRequest,
  withoutExpansion,
  type SemanticFormValues,
} from './semantic-form';
import { readSemanticUrl, writeSemanticUrl } from './semantic-url-state';
import { useNewSemanticSearch, useSemanticPage } from './queries';
import { useSemanticHistoryRecorder } from './useSemanticHistoryRecorder';
import { SemanticSearchForm, toFormShape, type SemanticFormShape } from './SemanticSearchForm';
import { AlsoSearched } from './AlsoSearched';
import './semantic-search.css';

/** Spec 1 §6 / §8: semantic retrieval has its own permission. */
export const SEMANTIC_PERMISSION = 'semantics';

/**
 * The semantics tab of /home: a login prompt for visitors, the spec's message without the
 * `semantics` permission, otherwise the form and, under it, the result of the key in the URL.
 */
export function SemanticSearchPanel() {
  const { t } = useTranslation('semanticSearch');
  const { session } = useSession();
  const canSearch = usePermission(SEMANTIC_PERMISSION);
  const location = useLocation();
  const navigate = useNavigate();

  if (!session) {
    const here = new URL(`${location.pathname}${location.search}`, window.location.origin);
    return (
      <div data-testid="semantic-login">
        <Result
          icon={<LockOutlined />}
          title={t('gate.loginTitle')}
          subTitle={t('gate.loginHint')}
          extra={
            <Button type="primary" onClick={() => void navigate(loginPathFor(here))}>
              {t('gate.login')}
            </Button>
          }
        />
      </div>
    );
  }
  // The menu arrives shortly after login; until then nothing is decided.
  if (session.menu === undefined) return <Skeleton active />;
  if (!canSearch) {
    return <Alert type="warning" showIcon title={t('gate.forbidden')} data-testid="semantic-forbidden" />;
  }
  return <SemanticSearchWorkspace savedWeights={session.userCustomConfig?.semanticsSearchWeightInfo} />;
}

function SemanticSearchWorkspace({ savedWeights }: { savedWeights: string | undefined }) {
  const { t } = useTranslation('semanticSearch');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { key, page } = readSemanticUrl(params);
  const [form] = Form.useForm<SemanticFormShape>();
  const initialValues = useMemo(() => toFormShape(emptyForm(savedWeights)), [savedWeights]);
  const search = useNewSemanticSearch();
  // A stored search named in the URL (an edit from its result page, an old link) fills the form.
  const stored = useSemanticPage(key, page);
  const record = useSemanticHistoryRecorder();
  // The key whose query the form shows: a result opened by URL fills the form once.
  const filledKey = useRef<string | undefined>(undefined);

  const answer = stored.data;
  useEffect(() => {
    if (!answer || answer.key !== key || answer.key === filledKey.current) return;
    filledKey.current = answer.key;
    // What the user has started typing or choosing is never overwritten by a late answer.
    if (form.isFieldsTouched()) return;
    form.setFieldsValue(toFormShape(fromSemanticQuery(answer.query, savedWeights)));
  }, [answer, key, form, savedWeights]);

  // The ranked patents open on the result page (issue 14: filters, selection, analysis apply there).
  const run = (request: SemanticSearchRequest) => {
    search.mutate(request, {
      onSuccess: (next) => {
        record(next);
        // The tab remembers the search, so going back to it shows this text.
        setParams(writeSemanticUrl(params, { key: next.key, page: 1 }), { replace: true });
        void navigate(setResultPath({ kind: 'semantic', key: next.key }));
      },
    });
  };
  const handleSearch = (values: SemanticFormValues) => run(toSemanticRequest(values));
  // "Also searched" terms: removing one runs the stored query again without it.
  const handleRemoveExpansion = (term: string) => {
    if (answer) run(withoutExpansion(answer.query, term));
  };

  const handleClear = () => {
    form.resetFields();
    search.reset();
    filledKey.current = undefined;
    setParams(writeSemanticUrl(params, { key: undefined, page: 1 }), { replace: true });
  };

  const error = search.error ?? (stored.isError ? stored.error : null);

  return (
    <Flex vertical gap={16} className="semantic-search">
      <Typography.Paragraph type="secondary" className="semantic-intro">
        {t('intro')}
      </Typography.Paragraph>
      <SemanticSearchForm
        form={form}
        initialValues={initialValues}
        isSearching={search.isPending}
        onSearch={handleSearch}
        onClear={handleClear}
      />
      {error && (
        <Alert
          type="error"
          showIcon
          title={error.message}
          data-testid="semantic-error"
          action={
            search.error ? undefined : (
              <Button size="small" onClick={() => void stored.refetch()}>
                {t('results.retry')}
              </Button>
            )
          }
        />
      )}
      {key && stored.isPending && !error && (
        <Flex vertical align="center" gap={8} className="semantic-loading">
          <Spin />
          <Typography.Text type="secondary">{t('results.loading')}</Typography.Text>
        </Flex>
      )}
      {key && answer && !stored.isError && (
        <AlsoSearched terms={answer.expansions} disabled={search.isPending} onRemove={handleRemoveExpansion} />
      )}
      {key && answer && !stored.isError && (
        <Flex justify="center">
          <Link to={setResultPath({ kind: 'semantic', key })} data-testid="semantic-open-results">
            <Button icon={<UnorderedListOutlined />}>{t('results.open')}</Button>
          </Link>
        </Flex>
      )}
    </Flex>
  );
}
