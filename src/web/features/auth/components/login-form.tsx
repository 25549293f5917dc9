// The sign-in form. Two fields and one schema: held in React state here rather than in TanStack Form,
// so the sign-in page does not download the form library (ADR 0100). It behaves as the other forms do:
// a field shows the schema's first message once touched, after the first edit; the button waits for
// valid values.
import { Trans, useLingui } from '@lingui/react/macro'
import type { AnyFieldApi } from '@tanstack/react-form'
import { useState } from 'react'
import type { ComponentType, ReactNode } from 'react'
import * as v from 'valibot'
import { LoginSchema } from '../../../../shared/schemas/login'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { describeError } from '../../../lib/api/error-messages'

/** A link to /forgot-password: the router's inside the app, a plain link on the sign-in page of its own. */
export type ForgotPasswordLink = ComponentType<{ className: string; children: ReactNode }>

type Values = v.InferOutput<typeof LoginSchema>
type Name = keyof Values

export function LoginForm({ signIn, onSignedIn, ForgotLink }: {
  /** Signs in (rejects with the server's refusal). */
  signIn: (username: string, password: string) => Promise<unknown>
  onSignedIn: () => void
  ForgotLink: ForgotPasswordLink
}) {
  const { t, i18n } = useLingui()
  const [errors, setErrors] = useState<string[]>([])
  const [values, setValues] = useState<Values>({ username: '', password: '' })
  const [touched, setTouched] = useState<Record<Name, boolean>>({ username: false, password: false })
  // Like a form validated on change: no message before the first edit (or a submit).
  const [validated, setValidated] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const result = v.safeParse(LoginSchema, values)
  const issuesOf = (name: Name) =>
    !validated || result.success ? [] : result.issues.filter((issue) => issue.path?.[0]?.key === name)

  // What TextField reads of a TanStack Form field: value, touched, errors and the two handlers.
  const field = (name: Name) => ({
    name,
    state: { value: values[name], meta: { isTouched: touched[name], errors: issuesOf(name) } },
    handleChange: (value: string) => {
      setValues((prev) => ({ ...prev, [name]: value }))
      setTouched((prev) => ({ ...prev, [name]: true }))
      setValidated(true)
    },
    handleBlur: () => setTouched((prev) => ({ ...prev, [name]: true })),
  }) as unknown as AnyFieldApi

  const submit = async () => {
    if (submitting) return
    if (!result.success) {
      setTouched({ username: true, password: true })
      setValidated(true)
      return
    }
    setErrors([])
    setSubmitting(true)
    try {
      await signIn(result.output.username, result.output.password)
      onSignedIn()
    } catch (error) {
      setErrors(describeError(i18n, error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <form noValidate className="space-y-5" onSubmit={(e) => { e.preventDefault(); void submit() }}>
      <FormErrors messages={errors} />
      <TextField field={field('username')} label={t`Username or email`} autoComplete="username" autoFocus dir="ltr" />
      <TextField field={field('password')} label={t`Password`} type="password" autoComplete="current-password"
        labelAddon={
          <ForgotLink className="ms-auto text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
            <Trans>Forgot password?</Trans>
          </ForgotLink>
        } />
      <SubmitButton valid={result.success} submitting={submitting} className="w-full py-2.5">
        <Trans>Sign in</Trans>
      </SubmitButton>
    </form>
  )
}
