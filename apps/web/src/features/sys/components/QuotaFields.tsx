import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_QUOTA_KINDS, type QuotaKind } from '@patlas/contracts';
import { LimitInput } from './LimitInput';

/**
 * One limit per quota kind whose feature exists and counts (ACTIVE_QUOTA_KINDS), under the form
 * field `quotas`; the others are not offered, as a limit on them would do nothing.
 */
export function QuotaFields({ kinds = ACTIVE_QUOTA_KINDS }: { kinds?: readonly QuotaKind[] }) {
  const { t } = useTranslation('sys');
  return (
    <>
      {kinds.map((kind) => (
        <Form.Item key={kind} name={['quotas', kind]} label={t(`quotaKinds.${kind}`)}>
          <LimitInput label={t(`quotaKinds.${kind}`)} />
        </Form.Item>
      ))}
    </>
  );
}
