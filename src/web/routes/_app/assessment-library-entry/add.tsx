import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { EntryForm } from '../../../features/assessment-libraries/components/entry-form'

/** ?library= names the library the entry is added to (ADR 0021: the spec's route carries no library id). */
const SearchSchema = v.object({
  library: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1)), undefined),
})

export const Route = createFileRoute('/_app/assessment-library-entry/add')({
  validateSearch: (search) => {
    const parsed = v.safeParse(SearchSchema, search)
    return { library: parsed.success ? parsed.output.library : undefined }
  },
  component: AddEntryPage,
})

function AddEntryPage() {
  const { library } = Route.useSearch()
  const navigate = useNavigate()
  const back = () => void navigate({ to: '/assessment-library' })
  if (library === undefined) {
    return (
      <div role="alert" className="mx-auto max-w-2xl rounded-xl bg-white p-6 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
        <p><Trans>Choose the library first: open a library and use Add in its entries.</Trans></p>
        <Link to="/assessment-library" className="mt-3 inline-flex font-medium text-brand-700 hover:underline"><Trans>Go to the assessment libraries</Trans></Link>
      </div>
    )
  }
  return <EntryForm libraryId={library} entry={null} onDone={back} onCancel={back} />
}
