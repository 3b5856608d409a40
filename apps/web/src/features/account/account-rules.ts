import type { FormRule as Rule } from 'antd';
import type { TFunction } from 'i18next';
import { FULLNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@patlas/contracts';

/** Form rules of a new password (contract: PASSWORD_MIN_LENGTH..PASSWORD_MAX_LENGTH). */
export function newPasswordRules(t: TFunction<'account'>): Rule[] {
  return [
    { required: true, message: t('password.rules.newRequired') },
    { min: PASSWORD_MIN_LENGTH, message: t('password.rules.tooShort', { min: PASSWORD_MIN_LENGTH }) },
    { max: PASSWORD_MAX_LENGTH, message: t('password.rules.tooLong', { max: PASSWORD_MAX_LENGTH }) },
  ];
}

/** The confirmation must repeat the field `passwordField` exactly. */
export function confirmPasswordRules(t: TFunction<'account'>, passwordField: string): Rule[] {
  return [
    { required: true, message: t('password.rules.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || getFieldValue(passwordField) === value
          ? Promise.resolve()
          : Promise.reject(new Error(t('password.rules.mismatch'))),
    }),
  ];
}

export function fullnameRules(t: TFunction<'account'>): Rule[] {
  return [
    { required: true, whitespace: true, message: t('information.rules.fullnameRequired') },
    { max: FULLNAME_MAX_LENGTH, message: t('information.rules.fullnameTooLong', { max: FULLNAME_MAX_LENGTH }) },
  ];
}
