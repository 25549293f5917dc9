// What the password messages show, without the common-password list that password.ts loads (the
// sign-in page shows validation messages but never checks a new password: ADR 0100).
export const PASSWORD_SPECIALS = '$ @ ! % * ? &'
export const PASSWORD_MIN = 4
