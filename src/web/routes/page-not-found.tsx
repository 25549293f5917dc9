import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '../features/status-pages/components/not-found'

export const Route = createFileRoute('/page-not-found')({ component: NotFound })
