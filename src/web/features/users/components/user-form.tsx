import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import * as v from 'valibot'
import { requiresSchoolMapping } from '../../../../shared/roles'
import type { Role } from '../../../../shared/roles'
import type { UserRow } from '../../../../shared/schemas/user'
import { CheckboxTableField } from '../../../components/form/checkbox-table-field'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import type { ConflictField } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SelectField } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { SwitchField } from '../../../components/form/switch-field'
import { TextField } from '../../../components/form/text-field'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { Button } from '../../../components/ui/button'
import { RefreshIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import { userWrites } from '../mutations'
import { schoolOptionsQuery } from '../queries'
import { roleName } from '../role-names'
import { toUserInput, userFormSchema } from '../user-form-schema'

const FIELDS = [
  'first_name', 'last_name', 'email', 'role', 'userprofile', 'userprofile.phone_number', 'userprofile.known_languages',
  'is_active', 'schools',
] as const

type Props = {
  user?: UserRow
  /** Ids of the schools the user is mapped to (edit mode). */
  mappedSchools?: readonly number[]
  /** Roles the signed-in user may give (profile create_roles). */
  createRoles: readonly Role[]
  /** Id of the signed-in user: your own role, activity and schools are not yours to change. */
  selfId: number
  onDone: () => void
  onCancel: () => void
}

/** Add mode without a user, edit mode with one (spec §2 "User form", §4 "User edit"). */
export function UserForm({ user, mappedSchools, createRoles, selfId, onDone, onCancel }: Props) {
  const { t, i18n } = useLingui()
  const save = userWrites.useSave()
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(user)
  const outcome = useWriteOutcome({ fields: FIELDS })
  const self = user !== undefined && user.id === selfId
  const schema = useMemo(() => userFormSchema(self), [self])
  const schoolOptions = useQuery(schoolOptionsQuery())

  const defaultValues: v.InferInput<typeof schema> = {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    role: user?.role ?? '',
    userprofile: {
      phone_number: user?.userprofile.phone_number ?? '',
      known_languages: user?.userprofile.known_languages ?? '',
    },
    is_active: user?.is_active ?? true,
    schools: [...(mappedSchools ?? user?.schools ?? [])],
  }

  const form = useForm({
    defaultValues,
    validators: { onChange: schema },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const input = toUserInput(v.parse(schema, value))
      const result = await save(input, base)
      const name = `${input.first_name} ${input.last_name}`
      const email = input.email
      const state = await outcome.saved(result, {
        name,
        accepted: user ? t`User “${name}” was saved.` : t`User “${name}” was created. An invitation email was sent to ${email}.`,
        queued: user
          ? t`Saved on this device. “${name}” will sync when the connection is back.`
          : t`Saved on this device. “${name}” will be created, and the invitation email sent, when the connection is back.`,
      })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })


  const roles = useMemo(() => {
    const list: string[] = [...createRoles]
    if (user && !list.includes(user.role)) list.unshift(user.role)
    return list.map((role) => ({ value: role, label: roleName(i18n, role) }))
  }, [createRoles, user, i18n])

  const schoolItems = useMemo(() => {
    const arabic = i18n.locale.startsWith('ar')
    return schoolOptions.data?.map((s) => ({ id: s.id, label: arabic && s.arabic_display_name ? s.arabic_display_name : s.display_name }))
  }, [schoolOptions.data, i18n.locale])

  const conflictFields: ConflictField[] = [
    { key: 'first_name', label: t`First name` },
    { key: 'last_name', label: t`Last name` },
    { key: 'email', label: t`Email`, dir: 'ltr' },
    { key: 'role', label: t`Role`, format: (role) => roleName(i18n, String(role ?? '')) },
    { key: 'phone_number', label: t`Phone number`, dir: 'ltr', mine: (b) => b.userprofile?.phone_number, theirs: (c) => c.userprofile?.phone_number },
    { key: 'is_active', label: t({ message: 'Active', context: 'record status' }) },
    {
      key: 'schools', label: t`Schools`,
      format: (ids) => (Array.isArray(ids) ? ids : []).map((id) => schoolItems?.find((s) => s.id === id)?.label ?? `#${String(id)}`).join(', '),
    },
  ]

  const text = (
    name: 'first_name' | 'last_name' | 'email' | 'userprofile.phone_number' | 'userprofile.known_languages',
    label: string,
    extra: Pick<Parameters<typeof TextField>[0], 'autoFocus' | 'dir' | 'autoComplete' | 'type' | 'hint'> = {},
  ) => (
    <form.Field name={name}>
      {(field) => <TextField field={field} label={label} serverErrors={outcome.fieldErrors[name]}
        onEdited={() => outcome.clearField(name)} {...extra} />}
    </form.Field>
  )

  return (
    <FormCard
      title={user ? <Trans>Edit user</Trans> : <Trans>Add user</Trans>}
      description={user ? undefined : <Trans>The new user receives an email with a link to set a password.</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(schema, values)} submitting={submitting}>
                {user ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <FormErrors messages={outcome.fieldErrors.userprofile ?? []} />
      <div className="grid gap-5 sm:grid-cols-2">
        {text('first_name', t`First name`, { autoFocus: true, autoComplete: 'off' })}
        {text('last_name', t`Last name`, { autoComplete: 'off' })}
        {text('email', t`Email`, { type: 'email', dir: 'ltr', autoComplete: 'off' })}
        {text('userprofile.phone_number', t`Phone number`, { dir: 'ltr', autoComplete: 'off' })}
        <div className="sm:col-span-2">
          {text('userprofile.known_languages', t`Known languages`, { hint: t`For example: English, Arabic` })}
        </div>
        <form.Field name="role">
          {(field) => (
            <SelectField field={field} label={t`Role`} options={roles} placeholder={t`Select a role`} disabled={self}
              hint={self ? t`You cannot change your own role.` : undefined}
              serverErrors={outcome.fieldErrors.role} onEdited={() => outcome.clearField('role')} />
          )}
        </form.Field>
        <div className="self-end pb-2">
          <form.Field name="is_active">
            {(field) => <SwitchField field={field} label={t({ message: 'Active', context: 'record status' })} disabled={self}
              hint={self ? t`You cannot deactivate your own account.` : undefined}
              onEdited={() => outcome.clearField('is_active')} />}
          </form.Field>
          <FormErrors messages={outcome.fieldErrors.is_active ?? []} />
        </div>
      </div>

      <form.Subscribe selector={(s) => s.values.role}>
        {(role) => requiresSchoolMapping(role as Role) && (
          <div className="space-y-2">
            <p className="text-xs text-slate-500">
              {self
                ? <Trans>Your own schools are set by another administrator.</Trans>
                : <Trans>This role works in schools: tick at least one.</Trans>}
            </p>
            <form.Field name="schools">
              {(field) => (
                <CheckboxTableField
                  field={field}
                  label={t`Schools`}
                  columnLabel={t`School`}
                  items={schoolItems}
                  loading={schoolOptions.isPending}
                  error={schoolOptions.isError && (
                    <span className="inline-flex flex-wrap items-center justify-center gap-2">
                      {describeError(i18n, schoolOptions.error).join(' ')}
                      <Button variant="ghost" size="sm" icon={<RefreshIcon className="size-4" />} onClick={() => void schoolOptions.refetch()}>
                        <Trans>Try again</Trans>
                      </Button>
                    </span>
                  )}
                  lockSingle
                  disabled={self}
                  emptyText={<Trans>There are no schools yet. Add a school first.</Trans>}
                  serverErrors={outcome.fieldErrors.schools}
                  onEdited={() => outcome.clearField('schools')}
                />
              )}
            </form.Field>
          </div>
        )}
      </form.Subscribe>
      <FormConflictDialog writes={userWrites} ctx={undefined} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
