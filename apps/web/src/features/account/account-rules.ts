import type { FormRule as Rule } from 'antd';
import type { TFunction } from 'i18next';
import {
  DEFAULT_SEMANTIC_WEIGHTS,
  FULLNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@patlas/contracts';

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

/** Spec 1 §3: title, abstract, claims, description, stored as "3,3,3,3". */
export const WEIGHT_PARTS = ['title', 'abstract', 'claims', 'description'] as const;
export type SemanticWeights = [number, number, number, number];
export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 9;

export function parseWeights(value: string | undefined): SemanticWeights {
  const parts = (value ?? '').split(',').map((n) => Number(n));
  const isReadable =
    parts.length === 4 && parts.every((n) => Number.isInteger(n) && n >= WEIGHT_MIN && n <= WEIGHT_MAX);
  return isReadable ? (parts as SemanticWeights) : parseWeights(DEFAULT_SEMANTIC_WEIGHTS);
}

export function formatWeights(weights: readonly number[]): string {
  return weights.join(',');
}

/** Spec 1 §5: "Semantic weights cannot all be 0". */
export function areWeightsValid(weights: readonly (number | null | undefined)[]): boolean {
  return weights.some((n) => typeof n === 'number' && n > 0);
}
