import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUOTA_KINDS } from '@patlas/contracts';
import { LimitInput } from './LimitInput';

/** One limit per quota kind, under the form field `quotas`. */
export function QuotaFields() {
  const { t } = useTranslation('sys');
  return (
    <>
      {QUOTA_KINDS.map((kind) => (
        <Form.Item key={kind} name={['quotas', kind]} label={t(`quotaKinds.${kind}`)}>
          <LimitInput label={t(`quotaKinds.${kind}`)} />
        </Form.Item>
      ))}
    </>
  );
}
