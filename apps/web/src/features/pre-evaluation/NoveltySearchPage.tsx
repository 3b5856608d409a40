import { Flex } from 'antd';
import { useNavigate } from 'react-router';
import { noveltyResultPath } from './links';
import { EvaluationForm } from './EvaluationForm';
import { EvaluationList } from './EvaluationList';
import './pre-evaluation.css';

/**
 * The novelty search from a disclosure (/innovationSpace/disclosureNoveltySearch, spec 2 §2
 * /disclosureNoveltySearch): a disclosure pasted or given by `?disclosureId=` (a saved draft, its
 * solution and effects), searched by the same method as the pre-evaluation; and the user's
 * novelty searches. A started search opens its prior-art list.
 */
export function NoveltySearchPage() {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16} className="pre-page">
      <EvaluationForm origin="noveltySearch" onStarted={(e) => void navigate(noveltyResultPath(e.id))} />
      <EvaluationList origin="noveltySearch" openPath={(e) => noveltyResultPath(e.id)} />
    </Flex>
  );
}
