/**
 * Form rules of attendee-app.md §5. Each rule returns the translation key of its message (the
 * English texts are the spec's, word for word) or null when the value is fine.
 */

export const PASSWORD_MIN_LENGTH = 12;
export const CODE_LENGTH = 6;

export type ValidationKey =
  | "validation.emailInvalid"
  | "validation.passwordRequired"
  | "validation.firstNameRequired"
  | "validation.lastNameRequired"
  | "validation.passwordTooShort"
  | "validation.passwordsDontMatch"
  | "validation.agreementRequired"
  | "validation.codeInvalid";

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const rules = {
  email: (v: string): ValidationKey | null => (EMAIL.test(v.trim()) ? null : "validation.emailInvalid"),
  passwordRequired: (v: string): ValidationKey | null => (v === "" ? "validation.passwordRequired" : null),
  firstName: (v: string): ValidationKey | null => (v.trim() === "" ? "validation.firstNameRequired" : null),
  lastName: (v: string): ValidationKey | null => (v.trim() === "" ? "validation.lastNameRequired" : null),
  newPassword: (v: string): ValidationKey | null =>
    v === "" ? "validation.passwordRequired" : [...v].length < PASSWORD_MIN_LENGTH ? "validation.passwordTooShort" : null,
  confirmation: (password: string, confirmation: string): ValidationKey | null =>
    password === confirmation ? null : "validation.passwordsDontMatch",
  agreement: (v: boolean): ValidationKey | null => (v ? null : "validation.agreementRequired"),
  code: (v: string): ValidationKey | null =>
    new RegExp(`^\\d{${CODE_LENGTH}}$`).test(v.trim()) ? null : "validation.codeInvalid",
};

export type Errors<F extends string> = Partial<Record<F, ValidationKey>>;

export interface LoginForm { email: string; password: string }
export function validateLogin(f: LoginForm): Errors<keyof LoginForm> {
  return compact({ email: rules.email(f.email), password: rules.passwordRequired(f.password) });
}

export interface SignUpForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmation: string;
  agreement: boolean;
}
export function validateSignUp(f: SignUpForm): Errors<keyof SignUpForm> {
  return compact({
    firstName: rules.firstName(f.firstName),
    lastName: rules.lastName(f.lastName),
    email: rules.email(f.email),
    password: rules.newPassword(f.password),
    confirmation: rules.confirmation(f.password, f.confirmation),
    agreement: rules.agreement(f.agreement),
  });
}

export interface NewPasswordForm { password: string; confirmation: string }
export function validateNewPassword(f: NewPasswordForm): Errors<keyof NewPasswordForm> {
  return compact({
    password: rules.newPassword(f.password),
    confirmation: rules.confirmation(f.password, f.confirmation),
  });
}

export function validateEmailOnly(email: string): Errors<"email"> {
  return compact({ email: rules.email(email) });
}

export function validateCode(code: string): Errors<"code"> {
  return compact({ code: rules.code(code) });
}

function compact<F extends string>(all: Record<F, ValidationKey | null>): Errors<F> {
  const out: Errors<F> = {};
  for (const key of Object.keys(all) as F[]) {
    const value = all[key];
    if (value) out[key] = value;
  }
  return out;
}
