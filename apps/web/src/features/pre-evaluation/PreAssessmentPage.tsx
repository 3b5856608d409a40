import { Flex } from 'antd';
import { useNavigate } from 'react-router';
import { estimateDetailsPath } from '../../app/paths';
import { searchPagePath } from './links';
import { EvaluationForm } from './EvaluationForm';
import { EvaluationList } from './EvaluationList';
import './pre-evaluation.css';
import { isActiveTask } from '../../tasks/useTaskQuery';

/**
 * The pre-evaluation (/innovationSpace/preAssessment, spec 2 §2 /preAssessment): a new evaluation
 * of a claim set or a disclosure (at least 30 characters), and the user's evaluations with their
 * state and risks, to open, export or delete. A started one opens its progress page.
 */
export function PreAssessmentPage() {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16} className="pre-page">
      <EvaluationForm origin="preAssessment" onStarted={(e) => void navigate(searchPagePath(e.id))} />
      <EvaluationList
        origin="preAssessment"
        openPath={(e) => (isActiveTask(e) || e.state === 'failed' ? searchPagePath(e.id) : estimateDetailsPath(e.id))}
      />
    </Flex>
  );
}
