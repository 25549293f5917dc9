/** Items of the selectors in the shell. */
export type SchoolOption = { id: number; display_name: string; arabic_display_name: string }
export type AcademicYearOption = { id: number; display_name: string; is_active: boolean }

/** Answer of a work-flow call: a non-empty message disables Add and is shown in a modal. */
export type WorkflowPayload = { message: string | null }
