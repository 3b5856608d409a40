import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH, FULLNAME_MAX_LENGTH } from '@patlas/contracts';
import { fullnameRules } from '../account-rules';

/** Contract RegisterRequestSchema: organisation ≤ 200, phone ≤ 30. */
export const ORGANISATION_MAX_LENGTH = 200;
export const PHONE_MAX_LENGTH = 30;
/** Contract TryoutRequestSchema: purpose ≤ 500. */
export const PURPOSE_MAX_LENGTH = 500;

/** E-mail, name, organisation and phone: the fields of registration and of the trial application. */
export function ApplicantFields() {
  const { t } = useTranslation('account');
  return (
    <>
      <Form.Item
        name="email"
        label={t('applicant.email')}
        rules={[
          { required: true, whitespace: true, message: t('information.rules.emailRequired') },
          { type: 'email', message: t('information.rules.emailInvalid') },
          { max: EMAIL_MAX_LENGTH, message: t('information.rules.emailTooLong', { max: EMAIL_MAX_LENGTH }) },
        ]}
      >
        <Input maxLength={EMAIL_MAX_LENGTH} autoComplete="email" />
      </Form.Item>
      <Form.Item name="fullname" label={t('applicant.fullname')} rules={fullnameRules(t)}>
        <Input maxLength={FULLNAME_MAX_LENGTH} autoComplete="name" />
      </Form.Item>
      <Form.Item name="organisation" label={t('applicant.organisation')}>
        <Input maxLength={ORGANISATION_MAX_LENGTH} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('applicant.phone')}
        rules={[{ pattern: /^[0-9+\-() ]*$/, message: t('applicant.phoneInvalid') }]}
      >
        <Input maxLength={PHONE_MAX_LENGTH} autoComplete="tel" />
      </Form.Item>
    </>
  );
}

/** Trims the fields and leaves out the empty optional ones. */
export function applicantBody<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values)
      .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
      .filter(([, value]) => value),
  ) as T;
}
