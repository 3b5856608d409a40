import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRE_DETAIL_PATH } from '../../app/paths';
import { EvaluationList } from './EvaluationList';
import { searchPagePath } from './links';
import './pre-evaluation.css';
import { isActiveTask } from '../../tasks/useTaskQuery';

/**
 * /innovationSpace/pre (spec 1 §4, spec 2 §2 "/pre: novelty/pre-evaluation search"): every
 * evaluation of the user, pre-evaluations and novelty searches alike; a finished one opens in
 * /innovationSpace/pre/detail (the same result page as /estimateDetails).
 */
export function PreListPage() {
  const { t } = useTranslation('preEvaluation');
  return (
    <Flex vertical gap={16} className="pre-page">
      <Typography.Text type="secondary">{t('pre.intro')}</Typography.Text>
      <EvaluationList
        openPath={(e) =>
          isActiveTask(e) || e.state === 'failed'
            ? searchPagePath(e.id)
            : `${PRE_DETAIL_PATH}?${new URLSearchParams({ id: e.id }).toString()}`
        }
      />
    </Flex>
  );
}
