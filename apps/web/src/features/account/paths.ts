/** Account pages (spec 1 §2). */
export const INFORMATION_PATH = '/user/information';
export const INFORMATION_ALIAS_PATH = '/innovationSpace/information';
export const PASSWORD_PATH = '/innovationSpace/password';
export const SETTING_PATH = '/innovationSpace/setting';
export const REGISTER_PATH = '/reg';
export const SIGN_UP_PATH = '/signUp';
export const RESET_PASSWORD_PATH = '/resetPassword';
/** Issue 41: the link mailed to a new e-mail address (contracts CONFIRM_EMAIL_PATH). */
export { CONFIRM_EMAIL_PATH } from '@patlas/contracts';
